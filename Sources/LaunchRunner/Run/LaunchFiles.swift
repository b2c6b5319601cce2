import Foundation

/// Where one launch writes its trace and its standard error.
public struct LaunchFiles: Sendable, Equatable {
    /// The trace file the app writes (`LAUNCHPROF_TRACE`).
    public var traceURL: URL
    /// The file that receives the app's standard error.
    public var stderrURL: URL

    /// Creates the pair.
    public init(traceURL: URL, stderrURL: URL) {
        self.traceURL = traceURL
        self.stderrURL = stderrURL
    }
}
