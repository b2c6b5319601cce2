import Foundation
import LaunchTrace

extension ComparisonOutcome {
    /// Writes the outcome atomically as sorted, pretty-printed JSON (`comparison.json`).
    package func write(to url: URL) throws {
        try TraceJSON.write(self, schema: .comparison, to: url)
    }

    /// The outcome as sorted, pretty-printed JSON, ending with a newline.
    package func json() throws -> String {
        String(decoding: try TraceJSON.encode(self, schema: .comparison), as: UTF8.self) + "\n"
    }
}
