/// The rules that turn a run's breakdowns into ``SlowStartReason``s, in the spirit of Perfetto's
/// Android startup analysis: each a share of the launch with a threshold.
///
/// | rule | reasons counted | threshold |
/// |---|---|---|
/// | `waitingForCPU` | waiting for a CPU | 15 % |
/// | `blockingIO` | file I/O | 10 % |
/// | `majorFaults` | major page faults | 10 % |
/// | `lockContention` | lock | 20 % |
/// | `displayRoundTrips` | display round trip | 10 % |
/// | `beforeMain` | exec, loader start-up, loading, relocation, initializers | 30 % |
/// | `wrapper` | wrapper before the program | 5 % |
package enum SlowStartRules {
    /// One rule.
    package struct Rule: Sendable {
        /// Its id.
        package var id: String
        /// The reasons whose time it counts.
        package var reasons: Set<BreakdownReason>
        /// The share of the launch over which it fires.
        package var threshold: Double
        /// What it found, given the share measured as text.
        package var title: @Sendable (String) -> String
        /// What to do about it.
        package var advice: String
    }

    /// The rules, in the order they are shown.
    package static let rules: [Rule] = [
        Rule(
            id: "waitingForCPU", reasons: [.waitingForCPU], threshold: 0.15,
            title: { "The launch waited for a CPU \($0) of its time" },
            advice:
                "Other programs held the CPUs (the machine's time, not the program's code): compare on a quieter machine, or keep other work off the runner's CPUs while measuring."
        ),
        Rule(
            id: "blockingIO", reasons: [.fileIO], threshold: 0.10,
            title: { "Blocking file I/O took \($0) of the launch" },
            advice: "Read less before ready, or read it later or concurrently."
        ),
        Rule(
            id: "majorFaults", reasons: [.majorFault], threshold: 0.10,
            title: { "A cold launch: major page faults took \($0) of the launch" },
            advice:
                "Pages of the program, its libraries or its mapped files were read from disk (a cold page cache): a smaller executable, fewer libraries and less code and data touched before ready fault in fewer pages; a warm launch does not pay them."
        ),
        Rule(
            id: "lockContention", reasons: [.lock], threshold: 0.20,
            title: { "Waiting in locks and semaphores took \($0) of the launch" },
            advice: "Hold the lock for less time in the other thread, or wait only where the result is needed."
        ),
        Rule(
            id: "displayRoundTrips", reasons: [.displayRoundTrip], threshold: 0.10,
            title: { "Round trips to the display server took \($0) of the launch" },
            advice: "Batch the requests that wait for a reply (one sync for many), or make them after the first frame."
        ),
        Rule(
            id: "beforeMain", reasons: [.exec, .loaderStartup, .loading, .relocation, .initializers], threshold: 0.30,
            title: { "Time before main took \($0) of the launch" },
            advice:
                "Link fewer libraries (Before main names the unused ones), prelink or link statically, and do less in static initializers."
        ),
        Rule(
            id: "wrapper", reasons: [.earlierPrograms], threshold: 0.05,
            title: { "A wrapper ran before the program for \($0) of the launch" },
            advice: "Start the last program directly, or make the wrapper exec it at once."
        ),
    ]
}
