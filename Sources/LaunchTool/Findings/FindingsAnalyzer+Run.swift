import Foundation
import LaunchSymbolication
import LaunchTrace

extension FindingsAnalyzer {
    /// The findings of a run: every trace's findings aggregated per scenario, function, kind
    /// and phase, with the median cost per launch it appeared in, its share of the phase's and
    /// of time to first frame's medians (from `summary`), a confidence and advice; highest
    /// impact first. Symbolicates every stack first, with file:line in one batch per image.
    package func findings(for summary: RunSummary, traces: [LaunchTrace], symbolicator: Symbolicator) -> RunFindings {
        Self.prepare(traces, symbolicator: symbolicator)
        let analyzer = traces.first.map { owning($0, symbolicator: symbolicator) } ?? self
        return analyzer.ownedFindings(for: summary, traces: traces, symbolicator: symbolicator)
    }

    /// The path of the program a wrapper exec'd, when the pre-main breakdown of `scenario` saw
    /// programs run before it (a `#!` script's interpreter, a shim), else nil.
    static func wrappedProgram(_ summary: RunSummary, scenario: Scenario) -> String? {
        guard let preMain = summary.scenarios[scenario.rawValue]?.preMain,
            preMain.parts.contains(where: { $0.name == .earlierPrograms && $0.medianNs > 0 })
        else { return nil }
        return preMain.libraries.first { $0.origin == .executable }?.path
    }

    /// The file name of the finding's image when the work ran before the last program's `main`
    /// (in `loader`) in another executable than `lastProgram`: an earlier program of the wrapper.
    static func earlierProgram(_ finding: LaunchFinding, lastProgram: String) -> String? {
        guard finding.site.phase == .loader, let image = finding.image else { return nil }
        func resolved(_ path: String) -> String { URL(filePath: path).resolvingSymlinksInPath().path }
        let name = image.split(separator: "/").last.map(String.init) ?? image
        guard resolved(image) != resolved(lastProgram), !name.contains(".so") else { return nil }
        return name
    }

    /// Symbolicates every stack the findings read (the main-thread activity's and the
    /// whole-launch profile's, with the keys ``ProfileContext`` looks them up by), then adds
    /// file:line in one symbolizer pass per image.
    static func prepare(_ traces: [LaunchTrace], symbolicator: Symbolicator) {
        symbolicator.prepare(traces, locating: false)
        for trace in traces {
            guard let profile = trace.profile, profile.source == .perf else { continue }
            let map = ImageMap(images(of: trace))
            for stack in profile.stacks { _ = symbolicator.symbolicate(stack: stack, in: map, firstIsExact: true) }
        }
        symbolicator.locateSources()
    }

    private func ownedFindings(for summary: RunSummary, traces: [LaunchTrace], symbolicator: Symbolicator)
        -> RunFindings
    {
        var launchesByScenario: [Scenario: [[LaunchFinding]]] = [:]
        var attribution: LaunchAttribution?
        var background: [BackgroundKey: [Double]] = [:]
        var waiting: [Double] = []
        var breakdowns: [LaunchBreakdown] = []
        for trace in traces where trace.mainThread != nil || trace.profile != nil {
            // The critical path and the symbolicated stacks, once per launch for all three.
            let context = ProfileContext.of(trace, symbolicator: symbolicator)
            launchesByScenario[trace.scenario, default: []].append(
                findings(in: trace, symbolicator: symbolicator, context: context))
            guard let context else { continue }
            for (key, ns) in backgroundWork(context) { background[key, default: []].append(Double(ns)) }
            waiting.append(Double(context.path.totalNs(.runnable)))
            breakdowns.append(BreakdownBuilder(context: context, ownership: ownership).breakdown())
            attribution = attribution ?? LaunchAttribution()
            attribution?.add(self.attribution(context))
        }
        let endpoint = LaunchEndpoint(traces: traces)
        var all: [Finding] = []
        for (scenario, launches) in launchesByScenario {
            all += aggregate(
                launches, scenario: scenario, summary: summary, symbolicator: symbolicator, endpoint: endpoint,
                medians: Self.medians(of: traces.filter { $0.scenario == scenario }))
        }
        all.sort { ($0.impactNs, $1.scenario, $1.id) > ($1.impactNs, $0.scenario, $0.id) }
        var result = RunFindings(
            findings: all,
            analyzedLaunches: Dictionary(
                uniqueKeysWithValues: launchesByScenario.map { ($0.key.rawValue, $0.value.count) }),
            symbolicationProblems: symbolicator.notices,
            sourceLocator: symbolicator.sourceLocator?.tool.rawValue
        )
        result.attribution = attribution
        result.endpoint = endpoint
        result.background = Self.background(background)
        Self.addMachine(
            to: &result, waiting: waiting, breakdowns: breakdowns, traces: traces,
            majorFaults: summary.metric(.processMajorFaults, scenario: summary.run.scenario)?.statistics.median)
        return result
    }

