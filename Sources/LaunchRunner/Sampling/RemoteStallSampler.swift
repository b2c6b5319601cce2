import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The runner's half of the ptrace stall sampler. The app's watchdog sends ``StallMessage``
/// lines over the stall socket (`LAUNCHPROF_STALL_FD`, the only socket the runner
/// polls during a launch, so phase events never wake it); between them the runner samples the
/// main thread every interval with `lp_remote_sample` (PTRACE_SEIZE/INTERRUPT, libunwind-ptrace,
/// PTRACE_DETACH). The samples stay in the runner and are merged into the trace after the app
/// exits (``merge(into:)``): the app's stall carries start, duration and phase, the runner
/// fills its samples.
final class RemoteStallSampler {
    struct Sample {
        var timeNs: Int64
        var frames: [UInt64]
        var inTracedCall: Bool
    }

    struct RemoteStall {
        var startNs: Int64
        var endNs: Int64?
        var samples: [Sample] = []
    }

    let fd: Int32
    private(set) var stalls: [RemoteStall] = []
    private(set) var samplingNs: Int64 = 0
    private(set) var samplesTaken = 0
    private var pending = Data()
    private var active: (callState: UInt64, tid: Int32, intervalNs: Int64)?
    private var nextSampleNs: Int64?
    private var sampler: OpaquePointer?
    private var samplerTid: Int32 = 0
    private let buffer = UnsafeMutablePointer<lp_sample>.allocate(capacity: 1)
    private var open = true

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        if let sampler { lp_remote_sampler_destroy(sampler) }
        buffer.deallocate()
    }

    /// Whether the socket is still worth polling.
    var isOpen: Bool { open }

    /// Milliseconds until the next sample is due (nil when not in a stall).
    func msUntilNextSample(now: Int64) -> Int32? {
        guard active != nil, let next = nextSampleNs else { return nil }
        return Int32(clamping: max(0, (next - now + 999_999) / 1_000_000))
    }

    /// Reads what the app sent, without blocking.
    func readAvailable() {
        var bytes = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT))
            if n > 0 {
                pending.append(contentsOf: bytes[0..<n])
            } else {
                if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { open = false }
                break
            }
        }
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
            pending.removeSubrange(pending.startIndex...newline)
            handle(line[...])
        }
    }

    private func handle(_ line: Substring) {
        switch StallMessage(line: line) {
        case .start(let start, let address, let threadID, let interval):
            stalls.append(RemoteStall(startNs: start))
            active = (address, threadID, max(1_000_000, interval))
            nextSampleNs = lp_monotonic_ns()
        case .end(let start, let end):
            if let index = stalls.lastIndex(where: { $0.startNs == start }) { stalls[index].endNs = end }
            active = nil
            nextSampleNs = nil
        case nil:
            break
        }
    }

    /// Takes a sample when one is due. Returns the child's wait status when it ended while
    /// being sampled (it is then reaped).
    func sampleIfDue() -> Int32? {
        guard let active, let next = nextSampleNs, lp_monotonic_ns() >= next else { return nil }
        if sampler == nil || samplerTid != active.tid {
            if let sampler { lp_remote_sampler_destroy(sampler) }
            sampler = lp_remote_sampler_create(active.tid)
            samplerTid = active.tid
        }
        let began = lp_monotonic_ns()
        var status: Int32 = 0
        let result = lp_remote_sample(sampler, active.callState, buffer, &status)
        samplingNs += lp_monotonic_ns() - began
        nextSampleNs = max(next + active.intervalNs, lp_monotonic_ns() + active.intervalNs / 2)
        if result == -2 {
            self.active = nil
            nextSampleNs = nil
            return status
        }
        if result == 1, !stalls.isEmpty {
            let count = Int(buffer.pointee.frame_count)
            let frames = withUnsafeBytes(of: &buffer.pointee.frames) {
                Array($0.bindMemory(to: UInt64.self).prefix(count))
            }
            stalls[stalls.count - 1].samples.append(
                Sample(timeNs: buffer.pointee.time_ns, frames: frames, inTracedCall: buffer.pointee.in_traced_call != 0)
            )
            samplesTaken += 1
        }
        return nil
    }

    /// Puts the samples into the trace's stalls (matched by their start), in the trace's time
    /// base, pointing samples taken inside a traced call at that call. Returns whether anything changed.
    func merge(into trace: inout LaunchTrace) -> Bool {
        guard var activity = trace.mainThread, activity.sampler.method == .ptrace else { return false }
        let launchStart = trace.clock.launchStartNs
        var taken = 0
        for index in activity.stalls.indices {
            let stall = activity.stalls[index]
            let start = launchStart + stall.startNs
            guard let remote = stalls.first(where: { $0.startNs == start }) else { continue }
            let end = start + stall.durationNs
            let samples = remote.samples.filter { $0.timeNs <= end }.map { sample -> StackSample in
                let time = sample.timeNs - launchStart
                let call =
                    sample.inTracedCall
                    ? activity.blockingCalls.firstIndex { $0.startNs <= time && time <= $0.startNs + $0.durationNs }
                    : nil
                return StackSample(timeNs: time, frames: sample.frames.map(Address.init), blockingCall: call)
            }
            activity.stalls[index].samples = samples
            taken += samples.count
        }
        activity.sampler.samplesTaken = taken
        trace.mainThread = activity
        return true
    }
}
