import Foundation
import Testing

@testable import LaunchRunner

@Suite("Finding libLaunchPreload.so")
struct PreloadLibraryLookupTests {
    /// A folder with an executable in it; removed by the caller.
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func touch(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
    }

    @Test("the build's resource bundle beside the executable is found, the library beside it wins")
    func bundleThenBeside() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = folder.appendingPathComponent("launchprof").path
        #expect(InstrumentSettings.preloadLibrary(besideExecutable: executable) == nil)
        let bundled = folder.appendingPathComponent(InstrumentSettings.preloadBundleName)
            .appendingPathComponent(InstrumentSettings.preloadLibraryName)
        try touch(bundled)
        #expect(InstrumentSettings.preloadLibrary(besideExecutable: executable) == bundled.path)
        let beside = folder.appendingPathComponent(InstrumentSettings.preloadLibraryName)
        try touch(beside)
        #expect(InstrumentSettings.preloadLibrary(besideExecutable: executable) == beside.path)
    }

    @Test("the installed layout: bin/launchprof finds both libraries in lib/launchprof, wherever the tree is")
    func installedLayout() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let executable = folder.appendingPathComponent("usr/bin/launchprof")
        try touch(executable)
        #expect(InstrumentSettings.auditLibrary(besideExecutable: executable.path) == nil)
        let libraries = folder.appendingPathComponent("usr/lib/launchprof")
        let preload = libraries.appendingPathComponent(InstrumentSettings.preloadLibraryName)
        let audit = libraries.appendingPathComponent(InstrumentSettings.auditLibraryName)
        try touch(preload)
        try touch(audit)
        #expect(InstrumentSettings.preloadLibrary(besideExecutable: executable.path) == preload.path)
        #expect(InstrumentSettings.auditLibrary(besideExecutable: executable.path) == audit.path)
    }
}
