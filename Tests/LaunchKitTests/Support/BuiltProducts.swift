import Foundation

/// The executables SwiftPM built beside the test runner (LaunchKitTests depends on them).
enum BuiltProducts {
    /// The build products directory: the directory of the running test executable.
    static var directory: URL {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            .map { URL(filePath: $0) } ?? Bundle.main.bundleURL
        var directory = runner.deletingLastPathComponent()
        // On platforms where the runner sits inside a bundle, step out of it.
        while !FileManager.default.fileExists(atPath: directory.appending(path: "FixtureApp").path),
              directory.pathComponents.count > 2 {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// A built executable, by product name.
    static func executable(_ name: String) -> URL {
        directory.appending(path: name)
    }

    /// SampleApp's `AppBundle` resource directory.
    static var sampleAppBundle: URL {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let resources = entries.first { $0.hasSuffix("_SampleApp.resources") } ?? "LaunchProfiler_SampleApp.resources"
        return directory.appending(path: resources).appending(path: "AppBundle")
    }
}
