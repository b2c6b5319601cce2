import Foundation
import LaunchRunner
import LaunchSymbolication
import LaunchTrace

/// The whole `launchprof run` workflow: warm-up, the measured launches (each one's record
/// journalled as it ends), adaptive stopping, the eviction summary, findings, and
/// `summary.json`, `verdicts.json` and `report.html` in the run folder.
///
/// ```swift
/// let folder = try RunFolder.create(at: nil)
/// let result = try ProfilingRun(plan: plan, folder: folder).run { event in render(event) }
/// exit(result.evaluation.exitCode.rawValue)
/// ```
package struct ProfilingRun: Sendable {
    /// What to run.
    package let plan: ProfilingPlan
    /// Where the files go.
    package let folder: RunFolder
    /// What performs the launches.
    package let launcher: any Launcher

    /// Creates a run of `plan` into `folder`, its launches performed by `launcher`.
    package init(plan: ProfilingPlan, folder: RunFolder, launcher: any Launcher = AppLauncher()) {
        self.plan = plan
        self.folder = folder
        self.launcher = launcher
    }

    /// Runs it, reporting progress to `progress`.
    ///
    /// - Throws: ``LaunchProfilerError`` when the app cannot be launched at all or the summary
    ///   cannot be written; a launch that fails is recorded, not thrown.
    package func run(progress: @escaping (ProfilingEvent) -> Void = { _ in }) throws -> ProfilingResult {
        let session = try LaunchSession(
            specification: plan.launch, warmup: plan.warmup, layout: folder, launcher: launcher)
        var launches = LaunchLoop(
            session: session, measurementLaunches: plan.measurementLaunches, folder: folder, progress: progress)
        launches.preMainLaunches = plan.preMainLaunches
        launches.diagnosisLimit = plan.diagnosisLaunches ?? ProfilingPlan.defaultDiagnosisLaunches
        launches.name = plan.name
        let start = MachineLoad.Snapshot.now()
        try launches.warmup()
        try launches.launch(plan.runs)
        // The summary (its bootstrap intervals) is built once per batch and kept for the finish.
        var summary = launches.summary()
        var evaluation = plan.budgets.evaluate(summary)
        while !launches.isInterrupted, !launches.skippedLaunches, launches.neverReady == nil,
            let adaptive = plan.adaptive,
            case let batch = adaptive.nextBatch(after: launches.measuredCount, evaluation: evaluation), batch > 0
        {
            progress(
                .addingLaunches(
                    count: batch, inconclusive: evaluation.inconclusiveVerdicts.count, launches: launches.measuredCount)
            )
            try launches.launch(batch)
            summary = launches.summary()
            evaluation = plan.budgets.evaluate(summary)
        }
        try launches.finish()
        summary.machineLoad = MachineLoad(from: start, to: .now())
        progress(.launchesFinished)
        if let builds = plan.alternativeBuilds, launcher.interruption == nil {
            AdviceMeasurement(builds: builds, base: plan.launch, folder: folder, launcher: launcher, progress: progress)
                .measure(&summary)
        }
        var notes: [ProfilingNote] = []
        if let evictions = EvictionSummary(session) { notes.append(.evictions(evictions)) }
        if launches.skippedLaunches, let timedOut = launches.neverReady {
            notes.append(.stoppedNeverReady(timedOut: timedOut.count, timeoutSeconds: plan.launch.timeoutSeconds))
        }
        for note in notes { progress(.note(note)) }
        return try finish(summary: summary, traces: launches.traces, notes: notes, progress: progress)
    }

    /// Findings, verdicts, summary.json, report.html and the history (verdicts.json is the
    /// caller's: ``ProfilingResult/writeVerdicts()``, once the status is final).
    private func finish(
        summary: RunSummary, traces: [LaunchTrace], notes: [ProfilingNote], progress: (ProfilingEvent) -> Void
    ) throws -> ProfilingResult {
        var summary = summary
        var notes = notes
        // One symbolicator for the findings and the report: each image's symbols are read once.
        let symbolicator = Symbolicator()
        FindingsStep.attach(to: &summary, traces: traces, symbolicator: symbolicator)
        let evaluation = plan.budgets.evaluate(summary)
        // summary.json and verdicts.json hold the same summary: encoded once.
        let summaryJSON = try summary.untaggedJSON()
        try summary.write(to: folder.summaryURL, json: summaryJSON)
        do {
            try RunReport.writeHTML(
                summary: summary, evaluation: evaluation, traces: traces, generator: plan.generator, to: folder,
                symbolicator: symbolicator)
        } catch {
            let note = ProfilingNote.reportNotWritten(reason: "\(error)")
            notes.append(note)
            progress(.note(note))
        }
        var result = ProfilingResult(
            summary: summary, evaluation: evaluation, traces: traces, folder: folder, notes: notes,
            interruptedBy: launcher.interruption
        )
        result.summaryJSON = summaryJSON
        record(&result, progress: progress)
        // Every output prints the status the command returns (an interruption, the history);
        // verdicts.json is the command's, by ``ProfilingResult/writeVerdicts()``, after its exports.
        if result.exitStatus != result.evaluation.exitCode { result.evaluation.runStatus = result.exitStatus }
        return result
    }

    /// Records the finished run in the history, when asked; a failure is a note and an error
    /// on the result, never a lost run folder. An interrupted run is not recorded (its launches
    /// are a partial run that would skew the trends and the rules against history), and an
    /// interruption while the write waits for another writer's lock ends the wait.
    private func record(_ result: inout ProfilingResult, progress: (ProfilingEvent) -> Void) {
        guard let history = plan.history else { return }
        let note: ProfilingNote
        if result.interruptedBy != nil {
            note = .historyNotRecorded(reason: "the run was interrupted")
        } else {
            do {
                result.recorded = try history.record(
                    summary: result.summary, evaluation: result.evaluation, plan: plan,
                    giveUp: { [launcher] in launcher.interruption != nil })
                note = .historyRecorded(location: history.location.description)
            } catch {
                if let signal = launcher.interruption {
                    result.interruptedBy = signal
                    note = .historyNotRecorded(reason: "the run was interrupted while it waited for the history's lock")
                } else {
                    result.historyError = error
                    note = .historyNotRecorded(reason: error.description)
                }
            }
        }
        result.notes.append(note)
        progress(.note(note))
    }
}
