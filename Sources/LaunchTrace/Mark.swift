/// A named instant in a launch, e.g. `processMain` or an app's own `mark("cache.warm")`.
package struct Mark: Codable, Sendable, Equatable {
    /// The mark's name.
    package var name: String
    /// When, in nanoseconds after the launch started.
    package var timeNs: Int64
    /// The phase running at that instant, if a phase was running.
    package var phase: LaunchPhase?

    /// Creates a mark.
    package init(name: String, timeNs: Int64, phase: LaunchPhase?) {
        self.name = name
        self.timeNs = timeNs
        self.phase = phase
    }
}
