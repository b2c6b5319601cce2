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
public struct PhaseRecorder: Sendable, Equatable {
    /// The launch start as an absolute `CLOCK_MONOTONIC` reading.
    public let launchStartNs: Int64
    /// Closed phases in order, times relative to ``launchStartNs``.
    public private(set) var phases: [PhaseRecord] = []
    /// Spans in start order, times relative to ``launchStartNs``; an open span has duration -1.
    public private(set) var spans: [Span] = []
    /// Marks in the order recorded.
    public private(set) var marks: [Mark] = []
    /// Totals reached so far.
    public private(set) var totals = LaunchTotals()

    private var openPhase: (phase: LaunchPhase, startNs: Int64, counters: ThreadCounters)?
    private var openMainSpans: [Int] = []

    /// Starts recording at `launchStartNs` with `binaryLoad` open and the thread's counters at zero.
    public init(launchStartNs: Int64) {
        self.launchStartNs = launchStartNs
        openPhase = (.binaryLoad, launchStartNs, .zero)
    }

    /// The phase running now, if any.
    public var currentPhase: LaunchPhase? { openPhase?.phase }

    /// Ends the open phase (if any) and starts `phase` at the same instant, so phases are
    /// contiguous. A phase that was already recorded is not started again.
    public mutating func begin(_ phase: LaunchPhase, atNs now: Int64, counters: ThreadCounters) {
        guard !phases.contains(where: { $0.phase == phase }), openPhase?.phase != phase else { return }
        endPhase(atNs: now, counters: counters)
        openPhase = (phase, now, counters)
    }

    /// Ends the open phase, if any.
    public mutating func endPhase(atNs now: Int64, counters: ThreadCounters) {
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

    /// Records the first committed frame: ends the open phase (normally `firstVisibleWindow`),
    /// sets the time to first frame, and opens `didBecomeActive` at the same instant.
    public mutating func firstFrameCommitted(atNs now: Int64, counters: ThreadCounters) {
        guard totals.timeToFirstFrameNs == nil else { return }
        totals.timeToFirstFrameNs = now - launchStartNs
        begin(.didBecomeActive, atNs: now, counters: counters)
    }

    /// Records that the app became active: ends the open phase and sets the time to active.
    /// When no first frame was recorded (a headless program), this also sets it.
    public mutating func becameActive(atNs now: Int64, counters: ThreadCounters) {
        guard totals.timeToActiveNs == nil else { return }
        if totals.timeToFirstFrameNs == nil { totals.timeToFirstFrameNs = now - launchStartNs }
        totals.timeToActiveNs = now - launchStartNs
        endPhase(atNs: now, counters: counters)
    }

    /// Records the app's "fully drawn" report; only the first report counts.
    public mutating func fullyDrawn(atNs now: Int64) {
        guard totals.timeToFullDisplayNs == nil else { return }
        totals.timeToFullDisplayNs = now - launchStartNs
        mark("fullyDrawn", atNs: now)
    }

    /// Records a named instant.
    public mutating func mark(_ name: String, atNs now: Int64) {
        marks.append(Mark(name: name, timeNs: now - launchStartNs, phase: openPhase?.phase))
    }

    /// Opens a span and returns its index for ``endSpan(_:atNs:)``. Spans on the main thread
    /// nest; spans on other threads are recorded flat.
    public mutating func beginSpan(_ name: String, atNs now: Int64, onMainThread: Bool) -> Int {
        let parent = onMainThread ? openMainSpans.last : nil
        let depth = onMainThread ? openMainSpans.count : 0
        let phase = openPhase?.phase ?? phases.last?.phase ?? .binaryLoad
        spans.append(
            Span(
                name: name, phase: phase, startNs: now - launchStartNs, durationNs: -1,
                depth: depth, parent: parent, onMainThread: onMainThread
            )
        )
        let index = spans.count - 1
        if onMainThread { openMainSpans.append(index) }
        return index
    }

    /// Closes the span at `index`.
    public mutating func endSpan(_ index: Int, atNs now: Int64) {
        guard spans.indices.contains(index), spans[index].durationNs < 0 else { return }
        spans[index].durationNs = max(0, now - launchStartNs - spans[index].startNs)
        if let position = openMainSpans.lastIndex(of: index) {
            openMainSpans.remove(at: position)
        }
    }

    /// Closed spans only: a span still open when the trace is written is left out.
    public var closedSpans: [Span] { spans.filter { $0.durationNs >= 0 } }

    /// Number of recorded events (phases, spans, marks).
    public var eventCount: Int { phases.count + spans.count + marks.count }

    public static func == (lhs: PhaseRecorder, rhs: PhaseRecorder) -> Bool {
        lhs.launchStartNs == rhs.launchStartNs && lhs.phases == rhs.phases && lhs.spans == rhs.spans
            && lhs.marks == rhs.marks && lhs.totals == rhs.totals
            && lhs.openPhase?.phase == rhs.openPhase?.phase && lhs.openPhase?.startNs == rhs.openPhase?.startNs
    }
}
