import Foundation
import LaunchTrace
import Testing

@testable import LaunchRunner

/// The trace the runner builds for a program ready by the display: the phases `main`,
/// `firstWindow` and `firstFrame` from the display's milestones, and the two totals.
@Suite("Display phases")
struct DisplayPhasesTests {
    /// A launch spawned at 1 s (CLOCK_MONOTONIC), its exec done 1 ms later, its libraries loaded at
    /// 3 ms, with `display` as the display's milestones.
    static func launch(_ display: DisplayMilestones, condition: ReadyCondition) -> ProgramLaunch {
        let spawn: Int64 = 1_000_000_000
        var specification = LaunchSpecification(executable: "/usr/bin/xeyes")
        specification.readiness.condition = condition
        let request = LaunchRequest(
            specification, traceURL: URL(filePath: "/tmp/t.json"), stderrURL: URL(filePath: "/tmp/e"), index: 1)
        return ProgramLaunch(
            request: request, pid: 42, spawnNs: spawn, execDoneNs: spawn + 1_000_000, exitNs: spawn + 500_000_000,
            readyAtNs: display.time(of: condition), events: [ProbeEvent(kind: .loaded, timeNs: 3_000_000)],
            peakResidentBytes: 0, display: display)
    }

    @Test("frame: main until the window's creation, firstWindow until its map, firstFrame until the first drawing")
    func frame() {
        let spawn: Int64 = 1_000_000_000
        let display = DisplayMilestones(
            startedNs: spawn + 10_000_000, windowNs: spawn + 40_000_000, frameNs: spawn + 100_000_000)
        let launch = Self.launch(display, condition: .frame(title: nil))
        let bounds = launch.phaseBounds().map {
            "\($0.phase.rawValue) \($0.startNs / 1_000_000)-\($0.endNs / 1_000_000)"
        }
        #expect(bounds == ["exec 0-1", "loader 1-3", "main 3-10", "firstWindow 10-40", "firstFrame 40-100"])
        let trace = launch.trace(profile: nil)
        #expect(trace.totals.timeToFirstWindowNs == 40_000_000)
        #expect(trace.totals.timeToFirstFrameNs == 100_000_000 && trace.totals.timeToReadyNs == 100_000_000)
    }

    @Test("a wrapper that execs the program: loader runs to the last program's libraries, main is that program's")
    func wrapper() {
        var launch = Self.launch(DisplayMilestones(), condition: .exit)
        launch.display = nil
        launch.events = [
            ProbeEvent(kind: .loaded, timeNs: 3_000_000), ProbeEvent(kind: .mainStarted, timeNs: 3_100_000),
            ProbeEvent(kind: .loaded, timeNs: 70_000_000), ProbeEvent(kind: .mainStarted, timeNs: 70_100_000),
            ProbeEvent(kind: .mainEnded, timeNs: 90_000_000),
        ]
        let bounds = launch.phaseBounds().map {
            "\($0.phase.rawValue) \($0.startNs / 1_000_000)-\($0.endNs / 1_000_000)"
        }
        #expect(bounds == ["exec 0-1", "loader 1-70", "main 70-90", "exit 90-500"])
    }

    @Test("window: no firstFrame phase and no frame total; a creation not seen leaves firstWindow empty")
    func window() {
        let spawn: Int64 = 1_000_000_000
        let launch = Self.launch(DisplayMilestones(windowNs: spawn + 40_000_000), condition: .window(title: nil))
        let bounds = launch.phaseBounds().map {
            "\($0.phase.rawValue) \($0.startNs / 1_000_000)-\($0.endNs / 1_000_000)"
        }
        #expect(bounds == ["exec 0-1", "loader 1-3", "main 3-40", "firstWindow 40-40"])
        let trace = launch.trace(profile: nil)
        #expect(trace.totals.timeToFirstWindowNs == 40_000_000 && trace.totals.timeToFirstFrameNs == nil)
    }
}
