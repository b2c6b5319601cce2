import Foundation
import LaunchTrace

/// Reads a versioned JSON file, checking `schemaVersion` before decoding the rest so an
/// unknown version gets a clear error instead of a confusing one.
package enum SchemaVersionCheck {
    private struct SchemaVersionOnly: Decodable { var schemaVersion: Int? }

    package static func read<T: Decodable>(_ type: T.Type, from url: URL, expected: Int, what: String) throws -> T {
        try decode(type, from: try InputFile.read(url, what: what), file: url.path, expected: expected, what: what)
    }

    /// `data` (the whole of `file`, or one line of it) decoded once its version is checked.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String, expected: Int, what: String)
        throws -> T
    {
        let version = try TraceJSON.decode(SchemaVersionOnly.self, from: data, file: file)
        guard let schemaVersion = version.schemaVersion else {
            throw LaunchProfilerError.invalidFile(
                file, at: "schemaVersion", "The key is missing; expected the integer \(expected).")
        }
        guard schemaVersion == expected else {
            throw LaunchProfilerError.invalidFile(
                file, at: "schemaVersion",
                "The value \(schemaVersion) is not supported; this version of LaunchProfiler reads \(what) schema version \(expected)."
            )
        }
        return try TraceJSON.decode(T.self, from: data, file: file)
    }
}
