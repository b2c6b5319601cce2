import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `grafana/launchprof-dashboard.json`, the dashboard a team imports into Grafana over its
/// PostgreSQL history: every query it holds, expanded as Grafana's PostgreSQL data source
/// expands it, run on the real PostgreSQL the store tests start.
@Suite(
    "Grafana dashboard on PostgreSQL",
    .enabled(if: PostgresTestServer.enabled, "PostgreSQL tests skipped (\(PostgresTestServer.skipVariable))."))
struct GrafanaDashboardTests {
    /// The dashboard's variables as a person picks them for the eight nights.
    static let choice = [
        "app": "nightlyprog", "scenario": "warm", "machine_class": "vm/2c/24GiB", "metric": "timeToReady",
    ]

    /// A PostgreSQL history holding the eight nights of nightlyprog and of another app.
    static func history() throws -> PostgresURL {
        let url = try PostgresTestServer.shared.get().newDatabase()
        let store = try HistoryLocation.postgres(url).open()
        defer { store.close() }
        for run in NightlyHistory.runs() + NightlyHistory.runs(app: "other") { try store.record(run) }
        return url
    }

    /// The query at `place` (its beginning), expanded for November 2026.
    static func query(_ place: String, variables: [String: String] = choice) throws -> String {
        let query = try #require(GrafanaQuery.all(in: try GrafanaQuery.dashboard()).first { $0.place.hasPrefix(place) })
        return try query.expanded(variables: variables, from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z")
    }

    @Test("every panel, variable and annotation query runs on the history's tables and returns rows")
    func everyQueryRuns() throws {
        let url = try Self.history()
        let queries = GrafanaQuery.all(in: try GrafanaQuery.dashboard())
        #expect(queries.count >= 9, "\(queries.map(\.place))")
        for query in queries {
            let sql = try query.expanded(
                variables: Self.choice, from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z")
            let rows = try GrafanaQuery.rows(of: sql, in: url)
            #expect(rows.count > 1, "\(query.place) returned no row: \(sql)")
        }
        // Outside the time range, a panel shows nothing.
        let panel = try #require(
            GrafanaQuery.all(in: try GrafanaQuery.dashboard()).first { $0.place.hasPrefix("panel 1") })
        let october = try panel.expanded(
            variables: Self.choice, from: "2026-10-01T00:00:00Z", to: "2026-10-31T00:00:00Z")
        #expect(try GrafanaQuery.rows(of: october, in: url).count == 1, "only the header")
    }

    @Test("the main panel's medians are history show's, run by run, for the endpoint and for peak memory")
    func mediansAreHistoryShows() throws {
        let url = try Self.history()
        for (metric, panel) in [("timeToReady", "panel 1"), ("peakMemory", "panel 3")] {
            var choice = Self.choice
            choice["metric"] = metric
            let rows = try GrafanaQuery.rows(of: try Self.query(panel, variables: choice), in: url)
            #expect(rows.first == ["time", "median", "p10", "p90"])
            let medians = rows.dropFirst().compactMap { Double($0[1]) }
            // What `history show` reads: the store's series.
            let store = try HistoryLocation.postgres(url).openForReading()
            defer { store.close() }
            let series = try #require(
                try store.series(matching: HistoryFilter(app: "nightlyprog")).first { $0.key.metric == metric })
            #expect(medians == series.points.map(\.median))
            // And what it prints, in the metric's unit.
            let shown = try BuiltProducts.launchprof(
                ["history", "show", "--history", Backend.argument(.postgres(url)), "--app", "nightlyprog", metric])
            #expect(shown.status == 0, "\(shown.stderr)")
            let printed = shown.stdout.split(separator: "\n").dropFirst(2).map {
                $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }[
                    2]
            }
            #expect(printed == medians.map { series.key.format($0) }, "\(shown.stdout)")
        }
    }

    @Test("the table panel sets each run against the one before; the change from c4 to c5 is the 3 ms step")
    func eachRunAgainstTheOneBefore() throws {
        let url = try Self.history()
        let rows = try GrafanaQuery.rows(of: try Self.query("panel 2"), in: url)
        #expect(rows.first == ["time", "commit", "branch", "median", "previous median", "change", "launches"])
        let c5 = try #require(rows.first { $0.count > 1 && $0[1] == "c5" })
        let median = try #require(Double(c5[3]))
        let previous = try #require(Double(c5[4]))
        #expect(abs(median - previous - 3_000_000) < 100_000, "\(c5)")
        #expect(rows.last?[1] == "c1" && rows.last?[4] == "", "the oldest run has no run before it")
    }

    @Test("the metric variable lists the time metrics only, the unit its panels are drawn in")
    func metricVariableListsTimes() throws {
        let url = try PostgresTestServer.shared.get().newDatabase()
        let store = try HistoryLocation.postgres(url).open()
        let names = MetricCatalog.listableNames.map(\.rawValue) + ["function:cpu:main:work()"]
        let run = HistoryRun(
            key: "every-metric", recordedAt: NightlyHistory.timestamp(0), app: "every", revision: SourceRevision(),
            machine: MachineFingerprint(machineClass: "m", hostname: "h", kernel: "k"), scenario: "warm", launches: 1,
            metrics: names.map { HistoryMetric(scenario: "warm", metric: $0, values: [1]) })
        try store.record(run)
        store.close()
        let sql = try Self.query("variable metric", variables: ["app": "every", "scenario": "warm"])
        let listed = Set(try GrafanaQuery.rows(of: sql, in: url).dropFirst().map { $0[0] })
        let times = Set(MetricCatalog.listableNames.filter { MetricCatalog.kind(of: $0) == .time }.map(\.rawValue))
        #expect(
            listed == times,
            "listed but not a time: \(listed.subtracting(times)); missing: \(times.subtracting(listed))")
    }

    @Test("every panel and query uses the data source the import asks for")
    func oneDataSource() throws {
        let dashboard = try GrafanaQuery.dashboard()
        let inputs = try #require(dashboard["__inputs"] as? [[String: Any]])
        #expect(inputs.first?["pluginId"] as? String == "grafana-postgresql-datasource")
        let uid = "${\(inputs.first?["name"] as? String ?? "")}"
        let panels = try #require(dashboard["panels"] as? [[String: Any]])
        for panel in panels {
            #expect((panel["datasource"] as? [String: Any])?["uid"] as? String == uid)
            for target in panel["targets"] as? [[String: Any]] ?? [] {
                #expect((target["datasource"] as? [String: Any])?["uid"] as? String == uid)
            }
        }
    }
}
