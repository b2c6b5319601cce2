import CLaunchProbe
import Foundation
import LaunchTrace
import Synchronization

/// Records one launch of this process: its phases with the main thread's state, the
/// app's spans and marks, and the totals, and writes them as a ``LaunchTrace``.
///
/// LaunchKit drives the phases; an app adds spans and marks. A program without
/// LaunchKit (a server, a command-line tool) marks its own phases and its ready point:
///
/// ```swift
/// let probe = LaunchProbe.shared
/// probe.begin("database")   // the program's own phases, in the order it runs them
/// try probe.measure("db.migrate") { try database.migrate() }
/// probe.begin("routes")
/// probe.ready()   // time to ready, to first frame and to active
/// ```
///
/// Without `LAUNCHPROF_TRACE` in the environment the probe records nothing and each
/// call costs a branch; `LAUNCHPROF_EXIT_AFTER` still ends the launch at its point.
public final class LaunchProbe: Sendable {
    /// The probe of this process, configured from its environment on first use.
    public static let shared = LaunchProbe(
        configuration: LaunchConfiguration(environment: ProfilerEnvironment.Variable.currentProcess()),
        mainThreadInstruments: true
    )

    /// The version written into traces.
    public static let version = ProfilerInfo.toolVersion

    /// The configuration read from the environment.
    package let configuration: LaunchConfiguration
    private let state: Mutex<State>
    private let mainThreadID: Atomic<Int32>
    private let terminationHandler: Mutex<(@Sendable (LaunchEnding.Reason) -> Void)?>
    /// The stall watchdog and the preloaded tracer's reader; nil unless recording with them.
    let instruments: MainThreadInstruments?

    struct State: ~Copyable {
        var recorder: PhaseRecorder
        var reader: ThreadStateReader?
        /// The thread that recorded the first phase boundary (the launch thread), once it has.
        var launchThreadID: Int32?
        var overheadNs: Int64 = 0
        var finished = false
        var appName: String?
        var interface = AppInterface.none
        var infoPlistPath: String?
    }

    /// Creates a probe. Apps use ``shared``; tests create their own.
    ///
    /// - Parameters:
    ///   - configuration: what to record and where the launch ends.
    ///   - launchStartNs: the launch start; by default `LAUNCHPROF_SPAWN_NS` or the process start time.
    ///   - mainThreadInstruments: when recording, start the stall watchdog (a thread that pings the
    ///     main queue) and report the preloaded blocking-call tracer, except in a measurement
    ///     launch. ``shared`` does; create the probe on the main thread then.
    package init(configuration: LaunchConfiguration, launchStartNs: Int64? = nil, mainThreadInstruments: Bool = false) {
        // A measurement launch carries the marks alone: no thread state, no CPU clock (a system call).
        let measuresItself = configuration.isRecording && !configuration.isMeasurement
        let createdCPUNs = measuresItself ? ThreadCPUClock.nowNs() : 0
        self.configuration = configuration
        for warning in configuration.warnings {
            StandardStream.error.writeLine("LaunchProbe: \(warning)")
        }
        let start = launchStartNs ?? configuration.spawnNs ?? MonotonicClock.processStartNs ?? MonotonicClock.nowNs()
        var recorder = PhaseRecorder(launchStartNs: start)
        if configuration.isRecording {
            recorder.mark("processMain", atNs: MonotonicClock.processMainNs)
        }
        // Open the thread-state reader now, outside any phase; the first boundary replaces it
        // if the launch runs on another thread than the one that created the probe.
        state = Mutex(State(recorder: recorder, reader: measuresItself ? ThreadStateReader() : nil))
        terminationHandler = Mutex(nil)
        mainThreadID = Atomic(configuration.isRecording ? lp_current_tid() : 0)
        instruments =
            configuration.isRecording && mainThreadInstruments && !configuration.isMeasurement
            ? MainThreadInstruments(configuration: configuration) : nil
        if measuresItself {
            // Creating the probe (the thread-state reader, the watchdog) is the profiler's time.
            state.withLock { $0.overheadNs += ThreadCPUClock.nowNs() - createdCPUNs }
        }
    }

