import Foundation
import LaunchTrace
import Testing

@testable import LaunchRunner

@Suite("LaunchSession")
struct LaunchSessionTests {
    @Test("a crash in one launch keeps the others; warm-up launches leave no files")
    func crashKeepsOtherRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = AppLauncherTests.validTrace.path
        let script = "if [ \"$LAUNCHPROF_RUN_INDEX\" = 2 ]; then kill -SEGV $$; fi; cp '\(trace)' \"$LAUNCHPROF_TRACE\""
        let specification = LaunchSpecification(executable: "/bin/sh", arguments: ["-c", script])
        let session = try LaunchSession(
            specification: specification, warmup: 2, layout: NumberedFiles(directory: folder))
        #expect(session.runWarmups() == 2)
        for _ in 0..<3 { session.launch(.diagnosis) }
        #expect(session.results(of: .diagnosis).map(\.record.outcome) == [.completed, .crashed, .completed])
        #expect(session.results(of: .diagnosis).map(\.record.index) == [1, 2, 3])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            files == ["launch-001.trace.json", "launch-002.stderr.txt", "launch-003.trace.json"]
                || files == ["launch-001.trace.json", "launch-003.trace.json"])
    }

    @Test("a specification naming a missing executable is refused with the path")
    func missingExecutable() {
        let specification = LaunchSpecification(executable: "/nonexistent/App")
        let error = #expect(throws: LaunchProfilerError.self) {
            try LaunchSession(
                specification: specification, layout: NumberedFiles(directory: FileManager.default.temporaryDirectory))
        }
        #expect(error?.code == .notExecutable)
        #expect(error?.description.contains("/nonexistent/App does not exist") == true)
    }
}

/// The test's file layout: `launch-NNN.trace.json` and `.stderr.txt`, `warmup.*` for warm-ups.
private struct NumberedFiles: LaunchFileLayout {
    var directory: URL

    func files(forLaunch index: Int) -> LaunchFiles { files(String(format: "launch-%03d", index)) }

    var warmupFiles: LaunchFiles { files("warmup") }

    private func files(_ name: String) -> LaunchFiles {
        LaunchFiles(
            traceURL: directory.appendingPathComponent("\(name).trace.json"),
            stderrURL: directory.appendingPathComponent("\(name).stderr.txt"))
    }
}
