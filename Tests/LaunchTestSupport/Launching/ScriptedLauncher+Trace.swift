import Foundation
import LaunchTrace

extension ScriptedLauncher {
    /// The first launch of the report fixture's SampleApp run: a real trace.
    static let templateTrace: LaunchTrace = {
        let url = ReportFixture.runFolder.appendingPathComponent("launch-001.trace.json")
        do {
            return try LaunchTrace.read(from: url)
        } catch {
            fatalError("The report fixture's trace \(url.path) cannot be read: \(error)")
        }
    }()

    /// `template` as launch `index`, each phase of `phasesMs` lasting its milliseconds: the
    /// phases after it, the marks, the totals and the ending move by the difference.
    static func trace(_ template: LaunchTrace, index: Int, scenario: Scenario, phasesMs: [PhaseName: Double])
        -> LaunchTrace
    {
        var trace = template
        trace.runIndex = index
        trace.scenario = scenario
        for (phase, milliseconds) in phasesMs {
            guard let position = trace.phases.firstIndex(where: { $0.phase == phase }) else { continue }
            let record = trace.phases[position]
            let delta = Int64(milliseconds * 1e6) - record.durationNs
            trace.phases[position].durationNs += delta
            trace.phases[position].threadState.wallNs += delta
            trace.phases[position].threadState.onCpuNs = max(0, trace.phases[position].threadState.onCpuNs + delta)
            shift(&trace, after: record.endNs, by: delta, from: position + 1)
        }
        return trace
    }

    private static func shift(_ trace: inout LaunchTrace, after endNs: Int64, by delta: Int64, from position: Int) {
        for later in position..<trace.phases.count { trace.phases[later].startNs += delta }
        for mark in trace.marks.indices where trace.marks[mark].timeNs >= endNs { trace.marks[mark].timeNs += delta }
        func moved(_ value: Int64?) -> Int64? { value.map { $0 >= endNs ? $0 + delta : $0 } }
        trace.totals.timeToFirstFrameNs = moved(trace.totals.timeToFirstFrameNs)
        trace.totals.timeToActiveNs = moved(trace.totals.timeToActiveNs)
        trace.totals.timeToFullDisplayNs = moved(trace.totals.timeToFullDisplayNs)
        trace.totals.timeToReadyNs = moved(trace.totals.timeToReadyNs)
        trace.ending.atNs += delta
    }
}
