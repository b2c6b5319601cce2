/// How the start of a launch was measured.
package struct LaunchClockInfo: Codable, Sendable, Equatable {
    /// Where the launch start came from.
    package enum StartSource: String, Codable, Sendable {
        /// `LAUNCHPROF_SPAWN_NS`: `CLOCK_MONOTONIC` read by the runner just before spawning.
        case spawn
        /// The process start time from `/proc/self/stat` (10 ms resolution, counted from fork).
        case processStart
    }

    /// The clock every time in the trace is measured with; always `CLOCK_MONOTONIC`.
    package var clock: String
    /// The launch start as an absolute `CLOCK_MONOTONIC` reading, in nanoseconds.
    /// Every other time in the trace is relative to it.
    package var launchStartNs: Int64
    /// Where ``launchStartNs`` came from.
    package var startSource: StartSource
    /// Resolution of ``launchStartNs`` in nanoseconds: 1 for `spawn`, 10,000,000 for `processStart`.
    /// When it is coarse, `binaryLoad` is low-resolution.
    package var startResolutionNs: Int64

    /// Creates clock information.
    package init(
        clock: String = "CLOCK_MONOTONIC", launchStartNs: Int64, startSource: StartSource, startResolutionNs: Int64
    ) {
        self.clock = clock
        self.launchStartNs = launchStartNs
        self.startSource = startSource
        self.startResolutionNs = startResolutionNs
    }

    /// Whether `binaryLoad` was measured from a coarse process start time.
    package var binaryLoadIsLowResolution: Bool { startSource != .spawn }
}