    /// The machine's part of the launches: how long they waited for a CPU, the other programs
    /// that ran meanwhile, each launch's exclusive breakdown and the reasons the rules found
    /// (`majorFaults`: the process's major page faults per launch, when the summary has them).
    static func addMachine(
        to result: inout RunFindings, waiting: [Double], breakdowns: [LaunchBreakdown], traces: [LaunchTrace],
        majorFaults: Double? = nil
    ) {
        let medianWaiting = waiting.isEmpty ? 0 : Descriptive.median(waiting)
        result.medianWaitingForCPUNs = medianWaiting > 0 ? medianWaiting : nil
        result.otherPrograms = OtherProgram.of(traces)
        guard !breakdowns.isEmpty else { return }
        result.breakdowns = breakdowns
        result.reasons = SlowStartRules.evaluate(
            breakdowns, otherPrograms: result.otherPrograms, majorFaults: majorFaults)
    }

    /// Background work over the launches, at least a millisecond per launch, largest first.
    static func background(_ work: [BackgroundKey: [Double]]) -> [BackgroundWork]? {
        guard !work.isEmpty else { return nil }
        return work.map { key, times in
            BackgroundWork(
                thread: key.thread, function: key.function, medianCPUNs: Descriptive.median(times),
                launches: times.count)
        }
        .filter { $0.medianCPUNs >= 1_000_000 }
        .sorted { ($0.medianCPUNs, $1.function) > ($1.medianCPUNs, $0.function) }
    }

    /// The median of every metric over `traces`: the launches findings come from, so that a
    /// finding's share of its phase is of the same launches' phase (the summary's may be the
    /// measurement launches', without the instruments).
    static func medians(of traces: [LaunchTrace]) -> [MetricName: Double] {
        var values: [MetricName: [Double]] = [:]
        for trace in traces {
            for (name, value) in MetricExtractor.values(of: trace) { values[name, default: []].append(value) }
        }
        return values.mapValues { Descriptive.median($0) }
    }

    /// Aggregates the per-launch findings of one scenario's launches; shares are of `medians`
    /// (the same launches' metrics) when given, else of the summary's.
    package func aggregate(
        _ launches: [[LaunchFinding]], scenario: Scenario, summary: RunSummary?, symbolicator: Symbolicator?,
        endpoint: LaunchEndpoint = .firstFrame, medians: [MetricName: Double] = [:]
    ) -> [Finding] {
        let accumulators = Self.accumulate(launches, maxResources: maxResources)
        let analyzed = launches.count
        func typical(_ name: MetricName) -> Double? {
            medians[name] ?? summary?.metric(name, scenario: scenario)?.statistics.median
        }
        let firstFrameMedian = typical(.timeToFirstFrame)
        let lastProgram = summary.flatMap { Self.wrappedProgram($0, scenario: scenario) }
        return accumulators.values.map { accumulator in
            let first = accumulator.first
            let median = Descriptive.median(accumulator.costs)
            let phaseMedian = first.site.phase.flatMap { typical(.phase($0)) }
            var finding = Finding(
                id: first.key.description, scenario: scenario.rawValue, site: first.site,
                launches: accumulator.costs.count, analyzedLaunches: analyzed, medianCostNs: median,
                impactNs: median * Double(accumulator.costs.count) / Double(Swift.max(1, analyzed)),
                phaseShare: phaseMedian.flatMap { $0 > 0 ? median / $0 : nil },
                firstFrameShare: firstFrameMedian.flatMap { $0 > 0 ? median / $0 : nil },
                tracedCalls: accumulator.tracedCalls, samples: accumulator.samples, touchesUI: accumulator.touchesUI,
                confidence: .of(
                    tracedCalls: accumulator.tracedCalls,
                    medianSamplesPerLaunch: Descriptive.median(accumulator.samplesPerLaunch),
                    measuredShare: accumulator.measuredShare, launches: accumulator.costs.count,
                    analyzedLaunches: analyzed
                ),
                advice: Self.advice(
                    for: first, accumulator: accumulator, symbolicator: symbolicator, endpoint: endpoint,
                    lastProgram: lastProgram),
                blockingFunctions: accumulator.blockingFunctions, resources: accumulator.resources
            )
            finding.medianWaitingForCPUNs = accumulator.waitingForCPU(ofMedian: median)
            return finding
        }
        .sorted { ($0.impactNs, $1.id) > ($1.impactNs, $0.id) }
    }

