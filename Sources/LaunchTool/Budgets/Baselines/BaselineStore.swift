import Foundation
import LaunchTrace

/// Saved run summaries to compare later runs against, one JSON file per name in a folder
/// (`RunFolder.defaultBaselinesURL` is the default one).
///
/// ```swift
/// let store = BaselineStore(directory: RunFolder.defaultBaselinesURL)
/// try store.save(name: "main", summary: summary)
/// let main = try store.load(name: "main")
/// ```
package struct BaselineStore: Sendable, Equatable {
    /// The folder holding the baseline files.
    package var directory: URL

    /// Creates a store in `directory`.
    package init(directory: URL) {
        self.directory = directory
    }

    /// Whether `name` can name a baseline: letters, digits, `.`, `_` and `-`, not starting with `.`.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.count <= 128 else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
        }
    }

    /// The file of the baseline `name`.
    package func url(of name: String) -> URL {
        directory.appendingPathComponent(name + ".json", isDirectory: false)
    }

    /// Saves `summary` as the baseline `name` atomically, creating the folder when needed.
    ///
    /// - Throws: ``LaunchProfilerError`` when the name is not valid or the file cannot be written.
    package func save(name: String, summary: RunSummary) throws {
        guard Self.isValidName(name) else { throw LaunchProfilerError.invalidBaselineName(name) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try TraceJSON.write(summary, schema: .summary, to: url(of: name))
        } catch {
            throw LaunchProfilerError.baselineNotWritable(
                name: name, path: url(of: name).path, reason: "\(error.localizedDescription)")
        }
    }

    /// Loads the baseline `name`.
    ///
    /// - Throws: ``LaunchProfilerError`` with code ``LaunchProfilerError/Code/baselineNotFound`` when it was never saved,
    ///   ``LaunchProfilerError`` when the file is not a valid run summary.
    package func load(name: String) throws -> RunSummary {
        guard Self.isValidName(name) else { throw LaunchProfilerError.invalidBaselineName(name) }
        let file = url(of: name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw LaunchProfilerError.baselineNotFound(name: name, path: file.path)
        }
        return try RunSummary.read(from: file)
    }

    /// Names of the saved baselines, sorted.
    package func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }
}
