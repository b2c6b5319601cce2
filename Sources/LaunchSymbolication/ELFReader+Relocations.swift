/// The dynamic section's relocation tables, read through the program headers (a file without
/// section headers reads the same).
extension ELFReader {
    /// A loadable segment: where its bytes are in the file and in memory.
    struct Segment {
        var offset: UInt64
        var address: UInt64
        var fileSize: UInt64
    }

    /// The dynamic section's entries that describe relocation, by tag.
    struct Dynamic {
        var values: [Int64: UInt64] = [:]
        var flags: UInt64 { values[30] ?? 0 }
        var flags1: UInt64 { values[0x6fff_fffb] ?? 0 }
        var bindsNow: Bool { values[24] != nil || flags & 0x8 != 0 || flags1 & 0x1 != 0 }
    }

    /// The relocation types of the file's machine.
    struct RelocationTypes {
        var relative: UInt32
        var jumpSlot: UInt32

        init(machine: UInt16) {
            switch machine {
            case 183: self.init(relative: 1027, jumpSlot: 1026)  // aarch64
            default: self.init(relative: 8, jumpSlot: 7)  // x86_64
            }
        }

        init(relative: UInt32, jumpSlot: UInt32) {
            self.relative = relative
            self.jumpSlot = jumpSlot
        }
    }

    /// The object's relocations (``ELFRelocations``); an object without a dynamic section has none.
    func relocations() throws -> ELFRelocations {
        let (segments, dynamicOffset) = try programHeaders()
        let positionIndependent = try read(UInt16.self, at: 0x10) == 3
        guard let dynamicOffset else {
            return ELFRelocations(
                relative: 0, packedRelative: 0, symbolic: 0, plt: 0, bindsNow: false,
                isPositionIndependent: positionIndependent, relativePages: 0, symbolPages: 0, writtenPages: 0,
                lookups: [:], exports: [])
        }
        let dynamic = try dynamicEntries(at: dynamicOffset)
        var tally = RelocationTally(
            types: RelocationTypes(machine: try read(UInt16.self, at: 0x12)), bindsNow: dynamic.bindsNow)
        let symbols = try SymbolView(reader: self, dynamic: dynamic, segments: segments)
        if let start = dynamic.values[7], let size = dynamic.values[8] {
            try tally.add(rela: fileOffset(of: start, in: segments), size: size, reader: self, symbols: symbols)
        }
        if let start = dynamic.values[23], let size = dynamic.values[2] {
            try tally.add(rela: fileOffset(of: start, in: segments), size: size, reader: self, symbols: symbols)
        }
        if let start = dynamic.values[36], let size = dynamic.values[35] {
            try tally.add(relr: fileOffset(of: start, in: segments), size: size, reader: self)
        }
        return ELFRelocations(
            relative: tally.relative, packedRelative: tally.packed, symbolic: tally.symbolic, plt: tally.plt,
            bindsNow: dynamic.bindsNow, isPositionIndependent: positionIndependent,
            relativePages: tally.relativePages.count, symbolPages: tally.symbolPages.count,
            writtenPages: tally.relativePages.union(tally.symbolPages).count, lookups: tally.lookups,
            exports: try symbols.exports())
    }

    /// The loadable segments and the file offset of the dynamic segment.
    func programHeaders() throws -> (segments: [Segment], dynamic: UInt64?) {
        let table = try read(UInt64.self, at: 0x20)
        let size = UInt64(try read(UInt16.self, at: 0x36))
        let count = UInt64(try read(UInt16.self, at: 0x38))
        try checkRange(table, size * count, "program header table")
        var segments: [Segment] = []
        var dynamic: UInt64?
        for index in 0..<count {
            let header = table + index * size
            let type = try read(UInt32.self, at: header)
            if type == 1 {
                segments.append(
                    Segment(
                        offset: try read(UInt64.self, at: header + 8), address: try read(UInt64.self, at: header + 16),
                        fileSize: try read(UInt64.self, at: header + 32)))
            } else if type == 2 {
                dynamic = try read(UInt64.self, at: header + 8)
            }
        }
        return (segments, dynamic)
    }

    /// The dynamic entries up to `DT_NULL`.
    func dynamicEntries(at offset: UInt64) throws -> Dynamic {
        var dynamic = Dynamic()
        var entry = offset
        while true {
            let tag = try read(Int64.self, at: entry)
            if tag == 0 { break }
            dynamic.values[tag] = try read(UInt64.self, at: entry + 8)
            entry += 16
        }
        return dynamic
    }

    /// The file offset of the virtual address `address`.
    func fileOffset(of address: UInt64, in segments: [Segment]) throws -> UInt64 {
        guard
            let segment = segments.first(where: {
                address >= $0.address && address < $0.address + max($0.fileSize, 1)
            })
        else {
            throw fail("The dynamic section points at 0x\(String(address, radix: 16)), outside every loadable segment.")
        }
        return segment.offset + (address - segment.address)
    }
}

