import Foundation
import LaunchRunner

/// What every command that launches programs does first: catch SIGINT, SIGTERM and SIGHUP and
/// launchprof's own fatal signals, become the subreaper of the launches' orphans
/// (``LaunchRunner/RunInterruption``), and end what an earlier launchprof killed with SIGKILL left
/// running (``LaunchRunner/OrphanSweep``), saying so on standard error.
enum LaunchGuard {
    static func install() throws {
        try RunInterruption.install()
        let ended = OrphanSweep().sweep()
        guard !ended.isEmpty else { return }
        let pids = ended.map(String.init).joined(separator: ", ")
        Terminal.printError(
            "launchprof: ended \(ended.count) process\(ended.count == 1 ? "" : "es") (\(pids)) left running by an earlier launchprof that was killed."
        )
    }
}
