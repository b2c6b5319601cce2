import Foundation
import LaunchTrace

/// Encodes `launches.json` again after each launch without encoding every record again: each
/// ``LaunchRecord`` is encoded once (again only if it changed) and the file is assembled from
/// those texts and the manifest's other fields, byte for byte what ``TraceJSON`` writes. A run's
/// manifest is rewritten after every launch so that an interrupted run keeps what it measured;
/// encoding it whole each time made a long run of a short program quadratic (half of launchprof's
/// CPU in a 300-launch run of `git --version`, Benchmarks/README.md).
///
/// ```swift
/// let encoder = RunManifestEncoder()
/// try AtomicFile.write(encoder.encode(manifest), to: url, durable: false)
/// ```
public final class RunManifestEncoder {
    /// Each list's records and their indented texts, as last encoded.
    private var cache: [String: [(record: LaunchRecord, text: String)]] = [:]
    /// The manifest without its records, and its text, as last encoded.
    private var skeleton: (manifest: RunManifest, text: String)?
    private let encoder = TraceJSON.makeEncoder()

    /// Creates an encoder with nothing encoded yet.
    public init() {}

    /// The manifest's JSON, with `$schema`, sorted keys, pretty printed and a final newline.
    ///
    /// - Throws: an `EncodingError` (a value JSON cannot hold).
    public func encode(_ manifest: RunManifest) throws -> Data {
        let bare = manifest.withoutRecords
        // The lists in the order the sorted keys put them; each one's empty array, as the encoder
        // writes it at the top level (no string value holds these newlines unescaped), is
        // replaced by its records' texts. Native strings throughout: Foundation's search and
        // its UTF-16 strings cost more than the encoding saved.
        var rest = Substring(try text(of: bare))
        var pieces: [String] = []
        for (key, records) in manifest.recordLists {
            guard let records, !records.isEmpty,
                let empty = rest.firstRange(of: "\n  \"\(key)\" : [\n\n  ]")
            else { continue }
            pieces.append(String(rest[..<empty.lowerBound]))
            pieces.append("\n  \"\(key)\" : [\n")
            pieces.append((try texts(of: records, in: key)).joined(separator: ",\n"))
            pieces.append("\n  ]")
            rest = rest[empty.upperBound...]
        }
        pieces.append(String(rest))
        pieces.append("\n")
        return Data(pieces.joined().utf8)
    }

    /// The skeleton's text, encoded again only when it changed.
    private func text(of manifest: RunManifest) throws -> String {
        if let skeleton, skeleton.manifest == manifest { return skeleton.text }
        let text = String(decoding: try TraceJSON.encode(manifest, schema: .launches), as: UTF8.self)
        skeleton = (manifest, text)
        return text
    }

    /// The records' texts, indented for the top level's arrays; those unchanged since the last
    /// call come from the cache.
    private func texts(of records: [LaunchRecord], in key: String) throws -> [String] {
        var cached = cache[key] ?? []
        cached.removeLast(max(0, cached.count - records.count))
        for (index, record) in records.enumerated() where index >= cached.count || cached[index].record != record {
            let lines = String(decoding: try encoder.encode(record), as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            let text = lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            if index < cached.count { cached[index] = (record, text) } else { cached.append((record, text)) }
        }
        cache[key] = cached
        return cached.map(\.text)
    }
}
