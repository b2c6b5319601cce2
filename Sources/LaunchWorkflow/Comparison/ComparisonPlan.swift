import LaunchAnalysis
import LaunchTrace

/// What `launchprof compare` does: two builds with the same launch settings, the metrics
/// to compare, the statistical settings, the most launches and the budget rules against base.
public struct ComparisonPlan: Sendable, Equatable {
    /// The base build; its scenario, warm-up, timeout, exit point and instruments apply to both.
    public var base: ProfilingPlan
    /// The head build (its executable, arguments and environment).
    public var head: ProfilingPlan
    /// The metrics compared, in order.
    public var metrics: [MetricName]
    /// The statistical settings.
    public var settings: ComparisonSettings
    /// The most measured launches per build.
    public var maxRuns: Int
    /// The seed of the randomised block order.
    public var seed: UInt64
    /// The budget file whose rules against `base` are checked, if any.
    public var budgets: BudgetFile?

    /// Creates a plan; the metrics of the rules against base are compared too.
    public init(
        base: ProfilingPlan, head: ProfilingPlan, metrics: [MetricName], settings: ComparisonSettings = ComparisonSettings(),
        maxRuns: Int = 60, seed: UInt64, budgets: BudgetFile? = nil
    ) {
        self.base = base
        var head = head
        head.scenario = base.scenario
        head.warmup = base.warmup
        head.timeoutSeconds = base.timeoutSeconds
        head.exitAfter = base.exitAfter
        head.instruments = base.instruments
        self.head = head
        let ruleMetrics = (budgets.map(BaseBudgetVerdict.rules(in:)) ?? []).map(\.metric)
        self.metrics = (metrics + ruleMetrics).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        self.settings = settings
        self.maxRuns = maxRuns
        self.seed = seed
        self.budgets = budgets
    }

    /// The rules of ``budgets`` against the base build.
    public var baseRules: [BudgetRule] {
        budgets.map(BaseBudgetVerdict.rules(in:)) ?? []
    }
}
