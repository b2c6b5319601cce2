import LaunchTrace
import Testing

@testable import LaunchProbe

@Suite("PhaseRecorder, with exact inputs")
struct PhaseRecorderTests {
    /// Counters that grow by fixed amounts, so every phase's thread state is known.
    static func counters(_ step: Int64) -> ThreadCounters {
        ThreadCounters(
            onCpuNs: step * 1_000, runnableNs: step * 100, minorFaults: step, majorFaults: 0,
            voluntarySwitches: step * 2, involuntarySwitches: step
        )
    }

    static func fullLaunch(storyboard: Bool) -> PhaseRecorder {
        var recorder = PhaseRecorder(launchStartNs: 1_000_000)
        var time: Int64 = 1_000_000
        var step: Int64 = 0
        for phase in PhaseName.uikit where phase != .binaryLoad && phase != .didBecomeActive {
            if phase == .mainStoryboard && !storyboard { continue }
            time += 10_000 * (Int64(phase.ordinal) + 1)
            step += 1
            recorder.begin(phase, atNs: time, counters: counters(step))
        }
        time += 50_000
        recorder.firstFrameCommitted(atNs: time, counters: counters(step + 1))
        time += 7_000
        recorder.becameActive(atNs: time, counters: counters(step + 2))
        return recorder
    }

    @Test("phases are all present, in order, contiguous, and sum to time to first frame", arguments: [true, false])
    func phasesAreContiguous(storyboard: Bool) throws {
        let recorder = Self.fullLaunch(storyboard: storyboard)
        let expected = PhaseName.uikit.filter { storyboard || $0 != .mainStoryboard }
        #expect(recorder.phases.map(\.phase) == expected)
        #expect(recorder.phases.first?.startNs == 0)
        for (earlier, later) in zip(recorder.phases, recorder.phases.dropFirst()) {
            #expect(earlier.endNs == later.startNs, "\(earlier.phase) must end where \(later.phase) starts")
        }
        let ttff = try #require(recorder.totals.timeToFirstFrameNs)
        let beforeFirstFrame = recorder.phases.filter { $0.phase.isBeforeFirstFrame }
        #expect(beforeFirstFrame.reduce(0) { $0 + $1.durationNs } == ttff)
        #expect(recorder.totals.timeToActiveNs == recorder.phases.last?.endNs)
    }

    @Test("each phase's thread state is the difference of the counters at its ends")
    func threadStateIsADifference() throws {
        var recorder = PhaseRecorder(launchStartNs: 0)
        recorder.begin(
            .applicationObject, atNs: 10_000,
            counters: ThreadCounters(onCpuNs: 4_000, runnableNs: 1_000, minorFaults: 30))
        recorder.begin(
            .delegateObject, atNs: 25_000,
            counters: ThreadCounters(onCpuNs: 9_000, runnableNs: 1_500, minorFaults: 31, voluntarySwitches: 2))
        let binaryLoad = try #require(recorder.phases.first)
        #expect(
            binaryLoad.threadState
                == ThreadState(
                    wallNs: 10_000, onCpuNs: 4_000, runnableNs: 1_000, minorFaults: 30, majorFaults: 0,
                    voluntarySwitches: 0, involuntarySwitches: 0))
        #expect(binaryLoad.threadState.blockedNs == 5_000)
        let application = try #require(recorder.phases.last)
        #expect(application.threadState.onCpuNs == 5_000)
        #expect(application.threadState.runnableNs == 500)
        #expect(application.threadState.blockedNs == 9_500)
        #expect(application.threadState.voluntarySwitches == 2)
    }

    @Test("a phase that was already recorded is not started twice")
    func phasesAreRecordedOnce() {
        var recorder = PhaseRecorder(launchStartNs: 0)
        recorder.begin(.applicationObject, atNs: 10, counters: .zero)
        recorder.begin(.delegateObject, atNs: 20, counters: .zero)
        recorder.begin(.applicationObject, atNs: 30, counters: .zero)
        recorder.begin(.delegateObject, atNs: 40, counters: .zero)
        #expect(recorder.phases.map(\.phase) == [.binaryLoad, .applicationObject])
        #expect(recorder.currentPhase == .delegateObject)
    }

    @Test("spans on the main thread nest by their intervals and name the phase they started in; others are flat")
    func spansNest() throws {
        var recorder = PhaseRecorder(launchStartNs: 100)
        recorder.begin(.didFinishLaunching, atNs: 200, counters: .zero)
        // Recorded in the order they end, as `measure` does.
        recorder.recordSpan("catalog.parse", startNs: 350, endNs: 450, onMainThread: true)
        recorder.recordSpan("catalog", startNs: 300, endNs: 500, onMainThread: true)
        recorder.recordSpan("layout", startNs: 520, endNs: 560, onMainThread: true)
        recorder.recordSpan("prefetch", startNs: 360, endNs: 900, onMainThread: false)
        recorder.begin(.firstVisibleWindow, atNs: 600, counters: .zero)
        recorder.recordSpan("render", startNs: 610, endNs: 620, onMainThread: true)
        let spans = recorder.spans
        #expect(spans.map(\.name) == ["catalog", "catalog.parse", "prefetch", "layout", "render"])
        #expect(
            spans[0]
                == Span(
                    name: "catalog", phase: .didFinishLaunching, startNs: 200, durationNs: 200, depth: 0, parent: nil,
                    onMainThread: true))
        #expect(spans[1].depth == 1)
        #expect(spans[1].parent == 0)
        #expect(spans[1].durationNs == 100)
        #expect(spans[2].depth == 0)
        #expect(spans[2].parent == nil)
        #expect(spans[2].onMainThread == false)
        #expect(spans[3].depth == 0, "layout starts after catalog ended")
        #expect(spans[4].phase == .firstVisibleWindow)
    }

    @Test("totals: first frame opens didBecomeActive, fully drawn counts once, ready without a frame sets both")
    func totals() {
        var recorder = PhaseRecorder(launchStartNs: 1_000)
        recorder.begin(.firstVisibleWindow, atNs: 5_000, counters: .zero)
        recorder.firstFrameCommitted(atNs: 9_000, counters: .zero)
        #expect(recorder.currentPhase == .didBecomeActive)
        recorder.fullyDrawn(atNs: 12_000)
        recorder.fullyDrawn(atNs: 15_000)
        recorder.becameActive(atNs: 10_000, counters: .zero)
        #expect(
            recorder.totals
                == LaunchTotals(timeToFirstFrameNs: 8_000, timeToActiveNs: 9_000, timeToFullDisplayNs: 11_000))
        #expect(recorder.marks.map(\.name) == ["fullyDrawn"])

        var headless = PhaseRecorder(launchStartNs: 0)
        headless.becameActive(atNs: 42, counters: .zero)
        #expect(headless.totals.timeToFirstFrameNs == 42)
        #expect(headless.totals.timeToActiveNs == 42)
        #expect(headless.phases.map(\.phase) == [.binaryLoad])
    }
}
