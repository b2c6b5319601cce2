/// A value in a Chrome trace event's `args`.
package enum ChromeTraceValue: Codable, Sendable, Equatable {
    /// Text.
    case string(String)
    /// A whole number.
    case int(Int64)
    /// A number.
    case double(Double)
    /// A list of texts (a stack, innermost first).
    case strings([String])

    /// Encodes the bare value.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        }
    }

    /// Decodes whichever kind of value is there.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            self = .strings(try container.decode([String].self))
        }
    }
}
