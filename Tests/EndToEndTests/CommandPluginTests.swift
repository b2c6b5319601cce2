import Foundation
import LaunchTestSupport
import Testing

/// The SwiftPM command plugin: `swift package launchprof run --product MyApp`.
@Suite("The launchprof command plugin")
struct CommandPluginTests {
    @Test("swift package plugin --list shows the launchprof command")
    func listed() throws {
        let scratch = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A scratch path of its own, so it never waits for the build folder `swift test` holds.
        let output = try BuiltProducts.run(
            "/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "plugin", "--list"],
            in: GoldenFiles.repositoryRoot, timeout: 600
        )
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout.contains("‘launchprof’ (plugin ‘LaunchprofCommand’ in package ‘LaunchProfiler’)"),
            "\(output.stdout)")
    }
}
