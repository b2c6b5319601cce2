import Foundation

/// A key written twice in one JSON object, with where both are.
///
/// JSON readers (Foundation's `JSONDecoder` and `JSONSerialization` among them) keep one of the
/// two values without a word, so a file whose second `"limit"` was meant to replace the first
/// would be read with either. LaunchProfiler reads no such file: ``first(in:)`` finds the first
/// duplicate so the reader can name it.
///
/// ```swift
/// JSONDuplicateKey.first(in: Data(#"{"a": 1, "a": 2}"#.utf8))?.jsonPath   // "a"
/// ```
package struct JSONDuplicateKey: Sendable, Equatable {
    /// The key as decoded (escapes resolved).
    package var key: String
    /// The JSON path of the second occurrence, e.g. `rules[2].limit`.
    package var jsonPath: String
    /// Line of the second occurrence's opening quote, from 1.
    package var line: Int
    /// Column (in bytes, from 1) of the second occurrence's opening quote.
    package var column: Int
    /// Line of the first occurrence.
    package var firstLine: Int
    /// Column of the first occurrence.
    package var firstColumn: Int

    /// Creates a duplicate's description.
    package init(key: String, jsonPath: String, line: Int, column: Int, firstLine: Int, firstColumn: Int) {
        self.key = key
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.firstLine = firstLine
        self.firstColumn = firstColumn
    }

    /// The first key written twice in one object of `data`, in reading order; nil when every
    /// object's keys are unique. `data` is expected to be well-formed JSON (read it with a JSON
    /// reader first); on malformed input the result is nil or a best guess, never a trap.
    package static func first(in data: Data) -> JSONDuplicateKey? {
        data.withUnsafeBytes { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.run()
        }
    }

    /// One open object or array while scanning.
    private struct Container {
        var path: String
        var isObject: Bool
        var expectingKey = true
        var index = 0
        var lastKey = ""
        var keys: [String: (line: Int, column: Int)] = [:]
    }

    /// A single pass over the bytes: strings are skipped whole, containers kept on a stack.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        var line = 1
        var lineStart = 0
        var stack: [Container] = []

        mutating func run() -> JSONDuplicateKey? {
            while offset < bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    stack.append(Container(path: childPath(), isObject: byte == UInt8(ascii: "{")))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    _ = stack.popLast()
                case UInt8(ascii: ","):
                    if let last = stack.indices.last {
                        if stack[last].isObject { stack[last].expectingKey = true } else { stack[last].index += 1 }
                    }
                case UInt8(ascii: "\n"):
                    line += 1
                    lineStart = offset + 1
                case UInt8(ascii: "\""):
                    if let duplicate = string() { return duplicate }
                    continue
                default:
                    break
                }
                offset += 1
            }
            return nil
        }

        /// Reads the string starting at `offset` (leaving `offset` after its closing quote);
        /// when it is an object's key, records it and returns a duplicate.
        mutating func string() -> JSONDuplicateKey? {
            let start = offset
            let column = start - lineStart + 1
            var escaped = false
            offset += 1
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                if bytes[offset] == UInt8(ascii: "\\") {
                    escaped = true
                    offset += 1
                }
                offset += 1
            }
            offset += 1
            guard let last = stack.indices.last, stack[last].isObject, stack[last].expectingKey else { return nil }
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<Swift.min(offset, bytes.count)])
            let key = Self.decodeKey(raw, escaped: escaped)
            stack[last].expectingKey = false
            stack[last].lastKey = key
            if let first = stack[last].keys[key] {
                return JSONDuplicateKey(
                    key: key, jsonPath: Self.join(stack[last].path, key), line: line, column: column,
                    firstLine: first.line, firstColumn: first.column
                )
            }
            stack[last].keys[key] = (line, column)
            return nil
        }

        /// The path of a value about to start in the innermost container.
        func childPath() -> String {
            guard let top = stack.last else { return "" }
            return top.isObject ? Self.join(top.path, top.lastKey) : "\(top.path)[\(top.index)]"
        }

        static func join(_ path: String, _ key: String) -> String {
            path.isEmpty ? key : "\(path).\(key)"
        }

        /// The key's text: the bytes between the quotes, or the JSON reader's reading of the
        /// whole quoted string when it holds escapes (`"\u0061"` is `a`).
        static func decodeKey(_ quoted: UnsafeRawBufferPointer, escaped: Bool) -> String {
            let inner =
                quoted.count >= 2
                ? UnsafeRawBufferPointer(rebasing: quoted[1..<(quoted.count - 1)])
                : UnsafeRawBufferPointer(rebasing: quoted[0..<0])
            guard escaped else { return String(decoding: inner, as: UTF8.self) }
            let decoded = try? JSONSerialization.jsonObject(with: Data(quoted), options: [.fragmentsAllowed]) as? String
            return decoded ?? String(decoding: inner, as: UTF8.self)
        }
    }
}
