import Foundation
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Baselines")
struct BaselineStoreTests {
    @Test("Save then load returns the same summary")
    func roundTrip() throws {
        let directory = try Fixtures.temporaryDirectory().appendingPathComponent("nested/baselines")
        let store = BaselineStore(directory: directory)
        let run = TraceFactory.run(count: 4)
        let summary = RunSummary.build(info: RunInfoFactory.info, records: run.records, traces: run.traces)
        try store.save(name: "main", summary: summary)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("main.json").path))
        #expect(try store.load(name: "main") == summary)
        #expect(store.names() == ["main"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("A missing baseline names itself and where it was looked for")
    func missing() throws {
        let directory = try Fixtures.temporaryDirectory()
        let error = try #require(throws: LaunchProfilerError.self) {
            try BaselineStore(directory: directory).load(name: "release-1.2")
        }
        #expect(
            error
                == .baselineNotFound(
                    name: "release-1.2", path: directory.appendingPathComponent("release-1.2.json").path))
        #expect(error.description.contains("\"release-1.2\" does not exist"))
    }

    @Test("Unsafe names are rejected", arguments: ["", "../etc", ".hidden", "a/b", "sp ace"])
    func invalidNames(name: String) throws {
        let store = BaselineStore(directory: try Fixtures.temporaryDirectory())
        #expect(throws: LaunchProfilerError.invalidBaselineName(name)) { try store.load(name: name) }
    }

    @Test("Letters, digits, dots, underscores and dashes make a name")
    func validNames() {
        #expect(BaselineStore.isValidName("main") && BaselineStore.isValidName("v1.2_rc-3"))
    }
}
