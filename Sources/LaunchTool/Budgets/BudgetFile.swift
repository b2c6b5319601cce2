import Foundation

/// A validated budget file (`budgets.json`, format version 1).
///
/// ```json
/// {
///   "schemaVersion": 1,
///   "defaults": { "scenario": "warm", "statistic": "median", "level": "error" },
///   "rules": [
///     { "metric": "timeToFirstFrame", "statistic": "p90", "limit": "400ms" },
///     { "metric": "didFinishLaunching", "limit": "+10%", "baseline": "main" }
///   ]
/// }
/// ```
///
/// ```swift
/// let budgets = try BudgetFile.load(from: URL(filePath: "budgets.json"))
/// ```
package struct BudgetFile: Codable, Sendable, Equatable {
    /// The format version this library reads and writes.
    package static let currentSchemaVersion = 1

    /// Format version of the file.
    package var schemaVersion: Int
    /// The defaults the rules were completed with.
    package var defaults: BudgetDefaults
    /// The rules, defaults applied, in file order.
    package var rules: [BudgetRule]
    /// The policy on main-thread work (see ``FindingsPolicy``), if the file has one.
    package var policy: FindingsPolicy?

    /// Creates a budget file.
    package init(
        schemaVersion: Int = BudgetFile.currentSchemaVersion, defaults: BudgetDefaults = .init(), rules: [BudgetRule],
        policy: FindingsPolicy? = nil
    ) {
        self.schemaVersion = schemaVersion
        self.defaults = defaults
        self.rules = rules
        self.policy = policy
    }

    /// The names of the saved baselines relative rules compare against, sorted and unique, so
    /// a caller knows which to load (`base`, the base build of `launchprof compare`, is not one).
    package var baselineNames: [String] {
        Array(
            Set(rules.filter { $0.history == nil }.compactMap(\.baseline)).subtracting([
                BaseBudgetVerdict.baseBaselineName
            ])
        ).sorted()
    }

    /// The run counts of the rules against history (`"history": N`), sorted and unique.
    package var historyRunCounts: [Int] {
        Array(Set(rules.compactMap(\.history))).sorted()
    }

    /// The file without the rules against the base build of `launchprof compare`: what `run`
    /// and `check` evaluate.
    package var withoutBaseRules: BudgetFile {
        var file = self
        file.rules.removeAll { $0.history == nil && $0.baseline == BaseBudgetVerdict.baseBaselineName }
        return file
    }
}
