import LaunchAnalysis
import LaunchReports

/// The verdict of one bisect step and the sentence that says why: for a candidate, which end
/// of the gap its launches resemble (``LaunchAnalysis/BisectGap``), with how many launches that
/// took; for the ends' step, whether the bad commit is slower than the good one.
struct BisectJudgement {
    /// The verdict.
    let verdict: BisectVerdict
    /// Why, in whole sentences.
    let reason: String

    /// The judgement of `outcome`, classified against `gaps` (none: the ends' step).
    init(outcome: ComparisonOutcome, gaps: [BisectGap], settings: ComparisonSettings) {
        if outcome.failedBuild == .head {
            (verdict, reason) = (.skipped, "Its program failed to launch; skipped.")
        } else if gaps.isEmpty {
            (verdict, reason) = Self.ends(outcome)
        } else {
            let metrics = outcome.test.metrics
            verdict = BisectGap.verdict(of: metrics, gaps: gaps, minBlocks: settings.minBlocks)
            reason = Self.classified(verdict, metrics: metrics, gaps: gaps)
        }
    }

    /// The ends' step: bad when the bad commit regressed against the good one.
    private static func ends(_ outcome: ComparisonOutcome) -> (BisectVerdict, String) {
        let said = effects(outcome.test.metrics) + " against the good commit"
        let launches = launchCount(outcome.test.metrics)
        switch outcome.decision {
        case .regressed: return (.bad, "The bad end: \(said), after \(launches) launches per build.")
        case .same, .improved: return (.good, "Not slower: \(said).")
        case .inconclusive: return (.undecided, "Undecided at \(launches) launches per build: \(said).")
        }
    }

    /// A candidate's reason: its place in each gap, and the launches it took or would take.
    private static func classified(_ verdict: BisectVerdict, metrics: [MetricComparison], gaps: [BisectGap])
        -> String
    {
        let launches = launchCount(metrics)
        let places = gaps.compactMap { gap in metrics.first { $0.metric == gap.metric }.map { place($0, gap) } }
        let said = places.joined(separator: "; ")
        switch verdict {
        case .good: return "Like the good commit: \(said); decided after \(launches) launches per build."
        case .bad: return "Like the bad commit: \(said); decided after \(launches) launches per build."
        case .between:
            return
                "Between the ends, a partial regression: \(said); decided after \(launches) launches per build."
        case .skipped, .undecided:
            let needed = gaps.compactMap { gap in
                metrics.first { $0.metric == gap.metric }.flatMap(gap.blocksToDecide)
            }.max()
            let more = needed.map { " At the noise seen, about \($0 * 2) launches per build would likely decide it." }
            return
                "Undecided at \(launches) launches per build: \(said). A step decides once the interval falls on one side of half the gap, or within its middle half; the launches were too noisy for that."
                + (more ?? "")
        }
    }

    /// "timeToReady +1150.0% (+1020.3% … +1290.8%), 48% (41% … 55%) of the gap (+2400.0%)".
    private static func place(_ metric: MetricComparison, _ gap: BisectGap) -> String {
        let row = ComparisonRow(metric)
        let share = { (fraction: Double) in "\(Int((fraction * 100).rounded()))%" }
        let interval = gap.fractionInterval(of: metric).map { " (\(share($0.lower)) … \(share($0.upper)))" } ?? ""
        return
            "\(row.metric) \(row.effect) (\(row.interval)), \(share(gap.fraction(metric.sequence.mean)))\(interval) of the gap (\(ComparisonRow.percent(gap.effect)))"
    }

    /// Each metric's decision and effect, joined.
    private static func effects(_ metrics: [MetricComparison]) -> String {
        metrics.map { metric in
            let row = ComparisonRow(metric)
            return "\(row.metric) \(row.decision.rawValue) \(row.effect) (\(row.interval))"
        }.joined(separator: ", ")
    }

    /// The measured launches per build the comparison made.
    private static func launchCount(_ metrics: [MetricComparison]) -> Int {
        metrics.map(\.baseSamples.count).max() ?? 0
    }
}
