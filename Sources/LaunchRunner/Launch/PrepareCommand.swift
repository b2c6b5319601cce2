import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// The shell commands of hyperfine's habits around launches: `--prepare` before each launch,
/// `--setup` before the first, `--cleanup` after the last; each run with `/bin/sh -c`, its output
/// passed through, and never timed.
package enum PrepareCommand {
    /// Runs `command` (nil: nothing); nil when it succeeded, else a sentence saying how it failed.
    package static func run(_ command: String?, role: String = "--prepare") -> String? {
        guard let command else { return nil }
        let process = Process()
        process.executableURL = URL(filePath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = FileHandle.nullDevice
        do {
            try process.runUntilExit()
        } catch {
            return "The \(role) command could not be started: \(error.localizedDescription)"
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how =
                process.terminationReason == .exit
                ? "exited with status \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            let consequence = role == "--prepare" ? "the launch was not made" : "nothing more was launched for it"
            return "The \(role) command `\(command)` \(how); \(consequence)."
        }
        return nil
    }
}
