/// How a commit's build went in a bisect.
package struct BisectBuild: Codable, Sendable, Equatable {
    /// Whether the build command exited with status 0.
    package var succeeded: Bool
    /// How it ended, in words ("exited with status 1").
    package var ending: String
    /// Its wall time in seconds.
    package var seconds: Double
    /// The file with its output, relative to the bisect's folder.
    package var log: String

    /// Creates a build record.
    package init(succeeded: Bool, ending: String, seconds: Double, log: String) {
        self.succeeded = succeeded
        self.ending = ending
        self.seconds = seconds
        self.log = log
    }
}
