import CLaunchProbe
import Foundation
import LaunchTrace
import Synchronization

/// The stall sampler's watchdog: a real thread that pings the main queue every few
/// milliseconds during the launch. When the main thread has shown no sign of life for the
/// stall threshold it is a stall, and the main thread's stack is sampled every interval until
/// it answers: in-process with a signal (standalone), or by the runner with ptrace, told over
/// `LAUNCHPROF_STALL_FD` (``LaunchTrace/StallMessage`` lines).
///
/// Signs of life are the ping running on the main queue and the probe's own phase boundaries
/// on the launch thread (``heartbeat()``). A stall is detected when both the unanswered
/// ping's posting and the last sign of life are older than the threshold; it is timed from
/// the last sign of life to the first one after it (a stall that starts while idle is over-timed by at most a ping interval):
/// LaunchKit's launch runs on the main thread before the run loop serves the main queue,
/// and the phase boundaries around `didFinishLaunching` time a stall inside it exactly.
final class Watchdog: @unchecked Sendable {
    struct Settings {
        var thresholdNs: Int64
        var sampleIntervalNs: Int64
        var pingIntervalNs: Int64 = 5_000_000
        var method: SamplerMethod
        var stallFD: Int32?
    }

    /// A stall in absolute CLOCK_MONOTONIC times.
    struct RawStall {
        var startNs: Int64
        var endNs: Int64?
        var samples: [RawSample] = []
    }

    struct RawSample {
        var timeNs: Int64
        var frames: [UInt64]
        var inTracedCall: Bool
    }

    struct Results {
        var stalls: [RawStall] = []
        var signalsSent: Int64 = 0
        var samplesTaken = 0
        var stopped = false
        var stallStartSent = false
    }

    let settings: Settings
    private let lastAlive = Atomic<Int64>(0)
    private let stallOpenSince = Atomic<Int64>(0)
    private let firstAliveInStall = Atomic<Int64>(0)
    private let pingOutstanding = Atomic<Bool>(false)
    /// The watchdog sleeps until a busy main thread could first be in a stall, and the ping's
    /// answer wakes it early (``waitForAnswer(until:while:)``).
    private let waitingForAnswer = Atomic<Bool>(false)
    private let answered = DispatchSemaphore(value: 0)
    private let stopRequested = Atomic<Bool>(false)
    private let results = Mutex(Results())
    private var buffer = UnsafeMutablePointer<lp_sample>.allocate(capacity: 1)

    init(settings: Settings) {
        self.settings = settings
        lastAlive.store(lp_monotonic_ns(), ordering: .sequentiallyConsistent)
    }

    /// Starts the watchdog on a thread of its own, named `lp-watchdog` for ps, perf and
    /// debuggers; the calling thread is the main thread to sample until a ping shows the main
    /// queue runs elsewhere. A plain pthread (`lp_start_thread`): Foundation's `Thread` cost the
    /// main thread 130 to 200 µs of a profiled launch to start. If no thread can be started,
    /// no stall is timed.
    func start() {
        lp_sampler_target_current_thread()
        let context = Unmanaged.passRetained(self).toOpaque()
        let failure = lp_start_thread(
            "lp-watchdog", 256 * 1024,
            { context in
                Unmanaged<Watchdog>.fromOpaque(context!).takeRetainedValue().run()
            }, context)
        if failure != 0 { Unmanaged<Watchdog>.fromOpaque(context).release() }
    }

    /// The main thread is alive now (called on it: phase boundaries, the ping).
    @inline(__always)
    func heartbeat(atNs now: Int64 = lp_monotonic_ns()) {
        lastAlive.store(now, ordering: .sequentiallyConsistent)
        if stallOpenSince.load(ordering: .sequentiallyConsistent) != 0,
            firstAliveInStall.compareExchange(expected: 0, desired: now, ordering: .sequentiallyConsistent).exchanged,
            waitingForAnswer.exchange(false, ordering: .sequentiallyConsistent)
        {
            answered.signal()
        }
    }

