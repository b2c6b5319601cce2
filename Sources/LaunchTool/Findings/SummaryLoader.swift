import Foundation

/// Reads a summary from a run folder (with its findings) or from a summary file.
package enum SummaryLoader {
    /// The summary at `url`: a run folder's, rebuilt from its traces, or a `summary.json`.
    ///
    /// - Throws: ``TraceFileError`` when a file is missing or invalid.
    package static func load(_ url: URL) throws -> RunSummary {
        let folder = RunFolder(url: url)
        guard folder.isDirectory else { return try RunSummary.read(from: url) }
        var summary = try folder.loadSummary()
        FindingsStep.attach(to: &summary, traces: try folder.loadTraces())
        return summary
    }
}
