import LaunchTrace
import Foundation

/// Turns the command after `--` into an absolute executable path, searching `PATH` for a
/// bare name as a shell would.
public enum ExecutableResolver {
    /// The absolute path of the command's executable.
    ///
    /// - Throws: ``LaunchProfilerError`` when there is no command or it is not an executable.
    public static func resolve(_ command: [String]) throws -> String {
        guard let first = command.first else {
            throw LaunchProfilerError.workflow("Name the app to launch after --, e.g. `launchprof trace -- .build/release/SampleApp`.")
        }
        let manager = FileManager.default
        if first.contains("/") {
            let url = URL(filePath: first, relativeTo: URL(filePath: manager.currentDirectoryPath + "/"))
            let path = url.standardizedFileURL.path
            guard manager.isExecutableFile(atPath: path) else {
                throw LaunchProfilerError.workflow("The app \(path) does not exist or is not an executable file.")
            }
            return path
        }
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in searchPath.split(separator: ":") {
            let candidate = "\(directory)/\(first)"
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw LaunchProfilerError.workflow("The app \(first) was not found in PATH.")
    }
}
