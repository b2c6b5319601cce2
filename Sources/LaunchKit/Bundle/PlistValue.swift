import Foundation

/// Any property-list value. ``read(_:)`` reads binary property lists itself
/// (``BinaryPlistReader``) and XML ones with `PropertyListDecoder` rather than
/// `PropertyListSerialization`, whose Core Foundation reader crashed the process on a binary
/// property list holding a set (`FuzzInfoPlist`; docs/faults.md): a set, or anything else that
/// is not one of these, is an error instead.
indirect enum PlistValue: Decodable, Sendable, Equatable {
    /// `<string>`.
    case string(String)
    /// `<true/>`, `<false/>`.
    case bool(Bool)
    /// `<integer>`, `<real>`.
    case number(Double)
    /// `<data>`.
    case data(Data)
    /// `<date>`.
    case date(Date)
    /// `<array>`.
    case array([PlistValue])
    /// `<dict>`.
    case dictionary([String: PlistValue])

    /// Decodes whichever kind of value the property list holds.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(Data.self) {
            self = .data(value)
        } else if let value = try? container.decode(Date.self) {
            self = .date(value)
        } else if let value = try? container.decode([PlistValue].self) {
            self = .array(value)
        } else {
            self = .dictionary(try container.decode([String: PlistValue].self))
        }
    }

    /// The property-list type with its article, for messages: "a string", "an array".
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .bool: "a boolean"
        case .number: "a number"
        case .data: "a data value"
        case .date: "a date"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }

    /// A property list refused by ``BinaryPlistReader`` or before Foundation's XML reader.
    struct Refused: Error {
        /// Why, as a phrase.
        var reason: String
    }

    /// Why `data` is not a property list, as the reader says it.
    static func reason(_ error: any Error) -> String {
        switch error {
        case let refused as Refused:
            refused.reason
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context):
            context.debugDescription
        default:
            "\(error)"
        }
    }
}
