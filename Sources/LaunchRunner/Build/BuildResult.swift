/// How a ``BuildCommand`` ended.
package struct BuildResult: Codable, Sendable, Equatable {
    /// The three ways a build ends.
    package enum Status: String, Codable, Sendable, Equatable {
        /// The command exited with status 0.
        case succeeded
        /// The command exited with another status or was killed by a signal.
        case failed
        /// launchprof was interrupted during the build; the build was ended.
        case interrupted
    }

    /// How it ended.
    package var status: Status
    /// The command's exit status when it failed by exiting.
    package var exitStatus: Int32?
    /// The signal that killed the command, when it was killed.
    package var signal: Int32?
    /// Its wall time in seconds.
    package var seconds: Double

    /// Creates a result.
    package init(status: Status, exitStatus: Int32? = nil, signal: Int32? = nil, seconds: Double) {
        self.status = status
        self.exitStatus = exitStatus
        self.signal = signal
        self.seconds = seconds
    }

    /// "exited with status 1", "was killed by signal 9", "succeeded", "was interrupted".
    package var description: String {
        if let exitStatus { return "exited with status \(exitStatus)" }
        if let signal { return "was killed by signal \(signal)" }
        return status == .succeeded ? "succeeded" : "was interrupted"
    }
}

extension BuildResult {
    /// Whether the command exited with status 0.
    package var succeeded: Bool { status == .succeeded }
}
