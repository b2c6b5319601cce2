extension ReasonChange {
    /// What the largest change of the breakdowns says, in one sentence, or nil without changes:
    /// a wait for a CPU is the machine's (`Head's launches waited 352.1 ms more for a CPU …: the
    /// machine was busier while head ran, not a change of the program; its own code +0.4 ms.`),
    /// the program's code and libraries on a CPU are the program's, and any other reason is named.
    /// `changes` are ``changes(base:head:)``'s, largest first; `own` is ``ownCodeDelta(base:head:)``.
    package static func conclusion(_ changes: [ReasonChange], own: Double) -> String? {
        guard let top = changes.first else { return nil }
        let time = MetricKind.time
        let sign = own >= 0 ? "+" : "−"
        let ownWords = "its own code on a CPU \(sign)\(time.format(abs(own)))"
        switch top.reason {
        case .waitingForCPU where top.deltaNs > 0:
            return
                "Head's launches waited \(time.format(top.deltaNs)) more for a CPU (median per launch), the largest change of the launch: the machine was busier while head ran, not a change of the program (\(ownWords))."
        case .waitingForCPU:
            return
                "Head's launches waited \(time.format(-top.deltaNs)) less for a CPU (median per launch), the largest change of the launch: the machine was quieter while head ran, not a change of the program (\(ownWords))."
        case .programCode, .library:
            return "The largest change of the launch is the program's own work: \(top.sentence)."
        default:
            return "The largest change of the launch: \(top.sentence)."
        }
    }

    /// How the program's own time on a CPU (its code and the libraries it called) moved from
    /// `base` to `head`: the median per launch of each side's, head less base; 0 when either has
    /// no launch.
    package static func ownCodeDelta(base: [LaunchBreakdown], head: [LaunchBreakdown]) -> Double {
        guard !base.isEmpty, !head.isEmpty else { return 0 }
        func median(_ launches: [LaunchBreakdown]) -> Double {
            Descriptive.median(launches.map { Double($0.timeNs(.programCode) + $0.timeNs(.library)) })
        }
        return median(head) - median(base)
    }
}
