import Foundation
import LaunchAnalysis

/// Reads a summary from a run folder or a summary file.
enum SummaryLoader {
    static func load(_ url: URL) throws -> RunSummary {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        return isDirectory.boolValue ? try RunFolder.loadSummary(at: url) : try RunSummary.read(from: url)
    }
}
