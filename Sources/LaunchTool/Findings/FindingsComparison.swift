/// The main-thread findings of two builds side by side, matched by ``FindingKey``
/// (function, kind of work, phase): what is new in head, what is gone, and what both have.
/// Findings of low confidence (seen in few launches or by few samples) are never called new
/// or gone: they are noise more often than work.
///
/// ```swift
/// let side = FindingsComparison(base: baseSummary.findings, head: headSummary.findings)
/// side.new.map(\.id)    // ["fileIO:didFinishLaunching:ThumbnailCache.warm()"]
/// ```
package struct FindingsComparison: Codable, Sendable, Equatable {
    /// One finding present in both builds, with its cost in each.
    package struct Pair: Codable, Sendable, Equatable {
        /// `kind:phase:function`.
        package var id: String
        /// Median cost per launch in base, in nanoseconds.
        package var baseMedianCostNs: Double
        /// Median cost per launch in head, in nanoseconds.
        package var headMedianCostNs: Double
        /// Of base's cost, the time its thread waited for a CPU in it, when it did.
        package var baseWaitingForCPUNs: Double?
        /// Of head's cost, the time its thread waited for a CPU in it, when it did.
        package var headWaitingForCPUNs: Double?
    }

    /// Findings of head that base does not have, by impact.
    package var new: [Finding]
    /// Findings of base that head no longer has, by impact.
    package var gone: [Finding]
    /// Findings of both, in head's order.
    package var both: [Pair]
    /// The reasons of the launches' breakdowns whose time moved, largest change first (nil when
    /// either side has no breakdowns): which part of the launch changed, the program's or the machine's.
    package var reasonChanges: [ReasonChange]?
    /// What the largest of ``reasonChanges`` says, one sentence (``ReasonChange/conclusion(_:)``):
    /// for a busier machine, that head waited more for a CPU, not a change of the program; nil
    /// when no reason moved or either side has no breakdowns.
    package var reasonConclusion: String?

    /// Matches the findings of base and head; nil findings count as none.
    package init(base: RunFindings?, head: RunFindings?) {
        let baseFindings = base?.findings ?? []
        let headFindings = head?.findings ?? []
        let baseByKey = Dictionary(baseFindings.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let headKeys = Set(headFindings.map(Self.key))
        new = headFindings.filter { $0.confidence != .low && baseByKey[Self.key($0)] == nil }
        gone = baseFindings.filter { $0.confidence != .low && !headKeys.contains(Self.key($0)) }
        both = headFindings.compactMap { finding in
            baseByKey[Self.key(finding)].map {
                Pair(
                    id: finding.id, baseMedianCostNs: $0.medianCostNs, headMedianCostNs: finding.medianCostNs,
                    baseWaitingForCPUNs: $0.medianWaitingForCPUNs, headWaitingForCPUNs: finding.medianWaitingForCPUNs)
            }
        }
        let changes = ReasonChange.changes(base: base?.breakdowns, head: head?.breakdowns)
        reasonChanges = base?.breakdowns != nil && head?.breakdowns != nil ? changes : nil
        let own = ReasonChange.ownCodeDelta(base: base?.breakdowns ?? [], head: head?.breakdowns ?? [])
        reasonConclusion = reasonChanges.flatMap { ReasonChange.conclusion($0, own: own) }
    }

    private static func key(_ finding: Finding) -> FindingKey {
        FindingKey(function: finding.site.function, kind: finding.site.kind, phase: finding.site.phase)
    }
}
