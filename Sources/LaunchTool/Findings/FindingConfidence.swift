/// How sure a finding is.
package enum FindingConfidence: String, Codable, Sendable, CaseIterable, Comparable {
    /// A few samples in few launches: the work may be elsewhere.
    case low
    /// Several samples, or a finding in a minority of the launches.
    case medium
    /// Exact blocking-call records, or many samples in most launches.
    case high

    /// How much of a finding's cost was observed: findings with exact tracer records are always
    /// high; so is one whose cost was mostly (`measuredShare` at least half) measured whole (an
    /// off-CPU interval timed from its switch-out to its switch-in is one observation of all of
    /// its time, not one sample) in at least half of the launches, and medium in fewer. A sampled
    /// finding is high with at least 5 samples per launch (median) in at least half of the
    /// launches, medium with at least 2, low otherwise.
    package static func of(
        tracedCalls: Int, medianSamplesPerLaunch: Double, measuredShare: Double = 0, launches: Int,
        analyzedLaunches: Int
    ) -> FindingConfidence {
        if tracedCalls > 0 { return .high }
        let common = analyzedLaunches > 0 && launches * 2 >= analyzedLaunches
        if measuredShare >= 0.5 { return common ? .high : .medium }
        if medianSamplesPerLaunch >= 5 && common { return .high }
        if medianSamplesPerLaunch >= 2 { return .medium }
        return .low
    }

    /// Low before medium before high.
    package static func < (lhs: FindingConfidence, rhs: FindingConfidence) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
