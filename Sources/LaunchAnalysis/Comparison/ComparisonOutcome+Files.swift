import Foundation
import LaunchTrace

extension ComparisonOutcome {
    /// Writes the outcome atomically as sorted, pretty-printed JSON (`comparison.json`).
    public func write(to url: URL) throws {
        try TraceJSON.write(self, to: url)
    }

    /// The outcome as sorted, pretty-printed JSON, ending with a newline.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
