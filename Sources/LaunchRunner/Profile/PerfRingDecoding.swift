import LaunchTrace

/// Builds a ``LaunchProfile`` from the raw bytes of the two perf ring buffers of one launch:
/// what the runner does when a launch ends, available on its own for recorded ring contents
/// and for measuring how fast the runner handles samples.
package enum PerfRingDecoding {
    /// The profile of the records in `cpu` (cpu-clock samples and mmap records) and `switches`
    /// (switch records and switch-out samples), each a sequence of whole perf records whose
    /// samples carry registers and a stack copy when `samplesCarryStack`.
    ///
    /// - Parameters:
    ///   - mainThread: the launched program's process id: its samples are the main thread's.
    ///   - launchStartNs: CLOCK_MONOTONIC at the launch's start; sample times become relative to it.
    ///   - endNs: CLOCK_MONOTONIC at the launch's end; an off-CPU interval still open then ends there.
    package static func profile(
        cpu: [UInt8], switches: [UInt8], samplesCarryStack: Bool, samplePeriodNs: Int64, mainThread: Int32 = 0,
        launchStartNs: Int64, endNs: Int64, sampleLimit: Int = 200_000
    ) -> LaunchProfile {
        let reader = PerfRecordReader(samplesCarryStack: samplesCarryStack)
        let cpuRecords = cpu.withUnsafeBytes { reader.records(in: $0) }
        let switchRecords = switches.withUnsafeBytes { reader.records(in: $0) }
        var builder = ProfileBuilder(
            mainThreads: [mainThread], launchStartNs: launchStartNs, endNs: endNs, samplePeriodNs: samplePeriodNs,
            sampleLimit: sampleLimit
        )
        builder.add(cpu: cpuRecords, switches: switchRecords)
        return builder.build(offCPUStacks: samplesCarryStack)
    }
}
