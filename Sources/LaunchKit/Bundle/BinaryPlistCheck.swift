import Foundation

/// Checks the object graph of a binary property list (`bplist00…`) before a reader expands
/// it. Foundation's readers trusted it: `PropertyListSerialization` crashed on a set and
/// `PropertyListDecoder` never returned from a dictionary that holds itself (both found by
/// `FuzzInfoPlist`; docs/faults.md). An Info.plist is a small tree of dictionaries, arrays,
/// strings, numbers, booleans, dates and data, so anything else is refused with a reason.
///
/// ```swift
/// BinaryPlistCheck.problem(in: data)   // "object 0 holds itself (a cycle)"
/// ```
enum BinaryPlistCheck {
    /// The most objects the expanded tree may have (a shared object counts once per use).
    static let maximumExpandedObjects = 100_000

    /// Why the binary property list `data` cannot be read safely, as a phrase; nil when it is
    /// sound, or not a binary property list at all (XML is left to the reader).
    static func problem(in data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        guard bytes.count >= 40 else { return "it is too short to hold its trailer" }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let count = integer(bytes, at: trailer + 8, size: 8), let top = integer(bytes, at: trailer + 16, size: 8),
              let table = integer(bytes, at: trailer + 24, size: 8),
              count > 0, count <= bytes.count, top < count, table >= 8, table <= trailer - count * offsetSize
        else { return "its trailer or offset table is out of bounds" }
        var children: [[Int]] = []
        for index in 0..<count {
            guard let offset = integer(bytes, at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else {
                return "the offset of object \(index) is out of bounds"
            }
            switch references(bytes, at: offset, end: table, size: referenceSize, count: count) {
            case .success(let refs): children.append(refs)
            case .failure(let problem): return "object \(index) \(problem.phrase)"
            }
        }
        return shape(children: children, bytes: bytes, top: top, table: table, offsetSize: offsetSize)
    }

    /// Why a reference list is refused.
    struct Problem: Error {
        var phrase: String
    }

    /// The objects an object at `offset` refers to: none for a scalar, its elements for an
    /// array, its keys then its values for a dictionary; a set is refused.
    static func references(_ bytes: [UInt8], at offset: Int, end: Int, size: Int, count: Int) -> Result<[Int], Problem> {
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0xA, 0xD:
            guard let (length, start) = length(bytes, at: offset, end: end) else { return .failure(Problem(phrase: "has a length that is out of bounds")) }
            let total = marker >> 4 == 0xD ? length * 2 : length
            guard total <= (end - start) / size else { return .failure(Problem(phrase: "has more references than the file holds")) }
            var refs: [Int] = []
            for position in 0..<total {
                guard let ref = integer(bytes, at: start + position * size, size: size), ref < count else {
                    return .failure(Problem(phrase: "refers to an object that does not exist"))
                }
                refs.append(ref)
            }
            return .success(refs)
        case 0xB, 0xC:
            return .failure(Problem(phrase: "is a set, which an Info.plist cannot hold"))
        default:
            return .success([])
        }
    }

    /// Dictionary keys must be strings; the graph from `top` must be a tree (no object holding
    /// itself) of at most ``maximumExpandedObjects`` objects once shared objects are expanded.
    static func shape(children: [[Int]], bytes: [UInt8], top: Int, table: Int, offsetSize: Int) -> String? {
        for (index, refs) in children.enumerated() where !refs.isEmpty {
            guard let offset = integer(bytes, at: table + index * offsetSize, size: offsetSize), bytes[offset] >> 4 == 0xD else { continue }
            for key in refs.prefix(refs.count / 2) {
                guard let keyOffset = integer(bytes, at: table + key * offsetSize, size: offsetSize), [0x5, 0x6].contains(bytes[keyOffset] >> 4) else {
                    return "dictionary \(index) has a key that is not a string"
                }
            }
        }
        var sizes = [Int?](repeating: nil, count: children.count)
        var onPath = [Bool](repeating: false, count: children.count)
        var stack: [(node: Int, next: Int)] = [(top, 0)]
        onPath[top] = true
        while let (node, next) = stack.last {
            if next < children[node].count {
                stack[stack.count - 1].next += 1
                let child = children[node][next]
                if onPath[child] { return "object \(child) holds itself (a cycle)" }
                if sizes[child] == nil {
                    onPath[child] = true
                    stack.append((child, 0))
                }
                continue
            }
            let size = children[node].reduce(1) { Swift.min(maximumExpandedObjects + 1, $0 + (sizes[$1] ?? 0)) }
            if size > maximumExpandedObjects { return "it expands to more than \(maximumExpandedObjects) objects" }
            sizes[node] = size
            onPath[node] = false
            stack.removeLast()
        }
        return nil
    }

    /// The length in an object's marker (the low four bits, or the integer after them when
    /// they are all set) and where the object's contents start.
    static func length(_ bytes: [UInt8], at offset: Int, end: Int) -> (Int, Int)? {
        let low = Int(bytes[offset] & 0x0F)
        guard low == 0x0F else { return (low, offset + 1) }
        guard offset + 1 < end, bytes[offset + 1] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard size <= 8, let value = integer(bytes, at: offset + 2, size: size), offset + 2 + size <= end else { return nil }
        return (value, offset + 2 + size)
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`, when it is in the data and
    /// fits in an `Int` below 2^48 (no Info.plist comes near).
    static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size > 0, offset <= bytes.count - size else { return nil }
        var value = 0
        for byte in bytes[offset..<(offset + size)] {
            guard value < 1 << 40 else { return nil }
            value = value << 8 | Int(byte)
        }
        return value
    }
}
