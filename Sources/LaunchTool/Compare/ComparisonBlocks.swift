import LaunchTrace

/// What a comparison's blocks have shown so far: the sequential test of head against base, the
/// phases, spans and parts on the same blocks, and with a bisect step's reference the placement
/// of head between base and the reference in each compared metric.
struct ComparisonBlocks {
    /// The test of every compared metric.
    private(set) var test: SequentialComparison
    /// The parts, from the first block's names on.
    private(set) var parts: ComparisonParts?
    /// The placements (none without a reference).
    private(set) var placements: [BisectPlacement]
    private let settings: ComparisonSettings

    /// The empty blocks of `plan`.
    init(plan: ComparisonPlan) {
        test = SequentialComparison(metrics: plan.metrics, settings: plan.settings)
        settings = plan.settings
        let alpha = plan.settings.alpha(perMetricOf: plan.metrics.count)
        placements =
            plan.reference == nil
            ? []
            : plan.metrics.map {
                BisectPlacement(metric: $0, alpha: alpha, plannedBlocks: plan.settings.plannedBlocks)
            }
    }

    /// Adds one block's values, per build.
    mutating func add(_ block: [ComparisonBuild: [[MetricName: Double]]]) {
        let (base, head) = (block[.base] ?? [], block[.head] ?? [])
        test.add(base: base, head: head)
        if parts == nil {
            parts = ComparisonParts(
                names: (base + head).flatMap(\.keys), compared: test.metrics.map(\.metric), settings: settings)
        }
        parts?.add(base: base, head: head)
        let reference = block[.reference] ?? []
        for index in placements.indices {
            let name = placements[index].metric
            placements[index].add(
                good: base.compactMap { $0[name] }, candidate: head.compactMap { $0[name] },
                bad: reference.compactMap { $0[name] })
        }
    }
}
