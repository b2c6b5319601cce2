import CLaunchRunner
import LaunchTrace

/// The runner's whole-launch profiler: perf events opened on a child's main thread before it
/// execs and inherited by every thread it starts, drained while the child runs, turned into a
/// ``LaunchProfile`` when the launch ends. Used from the one thread that waits for the child.
final class WholeLaunchProfiler {
    /// What the profiler takes.
    struct Settings: Equatable, Sendable {
        /// The cpu-clock sampling rate in samples per second of CPU.
        var rateHz: Int = 1000
        /// The user stack copied with each sample, in bytes, to find the callers of leaf functions.
        var stackBytes: Int = 2048
        /// The most samples kept; later ones are counted as dropped.
        var sampleLimit: Int = 200_000
    }

    private var session = lp_perf_session()
    private let settings: Settings
    private var buffer: [UInt8]
    private(set) var cpuRecords: [PerfRecord] = []
    private(set) var switchRecords: [PerfRecord] = []
    /// Whole records copied out of the rings, not yet decoded.
    private var copied: (cpu: [[UInt8]], switches: [[UInt8]]) = ([], [])

    private let pid: Int32

    /// Opens the events on `pid`'s main thread (inherited by its threads); they start when it execs.
    init(pid: Int32, settings: Settings) throws(ProfilerUnavailable) {
        self.settings = settings
        self.pid = pid
        var config = lp_perf_config(
            sample_period_ns: UInt64(1_000_000_000 / max(1, settings.rateHz)), ring_pages: 128,
            stack_user_bytes: UInt32(settings.stackBytes), max_stack: 127
        )
        guard lp_perf_open(pid, &config, &session) == 0 else {
            throw ProfilerUnavailable(
                errno: session.error, step: session.failed_step.map { String(cString: $0) } ?? "perf_event_open")
        }
        buffer = [UInt8](repeating: 0, count: Self.capacity(lp_perf_session_ring(&session, 0, 0)))
    }

    deinit { lp_perf_close(&session) }

    private static func capacity(_ ring: UnsafeMutablePointer<lp_perf_ring>?) -> Int {
        ring.map { lp_perf_ring_capacity($0) } ?? 0
    }

    /// The descriptors that become readable when a ring buffer fills past its watermark.
    var descriptors: [Int32] {
        (0..<session.ring_count).flatMap { index in
            [Int32(0), 1].compactMap { lp_perf_session_ring(&session, $0, index)?.pointee.fd }
        }
        .filter { $0 >= 0 }
    }

    /// Whether switch-out samples carry stacks.
    var offCPUStacks: Bool { session.switch_stacks != 0 }

    /// Moves every record out of the ring buffers (and out of what ``stop()`` copied).
    func drain() {
        copyRings()
        let cpuReader = PerfRecordReader(samplesCarryStack: settings.stackBytes > 0)
        let switchReader = PerfRecordReader(samplesCarryStack: settings.stackBytes > 0 && offCPUStacks)
        for chunk in copied.cpu { cpuRecords += chunk.withUnsafeBytes { cpuReader.records(in: $0) } }
        for chunk in copied.switches { switchRecords += chunk.withUnsafeBytes { switchReader.records(in: $0) } }
        copied = ([], [])
    }

    /// Copies what the rings hold, undecoded, and closes the events, as soon as the launch has
    /// ended and before the next one starts: while they are open, events that follow context
    /// switches, mmaps, execs and forks make the kernel run perf's hooks for every process on
    /// the machine, and the next launch is slower (`Benchmarks/scripts/perf-aftereffect.py`).
    func stop() {
        copyRings()
        lp_perf_close(&session)
    }

    /// Moves the rings' whole records into ``copied``, undecoded.
    private func copyRings() {
        for index in 0..<session.ring_count {
            if let ring = lp_perf_session_ring(&session, 0, index) { copied.cpu += copy(ring) }
            if let ring = lp_perf_session_ring(&session, 1, index) { copied.switches += copy(ring) }
        }
    }

    private func copy(_ ring: UnsafeMutablePointer<lp_perf_ring>) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { lp_perf_read(ring, $0.baseAddress, $0.count) }
            if count == 0 { return chunks }
            chunks.append(Array(buffer[0..<count]))
        }
    }

    /// The profile of the launch that started at `launchStartNs` and ended at `endNs`.
    ///
    /// A launch followed into `followedPid` after its launcher exited has two main threads, one
    /// after the other: the launcher's, then that process's.
    func profile(launchStartNs: Int64, endNs: Int64, followedPid: Int32? = nil) -> LaunchProfile {
        drain()
        var builder = ProfileBuilder(
            mainThreads: Set([pid, followedPid].compactMap { $0 }), launchStartNs: launchStartNs, endNs: endNs,
            samplePeriodNs: Int64(1_000_000_000 / max(1, settings.rateHz)),
            sampleLimit: settings.sampleLimit
        )
        builder.add(cpu: cpuRecords, switches: switchRecords)
        return builder.build(offCPUStacks: offCPUStacks)
    }
}

/// perf events could not be opened on the child.
struct ProfilerUnavailable: Error, Equatable {
    /// The errno of the failed step.
    var errno: Int32
    /// The step that failed.
    var step: String
}
