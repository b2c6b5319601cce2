import Dispatch
import LaunchRunner
import LaunchTrace
import Synchronization

extension RunSummary {
    /// Builds a summary from the runner's records and the traces of the completed launches.
    ///
    /// Traces are grouped by their scenario; each trace's launch index is its `runIndex`,
    /// or its position (from 1) when the runner did not set one. The machine is taken from
    /// the first trace.
    ///
    /// ```swift
    /// let summary = RunSummary.build(info: manifest.info, records: manifest.launches, traces: traces)
    /// ```
    ///
    /// With `timing` records (measurement launches), each scenario's `timeToReady` is theirs and
    /// the scenario says what the instruments cost (``MeasurementLaunchesSummary``). With
    /// `measurement` traces (an app's measurement launches, which write their own trace), every
    /// metric they report but those only instruments make (``MetricName/needsDiagnosisLaunch``)
    /// is theirs.
    package static func build(
        info: RunInfo, records: [LaunchRecord], traces: [LaunchTrace], timing: [LaunchRecord]? = nil,
        measurement: [LaunchTrace] = [], preMain: [LaunchRecord]? = nil, bootstrap: Bootstrap = Bootstrap(),
        outliers: OutlierDetector = OutlierDetector()
    ) -> RunSummary {
        var info = info
        if info.machine == nil { info.machine = traces.first?.machine }

        var byScenario: [String: [(index: Int, values: [MetricName: Double])]] = [:]
        for (position, trace) in traces.enumerated() {
            byScenario[trace.scenario.rawValue, default: []].append(
                (trace.runIndex ?? position + 1, MetricExtractor.values(of: trace)))
        }
        // The time before main is the pre-main launches' (their indices count from 1 on their own).
        var preMainValues: [String: [(index: Int, values: [MetricName: Double])]] = [:]
        for record in preMain ?? [] {
            guard let values = Self.preMainValues(of: record, among: preMain ?? []) else { continue }
            preMainValues[record.scenario.rawValue, default: []].append((record.index, values))
        }
        let phases = Set(traces.flatMap { $0.phases.map(\.phase) })
        var scenarios: [String: ScenarioSummary] = [:]
        for (scenario, launches) in byScenario {
            var samples = Self.samples(of: launches)
            if let launches = preMainValues[scenario] {
                samples = samples.filter { !$0.key.isPreMainMetric }.merging(Self.samples(of: launches)) { $1 }
            }
            let measured = measurement.filter { $0.scenario.rawValue == scenario }
            let timingSummary =
                measured.isEmpty
                ? replaceTimeToReady(in: &samples, timing: timing, scenario: scenario)
                : replaceMeasured(in: &samples, measurement: measured)
            addUsage(to: &samples, records: timing?.isEmpty == false ? timing ?? [] : records, scenario: scenario)
            let metrics = summaries(samples, phases: phases, bootstrap: bootstrap, outliers: outliers)
            var summary = ScenarioSummary(scenario: scenario, completedLaunches: launches.count, metrics: metrics)
            let scenarioTraces = traces.filter { $0.scenario.rawValue == scenario }
            summary.phases = ScenarioSummary.programPhases(of: scenarioTraces)
            summary.preMain = PreMainSummary.build(
                breakdowns: (preMain ?? []).filter { $0.scenario.rawValue == scenario }.compactMap(\.preMain)
                    + scenarioTraces.compactMap(\.preMain))
            summary.preMain?.instrumentCostNs = PreMainSummary.instrumentCost(
                preMain: preMain ?? [], measurement: timing ?? [], scenario: scenario)
            summary.timing = timingSummary
            scenarios[scenario] = summary
        }
        var summary = RunSummary(run: info, launches: records, scenarios: scenarios)
        summary.measurementLaunches = timing
        summary.preMainLaunches = preMain
        return summary
    }

    /// The metrics of one pre-main launch, as the summary takes them: with both kinds of pre-main
    /// launch in its scenario, a launch with relocation marks gives only each object's timed
    /// relocation (its loading is lengthened by the marks), one without gives everything else
    /// (its objects' relocation is only estimated); with one kind, each gives all. Nil without a
    /// breakdown.
    static func preMainValues(of record: LaunchRecord, among records: [LaunchRecord]) -> [MetricName: Double]? {
        guard let breakdown = record.preMain else { return nil }
        let values = MetricExtractor.values(of: breakdown)
        let measured = records.filter { $0.scenario == record.scenario && $0.preMain != nil }
        guard PreMainSummary.timing(measured, breakdown: \.preMain).count < measured.count else { return values }
        let marked = breakdown.hasRelocationMarks
        return values.filter { name, _ in (name.relocationObject != nil) == marked }
    }

