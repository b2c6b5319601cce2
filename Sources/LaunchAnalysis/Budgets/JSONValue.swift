/// Any JSON value, decoded loosely so a budget file can be validated by hand with
/// precise JSON paths and every unknown key reported.
enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
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

    /// The value as it would appear in JSON, shortened for error messages.
    var rendered: String {
        let text: String
        switch self {
        case .null: text = "null"
        case .bool(let value): text = value ? "true" : "false"
        case .number(let value): text = value == value.rounded() && Swift.abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): text = "\"\(value)\""
        case .array: text = "an array"
        case .object: text = "an object"
        }
        return text.count > 60 ? String(text.prefix(57)) + "..." : text
    }

    /// What kind of JSON value this is, for messages: "a string", "a number", …
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
