/// Checks a run summary against budget rules.
///
/// - Absolute limits: the rule's statistic and its bootstrap confidence interval are
///   compared with the limit: pass when the interval's upper bound is at or under it,
///   fail when the lower bound is over it, inconclusive when the interval straddles it.
///   (A statistic exactly on the limit passes. A `max` over the limit fails outright:
///   more launches can only raise it.)
/// - Relative limits (`+10%`): the threshold is the baseline's statistic grown by the
///   percentage. Fail when the statistic is over it and the Mann–Whitney U test of the
///   samples against the baseline's gives p < ``significance``; inconclusive when it is
///   over but not significant; pass otherwise. A significant change for the better is
///   flagged as an improvement.
/// - Missing: no completed launch of the scenario, no launch reported the metric, or the
///   baseline (or its metric) is not available.
///
/// ```swift
/// let evaluator = BudgetEvaluator()
/// let evaluation = evaluator.evaluate(budgets, summary: summary, baselines: ["main": main])
/// ```
package struct BudgetEvaluator: Sendable, Equatable {
    /// Bootstrap used for the statistic's confidence interval.
    package var bootstrap: Bootstrap
    /// The p-value under which a change against a baseline is significant; 0.05.
    package var significance: Double

    /// Creates an evaluator.
    package init(bootstrap: Bootstrap = Bootstrap(), significance: Double = 0.05) {
        self.bootstrap = bootstrap
        self.significance = significance
    }

    /// Evaluates every rule; `baselines` maps each baseline name the rules use to its summary.
    package func evaluate(_ budgets: BudgetFile, summary: RunSummary, baselines: [String: RunSummary] = [:])
        -> BudgetEvaluation
    {
        BudgetEvaluation(
            verdicts: budgets.rules.map { evaluate($0, summary: summary, baselines: baselines) },
            launchCount: summary.judgedLaunches.count,
            completedLaunchCount: summary.judgedCompletedCount
        )
    }

    /// Evaluates every rule, comparing every relative rule with `baseline` whatever name it gives.
    package func evaluate(_ budgets: BudgetFile, summary: RunSummary, baseline: RunSummary?) -> BudgetEvaluation {
        var baselines: [String: RunSummary] = [:]
        if let baseline { for name in budgets.baselineNames { baselines[name] = baseline } }
        return evaluate(budgets, summary: summary, baselines: baselines)
    }

    /// Evaluates one rule.
    package func evaluate(_ rule: BudgetRule, summary: RunSummary, baselines: [String: RunSummary] = [:]) -> RuleVerdict
    {
        let scenario = rule.scenario
        guard let scenarioSummary = summary.scenarios[scenario.rawValue], scenarioSummary.completedLaunches > 0 else {
            return RuleVerdict(
                rule: rule, status: .missing,
                message: "No \(scenario) launch completed, so \(rule.metric) was not measured.")
        }
        guard let metric = scenarioSummary.metrics[rule.metric.rawValue], !metric.samples.isEmpty else {
            return RuleVerdict(
                rule: rule, status: .missing,
                message:
                    "None of the \(scenarioSummary.completedLaunches) completed \(scenario) launches reported \(rule.metric)."
            )
        }
        let observed = rule.statistic.compute(sorted: metric.samples.sorted())
        // The summary already holds the median's and p90's intervals, computed with the same
        // seeded bootstrap over the same samples: reuse them rather than resample again.
        let interval: ConfidenceInterval
        if rule.statistic == .median, bootstrap == Bootstrap() {
            interval = metric.medianInterval
        } else if rule.statistic == .p90, bootstrap == Bootstrap() {
            interval = metric.p90Interval
        } else {
            interval = bootstrap.confidenceInterval(for: rule.statistic, of: metric.samples)
        }
        switch rule.limit {
        case .absolute(let limit, _, _):
            return absoluteVerdict(rule, metric: metric, observed: observed, interval: interval, limit: limit)
        case .relative(let percent, _):
            let name = rule.baseline ?? ""
            guard let baseline = baselines[name] else {
                return RuleVerdict(
                    rule: rule, status: .missing, sampleCount: metric.samples.count, observed: observed,
                    interval: interval,
                    message: "The baseline \"\(name)\" was not given, so the relative limit cannot be checked.")
            }
            guard let base = baseline.metric(rule.metric, scenario: scenario), !base.samples.isEmpty else {
                return RuleVerdict(
                    rule: rule, status: .missing, sampleCount: metric.samples.count, observed: observed,
                    interval: interval,
                    message: "The baseline \"\(name)\" has no \(scenario) samples of \(rule.metric).")
            }
            return relativeVerdict(
                rule, metric: metric, observed: observed, interval: interval, baseline: base, percent: percent)
        }
    }

    private func absoluteVerdict(
        _ rule: BudgetRule, metric: MetricSummary, observed: Double, interval: ConfidenceInterval, limit: Double
    ) -> RuleVerdict {
        let kind = rule.kind
        let what = "The \(rule.statistic.rawValue) of \(rule.metric) is \(kind.format(observed))"
        let range =
            "(\(Int((interval.level * 100).rounded())) % CI \(kind.format(interval.lower)) to \(kind.format(interval.upper)))"
        let status: VerdictStatus
        let message: String
        if rule.statistic == .max && observed > limit {
            // More launches can only raise a maximum: one launch over the limit settles it.
            status = .fail
            message = "\(what), over the limit of \(rule.limit.text)."
        } else if interval.upper <= limit && observed <= limit {
            status = .pass
            message = "\(what), within the limit of \(rule.limit.text)."
        } else if interval.lower > limit && observed > limit {
            status = .fail
            message = "\(what), over the limit of \(rule.limit.text) \(range)."
        } else {
            status = .inconclusive
            message =
                "\(what) and its confidence interval straddles the limit of \(rule.limit.text) \(range); more launches may decide."
        }
        return RuleVerdict(
            rule: rule, status: status, sampleCount: metric.samples.count, observed: observed,
            interval: interval, threshold: limit, message: message)
    }

    private func relativeVerdict(
        _ rule: BudgetRule, metric: MetricSummary, observed: Double, interval: ConfidenceInterval,
        baseline: MetricSummary, percent: Double
    ) -> RuleVerdict {
        let kind = rule.kind
        let baseValue = rule.statistic.compute(sorted: baseline.samples.sorted())
        let threshold = baseValue + Swift.abs(baseValue) * percent / 100
        let change: Double? = baseValue != 0 ? (observed - baseValue) / Swift.abs(baseValue) : nil
        let test = MannWhitneyU(x: baseline.samples, y: metric.samples)
        let shift = HodgesLehmann.shift(from: baseline.samples, to: metric.samples)
        let significant = test.pValue < significance
        let changeText = change.map { (($0 >= 0) ? "+" : "") + SpreadAssessment.percent($0) } ?? "a change from zero"
        let pText = "p = \(MetricKind.fixed(test.pValue, 4))"
        let what =
            "The \(rule.statistic.rawValue) of \(rule.metric) is \(kind.format(observed)) against \(kind.format(baseValue)) in \"\(rule.baseline ?? "")\" (\(changeText), \(pText))"

        let status: VerdictStatus
        let message: String
        var improvement = false
        if observed > threshold && significant {
            status = .fail
            message = "\(what): a significant regression over the limit of \(rule.limit.text)."
        } else if observed > threshold {
            status = .inconclusive
            message = "\(what): over the limit of \(rule.limit.text) but not significant; more launches may decide."
        } else {
            status = .pass
            improvement = significant && observed < baseValue
            message =
                improvement
                ? "\(what): a significant improvement."
                : "\(what), within the limit of \(rule.limit.text)."
        }
        return RuleVerdict(
            rule: rule, status: status, sampleCount: metric.samples.count, observed: observed, interval: interval,
            threshold: threshold, baselineValue: baseValue, relativeChange: change, pValue: test.pValue,
            shift: shift, isImprovement: improvement, message: message
        )
    }
}
