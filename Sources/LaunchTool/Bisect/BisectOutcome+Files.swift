import Foundation
import LaunchTrace

extension BisectOutcome {
    /// The file name of a bisect's outcome in its folder.
    package static let fileName = "bisect.json"

    /// Writes the outcome atomically as sorted, pretty-printed JSON.
    package func write(to url: URL) throws {
        try TraceJSON.write(self, schema: .bisect, to: url)
    }

    /// The outcome as sorted, pretty-printed JSON, ending with a newline.
    package func json() throws -> String {
        String(decoding: try TraceJSON.encode(self, schema: .bisect), as: UTF8.self) + "\n"
    }

    /// Reads `bisect.json` from `url`.
    ///
    /// - Throws: ``LaunchTrace/LaunchProfilerError`` naming the file and what is wrong with it.
    package static func load(from url: URL) throws -> BisectOutcome {
        try TraceJSON.read(BisectOutcome.self, from: url)
    }
}
