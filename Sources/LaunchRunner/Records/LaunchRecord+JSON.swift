import Foundation
import LaunchTrace

extension LaunchRecord {
    /// The record's JSON with sorted keys, written directly: compact (`indent` nil) as a line of a
    /// run's journal, or pretty printed as an element of an array `indent` levels deep, as in
    /// `launches.json`. Byte for byte what `JSONEncoder` writes with `.sortedKeys`,
    /// `.withoutEscapingSlashes` and, when pretty, `.prettyPrinted` (`LaunchRecordJSONTests`);
    /// `JSONEncoder` took 25 microseconds a record (85 pretty printed), a fifth of the runner's
    /// time between two launches of a short program (`Benchmarks/scripts/runner-period.py`).
    /// The nested values (the readiness condition, the shutdown, the pre-main breakdown) are
    /// encoded by `encoder`, which must be configured to match.
    ///
    /// - Throws: what `encoder` throws for a nested value.
    package func json(nestedWith encoder: JSONEncoder, indent: Int? = nil) throws -> [UInt8] {
        var json = JSONObjectWriter(indent: indent)
        json.add(CodingKeys.evictedBytes, evictedBytes)
        json.add(CodingKeys.exitStatus, exitStatus)
        json.add(CodingKeys.firstFrameNs, firstFrameNs)
        json.add(CodingKeys.firstWindowNs, firstWindowNs)
        try json.add(CodingKeys.followed, followed, encoder)
        json.add(CodingKeys.framePicture, framePicture)
        json.add(CodingKeys.index, index)
        json.add(CodingKeys.lastPhase, lastPhase)
        json.add(CodingKeys.leftoverProcesses, leftoverProcesses)
        json.add(CodingKeys.message, message)
        json.add(CodingKeys.outcome, outcome.rawValue)
        try json.add(CodingKeys.preMain, preMain, encoder)
        json.add(CodingKeys.readyNs, readyNs)
        try json.add(CodingKeys.readyWhen, readyWhen, encoder)
        json.add(CodingKeys.scenario, scenario.rawValue)
        try json.add(CodingKeys.shutdown, shutdown, encoder)
        json.add(CodingKeys.signal, signal)
        json.add(CodingKeys.startedAtNs, startedAtNs)
        json.add(CodingKeys.stderrTail, stderrTail)
        json.add(CodingKeys.stdoutTail, stdoutTail)
        json.add(CodingKeys.traceFile, traceFile)
        try json.add(CodingKeys.usage, usage, encoder)
        json.add(CodingKeys.wallNs, wallNs)
        json.add(CodingKeys.windowTitle, windowTitle)
        return json.finished()
    }
}

/// A JSON object written member by member, in the order they are added (the caller adds them
/// in the keys' sorted order), compact or pretty printed as `JSONEncoder` prints; absent
/// values are left out, as `JSONEncoder` leaves out nil.
struct JSONObjectWriter {
    private var bytes: [UInt8] = [0x7B]
    /// The object's depth when pretty printed, or nil.
    private let indent: Int?
    private var empty = true

    init(indent: Int?) {
        self.indent = indent
        bytes.reserveCapacity(indent == nil ? 256 : 512)
    }

    mutating func add(_ key: some CodingKey, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        member(key)
        bytes += String(value).utf8
    }

    mutating func add(_ key: some CodingKey, _ value: String?) {
        guard let value else { return }
        member(key)
        Self.append(string: value, to: &bytes)
    }

    /// A nested value, as `encoder` writes it, its lines indented to the member's depth.
    mutating func add(_ key: some CodingKey, _ value: (some Encodable)?, _ encoder: JSONEncoder) throws {
        guard let value else { return }
        member(key)
        let text = try encoder.encode(value)
        bytes += indent.map { TraceJSON.nested(text, levels: $0 + 1) } ?? Array(text)
    }

    /// The object's text.
    mutating func finished() -> [UInt8] {
        if let indent {
            bytes.append(0x0A)
            if !empty { bytes += [UInt8](repeating: 0x20, count: indent * 2) }
        }
        bytes.append(0x7D)
        return bytes
    }

    private mutating func member(_ key: some CodingKey) {
        if !empty { bytes.append(0x2C) }
        empty = false
        if let indent {
            bytes.append(0x0A)
            bytes += [UInt8](repeating: 0x20, count: (indent + 1) * 2)
        }
        Self.append(string: key.stringValue, to: &bytes)
        bytes += indent == nil ? [0x3A] : [0x20, 0x3A, 0x20]
    }

    /// `value` as a JSON string, escaped as `JSONEncoder` escapes it: quotes, backslashes and
    /// control characters; slashes and non-ASCII characters as they are.
    static func append(string value: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        for byte in value.utf8 {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x08: bytes += [0x5C, 0x62]
            case 0x0C: bytes += [0x5C, 0x66]
            case 0..<0x20: bytes += [0x5C, 0x75, 0x30, 0x30, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
