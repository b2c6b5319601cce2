import Foundation
import LaunchTrace

/// Reads a versioned JSON file, checking `schemaVersion` before decoding the rest so an
/// unknown version gets a clear error instead of a confusing one.
package enum SchemaVersionCheck {
    private struct SchemaVersionOnly: Decodable { var schemaVersion: Int? }

    package static func read<T: Decodable>(
        _ type: T.Type, from url: URL, expected: Int, what: String, upgrades: [SchemaUpgrade] = []
    ) throws -> T {
        try decode(
            type, from: try InputFile.read(url, what: what), file: url.path, expected: expected, what: what,
            upgrades: upgrades)
    }

    /// `data` (the whole of `file`, or one line of it) decoded once its version is checked; a
    /// version one of `upgrades` reads is brought to `expected` first.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String, expected: Int, what: String, upgrades: [SchemaUpgrade] = []
    ) throws -> T {
        let version = try TraceJSON.decode(SchemaVersionOnly.self, from: data, file: file)
        guard let schemaVersion = version.schemaVersion else {
            throw LaunchProfilerError.invalidFile(
                file, at: "schemaVersion", "The key is missing; expected the integer \(expected).")
        }
        if schemaVersion != expected, let upgrade = upgrades.first(where: { $0.version == schemaVersion }),
            let upgraded = upgrade.apply(to: data, current: expected)
        {
            return try TraceJSON.decode(T.self, from: upgraded, file: file)
        }
        guard schemaVersion == expected else {
            let versions = (upgrades.map(\.version) + [expected]).sorted().map(String.init)
            let read = versions.count == 1 ? "version \(expected)" : "versions \(versions.joined(separator: ", "))"
            throw LaunchProfilerError.invalidFile(
                file, at: "schemaVersion",
                "The value \(schemaVersion) is not supported; this version of LaunchProfiler reads \(what) schema \(read)."
            )
        }
        return try TraceJSON.decode(T.self, from: data, file: file)
    }
}
