import LaunchTrace

extension MetricName {
    /// The prefix of a function's cost per launch as the history records it: `function:` and the
    /// finding's key (`function:cpu:didFinishLaunching:Catalog.init(data:)`).
    public static let functionPrefix = "function:"

    /// The cost per launch of the finding `id`, as a series of the history.
    public static func function(_ id: String) -> MetricName {
        MetricName(rawValue: functionPrefix + id)
    }

    /// Whether this is a finding's cost per launch (``function(_:)``), which no budget names.
    public var isFunctionCost: Bool { rawValue.hasPrefix(Self.functionPrefix) }
}

extension MetricName {
    /// The prefix of a breakdown reason's time per launch as the history records it: `reason:`
    /// and the reason (`reason:waitingForCPU`).
    public static let reasonPrefix = "reason:"

    /// The median time per launch of `reason` in the run's breakdowns, as a series of the history.
    public static func reason(_ reason: BreakdownReason) -> MetricName {
        MetricName(rawValue: reasonPrefix + reason.rawValue)
    }

    /// Whether this is a breakdown reason's time per launch (``reason(_:)``), which no budget
    /// names and which, like a function's cost, moves with a change rather than being one.
    public var isReasonTime: Bool { rawValue.hasPrefix(Self.reasonPrefix) }

    /// Whether this series explains a change rather than being one: a function's cost or a reason's time.
    public var isExplanation: Bool { isFunctionCost || isReasonTime }
}
