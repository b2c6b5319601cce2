import Foundation

/// The executables SwiftPM built beside the test bundle (`launchprof`, SampleApp, FixtureApp,
/// FixtureServer, …), and scratch folders for the tests that run them.
package enum BuiltProducts {
    /// The build folder holding the test bundle and the executables.
    package static let directory = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// The path of a built product, by name.
    package static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A built product, by name.
    package static func executable(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// SampleApp's `AppBundle` resource folder.
    package static var sampleAppBundle: URL {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let resources = entries.first { $0.hasSuffix("_SampleApp.resources") } ?? "LaunchProfiler_SampleApp.resources"
        return directory.appendingPathComponent(resources).appendingPathComponent("AppBundle")
    }

    /// Runs `executable ARGUMENTS` to its end (``ProductProcess``).
    package static func run(
        _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: Double = 300
    ) throws -> ProductProcess.Output {
        try ProductProcess.start(executable, arguments, in: directory, environment: environment).wait(timeout: timeout)
    }

    /// Runs the built `launchprof ARGUMENTS` to its end.
    package static func launchprof(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], timeout: Double = 300
    ) throws -> ProductProcess.Output {
        try run(path("launchprof"), arguments, in: directory, environment: environment, timeout: timeout)
    }

    /// Starts the built `launchprof ARGUMENTS` without waiting for it.
    package static func startLaunchprof(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> ProductProcess {
        try ProductProcess.start(path("launchprof"), arguments, in: directory, environment: environment)
    }

    /// A new empty folder for one test, named with `prefix`.
    package static func scratchFolder(_ prefix: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
