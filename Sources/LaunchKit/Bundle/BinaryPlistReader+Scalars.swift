import Foundation

extension BinaryPlistReader {
    /// Object `index` at `offset` when it is not a container: a boolean, an integer, a real, a
    /// date, data or a string. Null, fill, UID, set and unknown markers are refused.
    func scalar(of index: Int, at offset: Int) throws(PlistValue.Refused) -> PlistValue {
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .bool(false)
        case 0x0 where marker == 0x09: return .bool(true)
        case 0x1: return .number(try integerObject(index, at: offset))
        case 0x2: return .number(try real(index, at: offset, widthLog: Int(marker & 0x0F)))
        case 0x3 where marker == 0x33:
            return .date(Date(timeIntervalSinceReferenceDate: try real(index, at: offset, widthLog: 3)))
        case 0x4: return .data(Data(try run(of: index, at: offset, unit: 1)))
        case 0x5: return .string(try ascii(index, at: offset))
        case 0x6: return .string(try utf16(index, at: offset))
        case 0x8:
            throw PlistValue.Refused(reason: "object \(index) is a keyed-archive UID, which an Info.plist cannot hold")
        case 0xB, 0xC: throw PlistValue.Refused(reason: "object \(index) is a set, which an Info.plist cannot hold")
        default:
            let hex = String(marker, radix: 16, uppercase: true)
            throw PlistValue.Refused(
                reason:
                    "object \(index) has the marker 0x\(marker < 0x10 ? "0" : "")\(hex), which is not a property-list value"
            )
        }
    }

    /// An integer object: 1, 2 or 4 bytes unsigned, 8 bytes signed, or 16 bytes of which the
    /// low 8 are read signed (as Core Foundation writes them).
    func integerObject(_ index: Int, at offset: Int) throws(PlistValue.Refused) -> Double {
        let widthLog = Int(bytes[offset] & 0x0F)
        guard widthLog <= 4 else {
            throw PlistValue.Refused(reason: "object \(index) is an integer of an unknown width")
        }
        let width = 1 << widthLog
        guard let raw = Self.unsigned(bytes, at: offset + 1 + max(0, width - 8), size: min(width, 8), end: table) else {
            throw PlistValue.Refused(reason: "object \(index) runs past the end of the objects")
        }
        return width >= 8 ? Double(Int64(bitPattern: raw)) : Double(raw)
    }

    /// A real object of 4 (`widthLog` 2) or 8 (`widthLog` 3) bytes, big-endian IEEE 754.
    func real(_ index: Int, at offset: Int, widthLog: Int) throws(PlistValue.Refused) -> Double {
        guard widthLog == 2 || widthLog == 3 else {
            throw PlistValue.Refused(reason: "object \(index) is a real of an unknown width")
        }
        guard let raw = Self.unsigned(bytes, at: offset + 1, size: 1 << widthLog, end: table) else {
            throw PlistValue.Refused(reason: "object \(index) runs past the end of the objects")
        }
        return widthLog == 2 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
    }

    /// An ASCII string object; a byte above 127 is refused.
    func ascii(_ index: Int, at offset: Int) throws(PlistValue.Refused) -> String {
        let bytes = try run(of: index, at: offset, unit: 1)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            throw PlistValue.Refused(reason: "object \(index) is an ASCII string with a byte above 127")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A big-endian UTF-16 string object; unpaired surrogates are refused.
    func utf16(_ index: Int, at offset: Int) throws(PlistValue.Refused) -> String {
        let bytes = try run(of: index, at: offset, unit: 2)
        let units = stride(from: 0, to: bytes.count, by: 2).map {
            UInt16(bytes[bytes.startIndex + $0]) << 8 | UInt16(bytes[bytes.startIndex + $0 + 1])
        }
        guard let string = String(validating: units, as: UTF16.self) else {
            throw PlistValue.Refused(reason: "object \(index) is a UTF-16 string that is not valid UTF-16")
        }
        return string
    }

    /// The bytes of a data or string object: its length (in `unit`-byte units) from its
    /// marker, all of them before the offset table.
    func run(of index: Int, at offset: Int, unit: Int) throws(PlistValue.Refused) -> ArraySlice<UInt8> {
        let (length, start) = try contents(of: index, at: offset)
        guard length <= (table - start) / unit else {
            throw PlistValue.Refused(reason: "object \(index) is longer than the file holds")
        }
        return bytes[start..<(start + length * unit)]
    }

    /// The length in an object's marker (the low four bits, or the integer object after them
    /// when they are all set) and where the object's contents start.
    func contents(of index: Int, at offset: Int) throws(PlistValue.Refused) -> (length: Int, start: Int) {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        let bad = PlistValue.Refused(reason: "object \(index) has a length that is out of bounds")
        guard offset + 1 < table, bytes[offset + 1] >> 4 == 0x1 else { throw bad }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, let value = Self.integer(bytes, at: offset + 2, size: size), offset + 2 + size <= table else {
            throw bad
        }
        return (value, offset + 2 + size)
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`, when it is in the data and
    /// below 2^48 (no Info.plist count, offset or length comes near).
    static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard let value = unsigned(bytes, at: offset, size: size, end: bytes.count), value < 1 << 48 else { return nil }
        return Int(value)
    }

    /// The big-endian unsigned integer of `size` (1 to 8) bytes at `offset`, when those bytes
    /// lie before `end`.
    static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int, end: Int) -> UInt64? {
        guard offset >= 0, (1...8).contains(size), end <= bytes.count, offset <= end - size else { return nil }
        return bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
