import Foundation

/// The JSON conventions every LaunchProfiler file follows: sorted keys, pretty printed,
/// and writes that never leave a half-written file behind.
package enum TraceJSON {
    /// An encoder with `[.sortedKeys, .prettyPrinted]`.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes `value` and writes it to `url` atomically: to a temporary file in the same
    /// folder, then renamed over the destination.
    package static func write<T: Encodable>(_ value: T, to url: URL) throws {
        let data = try makeEncoder().encode(value) + Data("\n".utf8)
        try AtomicFile.write(data, to: url)
    }

    /// Encodes `value` with `$schema` naming its schema as its first key.
    package static func encode<T: Encodable>(_ value: T, schema: JSONSchemaName) throws -> Data {
        try makeEncoder().encode(SchemaTagged(schema: schema, value: value))
    }

    /// `json`, an object as ``makeEncoder()`` prints it (without `$schema`), with `$schema`
    /// naming `schema` as its first key: byte for byte what ``encode(_:schema:)`` gives for
    /// the same value (`$` sorts before every key this project writes).
    ///
    /// - Throws: ``LaunchProfilerError`` when `json` is not a pretty-printed object with members.
    package static func tagging(_ json: [UInt8], schema: JSONSchemaName) throws -> [UInt8] {
        guard json.starts(with: Array("{\n".utf8)), json.count > 3 else {
            throw LaunchProfilerError(.writeFailed, "The JSON to tag with its schema is not an object with members.")
        }
        var tagged = Array("{\n  \"$schema\" : ".utf8)
        tagged += try makeEncoder().encode(schema.url)
        tagged += Array(",\n".utf8)
        tagged += json.dropFirst(2)
        return tagged
    }

    /// `json` as ``makeEncoder()`` prints it, nested `levels` deeper: two more spaces per level at
    /// the start of every line but the first and the empty ones (an empty array's), as the
    /// encoder prints the same value inside another.
    package static func nested(_ json: some Collection<UInt8>, levels: Int) -> [UInt8] {
        let margin = [UInt8](repeating: 0x20, count: 2 * levels)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + json.count / 8)
        var previous: UInt8 = 0
        for byte in json {
            if previous == 0x0A, byte != 0x0A { bytes += margin }
            bytes.append(byte)
            previous = byte
        }
        return bytes
    }

    /// Writes `value` as ``write(_:to:)`` does, with `$schema` naming its schema; durably unless
    /// `durable` is false (``AtomicFile/write(_:to:durable:)``).
    package static func write<T: Encodable>(_ value: T, schema: JSONSchemaName, to url: URL, durable: Bool = true)
        throws
    {
        try AtomicFile.write(try encode(value, schema: schema) + Data("\n".utf8), to: url, durable: durable)
    }

    /// Reads and decodes a JSON file, turning decoding failures into a ``LaunchProfilerError``
    /// that names the file, the JSON path and what was expected.
    package static func read<T: Decodable>(_ type: T.Type, from url: URL) throws -> T {
        try decode(type, from: try InputFile.read(url, what: "file"), file: url.path)
    }

    /// Decodes JSON data, naming `file` in any error; a key written twice in one object is an
    /// error too (``JSONDuplicateKey``), with its line and column.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws -> T {
        let value: T
        do {
            value = try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let (line, column) = LaunchProfilerError.syntaxErrorLocation(in: data)
            {
                var located = LaunchProfilerError.invalidFile(file, "The file is not valid JSON.")
                located.context.line = line
                located.context.column = column
                throw located
            }
            throw LaunchProfilerError(decoding: error, file: file)
        } catch {
            throw LaunchProfilerError.invalidFile(file, "The file is not valid JSON: \(error.localizedDescription)")
        }
        if let duplicate = JSONDuplicateKey.first(in: data) {
            throw LaunchProfilerError.duplicateKey(duplicate, file: file)
        }
        return value
    }
}

extension LaunchTrace {
    /// Reads a trace file, checking its schema version first.
    ///
    /// - Throws: ``LaunchProfilerError`` naming the file, the JSON path and the problem.
    package static func read(from url: URL) throws -> LaunchTrace {
        try decode(try InputFile.read(url, what: "trace"), file: url.path)
    }

    /// Decodes a trace from JSON data, checking its schema version first and its values after
    /// (``TraceValidator``: no negative, overflowing or overlapping times).
    package static func decode(_ data: Data, file: String) throws -> LaunchTrace {
        struct Version: Decodable { var schemaVersion: Int? }
        let version = try TraceJSON.decode(Version.self, from: data, file: file)
        guard let schemaVersion = version.schemaVersion else {
            throw LaunchProfilerError.invalidFile(
                file, at: "schemaVersion", "The key is missing; expected the integer \(currentSchemaVersion).")
        }
        guard schemaVersion == currentSchemaVersion else {
            throw LaunchProfilerError.invalidFile(
                file, at: "schemaVersion",
                "The value \(schemaVersion) is not supported; this version of LaunchProfiler reads schema version \(currentSchemaVersion)."
            )
        }
        let trace = try TraceJSON.decode(LaunchTrace.self, from: data, file: file)
        try TraceValidator(file: file).validate(trace)
        return trace
    }

    /// Writes the trace atomically as sorted, pretty-printed JSON, with its `$schema`; durably
    /// unless `durable` is false (``AtomicFile/write(_:to:durable:)``).
    package func write(to url: URL, durable: Bool = true) throws {
        try TraceJSON.write(self, schema: .trace, to: url, durable: durable)
    }
}
