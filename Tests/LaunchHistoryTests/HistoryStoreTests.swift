import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The same store suite against both back ends: SQLite and a real PostgreSQL server.
@Suite("History store")
struct HistoryStoreTests {
    @Test("recorded runs come back oldest first, with every launch's values", arguments: Backend.underTest)
    func recordAndRead(backend: Backend) throws {
        let store = try backend.newLocation().open()
        defer { store.close() }
        let runs = [HistoryFixtures.run(2), HistoryFixtures.run(1)]
        for run in runs { #expect(try store.record(run)) }
        let read = try store.runs(matching: HistoryFilter(includeValues: true))
        #expect(read == runs.reversed())
        let summaries = try store.runs(matching: HistoryFilter())
        #expect(summaries.map(\.key) == read.map(\.key))
        #expect(summaries[0].metrics.allSatisfy { $0.values.isEmpty && $0.count == 5 })
        #expect(try store.schemaVersion() == HistorySchema.current)
    }

    @Test("a run recorded twice is kept once", arguments: Backend.underTest)
    func duplicateKey(backend: Backend) throws {
        let store = try backend.newLocation().open()
        defer { store.close() }
        #expect(try store.record(HistoryFixtures.run(1)))
        #expect(try !store.record(HistoryFixtures.run(1)))
        #expect(try store.runs(matching: HistoryFilter()).count == 1)
    }

    @Test("filters select app, scenario, machine class and the newest runs", arguments: Backend.underTest)
    func filters(backend: Backend) throws {
        let store = try backend.newLocation().open()
        defer { store.close() }
        try HistoryFixtures.recordThreeSeries(in: store)
        #expect(try store.runs(matching: HistoryFilter(app: "Other")).count == 4)
        #expect(try store.runs(matching: HistoryFilter(scenario: "cold", machineClass: "m2")).count == 4)
        #expect(try store.runs(matching: HistoryFilter(machineClass: "m1")).count == 8)
        let last = try store.runs(matching: HistoryFilter(app: "SampleApp", scenario: "warm", lastRuns: 2))
        #expect(last.map(\.recordedAt) == [HistoryFixtures.timestamp(2), HistoryFixtures.timestamp(3)])
        #expect(last.allSatisfy { $0.metrics.count == 3 })
    }

    @Test("the series query returns what the runs give, by one query", arguments: Backend.underTest)
    func seriesQuery(backend: Backend) throws {
        let store = try backend.newLocation().open()
        defer { store.close() }
        try HistoryFixtures.recordThreeSeries(in: store)
        for filter in [HistoryFilter(), HistoryFilter(app: "Other"), HistoryFilter(scenario: "warm", lastRuns: 3)] {
            let series = try store.series(matching: filter)
            #expect(series == MetricSeries.all(in: try store.runs(matching: filter)))
            #expect(!series.isEmpty)
        }
        #expect(
            try store.series(matching: HistoryFilter(app: "Other")).allSatisfy {
                $0.points.count == 4 && $0.key.app == "Other"
            })
        #expect(try store.series(matching: HistoryFilter(app: "None")).isEmpty)
    }

    @Test("prune keeps the newest runs of each series, or the last days", arguments: Backend.underTest)
    func prune(backend: Backend) throws {
        let store = try backend.newLocation().open()
        defer { store.close() }
        for night in 0..<5 {
            try store.record(HistoryFixtures.run(night))
            try store.record(HistoryFixtures.run(night, app: "Other"))
        }
        #expect(try store.prune(HistoryRetention(keepRuns: 3)) == 4)
        #expect(
            try store.runs(matching: HistoryFilter(app: "Other")).map(\.key) == (2..<5).map { "Other-warm-m1-\($0)" })
        let now = Date(timeIntervalSince1970: 1_767_232_800 + 4.5 * 86_400)
        #expect(try store.prune(HistoryRetention(keepDays: 1, now: now)) == 4)
        #expect(try store.runs(matching: HistoryFilter()).count == 2)
        #expect(try store.prune(HistoryRetention(keepDays: 365, keepRuns: 0, now: now)) == 0)
    }

    @Test("a store whose schema is newer than the tool is refused with a message", arguments: Backend.underTest)
    func newerSchema(backend: Backend) throws {
        let location = try backend.newLocation()
        try location.open().close()
        try SchemaEditor.setVersion(HistorySchema.current + 1, at: location)
        let error = #expect(throws: LaunchProfilerError.self) { try location.open() }
        #expect(error?.code == .historySchemaTooNew)
        #expect(
            error?.description.contains(
                "schema version \(HistorySchema.current + 1), newer than the version \(HistorySchema.current)") == true)
    }

    @Test(
        "a version 1 store is upgraded to version 2 (the series index), keeping its runs", arguments: Backend.underTest)
    func upgradeFromVersion1(backend: Backend) throws {
        let location = try backend.newLocation()
        let store = try location.open()
        for night in 0..<3 { try store.record(HistoryFixtures.run(night)) }
        let series = try store.series(matching: HistoryFilter())
        store.close()
        try SchemaEditor.execute(
            "DROP INDEX metrics_series; DELETE FROM history_schema WHERE version = 2", at: location)
        #expect(throws: (any Error).self) { try SchemaEditor.execute("DROP INDEX metrics_series", at: location) }
        let upgraded = try location.open()
        defer { upgraded.close() }
        #expect(try upgraded.schemaVersion() == 2)
        #expect(try upgraded.series(matching: HistoryFilter()) == series)
        try SchemaEditor.execute("DROP INDEX metrics_series", at: location)
    }

    @Test("eight concurrent writer processes lose no run", .timeLimit(.minutes(5)), arguments: Backend.underTest)
    func concurrentWriters(backend: Backend) throws {
        let location = try backend.newLocation()
        try location.open().close()
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("writers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let perWriter = 5
        let folders = try (0..<8).map { writer in
            try (0..<perWriter).map { try HistoryFixtures.runFolder(in: parent, night: writer * perWriter + $0).path }
        }
        let processes = try folders.map {
            try BuiltProducts.startLaunchprof(["history", "import", "--history", Backend.argument(location)] + $0)
        }
        for process in processes {
            let output = try process.wait()
            #expect(output.status == 0, "\(output.stderr)")
        }
        let store = try location.open()
        defer { store.close() }
        let runs = try store.runs(matching: HistoryFilter())
        #expect(runs.count == 8 * perWriter)
        #expect(Set(runs.map(\.key)).count == 8 * perWriter)
        #expect(runs.allSatisfy { $0.metrics.count == 1 })
    }
}
