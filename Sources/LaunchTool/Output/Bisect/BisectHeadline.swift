/// The sentences that say what a bisect concluded, shared by its text and Markdown reports.
enum BisectHeadline {
    /// One sentence per conclusion; commits as `<short hash> "<subject>"`.
    static func sentence(_ outcome: BisectOutcome, name: (BisectCommit) -> String) -> String {
        let commits = outcome.conclusion.commits.compactMap(outcome.commit)
        let list = commits.map(name).joined(separator: ", ")
        let bad = outcome.commit(outcome.settings.bad).map(name) ?? String(outcome.settings.bad.prefix(10))
        switch outcome.conclusion.kind {
        case .found where outcome.culprit?.verdict == .between:
            return
                "The first bad commit is \(list). It adds part of the regression: its launches sit between the good and the bad commit's, and later commits add the rest."
        case .found:
            return "The first bad commit is \(list)."
        case .oneOf:
            return "The first bad commit is one of \(list): the commits between them did not build or launch."
        case .undecided:
            return
                "A step was not decided at \(outcome.settings.maxRuns) launches per build; the first bad commit is one of \(commits.count): \(list). Nothing is guessed: rerun with more --max-runs (the step's reason says how many would likely decide it)."
        case .notReproduced:
            return
                "The bad commit \(bad) is not slower than the good commit \(name(outcome.good)): there is nothing to bisect."
        case .interrupted:
            return "Interrupted with \(commits.count) commit\(commits.count == 1 ? "" : "s") left: \(list)."
        }
    }

    /// The last line of the text report, like `run`'s: `Result: first bad commit found (exit 0)`.
    static func result(_ outcome: BisectOutcome) -> String {
        let what =
            switch outcome.conclusion.kind {
            case .found: "first bad commit found"
            case .oneOf: "first bad commit among \(outcome.conclusion.commits.count) candidates"
            case .undecided: "undecided at --max-runs"
            case .notReproduced: "the bad commit is not slower"
            case .interrupted: "interrupted"
            }
        return "Result: \(what) (exit \(outcome.exitCode.rawValue))"
    }

    /// "7 commits after 9f8e7d6c5b (good) through 1a2b3c4d5e (bad); 4 builds, both ends included."
    static func range(_ outcome: BisectOutcome) -> String {
        let count = outcome.commits.count
        return
            "\(count) commit\(count == 1 ? "" : "s") after \(outcome.good.shortHash) (good) through \(String(outcome.settings.bad.prefix(10))) (bad); \(outcome.builds) build\(outcome.builds == 1 ? "" : "s"), both ends included."
    }

    /// The scale and the error rate: "The bad commit is +2400.0% against the good one in
    /// timeToReady; … 4 steps, each at α 1.25%: the bisect errs with probability at most 5%."
    static func scale(_ outcome: BisectOutcome) -> String? {
        guard let ends = outcome.ends, !ends.gaps.isEmpty else { return nil }
        let gaps = ends.gaps.map { "\(ComparisonRow.percent($0.effect)) in \($0.metric.rawValue)" }
        let measured = outcome.steps.filter { $0.verdict != .skipped }.count + 1
        let alpha = { (value: Double) in String(format: "%.3g%%", value * 100) }
        return
            "The bad commit is \(gaps.joined(separator: ", ")) against the good one; each candidate was launched in blocks beside both ends and placed on the gap of those blocks (like good below half of it, like bad above, between within its middle half). \(measured) step\(measured == 1 ? "" : "s") measured, each at α \(alpha(outcome.stepAlpha)): the bisect errs with probability at most \(alpha(outcome.errorBound))."
    }

    /// The culprit's effect on each compared metric, one line each.
    static func effects(_ step: BisectStep) -> [String] {
        step.metrics.map { metric in
            let row = ComparisonRow(metric)
            return
                "\(row.metric) \(row.decision.rawValue) \(row.effect) (\(row.interval)): \(row.baseMedian) → \(row.headMedian)"
        }
    }
}