    /// Whether this probe records (a trace path is configured).
    public var isRecording: Bool { configuration.isRecording }

    // MARK: Phases

    /// Ends the running phase and starts `phase` at the same instant, reading the main
    /// thread's state at the boundary. Call it on the thread that runs the launch. LaunchKit
    /// begins UIKit's phases; a program names its own (`begin("database")`: letters, digits,
    /// `-` and `_`; another name is refused with a warning on standard error).
    public func begin(_ phase: PhaseName) {
        guard PhaseName.isValid(phase.rawValue) else {
            if configuration.isRecording {
                StandardStream.error.writeLine(
                    "LaunchProbe: the phase name \"\(phase)\" is not valid (letters, digits, - and _ only); the phase is not recorded."
                )
            }
            return
        }
        boundary(.phase, name: phase.rawValue) { $0.begin(phase, atNs: $1, counters: $2) }
    }

    /// Records that the first frame was committed. Ends `firstVisibleWindow`, starts
    /// `didBecomeActive`, and ends the launch here when `LAUNCHPROF_EXIT_AFTER=firstFrame`.
    public func firstFrameCommitted() {
        boundary(.firstFrame) { $0.firstFrameCommitted(atNs: $1, counters: $2) }
        if configuration.exitAfter == .firstFrame { finishAndExit(.exitAfterFirstFrame) }
    }

    /// Records that the app became active. Ends `didBecomeActive`, and ends the launch
    /// here when `LAUNCHPROF_EXIT_AFTER=active`.
    public func becameActive() {
        boundary(.active) { $0.becameActive(atNs: $1, counters: $2) }
        if configuration.exitAfter == .active { finishAndExit(.exitAfterActive) }
    }

    /// For programs without a UI: the program is ready to serve. Sets the time to ready (and
    /// to first frame and to active) to now, ends the open phase, and ends the launch when
    /// `LAUNCHPROF_EXIT_AFTER` is `firstFrame` or `active` (the default).
    public func ready() {
        boundary(.active) { $0.ready(atNs: $1, counters: $2) }
        switch configuration.exitAfter {
        case .firstFrame: finishAndExit(.exitAfterFirstFrame)
        case .active: finishAndExit(.exitAfterActive)
        default: break
        }
    }

    /// Records that the launch screen was shown: on the display when there is one (the display
    /// took its frame), else rendered. Sets the time to launch screen.
    public func launchScreenShown() {
        boundary(.mark, name: PhaseRecorder.launchScreenMark) { recorder, now, _ in
            recorder.launchScreenShown(atNs: now)
        }
    }

    /// Records the end of a background launch (the `background` scenario): `didFinishLaunching`
    /// returned and no scene or window follows. Ends the open phase, sets the time to ready (no
    /// first frame, not active), and ends the launch here when `LAUNCHPROF_EXIT_AFTER` is
    /// `firstFrame` or `active` (the default).
    public func finishedLaunchingInBackground() {
        boundary(.mark, name: PhaseRecorder.backgroundEndMark) { $0.finishedInBackground(atNs: $1, counters: $2) }
        switch configuration.exitAfter {
        case .firstFrame, .active: finishAndExit(.exitAfterBackgroundLaunch)
        default: break
        }
    }

