import LaunchTrace

/// A function whose cost per launch moved between base and head: the differential profile of a
/// comparison, from the findings of every diagnosis launch of both builds (a launch without the
/// finding costs it nothing), tested with Mann-Whitney's U at an error rate split over the
/// functions, the shift estimated by Hodges-Lehmann. The cost compared is the function's own
/// (``LaunchFinding/costNs`` less ``LaunchFinding/waitingForCPUNs``: on a CPU or blocked in
/// it): its thread's waits for a CPU are the machine's, and a busier machine in one build is
/// not a change of the function (the comparison's reason changes say so).
package struct FunctionChange: Codable, Sendable, Equatable {
    /// The finding's key (`cpu:didFinishLaunching:Catalog.init(data:)`).
    package var id: String
    /// The function.
    package var function: String
    /// Its module, when known.
    package var module: String?
    /// The thread it ran on, nil for the main thread.
    package var thread: String?
    /// Median own cost per launch in base (without waits for a CPU), in nanoseconds.
    package var baseMedianNs: Double
    /// Median own cost per launch in head (without waits for a CPU), in nanoseconds.
    package var headMedianNs: Double
    /// Hodges-Lehmann's shift from base to head, in nanoseconds (positive: head costs more).
    package var shiftNs: Double
    /// Mann-Whitney's two-sided p-value.
    package var pValue: Double

    /// The functions whose cost moved by at least `minShiftNs`, at error rate `alpha` over all the
    /// functions either build has, the largest shift first.
    package static func changes(
        base: [[LaunchFinding]], head: [[LaunchFinding]], alpha: Double = 0.05, minShiftNs: Double = 500_000
    ) -> [FunctionChange] {
        let baseCosts = costs(base)
        let headCosts = costs(head)
        let keys = Set(baseCosts.keys).union(headCosts.keys)
        guard base.count >= 3, head.count >= 3, !keys.isEmpty else { return [] }
        let threshold = alpha / Double(keys.count)
        let described = Dictionary((base + head).joined().map { ($0.key, $0) }) { first, _ in first }
        return keys.compactMap { key -> FunctionChange? in
            let x = baseCosts[key] ?? Array(repeating: 0, count: base.count)
            let y = headCosts[key] ?? Array(repeating: 0, count: head.count)
            let test = MannWhitneyU(x: x, y: y)
            let shift = HodgesLehmann.shift(from: x, to: y)
            guard test.pValue < threshold, abs(shift) >= minShiftNs, let finding = described[key] else { return nil }
            return FunctionChange(
                id: key.description, function: finding.site.function, module: finding.site.module,
                thread: finding.site.thread,
                baseMedianNs: Descriptive.median(x), headMedianNs: Descriptive.median(y), shiftNs: shift,
                pValue: test.pValue)
        }
        .sorted { (abs($0.shiftNs), $1.id) > (abs($1.shiftNs), $0.id) }
    }

    /// Each finding's own cost (without its waits for a CPU) in every launch, 0 where a launch
    /// did not have it.
    static func costs(_ launches: [[LaunchFinding]]) -> [FindingKey: [Double]] {
        var costs: [FindingKey: [Double]] = [:]
        for (index, launch) in launches.enumerated() {
            for finding in launch {
                costs[finding.key, default: Array(repeating: 0, count: launches.count)][index] += Double(
                    finding.costNs - finding.waitingForCPUNs)
            }
        }
        return costs
    }
}
