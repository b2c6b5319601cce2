/// A code address in the launched process, written in JSON as a hexadecimal string
/// (`"0x7f3a12b4c010"`) so that readers whose numbers are doubles lose nothing.
package struct Address: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The address.
    package var value: UInt64

    /// Creates an address.
    package init(_ value: UInt64) {
        self.value = value
    }

    /// `0x` followed by lowercase hexadecimal digits.
    package var description: String { "0x" + String(value, radix: 16) }

    /// Decodes `"0x…"` (or a plain number, for hand-written fixtures).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : Substring(text)
            guard let value = UInt64(digits, radix: 16) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "Expected an address such as \"0x7f3a12b4c010\", found \"\(text)\"."
                )
            }
            self.value = value
        } else {
            self.value = try container.decode(UInt64.self)
        }
    }

    /// Encodes as `"0x…"`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Addresses order by value.
    package static func < (lhs: Address, rhs: Address) -> Bool { lhs.value < rhs.value }
}
