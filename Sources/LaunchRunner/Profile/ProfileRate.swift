import LaunchTrace

/// The adaptive on-CPU sampling rate: enough samples per launch to rank its functions (about
/// ``targetSamples`` over the CPU time of every thread), from ``minimumHz`` for long launches to
/// ``maximumHz`` for short ones, whose cost Benchmarks/README.md states.
package enum ProfileRate {
    /// On-CPU samples wanted per launch.
    package static let targetSamples = 200
    /// The lowest rate (a 4 ms period): long launches.
    package static let minimumHz = 250
    /// The highest rate (a 100 µs period): launches of a few milliseconds of CPU.
    package static let maximumHz = 10_000
    /// The first launch's rate, before any CPU time is known.
    package static let initialHz = 1_000

    /// The rate for the next launch after one whose threads used `onCPUNs` of CPU: rounded up to
    /// a multiple of 250 Hz, within the bounds.
    package static func next(afterOnCPUNs onCPUNs: Int64) -> Int {
        guard onCPUNs > 0 else { return maximumHz }
        let wanted = Double(targetSamples) * 1e9 / Double(onCPUNs)
        let rounded = Int((wanted / 250).rounded(.up)) * 250
        return min(maximumHz, max(minimumHz, rounded))
    }

    /// The rate for the launch after the one that gave `profile`, or nil when it gave none.
    package static func next(after profile: LaunchProfile?) -> Int? {
        guard let profile, profile.source == .perf else { return nil }
        let onCPU = profile.samples.reduce(Int64(0)) { $0 + ($1.state == .onCPU ? $1.durationNs : 0) }
        return next(afterOnCPUNs: onCPU)
    }
}
