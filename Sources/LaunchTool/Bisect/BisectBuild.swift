/// How a commit's build went in a bisect.
public struct BisectBuild: Codable, Sendable, Equatable {
    /// Whether the build command exited with status 0.
    public var succeeded: Bool
    /// How it ended, in words ("exited with status 1").
    public var ending: String
    /// Its wall time in seconds.
    public var seconds: Double
    /// The file with its output, relative to the bisect's folder.
    public var log: String

    /// Creates a build record.
    public init(succeeded: Bool, ending: String, seconds: Double, log: String) {
        self.succeeded = succeeded
        self.ending = ending
        self.seconds = seconds
        self.log = log
    }
}
