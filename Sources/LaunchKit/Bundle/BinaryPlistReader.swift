import Foundation

/// Reads a binary property list (`bplist00…`) into a ``PlistValue``, checking every byte it
/// uses. Foundation's binary readers trusted the file: `PropertyListSerialization` crashed on a
/// set and `PropertyListDecoder` never returned from a dictionary that holds itself (both found
/// by `FuzzInfoPlist`; docs/faults.md), and a check of the object graph alone in front of them
/// left every object's own bytes unchecked, so binary Info.plists no longer reach them. An Info.plist is a small tree of dictionaries, arrays,
/// strings, numbers, booleans, dates and data; anything else is refused with a reason.
///
/// ```swift
/// try BinaryPlistReader(data)?.root()   // throws "object 0 holds itself (a cycle)"
/// ```
struct BinaryPlistReader {
    /// The most objects the expanded tree may have (a shared object counts once per use).
    static let maximumExpandedObjects = 100_000

    /// The whole file.
    let bytes: [UInt8]
    /// The width in bytes of one offset-table entry.
    let offsetSize: Int
    /// The width in bytes of one object reference.
    let referenceSize: Int
    /// How many objects the offset table lists.
    let count: Int
    /// The root object's number.
    let top: Int
    /// Where the offset table starts; every object lies before it.
    let table: Int

    /// Reads the trailer of `data`; nil when `data` is not a binary property list (XML is
    /// left to Foundation's reader).
    init?(_ data: Data) throws(PlistValue.Refused) {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let outOfBounds = PlistValue.Refused(reason: "its trailer or offset table is out of bounds")
        guard bytes.count >= 40 else { throw PlistValue.Refused(reason: "it is too short to hold its trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            let count = Self.integer(bytes, at: trailer + 8, size: 8),
            let top = Self.integer(bytes, at: trailer + 16, size: 8),
            let table = Self.integer(bytes, at: trailer + 24, size: 8),
            count > 0, count <= bytes.count, top < count, table >= 8, table <= trailer - count * offsetSize
        else { throw outOfBounds }
        self.bytes = bytes
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.count = count
        self.top = top
        self.table = table
    }

    /// The root object, expanded.
    func root() throws(PlistValue.Refused) -> PlistValue {
        var walk = Walk(onPath: [Bool](repeating: false, count: count))
        return try value(of: top, walk: &walk)
    }

    /// What one expansion has seen so far: the objects on the path from the root (a cycle
    /// check) and how many objects it has expanded.
    struct Walk {
        /// `onPath[n]`: object `n` is an ancestor of the object being read.
        var onPath: [Bool]
        /// Objects expanded so far.
        var expanded = 0
        /// Nesting depth of the object being read.
        var depth = 0
    }

    /// Object `index`, expanded with its children.
    func value(of index: Int, walk: inout Walk) throws(PlistValue.Refused) -> PlistValue {
        walk.expanded += 1
        guard walk.expanded <= Self.maximumExpandedObjects else {
            throw PlistValue.Refused(reason: "it expands to more than \(Self.maximumExpandedObjects) objects")
        }
        let offset = try self.offset(of: index)
        switch bytes[offset] >> 4 {
        case 0xA:
            let refs = try references(of: index, at: offset, perEntry: 1)
            return .array(
                try nested(index, walk: &walk) { (walk: inout Walk) throws(PlistValue.Refused) in
                    var values: [PlistValue] = []
                    for ref in refs { values.append(try value(of: ref, walk: &walk)) }
                    return values
                })
        case 0xD:
            let refs = try references(of: index, at: offset, perEntry: 2)
            return .dictionary(
                try nested(index, walk: &walk) { (walk: inout Walk) throws(PlistValue.Refused) in
                    try dictionary(index, refs: refs, walk: &walk)
                })
        default:
            return try scalar(of: index, at: offset)
        }
    }

    /// Runs `body` with object `index` on the path, refusing a cycle or too deep a nesting.
    func nested<T>(_ index: Int, walk: inout Walk, _ body: (inout Walk) throws(PlistValue.Refused) -> T)
        throws(PlistValue.Refused) -> T
    {
        guard !walk.onPath[index] else { throw PlistValue.Refused(reason: "object \(index) holds itself (a cycle)") }
        guard walk.depth < PlistValue.maximumDepth else {
            throw PlistValue.Refused(reason: "object \(index) is nested more than \(PlistValue.maximumDepth) deep")
        }
        walk.onPath[index] = true
        walk.depth += 1
        defer {
            walk.onPath[index] = false
            walk.depth -= 1
        }
        return try body(&walk)
    }

    /// Dictionary `index`: its first half of `refs` are keys (strings, each once), the second
    /// half their values.
    func dictionary(_ index: Int, refs: [Int], walk: inout Walk) throws(PlistValue.Refused) -> [String: PlistValue] {
        let half = refs.count / 2
        var values: [String: PlistValue] = [:]
        for position in 0..<half {
            let keyOffset = try offset(of: refs[position])
            guard [0x5, 0x6].contains(bytes[keyOffset] >> 4),
                case .string(let key) = try scalar(of: refs[position], at: keyOffset)
            else {
                throw PlistValue.Refused(reason: "dictionary \(index) has a key that is not a string")
            }
            guard values[key] == nil else {
                throw PlistValue.Refused(reason: "dictionary \(index) has the key \"\(key)\" twice")
            }
            values[key] = try value(of: refs[half + position], walk: &walk)
        }
        return values
    }

    /// Where object `index` starts, from the offset table.
    func offset(of index: Int) throws(PlistValue.Refused) -> Int {
        guard let offset = Self.integer(bytes, at: table + index * offsetSize, size: offsetSize), offset >= 8,
            offset < table
        else {
            throw PlistValue.Refused(reason: "the offset of object \(index) is out of bounds")
        }
        return offset
    }

    /// The objects an array (`perEntry` 1) or a dictionary (`perEntry` 2, keys then values)
    /// at `offset` refers to.
    func references(of index: Int, at offset: Int, perEntry: Int) throws(PlistValue.Refused) -> [Int] {
        let (length, start) = try contents(of: index, at: offset)
        let total = length * perEntry
        guard total <= (table - start) / referenceSize else {
            throw PlistValue.Refused(reason: "object \(index) has more references than the file holds")
        }
        var refs: [Int] = []
        for position in 0..<total {
            guard let ref = Self.integer(bytes, at: start + position * referenceSize, size: referenceSize), ref < count
            else {
                throw PlistValue.Refused(reason: "object \(index) refers to an object that does not exist")
            }
            refs.append(ref)
        }
        return refs
    }
}
