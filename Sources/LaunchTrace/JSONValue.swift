/// Any JSON value, decoded without losing the difference between numbers, booleans and
/// strings, so a reader of a hand-written file (a budget file, a storyboard) can check it
/// key by key and name the JSON path of every value of the wrong type.
package enum JSONValue: Decodable, Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as it would appear in JSON, shortened to 60 characters for messages.
    package var rendered: String {
        let text: String
        switch self {
        case .null: text = "null"
        case .bool(let value): text = value ? "true" : "false"
        case .number(let value):
            text = value == value.rounded() && Swift.abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): text = "\"\(value)\""
        case .array: text = "an array"
        case .object: text = "an object"
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// The JSON type's name: "null", "boolean", "number", "string", "array", "object".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The type with its article, for sentences: "a string", "an object", "null".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .array, .object: "an \(typeName)"
        default: "a \(typeName)"
        }
    }
}