    /// The whole process's resource use (``LaunchTrace/ProcessUsage``) of the completed launches
    /// of `scenario` among `records`, the ones that give the run's reported times.
    private static func addUsage(
        to samples: inout [MetricName: (values: [Double], indices: [Int])], records: [LaunchRecord], scenario: String
    ) {
        let completed = records.filter { $0.scenario.rawValue == scenario && $0.outcome == .completed }
        for (name, series) in Self.samples(of: completed.map { ($0.index, MetricExtractor.values(of: $0)) }) {
            samples[name] = series
        }
    }

    /// Each metric's values over `launches`, with the launch index of each value.
    private static func samples(of launches: [(index: Int, values: [MetricName: Double])])
        -> [MetricName: (values: [Double], indices: [Int])]
    {
        var samples: [MetricName: (values: [Double], indices: [Int])] = [:]
        for launch in launches {
            for (name, value) in launch.values {
                samples[name, default: ([], [])].values.append(value)
                samples[name, default: ([], [])].indices.append(launch.index)
            }
        }
        return samples
    }

    /// Every metric summarised. Metrics are independent and each bootstrap is seeded on its own,
    /// so they are summarised in parallel with the same results as one after another.
    private static func summaries(
        _ samples: [MetricName: (values: [Double], indices: [Int])], phases: Set<PhaseName>, bootstrap: Bootstrap,
        outliers: OutlierDetector
    ) -> [String: MetricSummary] {
        let series = samples.compactMap { name, series in
            (MetricCatalog.kind(of: name) ?? MetricCatalog.programPhaseDefinition(of: name, phases: phases)?.kind)
                .map { (name: name, kind: $0, values: series.values, indices: series.indices) }
        }
        let results = Mutex<[String: MetricSummary]>([:])
        DispatchQueue.concurrentPerform(iterations: series.count) { index in
            let item = series[index]
            let summary = MetricSummary(
                name: item.name, kind: item.kind, samples: item.values, launchIndices: item.indices,
                bootstrap: bootstrap, outliers: outliers
            )
            results.withLock { $0[item.name.rawValue] = summary }
        }
        return results.withLock { $0 }
    }

    /// Puts the measurement launches' values in place of the diagnosis launches' for every metric
    /// they report but those only instruments make, and returns what the instruments cost the
    /// launch's end (time to first frame, or to ready).
    private static func replaceMeasured(
        in samples: inout [MetricName: (values: [Double], indices: [Int])], measurement: [LaunchTrace]
    ) -> MeasurementLaunchesSummary? {
        let measured = Self.samples(
            of: measurement.enumerated().map {
                ($0.element.runIndex ?? $0.offset + 1, MetricExtractor.values(of: $0.element))
            })
        let end = [MetricName.timeToReady, .timeToFirstFrame].first { measured[$0] != nil && samples[$0] != nil }
        let summary = end.flatMap {
            MeasurementLaunchesSummary(
                timing: measured[$0]?.values ?? [], profiled: samples[$0]?.values ?? [], metric: $0)
        }
        for (name, series) in measured where !name.needsDiagnosisLaunch { samples[name] = series }
        return summary
    }

    /// Puts the measurement launches' times to ready of `scenario` in place of the profiled ones, and
    /// returns what they say of the instruments' cost; nil (and nothing replaced) without them.
    private static func replaceTimeToReady(
        in samples: inout [MetricName: (values: [Double], indices: [Int])], timing: [LaunchRecord]?, scenario: String
    ) -> MeasurementLaunchesSummary? {
        guard let timing, let profiled = samples[.timeToReady] else { return nil }
        let times = MeasurementLaunchesSummary.times(of: timing, scenario: scenario)
        guard let summary = MeasurementLaunchesSummary(timing: times.values, profiled: profiled.values) else {
            return nil
        }
        samples[.timeToReady] = times
        replaceDisplayTimes(in: &samples, timing: timing, scenario: scenario)
        return summary
    }

    /// A program ready by the display: its first window and frame are the measurement launches' too,
    /// when each of them saw it (the same launches as its `timeToReady`).
    private static func replaceDisplayTimes(
        in samples: inout [MetricName: (values: [Double], indices: [Int])], timing: [LaunchRecord], scenario: String
    ) {
        let completed = timing.filter { $0.scenario.rawValue == scenario && $0.outcome == .completed }
        let display: [(MetricName, KeyPath<LaunchRecord, Int64?>)] = [
            (.timeToFirstWindow, \.firstWindowNs), (.timeToFirstFrame, \.firstFrameNs),
        ]
        for (metric, time) in display {
            let values = completed.compactMap { $0[keyPath: time] }
            guard !values.isEmpty, values.count == completed.count, samples[metric] != nil else { continue }
            samples[metric] = (values.map(Double.init), completed.map(\.index))
        }
    }
}
