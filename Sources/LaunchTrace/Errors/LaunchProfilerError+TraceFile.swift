import Foundation

extension LaunchProfilerError {
    /// A JSON file LaunchProfiler reads (a trace, a run summary, a manifest) is malformed or holds
    /// an unexpected value: `FILE: at JSONPATH: MESSAGE`, so the reader can fix the file without a
    /// debugger.
    package static func invalidFile(_ file: String, at jsonPath: String = "", _ message: String) -> Self {
        Self(.invalidFile, message, context: Context(file: file, jsonPath: jsonPath.isEmpty ? nil : jsonPath))
    }

    /// A key written twice in one object of a JSON file: `FILE:LINE:COLUMN: at JSONPATH: The key
    /// "K" appears twice …`, pointing at the second occurrence and naming the first.
    package static func duplicateKey(_ duplicate: JSONDuplicateKey, file: String) -> Self {
        var error = Self.invalidFile(file, at: duplicate.jsonPath, duplicateKeySentence(duplicate))
        error.context.line = duplicate.line
        error.context.column = duplicate.column
        return error
    }

    /// The sentence of ``duplicateKey(_:file:)``, for readers with their own error layout.
    package static func duplicateKeySentence(_ duplicate: JSONDuplicateKey) -> String {
        "The key \"\(duplicate.key)\" appears twice in this object (first at line \(duplicate.firstLine), column \(duplicate.firstColumn)); "
            + "expected each key once, since a JSON reader keeps only one of the two values."
    }

    /// A file cannot be read at all: `FILE: The WHAT cannot be read: REASON`.
    package static func unreadableFile(_ file: String, what: String, error: any Error) -> Self {
        if let error = error as? LaunchProfilerError, error.code == .unreadableFile, let reason = error.context.reason {
            return unreadableFile(file, what: what, reason: reason)
        }
        return unreadableFile(file, what: what, reason: describe(error))
    }

    /// A file cannot be read at all, `reason` being a sentence ("It is a directory, not a file.").
    package static func unreadableFile(_ file: String, what: String, reason: String) -> Self {
        Self(.unreadableFile, "The \(what) cannot be read: \(reason)", context: Context(file: file, reason: reason))
    }

    /// A `DecodingError` with its coding path turned into a JSON path.
    package init(decoding error: DecodingError, file: String) {
        switch error {
        case .keyNotFound(let key, let context):
            let path = Self.jsonPath(context.codingPath + [key])
            self = .invalidFile(file, at: path, "The required key \"\(key.stringValue)\" is missing.")
        case .typeMismatch(let type, let context):
            self = .invalidFile(
                file, at: Self.jsonPath(context.codingPath),
                "Expected a value of type \(type). \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self = .invalidFile(
                file, at: Self.jsonPath(context.codingPath), "Expected a value of type \(type) but found null.")
        case .dataCorrupted(let context):
            self = .invalidFile(
                file, at: Self.jsonPath(context.codingPath), "The data is not valid: \(context.debugDescription)")
        @unknown default:
            self = .invalidFile(file, "The file cannot be decoded: \(error).")
        }
    }

    /// The line and column (from 1, the column in bytes) of the first JSON syntax error in
    /// `data`, or nil when the JSON is well formed. JSONDecoder's errors on Linux carry no
    /// position; JSONSerialization's say `around character N`, turned here into a line and column.
    package static func syntaxErrorLocation(in data: Data) -> (line: Int, column: Int)? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            guard let range = text.range(of: "character "),
                let offset = Int(text[range.upperBound...].prefix { $0.isNumber })
            else { return nil }
            let prefix = data.prefix(max(0, offset))
            let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let column =
                prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 - prefix.startIndex + 1 } ?? 0) + 1
            return (line, column)
        }
    }

    /// `phases[2].durationNs` for a coding path.
    private static func jsonPath(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }
}
