import Foundation
import LaunchTrace

extension RunFolder {
    /// Reads the manifest and the traces of the completed launches, and builds the summary.
    ///
    /// A launch recorded as completed whose trace is missing or unreadable is kept in the
    /// summary as ``LaunchRunner/LaunchRecord/Outcome/invalidTrace`` with the reader's error as
    /// its message, so one bad file does not lose the other launches.
    ///
    /// ```swift
    /// let summary = try RunFolder(url: URL(filePath: ".launchprof/runs/latest")).loadSummary()
    /// ```
    ///
    /// - Throws: ``TraceFileError`` when `launches.json` is missing or invalid.
    package func loadSummary(bootstrap: Bootstrap = Bootstrap(), outliers: OutlierDetector = OutlierDetector()) throws
        -> RunSummary
    {
        let manifest = try readManifest()
        var records = manifest.launches
        var traces: [LaunchTrace] = []
        for i in records.indices where records[i].outcome == .completed {
            guard let name = records[i].traceFile else {
                records[i].outcome = .invalidTrace
                records[i].message = "The launch is recorded as completed but names no trace file."
                continue
            }
            do {
                var trace = try LaunchTrace.read(from: url.appendingPathComponent(name))
                if trace.runIndex == nil { trace.runIndex = records[i].index }
                traces.append(trace)
            } catch {
                records[i].outcome = .invalidTrace
                records[i].message = "The trace cannot be used: \(error)"
            }
        }
        var summary = RunSummary.build(
            info: manifest.info, records: records, traces: traces, timing: manifest.measurementLaunches,
            measurement: measurementTraces(manifest), preMain: manifest.preMainLaunches,
            bootstrap: bootstrap, outliers: outliers
        )
        keepMeasuredAdvice(in: &summary)
        return summary
    }

    /// What only the finished run knew, taken from its `summary.json`: the pre-main advice
    /// measured by building the change (`run --package`, `--build`), which no launch record holds.
    /// A summary that cannot be read adds nothing.
    private func keepMeasuredAdvice(in summary: inout RunSummary) {
        guard let saved = try? RunSummary.read(from: summaryURL) else { return }
        for (name, scenario) in saved.scenarios {
            for advice in scenario.preMain?.advice ?? [] where advice.measured != nil || advice.notMeasured != nil {
                guard let index = summary.scenarios[name]?.preMain?.advice.firstIndex(where: { $0.kind == advice.kind })
                else { continue }
                summary.scenarios[name]?.preMain?.advice[index].measured = advice.measured
                summary.scenarios[name]?.preMain?.advice[index].notMeasured = advice.notMeasured
            }
        }
    }

    /// The traces an app's measurement launches kept (`measure-001.trace.json`, …); a program's
    /// measurement launches keep none. One that cannot be read is left out.
    func measurementTraces(_ manifest: RunManifest) -> [LaunchTrace] {
        (manifest.measurementLaunches ?? []).compactMap { record in
            guard record.outcome == .completed, let name = record.traceFile else { return nil }
            var trace = try? LaunchTrace.read(from: url.appendingPathComponent(name))
            if trace?.runIndex == nil { trace?.runIndex = record.index }
            return trace
        }
    }

    /// The traces of the completed launches, in launch order. A trace that cannot be read is
    /// left out (the summary reports it as an invalid trace).
    ///
    /// - Throws: ``TraceFileError`` when `launches.json` is missing or invalid.
    package func loadTraces() throws -> [LaunchTrace] {
        let manifest = try readManifest()
        return manifest.launches.compactMap { record -> LaunchTrace? in
            guard record.outcome == .completed, let name = record.traceFile,
                var trace = try? LaunchTrace.read(from: url.appendingPathComponent(name))
            else { return nil }
            if trace.runIndex == nil { trace.runIndex = record.index }
            return trace
        }
    }

    /// The run's manifest: `launches.json`, with the records of its journal merged when the run
    /// was killed before it wrote the last ones there (``RunManifest/merging(_:)``).
    ///
    /// - Throws: ``LaunchProfilerError`` when `launches.json` is missing or invalid, or a line of
    ///   the journal is (its number named).
    package func readManifest() throws -> RunManifest {
        let manifest = try RunManifest.read(from: manifestURL)
        guard FileManager.default.fileExists(atPath: journalURL.path) else { return manifest }
        return manifest.merging(try RunJournal.read(from: journalURL))
    }

    /// The verdicts `launchprof run` saved in `verdicts.json`, or nil when there are none.
    package func loadSavedEvaluation() throws -> BudgetEvaluation? {
        guard FileManager.default.fileExists(atPath: verdictsURL.path) else { return nil }
        return try TraceJSON.read(JSONReport.self, from: verdictsURL).evaluation
    }

    /// Whether the folder exists and is a directory (not a summary file).
    package var isDirectory: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