/// The dynamic symbol table, for the names of relocated symbols and the object's exports.
struct SymbolView {
    let reader: ELFReader
    let table: UInt64?
    let strings: UInt64
    let count: UInt64

    init(reader: ELFReader, dynamic: ELFReader.Dynamic, segments: [ELFReader.Segment]) throws {
        self.reader = reader
        guard let symtab = dynamic.values[6], let strtab = dynamic.values[5] else {
            table = nil
            strings = 0
            count = 0
            return
        }
        let start = try reader.fileOffset(of: symtab, in: segments)
        table = start
        strings = try reader.fileOffset(of: strtab, in: segments)
        // The symbol table runs up to the string table in every linker's layout; the section
        // header, when there is one, says exactly.
        let sections = (try? reader.readSections()) ?? []
        if let section = sections.first(where: { $0.type == ELFReader.dynsym }), section.entrySize > 0 {
            count = section.size / section.entrySize
        } else {
            count = strings > start ? (strings - start) / 24 : 0
        }
    }

    /// Symbol `index`: its name, binding, visibility and whether it is defined here.
    func symbol(_ index: UInt64) throws -> (name: String, bind: UInt8, visibility: UInt8, defined: Bool)? {
        guard let table, index > 0, index < count else { return nil }
        let entry = table + index * 24
        let nameOffset = UInt64(try reader.read(UInt32.self, at: entry))
        let info = try reader.read(UInt8.self, at: entry + 4)
        let other = try reader.read(UInt8.self, at: entry + 5)
        let section = try reader.read(UInt16.self, at: entry + 6)
        let name = try reader.string(at: strings + nameOffset, limit: UInt64(reader.bytes.count))
        return (name, info >> 4, other & 3, section != 0)
    }

    /// The symbols defined here that other objects' lookups can find.
    func exports() throws -> Set<String> {
        var names: Set<String> = []
        guard count > 1 else { return names }
        for index in 1..<count {
            guard let symbol = try symbol(index), symbol.defined, symbol.bind != 0,
                symbol.visibility == 0 || symbol.visibility == 3
            else { continue }
            names.insert(symbol.name)
        }
        return names
    }
}

/// Counts relocations by kind while reading the tables.
struct RelocationTally {
    let types: ELFReader.RelocationTypes
    let bindsNow: Bool
    var relative = 0
    var packed = 0
    var symbolic = 0
    var plt = 0
    var relativePages: Set<UInt64> = []
    var symbolPages: Set<UInt64> = []
    var lookups: [String: Int] = [:]
    private var lastSymbol: UInt64 = 0

    init(types: ELFReader.RelocationTypes, bindsNow: Bool) {
        self.types = types
        self.bindsNow = bindsNow
    }

    /// The `Elf64_Rela` entries of `size` bytes at file offset `offset`.
    mutating func add(rela offset: UInt64, size: UInt64, reader: ELFReader, symbols: SymbolView) throws {
        try reader.checkRange(offset, size, "relocation table")
        var entry = offset
        while entry + 24 <= offset + size {
            let target = try reader.read(UInt64.self, at: entry)
            let info = try reader.read(UInt64.self, at: entry + 8)
            entry += 24
            let type = UInt32(truncatingIfNeeded: info)
            if type == types.relative {
                relative += 1
                relativePages.insert(target >> 12)
            } else {
                try addSymbolic(type: type, symbol: info >> 32, target: target, symbols: symbols)
            }
        }
    }

    /// One relocation that names a symbol: counted, and looked up unless it binds locally or
    /// repeats the last lookup's symbol.
    private mutating func addSymbolic(type: UInt32, symbol index: UInt64, target: UInt64, symbols: SymbolView) throws {
        symbolPages.insert(target >> 12)
        let isPLT = type == types.jumpSlot
        if isPLT { plt += 1 } else { symbolic += 1 }
        guard !isPLT || bindsNow, index != 0, index != lastSymbol else { return }
        lastSymbol = index
        guard let symbol = try symbols.symbol(index), symbol.bind != 0, symbol.visibility < 2 else { return }
        lookups[symbol.name, default: 0] += 1
    }

    /// The `DT_RELR` words of `size` bytes at `offset`: an address, then bitmaps of the next 63 words.
    mutating func add(relr offset: UInt64, size: UInt64, reader: ELFReader) throws {
        try reader.checkRange(offset, size, "packed relocation table")
        var base: UInt64 = 0
        var entry = offset
        while entry + 8 <= offset + size {
            let word = try reader.read(UInt64.self, at: entry)
            entry += 8
            if word & 1 == 0 {
                count(packed: word)
                base = word + 8
                continue
            }
            var bits = word >> 1
            var slot = base
            while bits != 0 {
                if bits & 1 != 0 { count(packed: slot) }
                bits >>= 1
                slot += 8
            }
            base += 63 * 8
        }
    }

    private mutating func count(packed address: UInt64) {
        relative += 1
        packed += 1
        relativePages.insert(address >> 12)
    }
}
