import LaunchTool

/// The lines `launchprof bisect` writes to standard error as it goes: each build, each step's
/// verdict and how many commits are left.
struct BisectProgress: Sendable {
    /// Writes the line of `event`, if it has one.
    func report(_ event: BisectEvent) {
        switch event {
        case .started(let commits):
            Terminal.printError("launchprof: bisecting \(commits) commit\(commits == 1 ? "" : "s").")
        case .building(let commit, let role):
            let end = role == .candidate ? "" : " (\(role.rawValue))"
            Terminal.printError("launchprof: building \(commit.shortHash) \"\(commit.subject)\"\(end)…")
        case .built(let commit, let result):
            Terminal.printError(
                "launchprof: \(commit.shortHash) build \(result.description) in \(String(format: "%.2f", result.seconds)) s."
            )
        case .comparing(let commit, .bad, .warmingUp):
            Terminal.printError("launchprof: comparing \(commit.shortHash) against the good commit…")
        case .comparing(let commit, _, .warmingUp):
            Terminal.printError(
                "launchprof: launching \(commit.shortHash) beside the good and the bad commit, blocks of six launches…")
        case .comparing:
            break
        case .stepFinished(let step, let left):
            Terminal.printError(
                "launchprof: \(step.commit.prefix(10)) is \(step.verdict.rawValue). \(step.reason) \(left) commit\(left == 1 ? "" : "s") left."
            )
        }
    }
}
