import LaunchTrace

/// A StrictMode-style policy on main-thread work, from the `policy` section of `budgets.json`:
/// which kinds of work are a warning or an error before and after the first frame (or in a
/// given phase), the cost under which findings are ignored, and the functions allowed anyway.
///
/// ```json
/// "policy": {
///   "beforeFirstFrame": { "fileIO": "error", "network": "error", "sleep": "warn" },
///   "phases": { "didFinishLaunching": { "cpu": "warn" } },
///   "minimumCost": "2ms",
///   "allow": ["ThumbnailCache.warmSynchronously"]
/// }
/// ```
package struct FindingsPolicy: Codable, Sendable, Equatable {
    /// Level per kind (``LaunchTrace/BlockingKind`` raw value) for the phases before the first frame.
    package var beforeFirstFrame: [String: BudgetLevel]
    /// Level per kind for `didBecomeActive`, after the first frame.
    package var afterFirstFrame: [String: BudgetLevel]
    /// Level per kind for one phase (by phase id), overriding the two above.
    package var phases: [String: [String: BudgetLevel]]
    /// Findings whose median cost per launch is under this are ignored, in nanoseconds (0: none).
    package var minimumCostNs: Double
    /// ``minimumCostNs`` as written, e.g. `"2ms"`.
    package var minimumCost: String?
    /// Functions allowed to do any work: `Type.method`, `Type` (all its methods) or a full
    /// simplified name; their closures are allowed too.
    package var allow: [String]

    /// Creates a policy.
    package init(
        beforeFirstFrame: [String: BudgetLevel] = [:], afterFirstFrame: [String: BudgetLevel] = [:],
        phases: [String: [String: BudgetLevel]] = [:], minimumCostNs: Double = 0, minimumCost: String? = nil,
        allow: [String] = []
    ) {
        self.beforeFirstFrame = beforeFirstFrame
        self.afterFirstFrame = afterFirstFrame
        self.phases = phases
        self.minimumCostNs = minimumCostNs
        self.minimumCost = minimumCost
        self.allow = allow
    }

    /// The level of `kind` in `phase`, or nil when the policy does not restrict it. An unknown
    /// phase counts as before the first frame.
    package func level(of kind: BlockingKind, in phase: LaunchPhase?) -> BudgetLevel? {
        if let phase, let level = phases[phase.rawValue]?[kind.rawValue] { return level }
        let before = phase?.isBeforeFirstFrame ?? true
        return (before ? beforeFirstFrame : afterFirstFrame)[kind.rawValue]
    }

    /// The `allow` entry that covers `function`, if any.
    package func allowance(for function: String) -> String? {
        var name = Substring(function)
        while name.hasPrefix("closure #") || name.hasPrefix("implicit closure #") || name.hasPrefix("$defer #") {
            guard let range = name.range(of: " in ") else { break }
            name = name[range.upperBound...]
        }
        let base = String(name.split(separator: "(", maxSplits: 1).first ?? name)
        return allow.first { entry in
            entry == function || entry == String(name) || entry == base || base.hasSuffix("." + entry)
                || base.hasPrefix(entry + ".")
        }
    }

    /// Whether the policy restricts anything.
    package var isEmpty: Bool {
        beforeFirstFrame.isEmpty && afterFirstFrame.isEmpty && phases.values.allSatisfy(\.isEmpty)
    }

    /// Whether any restriction is at the error level.
    package var hasErrorLevel: Bool {
        (Array(beforeFirstFrame.values) + Array(afterFirstFrame.values) + phases.values.flatMap(\.values)).contains(
            .error)
    }
}
