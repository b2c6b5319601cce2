import Synchronization

/// The main-thread cost of recording one span, measured when the trace is written (never
/// during the launch) by recording spans into a scratch recorder the same way
/// ``LaunchProbe/measure(_:_:)`` does, timed by the thread's CPU clock like the rest of the
/// probe's own cost. Spans are too cheap to time one by one: timing each would double their cost.
enum SpanCost {
    static func measureNs(iterations: Int = 256) -> Int64 {
        let scratch = Mutex(PhaseRecorder(launchStartNs: 0))
        let tid = Atomic<Int32>(0)
        let start = ThreadCPUClock.nowNs()
        for _ in 0..<iterations {
            let begin = MonotonicClock.nowNs()
            let end = MonotonicClock.nowNs()
            let onMain = tid.load(ordering: .relaxed) == 0
            scratch.withLock { $0.recordSpan("calibration", startNs: begin, endNs: end, onMainThread: onMain) }
        }
        return (ThreadCPUClock.nowNs() - start) / Int64(iterations)
    }
}
