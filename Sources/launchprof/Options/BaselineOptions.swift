import ArgumentParser
import Foundation
import LaunchTool

/// The baseline options of `run`, `check` and `report`: which baseline relative rules
/// compare against, and where baselines are kept.
struct BaselineOptions: ParsableArguments {
    @Option(help: "Baseline that relative (+N%) rules compare against, overriding the rules' own.")
    var baseline: String?

    @OptionGroup var store: BaselineStoreOption

    /// The budget file at `budgetsPath` (nil: no rules) with the baselines it needs.
    func check(budgets budgetsPath: String?) throws -> BudgetCheck {
        try BudgetCheck(budgetsPath: budgetsPath, baseline: baseline, store: store.store)
    }
}
