import Foundation
import LaunchRunner
import LaunchTrace

/// Turns the command after `--` into an absolute executable path, searching `PATH` for a
/// bare name as a shell would.
package enum ExecutableResolver {
    /// The absolute path of the command's executable.
    ///
    /// - Throws: ``LaunchProfilerError`` when there is no command, it is not in `PATH`, or it is
    ///   not a program the kernel can execute (``LaunchRunner/ProgramCheck``).
    package static func resolve(_ command: [String]) throws -> String {
        guard let first = command.first else {
            throw LaunchProfilerError.workflow(
                "Name the app to launch after --, e.g. `launchprof trace -- .build/release/SampleApp`.")
        }
        let manager = FileManager.default
        if first.contains("/") {
            let url = URL(filePath: first, relativeTo: URL(filePath: manager.currentDirectoryPath + "/"))
            let path = url.standardizedFileURL.path
            try ProgramCheck.check(path)
            return path
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(first)"
            if (try? ProgramCheck.check(candidate)) != nil { return candidate }
        }
        throw LaunchProfilerError.workflow("The app \(first) was not found in PATH.")
    }
}
