import Foundation
import LaunchRunner
import LaunchTrace

/// Measures the pre-main advice of a finished run: for each change the advice names that
/// ``AlternativeBuilds`` can build, the alternative is built into the run folder's `builds/` and
/// compared with the program as profiled by compare's sequential test (pre-main launches, the
/// time to `main`); the advice then holds the saving as measured (``MeasuredSaving``),
/// or why it was not measured.
struct AdviceMeasurement {
    /// How the alternatives are built.
    var builds: AlternativeBuilds
    /// The program as profiled: every comparison's base.
    var base: LaunchSpecification
    /// The run folder.
    var folder: RunFolder
    /// What performs the launches.
    var launcher: any Launcher
    /// Where progress goes.
    var progress: (ProfilingEvent) -> Void

    /// The metric each comparison decides on: the time to `main`.
    static let metric = MetricName.preMainTotal

    /// Measures every buildable piece of advice in `summary`, each change once (every scenario's
    /// advice of that kind gets the same measurement).
    func measure(_ summary: inout RunSummary) {
        var done: [PreMainAdvice.Kind: Result<MeasuredSaving, LaunchProfilerError>] = [:]
        for name in summary.scenarios.keys.sorted() {
            guard var preMain = summary.scenarios[name]?.preMain else { continue }
            for index in preMain.advice.indices where builds.builds(preMain.advice[index].kind) {
                let kind = preMain.advice[index].kind
                guard launcher.interruption == nil else { return }
                let result = done[kind] ?? measure(kind)
                done[kind] = result
                switch result {
                case .success(let saving): preMain.advice[index].measured = saving
                case .failure(let error): preMain.advice[index].notMeasured = error.description
                }
            }
            summary.scenarios[name]?.preMain = preMain
        }
    }

    /// Builds `kind`'s alternative and compares it with the base.
    private func measure(_ kind: PreMainAdvice.Kind) -> Result<MeasuredSaving, LaunchProfilerError> {
        guard let build = builds.build(kind, in: folder.url) else {
            return .failure(.workflow("No build is known for the change \(kind.rawValue)."))
        }
        do {
            progress(.buildingAlternative(kind: kind.rawValue, command: build.command))
            let executable = try AlternativeBuilds.run(build, name: kind.rawValue, in: folder.url)
            return .success(try compare(executable, build: build.command, kind: kind))
        } catch let error as LaunchProfilerError {
            return .failure(error)
        } catch {
            return .failure(.workflow("\(kind.rawValue) was not measured: \(LaunchProfilerError.describe(error))"))
        }
    }

    /// The base against `executable`, on the time to `main`.
    private func compare(_ executable: URL, build: String, kind: PreMainAdvice.Kind) throws -> MeasuredSaving {
        var head = base
        head.executable = executable.path
        var plan = ComparisonPlan(
            base: base, head: head, warmup: 1, metrics: [Self.metric], settings: builds.settings,
            maxRuns: builds.maxRuns, seed: builds.seed)
        plan.diagnosesPrograms = false
        let path = AlternativeBuilds.folder(kind.rawValue, in: folder.url).appendingPathComponent("comparison")
        let result = try ComparisonRun(plan: plan, folder: try RunFolder.create(at: path.path), launcher: launcher)
            .run()
        guard let metric = result.outcome.test.metrics.first(where: { $0.metric == Self.metric }),
            !metric.baseSamples.isEmpty, !metric.headSamples.isEmpty
        else {
            throw Self.unmeasured(kind, result: result, executable: executable)
        }
        return MeasuredSaving(
            build: build, metric: Self.metric, decision: metric.decision,
            baseMedianNs: Descriptive.median(metric.baseSamples), headMedianNs: Descriptive.median(metric.headSamples),
            effect: metric.effect, effectInterval: metric.effectInterval, launches: metric.baseSamples.count,
            folder: "\(AlternativeBuilds.folderName)/\(kind.rawValue)/comparison")
    }

    /// Why the comparison of `kind`'s alternative (`executable`) gave no time to `main` to compare:
    /// a launch of either build that failed, else that the alternative's launches had none (a
    /// program without the dynamic loader, as a fully static one, has no pre-main breakdown).
    static func unmeasured(_ kind: PreMainAdvice.Kind, result: ComparisonRunResult, executable: URL)
        -> LaunchProfilerError
    {
        let start = "The alternative build \(kind.rawValue) (\(executable.path)) cannot be measured:"
        let folder = "\(AlternativeBuilds.folderName)/\(kind.rawValue)/comparison"
        if let signal = result.outcome.interruptedBy {
            return .workflow("\(start) launchprof was interrupted by signal \(signal) during its comparison.")
        }
        for (name, summary) in [("its", result.headSummary), ("the profiled program's", result.baseSummary)] {
            if let failed = summary.launches.first(where: { $0.outcome != .completed && $0.outcome != .interrupted }) {
                let why = failed.message ?? failed.outcome.rawValue
                return .workflow("\(start) \(name) launch failed (\(why)); see \(folder).")
            }
        }
        let launches = result.outcome.head.launches
        return .workflow(
            "\(start) none of its \(launches) launch\(launches == 1 ? "" : "es") measured the time to main (\(Self.metric)); a program that does not start through the dynamic loader (a fully static one) has no breakdown before main to compare."
        )
    }
}
