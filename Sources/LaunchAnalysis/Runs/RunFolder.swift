import Foundation
import LaunchTrace

/// A run folder as the runner leaves it: `launches.json` (a ``RunManifest``) and the
/// `*.trace.json` files its records name.
///
/// ```swift
/// let summary = try RunFolder.loadSummary(at: URL(filePath: "launchprof-runs/latest"))
/// ```
public enum RunFolder {
    /// Reads the manifest and the traces of the completed launches, and builds the summary.
    ///
    /// A launch recorded as completed whose trace is missing or unreadable is kept in the
    /// summary as ``LaunchTrace/LaunchRecord/Outcome/invalidTrace`` with the reader's error as
    /// its message, so one bad file does not lose the other launches.
    ///
    /// - Throws: ``LaunchProfilerError`` when `launches.json` is missing or invalid.
    public static func loadSummary(
        at folder: URL, bootstrap: Bootstrap = Bootstrap(), outliers: OutlierDetector = OutlierDetector()
    ) throws -> RunSummary {
        let manifest = try RunManifest.read(from: folder.appendingPathComponent(RunManifest.fileName))
        var records = manifest.launches
        var traces: [LaunchTrace] = []
        for i in records.indices where records[i].outcome == .completed {
            guard let name = records[i].traceFile else {
                records[i].outcome = .invalidTrace
                records[i].message = "The launch is recorded as completed but names no trace file."
                continue
            }
            do {
                var trace = try LaunchTrace.read(from: folder.appendingPathComponent(name))
                if trace.runIndex == nil { trace.runIndex = records[i].index }
                traces.append(trace)
            } catch {
                records[i].outcome = .invalidTrace
                records[i].message = "The trace cannot be used: \(error)"
            }
        }
        return RunSummary.build(info: manifest.info, records: records, traces: traces, bootstrap: bootstrap, outliers: outliers)
    }
}
