import Foundation
import LaunchHistory
import LaunchTrace

/// `history import RUN_FOLDER…`: records run folders made before (their `summary.json` and
/// saved verdicts). Each is keyed by a digest of its `summary.json`, so importing a folder
/// twice records it once; its time is the run's own date.
package enum HistoryImport {
    /// The record of the run folder at `url`.
    ///
    /// - Throws: ``LaunchProfilerError`` when the folder has no readable `summary.json`, or when
    ///   its `run.date` is not an ISO 8601 date (the run would be recorded at a time it did not run).
    package static func run(at url: URL, revision: SourceRevision) throws -> HistoryRun {
        let folder = RunFolder(url: url)
        let data: Data
        do {
            data = try InputFile.read(folder.summaryURL, what: "run summary")
        } catch {
            throw LaunchProfilerError.workflow(
                "\(url.path) is not a run folder: \(folder.summaryURL.path) cannot be read. \(error.context.reason ?? "")"
            )
        }
        let summary = try RunSummary.read(from: folder.summaryURL)
        let evaluation = try? folder.loadSavedEvaluation()
        let date = try date(of: summary, in: folder.summaryURL)
        return HistoryRun(
            summary: summary, evaluation: evaluation, revision: revision, key: "import-" + digest(data),
            recordedAt: date)
    }

    /// The run's own date (`run.date`), as launchprof writes it (`2026-11-28T04:27:00Z`), with or
    /// without fractional seconds.
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the JSON path, the value and what was
    ///   expected.
    static func date(of summary: RunSummary, in file: URL) throws(LaunchProfilerError) -> Date {
        let text = summary.run.date
        let styles = [Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true)]
        for style in styles {
            if let date = try? Date(text, strategy: style) { return date }
        }
        throw LaunchProfilerError(
            .invalidFile, "The run's date cannot be read, so the run cannot be placed in the history's time line:",
            context: LaunchProfilerError.Context(
                file: file.path, jsonPath: "run.date", value: "\"\(text)\"",
                expected:
                    "Expected an ISO 8601 date and time, as launchprof writes it (for example 2026-11-28T04:27:00Z)."
            ))
    }

    /// FNV-1a (64 bits) of `data`, in hex: a stable key, not a security measure.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
