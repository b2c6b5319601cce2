import LaunchTrace

/// The bookkeeping of one launch: phases, spans, marks and totals, fed with times and
/// thread counters by its owner. A value type with no clock of its own, so tests drive it
/// with exact, deterministic inputs.
///
/// ```swift
/// var recorder = PhaseRecorder(launchStartNs: 1_000)
/// recorder.begin(.applicationObject, atNs: 5_000, counters: .zero)
/// recorder.firstFrameCommitted(atNs: 9_000, counters: .zero)
/// // recorder.phases.map(\.phase) == [.binaryLoad, .applicationObject]
/// ```
package struct PhaseRecorder: Sendable, Equatable {
    /// The launch start as an absolute `CLOCK_MONOTONIC` reading.
    package let launchStartNs: Int64
    /// Closed phases in order, times relative to ``launchStartNs``.
    package private(set) var phases: [PhaseRecord] = []
    private var rawSpans: [RawSpan] = []
    /// Marks in the order recorded.
    package private(set) var marks: [Mark] = []
    /// Totals reached so far.
    package private(set) var totals = LaunchTotals()

    private var openPhase: (phase: LaunchPhase, startNs: Int64, counters: ThreadCounters)?

    /// A span as recorded: absolute times, nesting and phase not yet worked out.
    struct RawSpan: Sendable, Equatable {
        var name: String
        var startNs: Int64
        var endNs: Int64
        var onMainThread: Bool
    }

    /// Starts recording at `launchStartNs` with `binaryLoad` open and the thread's counters at zero.
    package init(launchStartNs: Int64) {
        self.launchStartNs = launchStartNs
        openPhase = (.binaryLoad, launchStartNs, .zero)
    }

    /// The phase running now, if any.
    package var currentPhase: LaunchPhase? { openPhase?.phase }

    /// Ends the open phase (if any) and starts `phase` at the same instant, so phases are
    /// contiguous. A phase that was already recorded is not started again.
    package mutating func begin(_ phase: LaunchPhase, atNs now: Int64, counters: ThreadCounters) {
        guard !phases.contains(where: { $0.phase == phase }), openPhase?.phase != phase else { return }
        endPhase(atNs: now, counters: counters)
        openPhase = (phase, now, counters)
    }

    /// Ends the open phase, if any.
    package mutating func endPhase(atNs now: Int64, counters: ThreadCounters) {
        guard let open = openPhase else { return }
        let wall = max(0, now - open.startNs)
        phases.append(
            PhaseRecord(
                phase: open.phase, startNs: open.startNs - launchStartNs, durationNs: wall,
                threadState: counters.state(since: open.counters, wallNs: wall)
            )
        )
        openPhase = nil
    }

    /// Records that the launch screen was shown (on the display, or rendered without one):
    /// sets the time to launch screen and marks it; only the first time counts.
    package mutating func launchScreenShown(atNs now: Int64) {
        guard totals.timeToLaunchScreenNs == nil else { return }
        totals.timeToLaunchScreenNs = now - launchStartNs
        mark(Self.launchScreenMark, atNs: now)
    }

    /// The mark of the launch screen shown.
    package static let launchScreenMark = "launchScreen"

    /// Records the end of a background launch (`didFinishLaunching` returned, no scene, no
    /// window): ends the open phase and sets the time to ready, but neither a first frame nor
    /// active, which a background launch never reaches.
    package mutating func finishedInBackground(atNs now: Int64, counters: ThreadCounters) {
        guard totals.timeToReadyNs == nil else { return }
        totals.timeToReadyNs = now - launchStartNs
        mark(Self.backgroundEndMark, atNs: now)
        endPhase(atNs: now, counters: counters)
    }

    /// The mark of a background launch's end.
    package static let backgroundEndMark = "backgroundLaunchEnd"

    /// Records the first committed frame: ends the open phase (normally `firstVisibleWindow`),
    /// sets the time to first frame, and opens `didBecomeActive` at the same instant.
    package mutating func firstFrameCommitted(atNs now: Int64, counters: ThreadCounters) {
        guard totals.timeToFirstFrameNs == nil else { return }
        totals.timeToFirstFrameNs = now - launchStartNs
        begin(.didBecomeActive, atNs: now, counters: counters)
    }

    /// Records that the app became active: ends the open phase and sets the time to active.
    /// When no first frame was recorded (a headless program), this also sets it.
    package mutating func becameActive(atNs now: Int64, counters: ThreadCounters) {
        guard totals.timeToActiveNs == nil else { return }
        if totals.timeToFirstFrameNs == nil { totals.timeToFirstFrameNs = now - launchStartNs }
        totals.timeToActiveNs = now - launchStartNs
        endPhase(atNs: now, counters: counters)
    }

    /// Records that a program without UI is ready (LaunchProbe's `ready()`): sets the time to
    /// ready, then ends the launch's phases as ``becameActive(atNs:counters:)`` does.
    package mutating func ready(atNs now: Int64, counters: ThreadCounters) {
        guard totals.timeToReadyNs == nil else { return }
        totals.timeToReadyNs = now - launchStartNs
        becameActive(atNs: now, counters: counters)
    }

    /// Records the app's "fully drawn" report; only the first report counts.
    package mutating func fullyDrawn(atNs now: Int64) {
        guard totals.timeToFullDisplayNs == nil else { return }
        totals.timeToFullDisplayNs = now - launchStartNs
        mark("fullyDrawn", atNs: now)
    }

    /// Records a named instant.
    package mutating func mark(_ name: String, atNs now: Int64) {
        marks.append(Mark(name: name, timeNs: now - launchStartNs, phase: openPhase?.phase))
    }

    /// Records a finished span. Its phase and its nesting are worked out when the trace is
    /// built, so recording costs one append.
    package mutating func recordSpan(_ name: String, startNs: Int64, endNs: Int64, onMainThread: Bool) {
        rawSpans.append(RawSpan(name: name, startNs: startNs, endNs: max(startNs, endNs), onMainThread: onMainThread))
    }

    /// The recorded spans in start order, with their phase (the phase running at their start),
    /// depth and parent. Main-thread spans nest by their intervals; other spans are flat.
    package var spans: [Span] {
        let ordered = rawSpans.enumerated().sorted {
            ($0.element.startNs, -$0.element.endNs, $0.offset) < ($1.element.startNs, -$1.element.endNs, $1.offset)
        }.map(\.element)
        var result: [Span] = []
        var open: [Int] = []
        for raw in ordered {
            var parent: Int?
            let start = raw.startNs - launchStartNs
            let end = raw.endNs - launchStartNs
            if raw.onMainThread {
                while let last = open.last, result[last].endNs < end || result[last].endNs <= start {
                    open.removeLast()
                }
                parent = open.last
            }
            result.append(
                Span(
                    name: raw.name, phase: phase(at: start), startNs: start, durationNs: raw.endNs - raw.startNs,
                    depth: raw.onMainThread ? open.count : 0, parent: parent, onMainThread: raw.onMainThread
                )
            )
            if raw.onMainThread { open.append(result.count - 1) }
        }
        return result
    }

    /// The phase running at `time` (relative to the launch start).
    func phase(at time: Int64) -> LaunchPhase {
        if let record = phases.last(where: { $0.startNs <= time }), time < record.endNs { return record.phase }
        if let open = openPhase, time >= open.startNs - launchStartNs { return open.phase }
        return phases.last(where: { $0.startNs <= time })?.phase ?? .binaryLoad
    }

    /// Number of recorded events (phases, spans, marks).
    package var eventCount: Int { phases.count + rawSpans.count + marks.count }

    /// Two recorders are equal when they recorded the same launch and the same open phase.
    package static func == (lhs: PhaseRecorder, rhs: PhaseRecorder) -> Bool {
        lhs.launchStartNs == rhs.launchStartNs && lhs.phases == rhs.phases && lhs.rawSpans == rhs.rawSpans
            && lhs.marks == rhs.marks && lhs.totals == rhs.totals
            && lhs.openPhase?.phase == rhs.openPhase?.phase && lhs.openPhase?.startNs == rhs.openPhase?.startNs
    }
}
