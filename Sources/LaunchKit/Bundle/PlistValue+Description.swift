extension PlistValue {
    /// The value in a few words for a message: a string quoted, a number or boolean as is,
    /// a collection by its size.
    var shortDescription: String {
        switch self {
        case .string(let text): "\"\(text.count > 80 ? text.prefix(80) + "…" : text)\""
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        case .data(let data): "<\(data.count) bytes>"
        case .date(let date): "\(date)"
        case .array(let items): "an array of \(items.count)"
        case .dictionary(let values): "a dictionary of \(values.count) keys"
        }
    }
}
