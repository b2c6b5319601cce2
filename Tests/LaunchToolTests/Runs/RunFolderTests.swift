import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

@Suite("RunFolder")
struct RunFolderTests {
    @Test("every file of a run has its place in the folder")
    func layout() {
        let folder = RunFolder(url: URL(filePath: "/runs/a"))
        #expect(folder.manifestURL.path == "/runs/a/launches.json")
        #expect(folder.summaryURL.path == "/runs/a/summary.json")
        #expect(folder.verdictsURL.path == "/runs/a/verdicts.json")
        #expect(folder.reportURL.path == "/runs/a/report.html")
        #expect(folder.files(forLaunch: 7).traceURL.path == "/runs/a/launch-007.trace.json")
        #expect(folder.files(forLaunch: 7).stderrURL.path == "/runs/a/launch-007.stderr.txt")
        #expect(folder.warmupFiles.traceURL.path == "/runs/a/warmup.trace.json")
        #expect(RunFolder.defaultBaselinesURL.path.hasSuffix(".launchprof/baselines"))
        #expect(RunFolder.latestPath == ".launchprof/runs/latest")
    }

    @Test("dated folders are unique within a second, and latest points at the newest")
    func uniqueCreation() throws {
        let root = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folders = try (0..<3).map { _ in try RunFolder.create(at: nil, root: root) }
        #expect(Set(folders.map(\.url.path)).count == 3)
        #expect(folders.allSatisfy { $0.isDirectory })
        let latest = try FileManager.default.destinationOfSymbolicLink(
            atPath: root.appendingPathComponent("latest").path)
        #expect(latest == folders[2].url.lastPathComponent)
        #expect(
            try RunFolder.locate(nil, root: root).resolvingSymlinksInPath().path
                == folders[2].url.resolvingSymlinksInPath().path)
    }

    @Test("a missing run is an error that says how to make one")
    func missingRun() throws {
        let root = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: LaunchProfilerError.self) { try RunFolder.locate(nil, root: root) }
        #expect(throws: LaunchProfilerError.self) { try RunFolder.locate(root.appendingPathComponent("nope").path) }
    }
}
