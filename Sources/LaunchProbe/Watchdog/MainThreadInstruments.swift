import CLaunchProbe
import LaunchTrace

/// The main-thread instruments of one probe: the stall watchdog and, when the runner
/// preloaded it, the blocking-call tracer. Turned into the trace's ``MainThreadActivity``
/// when the trace is written; both stop then for good.
final class MainThreadInstruments: Sendable {
    let watchdog: Watchdog?
    let configuration: LaunchConfiguration

    init(configuration: LaunchConfiguration) {
        self.configuration = configuration
        let watchdog = Watchdog(
            settings: Watchdog.Settings(
                thresholdNs: Int64(configuration.stallThresholdMs) * 1_000_000,
                sampleIntervalNs: Int64(configuration.sampleIntervalMs) * 1_000_000,
                method: configuration.samplerMethod,
                stallFD: configuration.stallFD
            ))
        self.watchdog = watchdog
        watchdog.start()
    }

    @inline(__always)
    func heartbeat(atNs now: Int64) { watchdog?.heartbeat(atNs: now) }

    /// Stops the instruments and describes what they saw, in the trace's time base.
    func finish(trace: LaunchTrace) -> MainThreadActivity {
        let results = watchdog?.stop()
        let tracer = BlockingCallTracer.stopAndCollect()
        let launchStart = trace.clock.launchStartNs
        let phases = trace.phases
        func phase(at time: Int64) -> LaunchPhase? {
            phases.last { $0.startNs <= time && time < $0.endNs }?.phase
        }
        let absoluteCalls = tracer?.calls ?? []
        let calls = absoluteCalls.map { entry -> BlockingCall in
            var call = entry.call
            call.startNs = entry.startNs - launchStart
            call.phase = phase(at: call.startNs)
            return call
        }
        let shortCalls = tracer?.shortCalls.map { aggregate -> BlockingCallAggregate in
            var relative = aggregate
            relative.firstStartNs -= launchStart
            relative.lastEndNs -= launchStart
            relative.phase = phase(at: relative.firstStartNs)
            return relative
        }
        func callIndex(atAbsolute time: Int64) -> Int? {
            absoluteCalls.firstIndex { $0.startNs <= time && time <= $0.startNs + $0.call.durationNs }
        }
        let stalls = (results?.stalls ?? []).map { raw -> Stall in
            let start = raw.startNs - launchStart
            let end = (raw.endNs ?? raw.startNs) - launchStart
            let samples = raw.samples.map { sample in
                StackSample(
                    timeNs: sample.timeNs - launchStart,
                    frames: sample.frames.map(Address.init),
                    blockingCall: sample.inTracedCall ? callIndex(atAbsolute: sample.timeNs) : nil
                )
            }
            return Stall(startNs: start, durationNs: end - start, phase: phase(at: start), samples: samples)
        }
        let method: SamplerInfo.Method =
            switch configuration.samplerMethod {
            case .ptrace: .ptrace
            case .signal: .signal
            case .none: .none
            }
        var activity = MainThreadActivity(
            images: BlockingCallTracer.loadedImages(),
            blockingCalls: calls,
            stalls: stalls,
            tracer: tracer?.info,
            sampler: SamplerInfo(
                method: method, stallThresholdMs: configuration.stallThresholdMs,
                intervalMs: configuration.sampleIntervalMs,
                signalsSent: Int(results?.signalsSent ?? 0), samplesTaken: results?.samplesTaken ?? 0
            )
        )
        activity.shortCalls = shortCalls
        return activity
    }
}
