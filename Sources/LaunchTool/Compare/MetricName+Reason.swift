import LaunchTrace

extension MetricName {
    /// The prefix of a breakdown reason's metrics: `reason:` and the reason
    /// (`reason:waitingForCPU`, its time per launch; `reason:waitingForCPU.share`, its share).
    package static let reasonPrefix = "reason:"

    /// The suffix of a reason's share of the launch: `reason:waitingForCPU.share`.
    package static let reasonShareSuffix = ".share"

    /// The time per launch of `reason` in the diagnosis launches' breakdowns (exec to ready): a
    /// metric of the summary, a budget can name and the history records.
    package static func reason(_ reason: BreakdownReason) -> MetricName {
        MetricName(rawValue: reasonPrefix + reason.rawValue)
    }

    /// The share of each diagnosis launch (exec to ready) that `reason` took, from 0 to 1.
    package static func reasonShare(_ reason: BreakdownReason) -> MetricName {
        MetricName(rawValue: reasonPrefix + reason.rawValue + reasonShareSuffix)
    }

    /// The reason a `reason:` metric names and whether it is the share; nil for any other name,
    /// and for a `reason:` name whose reason is not a ``BreakdownReason``.
    package var breakdownReason: (reason: BreakdownReason, isShare: Bool)? {
        guard rawValue.hasPrefix(Self.reasonPrefix) else { return nil }
        var name = rawValue.dropFirst(Self.reasonPrefix.count)
        let isShare = name.hasSuffix(Self.reasonShareSuffix)
        if isShare { name = name.dropLast(Self.reasonShareSuffix.count) }
        return BreakdownReason(rawValue: String(name)).map { ($0, isShare) }
    }

    /// Whether this is a breakdown reason's time per launch (``reason(_:)``), which, like a
    /// function's cost, moves with a change of the launch rather than being one in the history.
    package var isReasonTime: Bool { rawValue.hasPrefix(Self.reasonPrefix) && !isReasonShare }

    /// Whether this is a breakdown reason's share of the launch (``reasonShare(_:)``).
    package var isReasonShare: Bool {
        rawValue.hasPrefix(Self.reasonPrefix) && rawValue.hasSuffix(Self.reasonShareSuffix)
    }

    /// Whether this series explains a change rather than being one: a function's cost or a
    /// reason's time or share.
    package var isExplanation: Bool { isFunctionCost || rawValue.hasPrefix(Self.reasonPrefix) }
}
