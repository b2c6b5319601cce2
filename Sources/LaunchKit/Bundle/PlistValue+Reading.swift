import Foundation

extension PlistValue {
    /// Reads property-list `data`: a binary one with ``BinaryPlistReader``, an XML one with
    /// `PropertyListDecoder` once it is known to be UTF-8 and nested at most ``maximumDepth``
    /// deep (Foundation's XML reader trapped on an invalid byte inside `<integer>`, found by
    /// `FuzzInfoPlist`, and overflowed its stack on deep nesting; docs/faults.md).
    static func read(_ data: Data) throws -> PlistValue {
        if let reader = try BinaryPlistReader(data) { return try reader.root() }
        if let offset = firstInvalidUTF8Offset(data) {
            throw Refused(reason: "byte \(offset) is not UTF-8, and an XML property list here must be UTF-8")
        }
        if let offset = xmlNestingOverflow([UInt8](data), limit: maximumDepth + 1) {
            throw Refused(reason: "its elements nest more than \(maximumDepth) deep (at byte \(offset))")
        }
        return try PropertyListDecoder().decode(PlistValue.self, from: data)
    }

    /// The deepest nesting of arrays and dictionaries read. Foundation's XML reader recursed
    /// until the stack overflowed on 100,000 nested arrays.
    static let maximumDepth = 256

    /// Where XML `bytes` first open an element nested more than `limit` deep, or nil.
    /// Comments, CDATA, the declaration and the doctype do not nest; `<…/>` does not either.
    static func xmlNestingOverflow(_ bytes: [UInt8], limit: Int) -> Int? {
        var depth = 0
        var position = 0
        while let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = bytes[(open + 1)...]
            let skipTo: [UInt8]? =
                rest.starts(with: "!--".utf8)
                ? Array("-->".utf8) : rest.starts(with: "![CDATA[".utf8) ? Array("]]>".utf8) : nil
            if let skipTo {
                guard let end = rest.firstRange(of: skipTo) else { return nil }
                position = end.upperBound
                continue
            }
            guard let close = rest.firstIndex(of: UInt8(ascii: ">")) else { return nil }
            position = close + 1
            switch rest.first {
            case UInt8(ascii: "/"): depth -= 1
            case UInt8(ascii: "?"), UInt8(ascii: "!"): continue
            default:
                guard bytes[close - 1] != UInt8(ascii: "/") else { continue }
                depth += 1
                if depth > limit { return open }
            }
        }
        return nil
    }

    /// Where the first byte that is not part of well-formed UTF-8 is in `data`, or nil.
    static func firstInvalidUTF8Offset(_ data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
