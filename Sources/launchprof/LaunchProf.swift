import ArgumentParser
import Foundation
import LaunchTool
import LaunchTrace

/// `launchprof`: launch-performance profiler and startup-budget checker.
@main
struct LaunchProf: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launchprof",
        abstract: "Profile an app's launch, find the work that blocks its main thread, and check it against budgets.",
        discussion: ProfilerExitStatus.helpText,
        version: "launchprof \(versionNumber) (commit \(BuildCommit.hash ?? "unknown"))",
        subcommands: [
            RunCommand.self, CompareCommand.self, BisectCommand.self, CheckCommand.self, TraceCommand.self,
            BaselineCommand.self, ReportCommand.self, HistoryCommand.self,
        ]
    )

    /// launchprof's version: the one place it is written (`scripts/package` reads it from
    /// `launchprof --version`, which adds the commit the build was made from).
    static let versionNumber = "0.1.0"

    /// The generator named in reports: the tool and its version.
    static var generator: String { "launchprof \(versionNumber)" }

    /// Runs the command, mapping errors to the documented exit codes.
    static func main() {
        do {
            try CommandTerminator.check(Array(CommandLine.arguments.dropFirst()))
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LaunchProfilerError {
            Terminal.printError("launchprof: \(error)")
            Foundation.exit(error.exitStatus.rawValue)
        } catch {
            // Bad arguments are usage errors: exit 1 as documented, not ArgumentParser's 64.
            if Self.exitCode(for: error) == ArgumentParser.ExitCode.validationFailure {
                Terminal.printError(Self.fullMessage(for: error))
                Foundation.exit(ProfilerExitStatus.usageError.rawValue)
            }
            exit(withError: error)
        }
    }
}
