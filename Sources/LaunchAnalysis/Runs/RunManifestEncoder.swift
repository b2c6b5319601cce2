import Foundation
import LaunchTrace

/// Encodes `launches.json` as ``LaunchTrace/TraceJSON`` does (`$schema` first, sorted keys,
/// pretty printed, a final newline), byte for byte (`RunManifestEncoderTests`), with each record
/// written directly (``LaunchTrace/LaunchRecord/json(nestedWith:indent:)``): the manifest of a
/// run of a short program holds hundreds of records, and `JSONEncoder` took 85 microseconds for
/// each, 16 ms at the end of a 150-launch run of `git --version`.
///
/// ```swift
/// try AtomicFile.write(RunManifestEncoder.encode(manifest), to: url)
/// ```
public enum RunManifestEncoder {
    /// The manifest's JSON.
    ///
    /// - Throws: an `EncodingError` (a value JSON cannot hold).
    public static func encode(_ manifest: RunManifest) throws -> Data {
        let encoder = TraceJSON.makeEncoder()
        // The lists in the order the sorted keys put them: each one's empty array, as the
        // encoder writes it at the top level (no string value holds these newlines unescaped),
        // is replaced by its records.
        var rest = Substring(
            String(decoding: try TraceJSON.encode(manifest.withoutRecords, schema: .launches), as: UTF8.self))
        var bytes: [UInt8] = []
        for list in RunManifest.RecordList.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let records = manifest[list], !records.isEmpty,
                let empty = rest.firstRange(of: "\n  \"\(list.rawValue)\" : [\n\n  ]")
            else { continue }
            bytes += rest[..<empty.lowerBound].utf8
            bytes += "\n  \"\(list.rawValue)\" : [\n".utf8
            for (index, record) in records.enumerated() {
                bytes += (index == 0 ? "    " : ",\n    ").utf8
                bytes += try record.json(nestedWith: encoder, indent: 2)
            }
            bytes += "\n  ]".utf8
            rest = rest[empty.upperBound...]
        }
        bytes += rest.utf8
        bytes.append(0x0A)
        return Data(bytes)
    }
}
