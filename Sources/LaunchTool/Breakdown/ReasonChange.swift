/// How the time of one ``BreakdownReason`` changed between two runs: the median per launch of
/// each side's breakdowns, and what the change means (`waiting for a CPU +110.0 ms: the machine
/// was busier`, not a regression of the program).
package struct ReasonChange: Codable, Sendable, Equatable {
    /// The reason.
    package var reason: BreakdownReason
    /// Its median time per launch in base, in nanoseconds.
    package var baseMedianNs: Double
    /// Its median time per launch in head, in nanoseconds.
    package var headMedianNs: Double

    /// Creates a change.
    package init(reason: BreakdownReason, baseMedianNs: Double, headMedianNs: Double) {
        self.reason = reason
        self.baseMedianNs = baseMedianNs
        self.headMedianNs = headMedianNs
    }

    /// Head less base.
    package var deltaNs: Double { headMedianNs - baseMedianNs }

    /// The changes of every reason that moved by at least a millisecond and 5 % of the larger
    /// side, largest change first; empty when either side has no breakdowns.
    package static func changes(base: [LaunchBreakdown]?, head: [LaunchBreakdown]?) -> [ReasonChange] {
        guard let base, let head, !base.isEmpty, !head.isEmpty else { return [] }
        func median(_ launches: [LaunchBreakdown], _ reason: BreakdownReason) -> Double {
            Descriptive.median(launches.map { Double($0.timeNs(reason)) })
        }
        return BreakdownReason.allCases.map {
            ReasonChange(reason: $0, baseMedianNs: median(base, $0), headMedianNs: median(head, $0))
        }
        .filter { abs($0.deltaNs) >= 1_000_000 && abs($0.deltaNs) >= 0.05 * max($0.baseMedianNs, $0.headMedianNs) }
        .sorted { (abs($0.deltaNs), $1.reason) > (abs($1.deltaNs), $0.reason) }
    }

    /// `waiting for a CPU +110.0 ms: the machine was busier, not a change of the program`.
    package var sentence: String {
        let sign = deltaNs >= 0 ? "+" : "−"
        var text = "\(reason.words) \(sign)\(MetricKind.time.format(abs(deltaNs)))"
        switch reason {
        case .waitingForCPU:
            text += deltaNs >= 0 ? ": the machine was busier, not a change of the program" : ": the machine was quieter"
        case .programCode, .library:
            text += ": the program's own work changed"
        case .exec, .loaderStartup, .loading, .relocation, .initializers:
            text += ": before main"
        case .fileIO:
            text += ": reads and writes (more read, or a cold cache)"
        case .majorFault:
            text += ": page faults (a cold page cache, or more code and data touched)"
        default:
            break
        }
        return text
    }
}
