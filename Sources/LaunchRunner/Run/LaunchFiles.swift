import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where one launch writes its trace and its standard error.
package struct LaunchFiles: Sendable, Equatable {
    /// The trace file the app writes (`LAUNCHPROF_TRACE`).
    package var traceURL: URL
    /// The file that receives the app's standard error.
    package var stderrURL: URL
    /// Where the picture of the launch's first frame goes (a PNG), for a launch whose picture is
    /// kept; nil for scratch launches.
    package var framePictureURL: URL?

    /// Creates the files.
    package init(traceURL: URL, stderrURL: URL, framePictureURL: URL? = nil) {
        self.traceURL = traceURL
        self.stderrURL = stderrURL
        self.framePictureURL = framePictureURL
    }

    /// Deletes the trace file, if there is one: one `unlink`, where `FileManager.removeItem`
    /// reads the file's status and the working directory first (between two launches of a
    /// short program, each call counts).
    func deleteTrace() {
        unlink(traceURL.path)
    }

    /// Deletes the standard error file, if there is one (as ``deleteTrace()``).
    func deleteStderr() {
        unlink(stderrURL.path)
    }
}
