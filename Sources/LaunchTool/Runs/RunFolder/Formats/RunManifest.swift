import Foundation
import LaunchRunner
import LaunchTrace

/// The runner's record of a run, written as `launches.json` in the run folder (`RunFolder` names it): what was
/// run and one ``LaunchRunner/LaunchRecord`` per measured launch, naming its trace file.
///
/// ```json
/// {
///   "schemaVersion": 2,
///   "appPath": "/work/.build/debug/SampleApp",
///   "scenario": "warm", "runs": 20, "warmup": 2,
///   "date": "2025-01-31T09:12:00Z",
///   "launches": [ { "index": 1, "scenario": "warm", "outcome": "completed",
///                   "wallNs": 412000000, "traceFile": "run-001.trace.json" } ]
/// }
/// ```
package struct RunManifest: Codable, Sendable, Equatable {
    /// The format version this library reads and writes.
    package static let currentSchemaVersion = 2
    /// The older versions still read: 1 named the measurement launches `timingLaunches`.
    package static let upgrades = [SchemaUpgrade(from: 1, renamedKeys: ["timingLaunches": "measurementLaunches"])]

    /// Format version of the file.
    package var schemaVersion: Int
    /// Path of the app's executable.
    package var appPath: String
    /// The name the run was given (`launchprof run --name`), when given.
    package var name: String?
    /// Scenario the run was asked for.
    package var scenario: Scenario
    /// The launches that gave the reported times: the measurement launches, or the diagnosis
    /// launches of a run that makes none (``LaunchTrace/LaunchKind``).
    package var runs: Int
    /// Warm-up launches discarded.
    package var warmup: Int
    /// When the run started, ISO 8601.
    package var date: String
    /// One record per diagnosis launch, in order (``LaunchTrace/LaunchKind/diagnosis``).
    package var launches: [LaunchRecord]
    /// One record per measurement launch (``LaunchTrace/LaunchKind/measurement``), in order, when
    /// the run made them; their indices count from 1 on their own.
    package var measurementLaunches: [LaunchRecord]?
    /// The pre-main launches (the loader's audit module alone), each record with its
    /// breakdown, when the run made them.
    package var preMainLaunches: [LaunchRecord]?
    /// The warm-up launches (indices -1, -2, …; their traces are not kept), as far as they went.
    package var warmupLaunches: [LaunchRecord]?
    /// The primer launches, when the run made them: a launch with no instruments, never measured,
    /// just before each measurement launch of a short program, so that it follows a launch
    /// with no instruments as hyperfine's launches do; their indices count from 1 on their own.
    package var primerLaunches: [LaunchRecord]?

    /// Creates a manifest.
    package init(
        schemaVersion: Int = RunManifest.currentSchemaVersion, appPath: String, scenario: Scenario,
        runs: Int, warmup: Int, date: String, launches: [LaunchRecord]
    ) {
        self.schemaVersion = schemaVersion
        self.appPath = appPath
        self.scenario = scenario
        self.runs = runs
        self.warmup = warmup
        self.date = date
        self.launches = launches
    }

    /// The run information of the manifest (without the machine, which comes from a trace).
    package var info: RunInfo {
        var info = RunInfo(appPath: appPath, scenario: scenario, runs: runs, warmup: warmup, date: date)
        info.name = name
        return info
    }

    /// Reads a manifest, checking its schema version.
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the JSON path and the problem.
    package static func read(from url: URL) throws -> RunManifest {
        try SchemaVersionCheck.read(
            RunManifest.self, from: url, expected: currentSchemaVersion, what: "run manifest", upgrades: upgrades)
    }

    /// Writes the manifest atomically as sorted, pretty-printed JSON; durably unless `durable` is
    /// false (the folder is made durable after, ``LaunchTrace/AtomicFile/write(_:to:durable:)``).
    package func write(to url: URL, durable: Bool = true) throws {
        try AtomicFile.write(RunManifestEncoder.encode(self), to: url, durable: durable)
    }
}
