/// The verdict of one bisect step and the sentence that says why: for a candidate, which end
/// its launches resemble, launched beside both (``BisectPlacement``), with how
/// many launches that took; for the ends' step, whether the bad commit is slower than the good one.
struct BisectJudgement {
    /// The verdict.
    let verdict: BisectVerdict
    /// Why, in whole sentences.
    let reason: String

    /// The judgement of `outcome`, its candidate placed by `placements` (none: the ends' step).
    init(outcome: ComparisonOutcome, placements: [BisectPlacement]) {
        if outcome.failedBuild == .head {
            (verdict, reason) = (.skipped, "Its program failed to launch; skipped.")
        } else if placements.isEmpty {
            (verdict, reason) = Self.ends(outcome)
        } else {
            let metrics = outcome.test.metrics
            verdict = BisectPlacement.verdict(of: placements, minBlocks: outcome.test.settings.minBlocks)
            reason = Self.classified(verdict, metrics: metrics, placements: placements)
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
    private static func classified(
        _ verdict: BisectVerdict, metrics: [MetricComparison], placements: [BisectPlacement]
    ) -> String {
        let launches = launchCount(metrics)
        let places = placements.compactMap { placement in
            metrics.first { $0.metric == placement.metric }.map { place($0, placement) }
        }
        let said = places.joined(separator: "; ")
        switch verdict {
        case .good: return "Like the good commit: \(said); decided after \(launches) launches per build."
        case .bad: return "Like the bad commit: \(said); decided after \(launches) launches per build."
        case .between:
            return
                "Between the ends, a partial regression: \(said); decided after \(launches) launches per build."
        case .skipped, .undecided:
            let needed = placements.compactMap(\.blocksToDecide).max()
            let more = needed.map { " At the noise seen, about \($0 * 2) launches per build would likely decide it." }
            return
                "Undecided at \(launches) launches per build: \(said). A step decides once the interval falls on one side of half the gap, or within its middle half; the launches were too noisy for that."
                + (more ?? "")
        }
    }

    /// "timeToReady +1150.0% (+1020.3% … +1290.8%), 48% (41% … 55%) of the gap (+2400.0% in
    /// the same blocks)"; −100 % and 200 % are the ends of the searched range.
    private static func place(_ metric: MetricComparison, _ placement: BisectPlacement) -> String {
        let row = ComparisonRow(metric)
        let share = { (fraction: Double) in "\(Int((fraction * 100).rounded()))%" }
        let fraction = placement.fraction.map(share) ?? "?"
        let interval = placement.fractionInterval.map { " (\(share($0.lower)) … \(share($0.upper)))" } ?? ""
        return
            "\(row.metric) \(row.effect) (\(row.interval)), \(fraction)\(interval) of the gap (\(ComparisonRow.percent(placement.gapEffect)) in the same blocks)"
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
