import Foundation

/// Writes small binary property lists byte by byte, for the cases no property-list writer
/// makes: damaged lengths, bad text, cycles, unknown markers.
enum BinaryPlistBuilder {
    /// `bplist00`, then `objects` (object 0 is the root; references inside them are
    /// `referenceSize` bytes wide), a 2-byte offset table and the trailer.
    static func plist(_ objects: [[UInt8]], referenceSize: UInt8 = 1) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += bigEndian(offset, size: 2) }
        bytes += [0, 0, 0, 0, 0, 0, 2, referenceSize]
        bytes += bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(table, size: 8)
        return Data(bytes)
    }

    /// `value` as `size` big-endian bytes.
    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// Objects a reader must refuse, with the reason it gives.
    static let refusals: [([[UInt8]], String)] = [
        ([[0xA1, 0x00]], "object 0 holds itself (a cycle)"),
        ([[0xC0]], "object 0 is a set, which an Info.plist cannot hold"),
        (
            [[0xD1, 1, 2], [0x51, 0x61], [0x80, 0x05]],
            "object 2 is a keyed-archive UID, which an Info.plist cannot hold"
        ),
        (
            [[0xA1, 1], [0x5F, 0x13] + [UInt8](repeating: 0xFF, count: 8)],
            "object 1 has a length that is out of bounds"
        ),
        ([[0xA1, 1], [0x5F, 0x10, 0x20, 0x61]], "object 1 is longer than the file holds"),
        ([[0xA1, 1], [0x52, 0xC3, 0xA9]], "object 1 is an ASCII string with a byte above 127"),
        ([[0xA1, 1], [0x61, 0xD8, 0x00]], "object 1 is a UTF-16 string that is not valid UTF-16"),
        ([[0xA1, 1], [0x70]], "object 1 has the marker 0x70, which is not a property-list value"),
        ([[0xA1, 1], [0x00]], "object 1 has the marker 0x00, which is not a property-list value"),
        ([[0xA1, 1], [0x15]], "object 1 is an integer of an unknown width"),
        ([[0xA1, 1], [0x13, 0x00, 0x00]], "object 1 runs past the end of the objects"),
        ([[0xA1, 1], [0x21, 0x00, 0x00]], "object 1 is a real of an unknown width"),
        ([[0xD2, 1, 1, 2, 2], [0x51, 0x61], [0x09]], "dictionary 0 has the key \"a\" twice"),
        ([[0xD1, 1, 1], [0x10, 0x01]], "dictionary 0 has a key that is not a string"),
        ([[0xA1, 9]], "object 0 refers to an object that does not exist"),
        ([[0xAF, 0x10, 0x7F, 0x00]], "object 0 has more references than the file holds"),
        ((0..<20).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x09]], "it expands to more than 100000 objects"),
    ]
}
