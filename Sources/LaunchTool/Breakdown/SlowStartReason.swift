/// A reason a run's launches were slow, from their breakdowns (``LaunchBreakdown``): a rule with
/// a threshold on a share of the launch, the value measured, a severity, and the evidence.
package struct SlowStartReason: Codable, Sendable, Equatable {
    /// How far over its threshold the value is.
    package enum Severity: String, Codable, Sendable, Comparable {
        /// Over the threshold.
        case medium
        /// Over twice the threshold.
        case high

        /// `medium` before `high`.
        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .medium && rhs == .high }
    }

    /// The rule's id: `waitingForCPU`, `blockingIO`, `majorFaults`, `lockContention`, `displayRoundTrips`,
    /// `beforeMain`, `wrapper`.
    package var rule: String
    /// What the rule found, for people.
    package var title: String
    /// The share of the launch over which the rule fires (0.15: 15 %).
    package var threshold: Double
    /// The share measured: the median over the launches of each launch's share.
    package var value: Double
    /// The time measured, median per launch, in nanoseconds.
    package var medianNs: Double
    /// How far over the threshold.
    package var severity: Severity
    /// What shows it: the longest intervals, the functions, the other processes.
    package var evidence: [String]
    /// What to do about it.
    package var advice: String

    /// Creates a reason.
    package init(
        rule: String, title: String, threshold: Double, value: Double, medianNs: Double, severity: Severity,
        evidence: [String], advice: String
    ) {
        self.rule = rule
        self.title = title
        self.threshold = threshold
        self.value = value
        self.medianNs = medianNs
        self.severity = severity
        self.evidence = evidence
        self.advice = advice
    }
}
