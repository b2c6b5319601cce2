import ArgumentParser
import LaunchAnalysis
import LaunchTrace

/// `launchprof`: launch-performance profiler and startup-budget checker.
@main
struct LaunchProf: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "launchprof",
        abstract: "Profile an app's launch, find the work that blocks its main thread, and check it against budgets.",
        discussion: """
            Exit codes: 0 every budget passed; 1 usage or internal error; 2 a budget was exceeded; \
            3 the app failed to launch or measured nothing; 4 inconclusive (the spread straddles a limit).
            """,
        version: "0.1.0",
        subcommands: [RunCommand.self, CheckCommand.self, TraceCommand.self, BaselineCommand.self, ReportCommand.self]
    )

    /// Runs the command, mapping errors to the documented exit codes.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LaunchProfilerError {
            FileHandle.standardError.write(Data("launchprof: \(error)\n".utf8))
            Foundation.exit(error.exitCode.rawValue)
        } catch {
            // Bad arguments are usage errors: exit 1 as documented, not ArgumentParser's 64.
            if Self.exitCode(for: error) == ArgumentParser.ExitCode.validationFailure {
                FileHandle.standardError.write(Data((Self.fullMessage(for: error) + "\n").utf8))
                Foundation.exit(ExitCode.usageError.rawValue)
            }
            exit(withError: error)
        }
    }
}

import Foundation
