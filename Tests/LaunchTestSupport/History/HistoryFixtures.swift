import Foundation
import LaunchHistory
import LaunchTool
import LaunchTrace
import Testing

/// Stores of both back ends and runs to put in them.
package enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    /// The back ends under test: SQLite always; PostgreSQL unless skipped on purpose.
    package static var underTest: [Backend] { PostgresTestServer.enabled ? allCases : [.sqlite] }

    package var testDescription: String { rawValue }

    /// A new, empty store's location.
    package func newLocation() throws -> HistoryLocation {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
            return .sqlite(path: folder.appendingPathComponent("history.sqlite").path)
        case .postgres:
            return .postgres(try PostgresTestServer.shared.get().newDatabase())
        }
    }

    /// The location as `--history` takes it.
    package static func argument(_ location: HistoryLocation) -> String {
        switch location {
        case .sqlite(let path): path
        case .postgres(let url): "postgres://\(url.user)@\(url.host):\(url.port)/\(url.database)?sslmode=disable"
        }
    }
}

/// Runs and run folders for the tests.
package enum HistoryFixtures {
    /// A run of `app` on night `night` with `metrics` metrics of 5 launches each.
    package static func run(
        _ night: Int, app: String = "SampleApp", scenario: String = "warm", machine: String = "m1", metrics: Int = 3
    ) -> HistoryRun {
        HistoryRun(
            key: "\(app)-\(scenario)-\(machine)-\(night)", recordedAt: timestamp(night), app: app,
            appVersion: "1.\(night)",
            revision: SourceRevision(commit: String(format: "%040x", night), branch: "main"),
            machine: MachineFingerprint(machineClass: machine, hostname: "host-\(night % 3)", kernel: "6.1"),
            scenario: scenario, launches: 5, settings: ["runs": "5"],
            metrics: (0..<metrics).map {
                HistoryMetric(
                    scenario: scenario, metric: "metric.\($0)", values: (0..<5).map { Double(100 + night + $0) })
            },
            verdicts: [HistoryVerdict(rule: "metric.0 p90 <= 1 s (warm)", status: "pass", observed: 104)]
        )
    }

    /// Records four nights of three series: SampleApp warm on m1, Other warm on m1, and
    /// SampleApp cold on m2.
    package static func recordThreeSeries(in store: any HistoryStore) throws {
        for night in 0..<4 {
            try store.record(run(night))
            try store.record(run(night, app: "Other"))
            try store.record(run(night, scenario: "cold", machine: "m2"))
        }
    }

    /// Night `night` of 2026 at 02:00 UTC.
    package static func timestamp(_ night: Int) -> String {
        HistoryRun.timestamp(Date(timeIntervalSince1970: 1_767_232_800 + Double(night) * 86_400))
    }

    /// A run folder holding only a `summary.json` of `app`, dated night `night`.
    package static func runFolder(in parent: URL, night: Int, app: String = "/apps/SampleApp") throws -> URL {
        let folder = parent.appendingPathComponent("run-\(night)-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let samples = (0..<5).map { Double(1_000_000 + night * 1000 + $0) }
        let metric = MetricSummary(
            name: MetricName(rawValue: "launch.total"), kind: .time, samples: samples, launchIndices: Array(0..<5))
        let summary = RunSummary(
            run: RunInfo(
                appPath: app, scenario: .warm, runs: 5, warmup: 0,
                date: ISO8601DateFormatter().string(
                    from: Date(timeIntervalSince1970: 1_767_232_800 + Double(night) * 86_400)),
                machine: MachineInfo(
                    cpuModel: "Test CPU", logicalCores: 2, kernel: "6.1", memoryBytes: 24 << 30, hostname: "ci")),
            launches: [],
            scenarios: [
                "warm": ScenarioSummary(scenario: "warm", completedLaunches: 5, metrics: ["launch.total": metric])
            ]
        )
        try summary.write(to: folder.appendingPathComponent("summary.json"))
        return folder
    }
}
