import Foundation
import LaunchRunner
import LaunchTrace

/// Writes the lists of launch records of a JSON document directly
/// (``LaunchRunner/LaunchRecord/json(nestedWith:indent:)``) into the rest of it as
/// ``LaunchTrace/TraceJSON`` encoded it, byte for byte what encoding the whole gives
/// (`RecordListSplicerTests`): a run of a short program holds hundreds of records, each of which
/// `JSONEncoder` took tens of microseconds to print, in `launches.json`, `summary.json` and
/// `verdicts.json` alike.
///
/// ```swift
/// var bare = summary
/// bare.measurementLaunches = []
/// let text = try RecordListSplicer.splice(
///     TraceJSON.encode(bare, schema: .summary), lists: [("measurementLaunches", summary.measurementLaunches!)])
/// ```
package enum RecordListSplicer {
    /// `encoded` with each list's records in place of the empty array it holds for it.
    ///
    /// - Parameters:
    ///   - encoded: the pretty-printed JSON (``LaunchTrace/TraceJSON``) of the value with each of
    ///     `lists` empty (`[]`).
    ///   - parent: the keys of the objects, from the top, that hold the lists (none: the top level).
    ///   - lists: keys of one object and their records, in their keys' sorted order; a list
    ///     without records is left as it is.
    /// - Throws: an `EncodingError` for a nested value JSON cannot hold, or
    ///   ``LaunchProfilerError`` when a list's empty array is not where it should be.
    package static func splice(
        _ encoded: Data, parent: [String] = [], lists: [(key: String, records: [LaunchRecord])]
    ) throws -> [UInt8] {
        let encoder = TraceJSON.makeEncoder()
        var rest = Substring(String(decoding: encoded, as: UTF8.self))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count + 256 * lists.reduce(0) { $0 + $1.records.count })
        for (depth, key) in parent.enumerated() {
            let object = "\n\(margin(depth + 1))\"\(key)\" : {"
            try move(through: object, naming: "object \"\(key)\"", of: &rest, to: &bytes)
        }
        let depth = parent.count + 1
        for (key, records) in lists where !records.isEmpty {
            let empty = "\n\(margin(depth))\"\(key)\" : [\n\n\(margin(depth))]"
            try move(through: empty, naming: "empty list \"\(key)\"", of: &rest, to: &bytes, keep: false)
            bytes += "\n\(margin(depth))\"\(key)\" : [\n".utf8
            let element = Array(margin(depth + 1).utf8)
            for (index, record) in records.enumerated() {
                if index > 0 { bytes += [0x2C, 0x0A] }
                bytes += element
                bytes += try record.json(nestedWith: encoder, indent: depth + 1)
            }
            bytes += "\n\(margin(depth))]".utf8
        }
        bytes += rest.utf8
        return bytes
    }

    /// Moves what `rest` holds up to `marker` (`what`, in an error) into `bytes`, and the marker
    /// too when `keep`.
    private static func move(
        through marker: String, naming what: String, of rest: inout Substring, to bytes: inout [UInt8],
        keep: Bool = true
    ) throws {
        guard let found = rest.firstRange(of: marker) else {
            throw LaunchProfilerError(
                .writeFailed, "The JSON to write has no \(what) where the launch records go, or not in sorted order.")
        }
        bytes += rest[..<(keep ? found.upperBound : found.lowerBound)].utf8
        rest = rest[found.upperBound...]
    }

    private static func margin(_ depth: Int) -> String {
        String(repeating: " ", count: 2 * depth)
    }
}
