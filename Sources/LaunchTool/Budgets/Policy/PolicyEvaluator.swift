import LaunchTrace

/// Checks a run's findings against a ``FindingsPolicy``, like StrictMode: every finding of a
/// restricted kind in a restricted phase, not allowed and at least the minimum cost, is a
/// violation at the restriction's level.
///
/// ```swift
/// evaluation.policyVerdicts = PolicyEvaluator.evaluate(budgets.policy, findings: summary.findings)
/// ```
package enum PolicyEvaluator {
    /// The violations, in the findings' order. A policy that restricts something but has no
    /// findings to check (no launch's main thread was observed) gives one `missing` verdict:
    /// never a silent pass.
    package static func evaluate(_ policy: FindingsPolicy?, findings: RunFindings?) -> [PolicyVerdict] {
        guard let policy, !policy.isEmpty else { return [] }
        guard let findings, findings.analyzedLaunches.values.contains(where: { $0 > 0 }) else {
            return [
                PolicyVerdict(
                    status: .missing, level: policy.hasErrorLevel ? .error : .warn,
                    message:
                        "No launch recorded main-thread activity (the blocking-call tracer and the stall sampler did not run), so the policy cannot be checked."
                )
            ]
        }
        var verdicts: [PolicyVerdict] = []
        for finding in findings.findings {
            guard let level = policy.level(of: finding.site.kind, in: finding.site.phase),
                finding.medianCostNs >= policy.minimumCostNs,
                policy.allowance(for: finding.site.function) == nil
            else { continue }
            let phase = finding.site.phase?.rawValue ?? "an unknown phase"
            let when =
                (finding.site.phase?.isBeforeFirstFrame ?? true) ? "before the first frame" : "after the first frame"
            let cost = MetricKind.time.format(finding.medianCostNs)
            verdicts.append(
                PolicyVerdict(
                    status: .fail, level: level, findingID: finding.id, scenario: finding.scenario,
                    function: finding.site.function,
                    kind: finding.site.kind, phase: finding.site.phase, medianCostNs: finding.medianCostNs,
                    message:
                        "\(finding.site.function) does \(finding.site.kind.rawValue) work on the main thread in \(phase) (\(when)): \(cost) median in \(finding.launches) of \(finding.analyzedLaunches) \(finding.scenario) launches. \(finding.advice.summary)"
                ))
        }
        return verdicts
    }
}
