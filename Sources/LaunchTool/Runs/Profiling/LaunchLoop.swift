import Foundation
import LaunchRunner
import LaunchTrace

/// The launches of a profiling run: each one reported, its trace kept, and its record appended
/// to the run's journal as soon as it ends (``RunJournal``), so a run killed at
/// any point keeps what it measured; `launches.json` is written whole before the first launch
/// and after the last (``finish()``).
struct LaunchLoop {
    let session: LaunchSession
    /// Whether a program that writes no trace gets measurement launches (``ProfilingPlan/measurementLaunches``).
    let measurementLaunches: Bool
    /// How many pre-main launches the run makes, one after each profiled launch until there are
    /// this many (``ProfilingPlan/preMainLaunches``); none without the audit module.
    var preMainLaunches = 0
    /// With measurement launches, the most diagnosis launches (nil: one per measurement launch).
    var diagnosisLimit: Int?
    /// The name the run was given, for `launches.json`.
    var name: String?
    let folder: RunFolder
    let progress: (ProfilingEvent) -> Void
    /// When the run started, ISO 8601.
    let date = ISO8601DateFormatter().string(from: Date())
    private(set) var traces: [LaunchTrace] = []
    /// The run's journal, from the first launch to ``finish()``.
    private var journal: RunJournal?
    /// Whether launches were left out because the program was never ready (``neverReady``).
    private(set) var skippedLaunches = false
    /// How many records of each kind of launch the journal holds.
    private var journalled: [LaunchKind: Int] = [:]

    init(
        session: LaunchSession, measurementLaunches: Bool, folder: RunFolder,
        progress: @escaping (ProfilingEvent) -> Void
    ) {
        self.session = session
        self.measurementLaunches = measurementLaunches
        self.folder = folder
        self.progress = progress
    }

    /// Writes `launches.json` and creates the journal, then makes the warm-up launches, their
    /// traces discarded and their records journalled.
    ///
    /// - Throws: ``LaunchProfilerError`` when `launches.json` or the journal cannot be written.
    mutating func warmup() throws {
        try writeManifest()
        journal = try RunJournal(creating: folder.journalURL)
        guard session.warmup > 0 else { return }
        progress(.warmingUp(launches: session.warmup))
        while session.results(of: .warmup).count < session.warmup, !isInterrupted {
            if neverReady != nil {
                skippedLaunches = true
                return
            }
            guard session.runNextWarmup() != nil else { return }
            try journalNew()
        }
    }

    /// The launches that timed out before any launch of the run was ready (warm-up included), or
    /// nil once one was ready or fewer than two timed out: a program never ready would make every
    /// launch wait out its timeout (`--runs 30 --timeout 30`: 15 minutes to say what the first
    /// launch said), so the run stops after the second.
    var neverReady: [LaunchRecord]? {
        let records = LaunchKind.allCases.flatMap { session.results(of: $0) }.map(\.record)
        guard !records.contains(where: { $0.outcome == .completed }) else { return nil }
        let timedOut = records.filter { $0.outcome == .timedOut }
        return timedOut.count >= 2 ? timedOut : nil
    }

    /// Whether the next launch is a diagnosis launch: always until one has given a trace (which
    /// tells a program from an app), then until ``diagnosisLimit`` of them.
    private var diagnoses: Bool {
        !measurementLaunches || traces.isEmpty || session.results(of: .diagnosis).count < (diagnosisLimit ?? .max)
    }

    /// The kind of launch that gives the run's reported times: the measurement launches when the
    /// run makes any, else the diagnosis launches.
    var measuredKind: LaunchKind {
        session.results(of: .measurement).isEmpty ? .diagnosis : .measurement
    }

    /// Launches measured so far (``measuredKind``): the run's `runs`.
    var measuredCount: Int { session.results(of: measuredKind).count }

    /// Whether launchprof was interrupted (SIGINT, SIGTERM, SIGHUP): no more launches start.
    var isInterrupted: Bool { session.interruption != nil }

    /// Runs `count` more launches of each kind, interleaved, stopping early when the run is
    /// interrupted: a diagnosis (profiled) launch until there are ``diagnosisLimit``, then, with
    /// ``measurementLaunches``, a measurement launch (a measurement launch of a program that writes no
    /// trace, a measurement launch of an app that writes one), and a pre-main launch until there
    /// are ``preMainLaunches``.
    ///
    /// - Throws: ``LaunchProfilerError`` when the journal cannot be written (a full disk): the
    ///   launches before it are kept in it.
    mutating func launch(_ count: Int) throws {
        for _ in 0..<count where !isInterrupted {
            if neverReady != nil {
                skippedLaunches = true
                break
            }
            var result: LaunchResult?
            var measured: LaunchResult?
            var preMainDone = false
            // Once a trace has told a program from an app, the measurement launch and then the
            // pre-main launch are made ready before the diagnosis launch starts, and start as
            // soon as its process has ended, before its profile and trace are read: each follows
            // a launch with no gap (``StagedLaunch``, ``PendingLaunch``).
            let session = session
            session.writesTrace = !profilesProgram
            let measuresMeanwhile = diagnoses && measurementLaunches && !traces.isEmpty
            let measurement = measuresMeanwhile ? session.stage(.measurement) : nil
            let preMain = measuresMeanwhile && preMainIsDue ? session.stage(.preMain) : nil
            let primer = measuresMeanwhile && needsPrimer ? session.stage(.primer) : nil
            if diagnoses {
                let diagnosis = session.stage(.diagnosis)
                let diagnosed = session.launch(diagnosis) {
                    guard let measurement, session.interruption == nil else { return }
                    let measure = {
                        guard session.interruption == nil else { return }
                        measured = session.launch(measurement)
                        guard let preMain, session.interruption == nil else { return }
                        session.launch(preMain)
                        preMainDone = true
                    }
                    if let primer { session.launch(primer, meanwhile: measure) } else { measure() }
                }
                if let trace = diagnosed.trace { traces.append(trace) }
                result = diagnosed
            }
            if measurementLaunches, !traces.isEmpty, measured == nil, !isInterrupted {
                session.writesTrace = !profilesProgram
                measured = session.launch(.measurement)
            }
            result = result ?? measured
            if !preMainDone, preMainIsDue, !isInterrupted, neverReady == nil { session.launch(.preMain) }
            try journalNew()
            if let result { progress(.launched(result)) }
        }
    }

