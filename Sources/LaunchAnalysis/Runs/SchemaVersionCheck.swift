import Foundation
import LaunchTrace

/// Reads a versioned JSON file, checking `schemaVersion` before decoding the rest so an
/// unknown version gets a clear error instead of a confusing one.
enum SchemaVersionCheck {
    private struct SchemaVersionOnly: Decodable { var schemaVersion: Int? }

    static func read<T: Decodable>(_ type: T.Type, from url: URL, expected: Int, what: String) throws -> T {
        let data = try InputFile.read(url, what: what)
        let version = try TraceJSON.decode(SchemaVersionOnly.self, from: data, file: url.path)
        guard let schemaVersion = version.schemaVersion else {
            throw LaunchProfilerError.invalidFile(
                url.path, at: "schemaVersion", "The key is missing; expected the integer \(expected).")
        }
        guard schemaVersion == expected else {
            throw LaunchProfilerError.invalidFile(
                url.path, at: "schemaVersion",
                "The value \(schemaVersion) is not supported; this version of LaunchProfiler reads \(what) schema version \(expected)."
            )
        }
        return try TraceJSON.decode(T.self, from: data, file: url.path)
    }
}
