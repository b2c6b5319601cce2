import CLaunchRunner
import Foundation
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// A build command (`launchprof bisect`'s, `run --package`'s and `run --build`'s): `/bin/sh -c
/// COMMAND` in a directory, in a process group of its own, its output and errors in one log file.
/// An interruption of launchprof (``RunInterruption``) ends the build and everything it started;
/// a fatal signal of launchprof kills its process group.
///
/// However it ends, nothing the build started outlives it: what is left of its process group,
/// the descendants of its members, and every child launchprof gained during the build (as the
/// subreaper that ``RunInterruption/install()`` makes it, launchprof receives the build's orphans:
/// a `setsid sleep 1000 &`, or the compiler jobs `swift build` starts in process groups of their
/// own) are killed and reaped (``LaunchLeftovers``), as a launch's are.
///
/// ```swift
/// let build = try BuildCommand(command: "swift build -c release", directory: worktree, log: logURL).run()
/// if build.status != .succeeded { … }
/// ```
package struct BuildCommand: Sendable, Equatable {
    /// The shell command.
    package var command: String
    /// The directory it runs in.
    package var directory: URL
    /// The file that receives its standard output and standard error (created or truncated).
    package var log: URL
    /// Variables added to launchprof's own environment for the command.
    package var environment: [String: String]

    /// Creates a build command.
    package init(command: String, directory: URL, log: URL, environment: [String: String] = [:]) {
        self.command = command
        self.directory = directory
        self.log = log
        self.environment = environment
    }

    /// Runs the command to its end, or until launchprof is interrupted.
    ///
    /// - Throws: ``LaunchProfilerError`` when the shell cannot be started at all.
    package func run() throws(LaunchProfilerError) -> BuildResult {
        // `cd` first (the runner starts children in its own directory), then the user's command
        // with its errors in the same log.
        let script = "cd -- \"$1\" || exit 125; exec 2>&1; exec /bin/sh -c \"$2\""
        let started = lp_monotonic_ns()
        let childrenBefore = Set(LaunchLeftovers.ownChildren())
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script, "sh", directory.path, command],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, inheritedFD: -1,
            stdoutPath: log.path,
            stderrPath: "/dev/null", timingOnly: true
        )
        let result = child.wait(deadlineNs: nil)
        let seconds = { Double(lp_monotonic_ns() - started) / 1e9 }
        switch result {
        case .exited(.exited(0)):
            child.killLeftovers(marker: nil, childrenBefore: childrenBefore)
            return BuildResult(status: .succeeded, seconds: seconds())
        case .exited(.exited(let code)):
            child.killLeftovers(marker: nil, childrenBefore: childrenBefore)
            return BuildResult(status: .failed, exitStatus: code, seconds: seconds())
        case .exited(.signaled(let signal)):
            child.killLeftovers(marker: nil, childrenBefore: childrenBefore)
            return BuildResult(status: .failed, signal: signal, seconds: seconds())
        case .interrupted, .deadlinePassed, .conditionMet:
            _ = child.kill()
            child.killLeftovers(marker: nil, childrenBefore: childrenBefore)
            return BuildResult(status: .interrupted, seconds: seconds())
        }
    }
}
