import CLaunchProbe
import Foundation
import LaunchTrace

extension LaunchProbe {
    static func makeTrace(
        from state: borrowing State, configuration: LaunchConfiguration, reason: LaunchEnding.Reason, nowNs: Int64
    ) -> LaunchTrace {
        let recorder = state.recorder
        let executable = ProcessFacts.executablePath()
        let startSource: LaunchClockInfo.StartSource = configuration.spawnNs != nil ? .spawn : .processStart
        var instruments = [ProfilerInfo.Instrument.phases.rawValue]
        if state.reader?.hasSchedstat == true { instruments.append(ProfilerInfo.Instrument.threadState.rawValue) }
        return LaunchTrace(
            app: AppInfo(
                name: state.appName ?? URL(filePath: executable).lastPathComponent,
                executablePath: executable,
                interface: state.interface,
                infoPlistPath: state.infoPlistPath
            ),
            pid: getpid(),
            mainThreadID: state.reader?.threadID ?? state.launchThreadID ?? lp_current_tid(),
            scenario: configuration.scenario,
            runIndex: configuration.runIndex,
            machine: ProcessFacts.machine(),
            clock: LaunchClockInfo(
                launchStartNs: recorder.launchStartNs,
                startSource: startSource,
                startResolutionNs: startSource == .spawn ? 1 : MonotonicClock.processStartResolutionNs
            ),
            phases: recorder.phases,
            spans: recorder.spans,
            marks: recorder.marks.sorted { $0.timeNs < $1.timeNs },
            totals: recorder.totals,
            memory: ProcessFacts.memory(),
            ending: LaunchEnding(reason: reason, atNs: nowNs - recorder.launchStartNs),
            profiler: ProfilerInfo(
                version: LaunchProbe.version,
                mainThreadNs: state.overheadNs + Int64(recorder.spans.filter(\.onMainThread).count)
                    * SpanCost.measureNs(),
                recordedEvents: recorder.eventCount,
                instruments: instruments
            )
        )
    }
}
