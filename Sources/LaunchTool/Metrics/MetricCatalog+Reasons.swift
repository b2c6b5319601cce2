import LaunchTrace

extension MetricCatalog {
    /// `reason:<reason>` and `reason:<reason>.share`: each reason's time and share of the
    /// diagnosis launches' exclusive breakdowns (``LaunchBreakdown``, exec to ready). A trace
    /// alone does not give them: the summary gets them with its findings
    /// (``RunSummary/addReasonMetrics()``).
    static let reasonFamilies: [MetricFamily] = [false, true].map { share in
        let words = share ? "Share of the launch (exec to ready)" : "Time per launch"
        return MetricFamily(
            share ? "reason:<reason>.share" : "reason:<reason>", share ? .share : .time,
            "\(words) of the reason (waitingForCPU, fileIO, lock, …; docs/findings.md) in the diagnosis launches' exclusive breakdowns.",
            source: "findings.breakdowns[].intervals[].durationNs, summed by reason"
                + (share ? ", over the breakdown's totalNs" : ""),
            listed: BreakdownReason.allCases.map { share ? .reasonShare($0) : .reason($0) },
            member: { name in
                guard let (reason, isShare) = name.breakdownReason, isShare == share else { return nil }
                return MetricDefinition(
                    name, share ? .share : .time,
                    "\(words) \(reason.words), in the diagnosis launches' exclusive breakdowns.",
                    source: "findings.breakdowns[].intervals[] of the reason \(reason.rawValue)")
            },
            values: { _ in [] }
        )
    }

    /// The reasons' names as a budget writes them, for an error: `reason:exec`, …
    package static var reasonNames: [String] { BreakdownReason.allCases.map { MetricName.reason($0).rawValue } }
}
