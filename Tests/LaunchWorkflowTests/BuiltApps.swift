import Foundation

/// The apps built beside the test bundle, and scratch folders.
enum BuiltApps {
    /// The build folder holding the test bundle and the executables.
    static let directory = URL(filePath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// FixtureApp, whose behaviour `FIXTURE_BEHAVIOR` chooses.
    static var fixtureApp: String { directory.appendingPathComponent("FixtureApp").path }

    /// A new empty folder for one test.
    static func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