    /// One finding over the launches that had it.
    struct Accumulator {
        var first: LaunchFinding
        var costs: [Double] = []
        var samplesPerLaunch: [Double] = []
        var tracedCalls = 0
        var samples = 0
        /// The time measured whole (``LaunchFinding/measuredNs``) over every launch.
        var measuredNs: Int64 = 0
        /// The time waiting for a CPU (``LaunchFinding/waitingForCPUNs``) over every launch.
        var waitingForCPUNs: Int64 = 0
        var touchesUI = false
        var blockingFunctions: [String] = []
        var resources: [String] = []

        /// The share of the cost over every launch that was measured whole, not sampled.
        var measuredShare: Double {
            let total = costs.reduce(0, +)
            return total > 0 ? Double(measuredNs) / total : 0
        }

        /// Each launch's cost without its waits for a CPU (the work's own time).
        var ownCosts: [Double] = []

        /// The part of the median cost `median` spent waiting for a CPU: the median less the
        /// median of the launches' own times, so that the two parts add up to the median and the
        /// own part is as steady as the work (a loaded machine varies the waits, not the work);
        /// nil when the launches never waited for a CPU in this work.
        func waitingForCPU(ofMedian median: Double) -> Double? {
            guard waitingForCPUNs > 0, !ownCosts.isEmpty else { return nil }
            return Swift.max(0, median - Descriptive.median(ownCosts))
        }

        mutating func add(_ finding: LaunchFinding, maxResources: Int) {
            costs.append(Double(finding.costNs))
            samplesPerLaunch.append(Double(finding.samples))
            tracedCalls += finding.tracedCalls
            samples += finding.samples
            measuredNs += finding.measuredNs
            waitingForCPUNs += finding.waitingForCPUNs
            ownCosts.append(Double(finding.costNs - finding.waitingForCPUNs))
            touchesUI = touchesUI || finding.touchesUI
            if first.site.location == nil, finding.site.location != nil { first.site.location = finding.site.location }
            if first.site.callee == nil { first.site.callee = finding.site.callee }
            for name in finding.blockingFunctions where !blockingFunctions.contains(name) {
                blockingFunctions.append(name)
            }
            for resource in finding.resources where !resources.contains(resource) && resources.count < maxResources {
                resources.append(resource)
            }
        }
    }

    /// The launches' findings gathered by key.
    static func accumulate(_ launches: [[LaunchFinding]], maxResources: Int) -> [FindingKey: Accumulator] {
        var accumulators: [FindingKey: Accumulator] = [:]
        for launch in launches {
            for finding in launch {
                accumulators[finding.key, default: Accumulator(first: finding)].add(finding, maxResources: maxResources)
            }
        }
        return accumulators
    }

    /// Whether the attributed function's type has a `static let shared` singleton, found by
    /// its mangled accessor (`12CatalogStoreC6shared`) in the function's image.
    static func hasSharedInstance(_ finding: LaunchFinding, symbolicator: Symbolicator?) -> Bool {
        guard let symbolicator, let image = finding.image, finding.site.isAppCode,
            !(finding.site.fullName?.hasPrefix("static ") ?? false)
        else { return false }
        var name = Substring(finding.site.function)
        while let range = name.range(of: " in "), name.hasPrefix("closure #") { name = name[range.upperBound...] }
        let path = (name.split(separator: "(").first ?? name).split(separator: ".")
        guard path.count >= 2 else { return false }
        let type = path[path.count - 2]
        return ["C", "V", "O"].contains {
            symbolicator.image(image, hasSymbolContaining: "\(type.utf8.count)\(type)\($0)6shared")
        }
    }

    /// The advice for the finding whose first launch's finding is `first`; `lastProgram` is the
    /// program a wrapper exec'd (``wrappedProgram(_:scenario:)``), if any.
    static func advice(
        for first: LaunchFinding, accumulator: Accumulator, symbolicator: Symbolicator?, endpoint: LaunchEndpoint,
        lastProgram: String? = nil
    ) -> Advice {
        let site = first.site
        var context = AdviceContext(
            owner: site.owner, module: site.module, isSwift: site.module != nil, package: site.package,
            callee: site.callee, caller: site.caller, thread: site.thread, mayMissFrame: first.mayMissFrame)
        context.earlierProgram = lastProgram.flatMap { earlierProgram(first, lastProgram: $0) }
        return FindingAdvisor.advice(
            function: site.function, fullName: site.fullName, kind: site.kind, phase: site.phase,
            touchesUI: accumulator.touchesUI, hasSharedInstance: hasSharedInstance(first, symbolicator: symbolicator),
            endpoint: endpoint,
            waitsForMutex: accumulator.blockingFunctions.contains(where: FrameClassifier.isMutexLock),
            context: context
        )
    }
}
