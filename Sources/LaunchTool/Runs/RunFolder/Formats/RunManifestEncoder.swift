import Foundation
import LaunchTrace

/// Encodes `launches.json` as ``LaunchTrace/TraceJSON`` does (`$schema` first, sorted keys,
/// pretty printed, a final newline), byte for byte (`RunManifestEncoderTests`), with each record
/// written directly (``RecordListSplicer``): the manifest of a run of a short program holds
/// hundreds of records, and `JSONEncoder` took 85 microseconds for each, 16 ms at the end of a
/// 150-launch run of `git --version`.
///
/// ```swift
/// try AtomicFile.write(RunManifestEncoder.encode(manifest), to: url)
/// ```
package enum RunManifestEncoder {
    /// The manifest's JSON.
    ///
    /// - Throws: an `EncodingError` (a value JSON cannot hold).
    package static func encode(_ manifest: RunManifest) throws -> Data {
        let lists = LaunchKind.allCases.sorted { $0.recordsKey < $1.recordsKey }.map {
            (key: $0.recordsKey, records: manifest[$0] ?? [])
        }
        var bytes = try RecordListSplicer.splice(
            TraceJSON.encode(manifest.withoutRecords, schema: .launches), lists: lists)
        bytes.append(0x0A)
        return Data(bytes)
    }
}