    /// A program's launches shorter than this get a primer launch before each measurement launch.
    static let primerBelowNs: Int64 = 50_000_000

    /// Whether the next measurement launch gets a primer launch (``LaunchTrace/LaunchKind/primer``):
    /// a program (a measurement launch) whose last diagnosis launch took less than ``primerBelowNs``,
    /// where what the diagnosis launch leaves (1 to 2 % of a 1.6 ms launch,
    /// `Benchmarks/scripts/perf-aftereffect.py`) is still over 0.05 %.
    /// Not with a `--prepare` command or in the cold scenario (there the measurement launch
    /// follows the command or the eviction, by design), nor with `--show-output` (whose user
    /// reads each measurement launch's output once).
    private var needsPrimer: Bool {
        let specification = session.specification
        guard profilesProgram, specification.prepareCommand == nil, specification.scenario != .cold,
            !specification.showOutput,
            let last = session.results(of: .diagnosis).last?.record, last.outcome == .completed
        else { return false }
        return last.wallNs < Self.primerBelowNs
    }

    /// Whether a pre-main launch is still to come (``preMainLaunches``, with the audit module).
    private var preMainIsDue: Bool {
        session.results(of: .preMain).count < preMainLaunches && session.specification.instruments.auditLibrary != nil
    }

    /// Whether every completed launch so far is of a program that writes no trace (the runner
    /// built its trace).
    var profilesProgram: Bool {
        !traces.isEmpty && traces.allSatisfy { [.exited, .readyConditionMet].contains($0.ending.reason) }
    }

    /// Appends the records of the launches made since the last call to the journal.
    private mutating func journalNew() throws {
        var entries: [RunJournalEntry] = []
        for kind in LaunchKind.allCases {
            let all = session.results(of: kind)
            let done = journalled[kind, default: 0]
            guard all.count > done else { continue }
            entries += all[done...].map { RunJournalEntry(kind: kind, record: $0.record) }
            journalled[kind] = all.count
        }
        do {
            try journal?.append(entries)
        } catch {
            throw Self.keeping(error, file: folder.journalURL, "The launch records cannot be written")
        }
    }

    /// Writes `launches.json` whole, removes the journal, and makes the folder's files durable:
    /// its traces and `launches.json` are written without fsync between launches
    /// (``LaunchTrace/AtomicFile``), where a journal commit in flight would slow the next launch.
    ///
    /// - Throws: ``LaunchProfilerError`` when `launches.json` cannot be written (the journal is
    ///   kept, and the folder's reader merges it).
    func finish() throws {
        try writeManifest()
        journal?.remove()
        AtomicFile.sync(folder: folder.directory)
    }

    private func writeManifest() throws {
        do {
            try manifest().write(to: folder.manifestURL, durable: false)
        } catch {
            throw Self.keeping(error, file: folder.manifestURL, "The run manifest cannot be written")
        }
    }

    /// `error` of writing `file`, saying the launches measured before it are kept.
    private static func keeping(_ error: any Error, file: URL, _ what: String) -> LaunchProfilerError {
        let kept = "The launches measured before it are kept in the folder."
        if let error = error as? LaunchProfilerError { return error.adding(kept) }
        return LaunchProfilerError(
            .writeFailed, "\(what): \(LaunchProfilerError.describe(error)) \(kept)", context: .init(file: file.path))
    }

    /// The summary of the launches so far.
    func summary() -> RunSummary {
        RunSummary.build(
            info: manifest().info, records: session.results(of: .diagnosis).map(\.record), traces: traces,
            timing: records(of: .measurement),
            measurement: measurementTraces, preMain: records(of: .preMain))
    }

    /// The traces of an app's measurement launches (a program's measurement launches write none).
    private var measurementTraces: [LaunchTrace] {
        profilesProgram ? [] : session.results(of: .measurement).compactMap(\.trace)
    }

    /// The records of the session's launches of `kind`, nil when it made none.
    private func records(of kind: LaunchKind) -> [LaunchRecord]? {
        let results = session.results(of: kind)
        return results.isEmpty ? nil : results.map(\.record)
    }

    private func manifest() -> RunManifest {
        var manifest = RunManifest(
            appPath: session.specification.executable, scenario: session.specification.scenario,
            runs: measuredCount, warmup: session.warmup, date: date, launches: []
        )
        manifest.name = name
        for kind in LaunchKind.allCases { manifest[kind] = records(of: kind) }
        return manifest
    }
}
