/// A JSON file LaunchProfiler reads is missing, malformed, or holds an unexpected value.
///
/// The message names the file, the JSON path (e.g. `phases[2].durationNs`) and what was
/// expected, so the reader can fix the file without a debugger.
public struct TraceFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the file.
    public var file: String
    /// JSON path of the offending value, empty for the whole file.
    public var path: String
    /// What is wrong, as a sentence.
    public var message: String

    /// Creates an error.
    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// Creates an error from a `DecodingError`, turning its coding path into a JSON path.
    public init(decoding error: DecodingError, file: String) {
        func jsonPath(_ keys: [any CodingKey]) -> String {
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
        switch error {
        case .keyNotFound(let key, let context):
            let path = jsonPath(context.codingPath + [key])
            self.init(file: file, path: path, message: "The required key \"\(key.stringValue)\" is missing.")
        case .typeMismatch(let type, let context):
            self.init(file: file, path: jsonPath(context.codingPath), message: "Expected a value of type \(type). \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self.init(file: file, path: jsonPath(context.codingPath), message: "Expected a value of type \(type) but found null.")
        case .dataCorrupted(let context):
            self.init(file: file, path: jsonPath(context.codingPath), message: "The data is not valid: \(context.debugDescription)")
        @unknown default:
            self.init(file: file, path: "", message: "The file cannot be decoded: \(error).")
        }
    }

    /// `file: at path: message`.
    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): at \(path): \(message)"
    }
}
