import LaunchTrace

/// The sentences that name the machine's noise in a report: what else used the CPU during the
/// launches when it was large, and for an inconclusive comparison how many launches would likely
/// decide it.
enum MachineLoadNote {
    /// "Busy machine: other processes used 48 % of a CPU during the launches (…); the intervals
    /// are wider for it." Nil when the load was small or not recorded.
    static func sentence(_ load: MachineLoad?) -> String? {
        guard let load, load.isLarge else { return nil }
        return
            "Busy machine: \(load.sentence); the intervals are wider for it (a quieter machine, or --cpu to keep the launches on a CPU of their own, narrows them)."
    }

    /// "timeToReady is inconclusive: at the noise seen, about 140 launches per build would likely
    /// decide it (--max-runs 140)." for each inconclusive metric.
    static func inconclusive(_ outcome: ComparisonOutcome) -> [String] {
        outcome.test.metrics.filter { $0.decision == .inconclusive }.compactMap { metric in
            guard let blocks = metric.blocksToDecide(margin: outcome.test.settings.margin) else { return nil }
            let launches = blocks * 2
            return
                "\(metric.metric.rawValue) is inconclusive after \(metric.baseSamples.count) launches per build: at the noise seen, about \(launches) would likely decide it (--max-runs \(launches))."
        }
    }
}
