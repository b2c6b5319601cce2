import Foundation

extension LaunchRecord {
    /// The record as compact JSON with sorted keys: byte for byte what `JSONEncoder` with
    /// `[.sortedKeys, .withoutEscapingSlashes]` writes (`LaunchRecordCompactJSONTests`), written
    /// directly. A run's journal appends a record after every launch, where `JSONEncoder` took
    /// 25 microseconds of the runner's time between two launches of a short program (a fifth of
    /// all of it, `Benchmarks/scripts/runner-period.py`). The nested values (the readiness
    /// condition, the shutdown, the pre-main breakdown) are encoded by `encoder`.
    ///
    /// - Throws: what `encoder` throws for a nested value.
    public func compactJSON(nestedWith encoder: JSONEncoder) throws -> [UInt8] {
        var json = CompactJSONObject()
        json.add(CodingKeys.evictedBytes, evictedBytes)
        json.add(CodingKeys.exitStatus, exitStatus)
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
        json.add(CodingKeys.stderrTail, stderrTail)
        json.add(CodingKeys.stdoutTail, stdoutTail)
        json.add(CodingKeys.traceFile, traceFile)
        json.add(CodingKeys.wallNs, wallNs)
        return json.finished()
    }
}

/// A JSON object written member by member, in the order they are added (the caller adds them
/// in the keys' sorted order); absent values are left out, as `JSONEncoder` leaves out nil.
struct CompactJSONObject {
    private var bytes: [UInt8] = [0x7B]

    init() {
        bytes.reserveCapacity(256)
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

    mutating func add(_ key: some CodingKey, _ value: (some Encodable)?, _ encoder: JSONEncoder) throws {
        guard let value else { return }
        member(key)
        bytes += try encoder.encode(value)
    }

    /// The object's text.
    mutating func finished() -> [UInt8] {
        bytes.append(0x7D)
        return bytes
    }

    private mutating func member(_ key: some CodingKey) {
        if bytes.count > 1 { bytes.append(0x2C) }
        Self.append(string: key.stringValue, to: &bytes)
        bytes.append(0x3A)
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
