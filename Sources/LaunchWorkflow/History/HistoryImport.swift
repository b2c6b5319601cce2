import Foundation
import LaunchAnalysis
import LaunchHistory
import LaunchTrace

/// `history import RUN_FOLDER…`: records run folders made before (their `summary.json` and
/// saved verdicts). Each is keyed by a digest of its `summary.json`, so importing a folder
/// twice records it once; its time is the run's own date.
public enum HistoryImport {
    /// The record of the run folder at `url`.
    ///
    /// - Throws: ``LaunchProfilerError`` when the folder has no readable `summary.json`.
    public static func run(at url: URL, revision: SourceRevision) throws -> HistoryRun {
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
        let date = (try? Date(summary.run.date, strategy: .iso8601)) ?? Date()
        return HistoryRun(
            summary: summary, evaluation: evaluation, revision: revision, key: "import-" + digest(data),
            recordedAt: date)
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