    /// Stops for good (the trace is being written, on the main thread: alive) and returns what
    /// was measured. An open stall ends now; the runner is told.
    func stop() -> Results {
        heartbeat()
        stopRequested.store(true, ordering: .sequentiallyConsistent)
        if waitingForAnswer.exchange(false, ordering: .sequentiallyConsistent) { answered.signal() }
        return results.withLock { results in
            results.stopped = true
            if var last = results.stalls.last, last.endNs == nil {
                let end = firstAliveInStall.load(ordering: .sequentiallyConsistent)
                last.endNs = end != 0 ? end : lp_monotonic_ns()
                results.stalls[results.stalls.count - 1] = last
                if results.stallStartSent, let end = last.endNs { send(.end(startNs: last.startNs, endNs: end)) }
            }
            // A stall shorter than the threshold (closed by a late sign of life) is not one.
            results.stalls.removeAll { ($0.endNs ?? 0) - $0.startNs < settings.thresholdNs }
            return results
        }
    }

    private func ping() {
        heartbeat()
        let tid = lp_current_tid()
        if tid != lp_sampler_target_tid() {
            // The main queue runs on another thread than the launch (dispatchMain, async main).
            lp_sampler_target_current_thread()
            _ = lp_tracer_trace_current_thread()
        }
        pingOutstanding.store(false, ordering: .sequentiallyConsistent)
        if waitingForAnswer.exchange(false, ordering: .sequentiallyConsistent) { answered.signal() }
    }

    /// The watchdog thread's state between ticks.
    private struct LoopState {
        var pingPostedNs: Int64 = 0
        var inStall = false
        var nextSampleNs: Int64 = 0
    }

    /// What watching for a stall found this tick.
    private enum Watch { case keepWatching, opened, stopped }

    private func run() {
        var state = LoopState()
        while !stopRequested.load(ordering: .sequentiallyConsistent) {
            waitOneTick(state)
            if stopRequested.load(ordering: .sequentiallyConsistent) { break }
            if !state.inStall {
                switch watchForStall(now: lp_monotonic_ns(), state: &state) {
                case .keepWatching: continue
                case .stopped: return
                case .opened: break
                }
            }
            followStall(&state)
        }
    }

    /// Between pings, and in a stall until the next in-process sample is due; when the runner
    /// samples (ptrace) or nothing does, the watchdog only waits for the stall to end, woken by
    /// the main thread's first sign of life. A ping left unanswered for a whole tick means the
    /// main thread is busy (the launch, before its run loop serves the main queue): then the
    /// watchdog sleeps until a stall could first open, or the answer comes.
    private func waitOneTick(_ state: LoopState) {
        let now = lp_monotonic_ns()
        if state.inStall, settings.method == .signal {
            Self.sleep(ns: max(0, min(settings.sampleIntervalNs, settings.pingIntervalNs, state.nextSampleNs - now)))
        } else if state.inStall {
            // Only the stall's end is awaited, and the main thread's next sign of life wakes it.
            waitForAnswer(until: now + settings.thresholdNs) {
                firstAliveInStall.load(ordering: .sequentiallyConsistent) == 0
            }
        } else if pingOutstanding.load(ordering: .sequentiallyConsistent),
            now - state.pingPostedNs >= settings.pingIntervalNs
        {
            let deadline =
                max(state.pingPostedNs, lastAlive.load(ordering: .sequentiallyConsistent)) + settings.thresholdNs
            waitForAnswer(until: deadline) { pingOutstanding.load(ordering: .sequentiallyConsistent) }
        } else {
            Self.sleep(ns: settings.pingIntervalNs)
        }
    }

