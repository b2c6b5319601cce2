import Foundation
import LaunchAnalysis
import LaunchReports

/// Reads a summary from a run folder or a summary file.
enum SummaryLoader {
    static func load(_ url: URL) throws -> RunSummary {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        guard isDirectory.boolValue else { return try RunSummary.read(from: url) }
        var summary = try RunFolder.loadSummary(at: url)
        let traces = try ReportInput.loadTraces(from: url)
        FindingsStep.attach(to: &summary, traces: traces)
        return summary
    }
}
