import LaunchRunner
import LaunchTrace

/// What `launchprof compare` does: two launch specifications (base and head; a bisect step adds
/// its reference), the metrics
/// to compare, the statistical settings, the most launches and the budget rules against base.
///
/// The two sides are whatever their specifications say; the CLI gives both the same scenario,
/// timeout, exit point, readiness and instruments, so that only the program (and its
/// environment) differs.
package struct ComparisonPlan: Sendable, Equatable {
    /// How the base build is launched.
    package var base: LaunchSpecification
    /// How the head build is launched.
    package var head: LaunchSpecification
    /// Launches of each build before the measured ones, discarded.
    package var warmup: Int
    /// The metrics compared, in order.
    package var metrics: [MetricName]
    /// The statistical settings.
    package var settings: ComparisonSettings
    /// The most measured launches per build.
    package var maxRuns: Int
    /// The seed of the randomised block order.
    package var seed: UInt64
    /// The budget file whose rules against `base` are checked, if any.
    package var budgets: BudgetFile?
    /// Whether each diagnosis launch is followed by a measurement launch whose values the
    /// sequential test compares (a program's with no instruments at all, an app's with the probe's
    /// marks alone); without, the diagnosis launches' values are compared.
    package var measurementLaunches = true
    /// Whether a program that is not a LaunchKit app gets diagnosis launches too (each followed by
    /// the measurement launch whose time is compared), so that the comparison names the functions
    /// whose cost moved; off, such a program runs with no instruments at all (the fastest decision).
    package var diagnosesPrograms = false
    /// A bisect step's reference, the bad commit: when set, every block launches it beside base
    /// (the good commit) and head (the candidate), and the launches go on until the head build is
    /// placed, in every metric, as like base, like the reference, or between them
    /// (``BisectPlacement``), not until each metric is decided against
    /// `--min-effect`.
    package var reference: LaunchSpecification?
    /// The tool and version named in `comparison.html`.
    package var generator = "launchprof"

    /// Creates a plan; the metrics of the rules against base are compared too.
    package init(
        base: LaunchSpecification, head: LaunchSpecification, warmup: Int = 1, metrics: [MetricName],
        settings: ComparisonSettings = ComparisonSettings(), maxRuns: Int = 60, seed: UInt64, budgets: BudgetFile? = nil
    ) {
        self.base = base
        self.head = head
        self.warmup = warmup
        let ruleMetrics = (budgets.map(BaseBudgetVerdict.rules(in:)) ?? []).map(\.metric)
        self.metrics = (metrics + ruleMetrics).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        self.settings = settings
        self.maxRuns = maxRuns
        self.seed = seed
        self.budgets = budgets
    }

    /// The specification of `build`: its launches are pre-main launches (the audit module
    /// alone, ``LaunchTrace/LaunchKind/preMain``) when a compared metric is one of the time
    /// before `main`, which only they measure; each marks every object's relocation when a
    /// compared metric is an object's (`preMain.relocation.<file>`).
    package func specification(of build: ComparisonBuild) -> LaunchSpecification {
        var specification =
            switch build {
            case .base: base
            case .head: head
            case .reference: reference ?? base
            }
        // An object's relocation is timed only by the marks, which then every launch carries.
        if metrics.contains(where: { $0.relocationObject != nil }) { specification.relocationMarks = .everyLaunch }
        return metrics.contains(where: \.isPreMainMetric) ? specification.carrying(.loaderAudit) : specification
    }

    /// The rules of ``budgets`` against the base build.
    package var baseRules: [BudgetRule] {
        budgets.map(BaseBudgetVerdict.rules(in:)) ?? []
    }
}