    /// Posts a ping when none is outstanding; opens a stall when one has been unanswered for
    /// the threshold (the stall started at the last sign of life).
    private func watchForStall(now: Int64, state: inout LoopState) -> Watch {
        if !pingOutstanding.load(ordering: .sequentiallyConsistent) {
            pingOutstanding.store(true, ordering: .sequentiallyConsistent)
            state.pingPostedNs = now
            DispatchQueue.main.async { [self] in ping() }
            return .keepWatching
        }
        let alive = lastAlive.load(ordering: .sequentiallyConsistent)
        guard now - max(state.pingPostedNs, alive) >= settings.thresholdNs else { return .keepWatching }
        let busySince = alive
        firstAliveInStall.store(0, ordering: .sequentiallyConsistent)
        stallOpenSince.store(busySince, ordering: .sequentiallyConsistent)
        if lastAlive.load(ordering: .sequentiallyConsistent) > busySince {
            // Alive again between the check and the opening: no stall.
            stallOpenSince.store(0, ordering: .sequentiallyConsistent)
            return .keepWatching
        }
        let opened = results.withLock { results -> Bool in
            guard !results.stopped else { return false }
            results.stalls.append(RawStall(startNs: busySince))
            if settings.method == .ptrace {
                results.stallStartSent = true
                send(
                    .start(
                        startNs: busySince, callStateAddress: lp_tracer_call_state_address(),
                        threadID: lp_sampler_target_tid(), intervalNs: settings.sampleIntervalNs
                    ))
            }
            return true
        }
        guard opened else { return .stopped }
        state.inStall = true
        state.nextSampleNs = now
        return .opened
    }

    /// Closes the stall when the main queue answered; else samples in-process when due.
    private func followStall(_ state: inout LoopState) {
        let end = firstAliveInStall.load(ordering: .sequentiallyConsistent)
        if end != 0 {
            state.inStall = false
            stallOpenSince.store(0, ordering: .sequentiallyConsistent)
            results.withLock { results in
                guard !results.stopped, var last = results.stalls.last, last.endNs == nil else { return }
                last.endNs = end
                results.stalls[results.stalls.count - 1] = last
                if results.stallStartSent {
                    send(.end(startNs: last.startNs, endNs: end))
                    results.stallStartSent = false
                }
            }
            return
        }
        if settings.method == .signal, lp_monotonic_ns() >= state.nextSampleNs {
            state.nextSampleNs += settings.sampleIntervalNs
            sampleInProcess()
        }
    }

    private func sampleInProcess() {
        guard lp_sampler_install() >= 0 else { return }
        var signals: Int64 = 0
        let status = lp_sampler_sample(buffer, 50_000_000, &signals)
        let sample: RawSample? = status == 1 ? Self.copy(buffer) : nil
        results.withLock { results in
            results.signalsSent += signals
            guard let sample, !results.stopped, !results.stalls.isEmpty else { return }
            results.stalls[results.stalls.count - 1].samples.append(sample)
            results.samplesTaken += 1
        }
    }

    private static func copy(_ sample: UnsafeMutablePointer<lp_sample>) -> RawSample {
        let count = Int(sample.pointee.frame_count)
        let frames = withUnsafeBytes(of: &sample.pointee.frames) { raw in
            Array(raw.bindMemory(to: UInt64.self).prefix(count))
        }
        return RawSample(
            timeNs: sample.pointee.time_ns, frames: frames, inTracedCall: sample.pointee.in_traced_call != 0)
    }

    private func send(_ message: StallMessage) {
        guard let fd = settings.stallFD else { return }
        var line = message.line
        line.withUTF8 { bytes in _ = lp_send_nosignal(fd, bytes.baseAddress, UInt(bytes.count)) }
    }

    /// Sleeps until `deadline` (at least a ping interval) while `unanswered` holds: the
    /// main thread's answer to a ping, or its first sign of life in a stall, wakes it early.
    /// No stall can open before the threshold has passed since the later of the ping's posting
    /// and the last sign of life, and an open stall ends only at a sign of life, so waking
    /// every tick meanwhile would only take the CPU from the app's busy main thread (on a
    /// one-CPU launch, every wake preempts it).
    private func waitForAnswer(until deadline: Int64, while unanswered: () -> Bool) {
        let wait = max(settings.pingIntervalNs, deadline - lp_monotonic_ns())
        waitingForAnswer.store(true, ordering: .sequentiallyConsistent)
        if unanswered(), !stopRequested.load(ordering: .sequentiallyConsistent),
            answered.wait(timeout: .now() + .nanoseconds(Int(wait))) == .success
        {
            return
        }
        // Answered (or stopped) meanwhile: take the flag back, or, if the answer took it, its
        // signal is on its way: consume it.
        if !waitingForAnswer.exchange(false, ordering: .sequentiallyConsistent) { answered.wait() }
    }

    private static func sleep(ns: Int64) {
        guard ns > 0 else { return }
        var request = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