    /// A phase boundary: reads the clock and the launch thread's counters, updates the
    /// recorder, tells the runner, and adds the CPU time it took to the profiler's overhead.
    private func boundary(
        _ kind: ProbeEvent.Kind, name: String = "",
        _ update: (inout PhaseRecorder, Int64, ThreadCounters) -> Void
    ) {
        guard configuration.isRecording else { return }
        let measurement = configuration.isMeasurement
        let cpuNs = measurement ? 0 : ThreadCPUClock.nowNs()
        let now = MonotonicClock.nowNs()
        instruments?.heartbeat(atNs: now)
        state.withLock { state in
            let counters = counters(&state)
            update(&state.recorder, now, counters)
            send(ProbeEvent(kind: kind, timeNs: now - state.recorder.launchStartNs, name: name))
            if !measurement { state.overheadNs += ThreadCPUClock.nowNs() - cpuNs }
        }
    }

    /// Records that the app's content is fully drawn (Android's `reportFullyDrawn`), and
    /// ends the launch here when `LAUNCHPROF_EXIT_AFTER=fullyDrawn`.
    public func reportFullyDrawn() {
        if configuration.isRecording {
            let measurement = configuration.isMeasurement
            let cpuNs = measurement ? 0 : ThreadCPUClock.nowNs()
            let now = MonotonicClock.nowNs()
            state.withLock { state in
                state.recorder.fullyDrawn(atNs: now)
                if !measurement { state.overheadNs += ThreadCPUClock.nowNs() - cpuNs }
            }
        }
        if configuration.exitAfter == .fullyDrawn { finishAndExit(.exitAfterFullyDrawn) }
    }

    // MARK: Resume

    /// Records that the app is about to return from the background
    /// (`applicationWillEnterForeground(_:)`): the start of a resume.
    public func willEnterForeground() {
        mark(ResumeMarks.willEnterForeground)
    }

    /// Records the first frame committed after returning from the background.
    public func resumeFrameCommitted() {
        mark(ResumeMarks.frameCommitted)
    }

    /// Records that the app became active again after returning from the background, and
    /// ends the launch here when `LAUNCHPROF_EXIT_AFTER=resumed`.
    public func resumeCompleted() {
        mark(ResumeMarks.active)
        if configuration.exitAfter == .resumed { finishAndExit(.exitAfterResumed) }
    }

    // MARK: Spans and marks

