extension SlowStartRules {
    /// The reasons the launches of `breakdowns` were slow: every rule whose median share over the
    /// launches is over its threshold, with the evidence of the median launch (its longest
    /// intervals of the rule's reasons, and for a wait for a CPU the other programs that ran).
    /// `majorFaults`, the process's major page faults per launch (median) when known, goes into the
    /// title of a cold launch's reason: `A cold launch: 412 major page faults, 35.2 ms (12.3 % of the launch)`.
    package static func evaluate(
        _ breakdowns: [LaunchBreakdown], otherPrograms: [OtherProgram]? = nil, majorFaults: Double? = nil
    ) -> [SlowStartReason] {
        let launches = breakdowns.filter { $0.totalNs > 0 }
        guard let median = medianLaunch(launches) else { return [] }
        return rules.compactMap { rule in
            let times = launches.map { launch in Double(rule.reasons.reduce(0) { $0 + launch.timeNs($1) }) }
            let shares = zip(launches, times).map { $1 / Double($0.totalNs) }
            let share = Descriptive.median(shares)
            guard share > rule.threshold else { return nil }
            var evidence = longest(median, reasons: rule.reasons)
            if rule.id == "waitingForCPU" { evidence += others(otherPrograms) }
            let medianNs = Descriptive.median(times)
            var title = rule.title(percent(share))
            if rule.id == "majorFaults", let majorFaults {
                title =
                    "A cold launch: \(MetricKind.count.format(majorFaults)) major page faults, \(MetricKind.time.format(medianNs)) (\(percent(share)) of the launch)"
            }
            return SlowStartReason(
                rule: rule.id, title: title, threshold: rule.threshold, value: share, medianNs: medianNs,
                severity: share > 2 * rule.threshold ? .high : .medium, evidence: evidence, advice: rule.advice)
        }
    }

    /// The launch whose total is the median (the lower of the two middle ones).
    package static func medianLaunch(_ launches: [LaunchBreakdown]) -> LaunchBreakdown? {
        let sorted = launches.sorted { ($0.totalNs, $0.runIndex ?? 0) < ($1.totalNs, $1.runIndex ?? 0) }
        return sorted.isEmpty ? nil : sorted[(sorted.count - 1) / 2]
    }

    /// `12.0 ms at 140.2 ms (read)`: the three longest intervals of `reasons` in `launch`.
    static func longest(_ launch: LaunchBreakdown, reasons: Set<BreakdownReason>) -> [String] {
        let label = launch.runIndex.map { "launch \($0): " } ?? ""
        return launch.intervals.filter { reasons.contains($0.reason) }
            .sorted { ($0.durationNs, $1.startNs) > ($1.durationNs, $0.startNs) }
            .prefix(3)
            .map { interval in
                "\(label)\(interval.reason.words) \(MetricKind.time.format(Double(interval.durationNs))) at "
                    + MetricKind.time.format(Double(interval.startNs)) + (interval.detail.map { " (\($0))" } ?? "")
            }
    }

    /// `sh (2 processes) used 290.0 ms of CPU in the launch's window (an estimate from /proc)`.
    static func others(_ programs: [OtherProgram]?) -> [String] {
        (programs ?? []).prefix(3).map { other in
            let count = other.processes > 1 ? " (\(other.processes) processes)" : ""
            return
                "\(other.name)\(count) used \(MetricKind.time.format(other.medianCPUNs)) of CPU in the launch's window (median, an estimate from /proc)"
        }
    }

    /// `15.2 %`.
    package static func percent(_ share: Double) -> String {
        let tenths = Int64((share * 1000).rounded())
        return "\(tenths / 10).\(abs(tenths % 10)) %"
    }
}