    /// Measures `body` as a span named `name` inside the running phase and returns its result.
    /// Costs two clock reads and one append (see Benchmarks/ProbeRecording).
    ///
    /// ```swift
    /// let catalog = try LaunchProbe.shared.measure("catalog.load") { try Catalog.load() }
    /// ```
    @inline(__always)
    @discardableResult
    public func measure<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        guard configuration.isRecording else { return try body() }
        let token = SpanToken(name: name, startNs: MonotonicClock.nowNs())
        defer { endSpan(token) }
        return try body()
    }

    /// Opens a span; close it with ``endSpan(_:)``. Prefer ``measure(_:_:)``.
    @inline(__always)
    public func beginSpan(_ name: String) -> SpanToken {
        SpanToken(name: name, startNs: configuration.isRecording ? MonotonicClock.nowNs() : 0)
    }

    /// Records the span opened with ``beginSpan(_:)``.
    public func endSpan(_ token: SpanToken) {
        guard configuration.isRecording else { return }
        let now = MonotonicClock.nowNs()
        let onMain = lp_current_tid() == mainThreadID.load(ordering: .relaxed)
        state.withLock { state in
            state.recorder.recordSpan(token.name, startNs: token.startNs, endNs: now, onMainThread: onMain)
        }
    }

    /// Records a named instant.
    public func mark(_ name: String) {
        guard configuration.isRecording else { return }
        let now = MonotonicClock.nowNs()
        state.withLock { state in
            state.recorder.mark(name, atNs: now)
            send(ProbeEvent(kind: .mark, timeNs: now - state.recorder.launchStartNs, name: name))
        }
    }

    // MARK: App facts

    /// Names the app and the interface path the launch took (`storyboard` or `code`), and the
    /// Info.plist that was read. LaunchKit calls this; the trace records it.
    package func describeApp(name: String?, interface: AppInterface, infoPlistPath: String?) {
        state.withLock { state in
            state.appName = name
            state.interface = interface
            state.infoPlistPath = infoPlistPath
        }
    }

    /// Sets what runs when the probe ends the launch at an exit point, before the process
    /// exits with status 0. The default exits directly.
    package func setTerminationHandler(_ handler: (@Sendable (LaunchEnding.Reason) -> Void)?) {
        terminationHandler.withLock { $0 = handler }
    }

    // MARK: Finishing

    /// The trace of the launch so far, or `nil` when the probe is not recording.
    package func snapshot(reason: LaunchEnding.Reason) -> LaunchTrace? {
        guard configuration.isRecording else { return nil }
        let now = MonotonicClock.nowNs()
        return state.withLock { state in
            Self.makeTrace(from: state, configuration: configuration, reason: reason, nowNs: now)
        }
    }

    /// Writes the trace (once) with the given ending reason, if recording. Returns the
    /// error, if writing failed, after printing it to standard error.
    @discardableResult
    package func finish(_ reason: LaunchEnding.Reason) -> (any Error)? {
        guard configuration.isRecording, let path = configuration.tracePath else { return nil }
        let now = MonotonicClock.nowNs()
        if instruments != nil { BlockingCallTracer.stop() }
        let trace: LaunchTrace? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            return Self.makeTrace(from: state, configuration: configuration, reason: reason, nowNs: now)
        }
        guard var trace else { return nil }
        if let instruments {
            // The tracer and the watchdog stop here: nothing is recorded after the trace is written.
            let activity = instruments.finish(trace: trace)
            trace.mainThread = activity
            trace.profiler.mainThreadNs += activity.tracer?.ownNs ?? 0
            if activity.tracer != nil {
                trace.profiler.instruments.append(ProfilerInfo.Instrument.blockingCalls.rawValue)
            }
            trace.profiler.instruments.append(ProfilerInfo.Instrument.stallSampler.rawValue)
        }
        do {
            try trace.write(to: URL(filePath: path))
            send(ProbeEvent(kind: .finished, timeNs: trace.ending.atNs, name: reason.rawValue))
            return nil
        } catch {
            StandardStream.error.writeLine("LaunchProbe: the trace cannot be written to \(path): \(error)")
            return error
        }
    }

    /// Ends the launch at its exit point. The exit-point event goes out first, with the clock
    /// read here, so what the profiler does afterwards (stopping its instruments, building and
    /// writing the trace) is outside the measured launch; it is sent with recording off too.
    /// Never inlined: `launch-overhead.py` has callgrind count instructions up to its entry.
    @inline(never)
    private func finishAndExit(_ reason: LaunchEnding.Reason) -> Never {
        if configuration.eventFD != nil {
            let now = MonotonicClock.nowNs()
            let start = state.withLock { $0.recorder.launchStartNs }
            send(ProbeEvent(kind: .exitPoint, timeNs: now - start, name: reason.rawValue))
        }
        finish(reason)
        let handler = terminationHandler.withLock { $0 }
        handler?(reason)
        exit(0)
    }

    /// Sends a progress event to the runner, never blocking and never raising SIGPIPE.
    private func send(_ event: ProbeEvent) {
        guard let fd = configuration.eventFD else { return }
        var line = event.line
        line.withUTF8 { bytes in _ = lp_send_nosignal(fd, bytes.baseAddress, UInt(bytes.count)) }
    }

    /// Reads the launch thread's counters (zero in a measurement launch, which reads none). The
    /// launch thread is the one that records the first phase boundary; its reader is made then, or
    /// at init when that is the same thread.
    private func counters(_ state: inout State) -> ThreadCounters {
        if state.launchThreadID == nil {
            let thread = lp_current_tid()
            if state.reader != nil, state.reader?.threadID != thread { state.reader = ThreadStateReader() }
            mainThreadID.store(thread, ordering: .relaxed)
            state.launchThreadID = thread
        }
        return state.reader?.read() ?? .zero
    }
}
