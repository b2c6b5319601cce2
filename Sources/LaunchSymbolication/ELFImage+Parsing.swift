import Foundation
import LaunchTrace

extension ELFImage {
    /// Reads an ELF64 little-endian file (mapped, read once) and parses its symbols.
    ///
    /// - Throws: ``LaunchProfilerError`` when the file cannot be read or is not a well-formed
    ///   ELF64 little-endian image.
    package init(contentsOf path: String) throws {
        self = try Self.mappedFile(path).withUnsafeBytes { try ELFImage(bytes: $0, path: path) }
    }

    /// The ELF file at `path`, mapped; its reading error as an invalid image's.
    ///
    /// - Throws: ``LaunchProfilerError`` (`invalidELF`) naming the file and why it cannot be read.
    static func mappedFile(_ path: String) throws -> Data {
        do {
            return try InputFile.read(URL(fileURLWithPath: path), what: "image", mapped: true)
        } catch {
            throw LaunchProfilerError.invalidELF(
                path: path, reason: "The file cannot be read: \(error.context.reason ?? error.message)")
        }
    }

    /// Parses an ELF64 little-endian image held in memory; `path` names it in errors.
    ///
    /// Reads the section headers, takes `STT_FUNC` and `STT_GNU_IFUNC` symbols defined in a
    /// section from `SHT_SYMTAB` (or `SHT_DYNSYM` without one), and the `NT_GNU_BUILD_ID` note.
    ///
    /// - Throws: ``LaunchProfilerError`` naming what is out of bounds or malformed.
    package init(bytes: UnsafeRawBufferPointer, path: String) throws {
        var reader = ELFReader(bytes: bytes, path: path)
        self = try reader.parse()
    }
}

/// Bounds-checked reads of an ELF64 little-endian file.
struct ELFReader {
    let bytes: UnsafeRawBufferPointer
    let path: String

    struct Section {
        var name: UInt32
        var type: UInt32
        var address: UInt64
        var offset: UInt64
        var size: UInt64
        var link: UInt32
        var entrySize: UInt64
    }

    static let symtab: UInt32 = 2
    static let dynsym: UInt32 = 11
    static let note: UInt32 = 7
    static let nobits: UInt32 = 8

    func fail(_ reason: String) -> LaunchProfilerError { .invalidELF(path: path, reason: reason) }

    func read<T: FixedWidthInteger>(_ type: T.Type, at offset: UInt64) throws -> T {
        let size = UInt64(MemoryLayout<T>.size)
        guard offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset else {
            throw fail(
                "A \(size)-byte field at offset 0x\(String(offset, radix: 16)) lies past the end of the file (\(bytes.count) bytes); the file is truncated."
            )
        }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: Int(offset), as: T.self))
    }

    func checkRange(_ offset: UInt64, _ size: UInt64, _ what: String) throws {
        guard offset <= UInt64(bytes.count), size <= UInt64(bytes.count) - offset else {
            throw fail(
                "The \(what) (\(size) bytes at offset 0x\(String(offset, radix: 16))) runs past the end of the file (\(bytes.count) bytes); the file is truncated or not an ELF image."
            )
        }
    }

    mutating func parse() throws -> ELFImage {
        try checkHeader()
        let sections = try readSections()
        guard !sections.isEmpty else {
            return ELFImage(
                path: path, buildID: nil, symbols: SymbolTable(entries: [], names: []), symbolSource: "none")
        }
        var buildID: String?
        for section in sections where section.type == Self.note {
            try checkRange(section.offset, section.size, "note section")
            if let id = try buildIDNote(in: section) {
                buildID = id
                break
            }
        }
        let table = sections.first { $0.type == Self.symtab } ?? sections.first { $0.type == Self.dynsym }
        guard let table else {
            return ELFImage(
                path: path, buildID: buildID, symbols: SymbolTable(entries: [], names: []), symbolSource: "none")
        }
        let sourceName = table.type == Self.symtab ? ".symtab" : ".dynsym"
        let (entries, names) = try functionSymbols(in: table, named: sourceName, sections: sections)
        let symbols = try withPLTStubs(entries: entries, names: names, sections: sections)
        var image = ELFImage(path: path, buildID: buildID, symbols: symbols, symbolSource: sourceName)
        image.linkBase = (try? linkBase()) ?? 0
        return image
    }

    /// The first loadable segment's virtual address less its file offset: where the file's first
    /// byte is linked (0 for position-independent files).
    func linkBase() throws -> UInt64 {
        let table = try read(UInt64.self, at: 0x20)
        let size = UInt64(try read(UInt16.self, at: 0x36))
        let count = UInt64(try read(UInt16.self, at: 0x38))
        for index in 0..<count {
            let header = table + index * size
            guard try read(UInt32.self, at: header) == 1 else { continue }  // PT_LOAD
            let offset = try read(UInt64.self, at: header + 8)
            let address = try read(UInt64.self, at: header + 16)
            return address >= offset ? address - offset : 0
        }
        return 0
    }

    /// Checks the ELF64 little-endian header.
    func checkHeader() throws {
        guard bytes.count >= 64 else {
            throw fail("The file is \(bytes.count) bytes long, shorter than an ELF64 header (64 bytes).")
        }
        guard bytes[0] == 0x7F, bytes[1] == UInt8(ascii: "E"), bytes[2] == UInt8(ascii: "L"),
            bytes[3] == UInt8(ascii: "F")
        else {
            throw fail("The file does not start with the ELF magic number; it is not an ELF image.")
        }
        guard bytes[4] == 2 else { throw fail("The file is a 32-bit ELF image; only ELF64 is supported.") }
        guard bytes[5] == 1 else { throw fail("The file is a big-endian ELF image; only little-endian is supported.") }
    }

    /// The section headers (none for a file without a section table).
    func readSections() throws -> [Section] {
        let sectionOffset = try read(UInt64.self, at: 0x28)
        let sectionEntrySize = UInt64(try read(UInt16.self, at: 0x3A))
        let sectionCount = UInt64(try read(UInt16.self, at: 0x3C))
        guard sectionCount > 0 else { return [] }
        guard sectionEntrySize >= 64 else {
            throw fail("The section header entry size is \(sectionEntrySize) bytes; ELF64 needs 64.")
        }
        try checkRange(sectionOffset, sectionCount * sectionEntrySize, "section header table")
        return try (0..<sectionCount).map { index in
            let base = sectionOffset + index * sectionEntrySize
            return Section(
                name: try read(UInt32.self, at: base),
                type: try read(UInt32.self, at: base + 4),
                address: try read(UInt64.self, at: base + 0x10),
                offset: try read(UInt64.self, at: base + 0x18),
                size: try read(UInt64.self, at: base + 0x20),
                link: try read(UInt32.self, at: base + 0x28),
                entrySize: try read(UInt64.self, at: base + 0x38)
            )
        }
    }

    /// The defined function symbols of `table` and its string table's bytes.
    func functionSymbols(in table: Section, named sourceName: String, sections: [Section]) throws -> (
        [SymbolTable.Entry], [UInt8]
    ) {
        guard Int(table.link) < sections.count else {
            throw fail(
                "The \(sourceName) section links to string table section \(table.link), but the file has \(sections.count) sections."
            )
        }
        let strings = sections[Int(table.link)]
        try checkRange(table.offset, table.size, "\(sourceName) section")
        try checkRange(strings.offset, strings.size, "string table of \(sourceName)")
        let entrySize = table.entrySize == 0 ? 24 : table.entrySize
        guard entrySize >= 24 else {
            throw fail("The \(sourceName) entry size is \(entrySize) bytes; ELF64 symbols need 24.")
        }
        let names = Array(
            UnsafeRawBufferPointer(rebasing: bytes[Int(strings.offset)..<Int(strings.offset + strings.size)]))
        var entries: [SymbolTable.Entry] = []
        let count = table.size / entrySize
        entries.reserveCapacity(Int(count))
        for index in 0..<count {
            let base = Int(table.offset + index * entrySize)
            let type = bytes[base + 4] & 0xF
            guard type == 2 || type == 10 else { continue }  // STT_FUNC, STT_GNU_IFUNC
            let sectionIndex = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: base + 6, as: UInt16.self))
            guard sectionIndex != 0 else { continue }  // SHN_UNDEF: imported
            let value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self))
            guard value != 0 else { continue }
            let nameOffset = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: base, as: UInt32.self))
            guard UInt64(nameOffset) < strings.size else {
                throw fail(
                    "Symbol \(index) of \(sourceName) names offset \(nameOffset), past its string table (\(strings.size) bytes)."
                )
            }
            let size = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self))
            entries.append(SymbolTable.Entry(start: value, size: size, nameOffset: nameOffset))
        }
        return (entries, names)
    }

    /// The symbol table of `entries` and `names` with the PLT's stubs added (``pltSymbols(_:names:)``).
    func withPLTStubs(entries: [SymbolTable.Entry], names: [UInt8], sections: [Section]) throws -> SymbolTable {
        var entries = entries
        var names = names
        for stub in try pltSymbols(sections, names: try sectionNameTable(sections)) {
            entries.append(SymbolTable.Entry(start: stub.start, size: stub.size, nameOffset: UInt32(names.count)))
            names += Array(stub.name.utf8) + [0]
        }
        return SymbolTable(entries: entries, names: names)
    }

    /// The section-name string table (`e_shstrndx`), when the header names a valid one.
    func sectionNameTable(_ sections: [Section]) throws -> Section? {
        let index = Int(try read(UInt16.self, at: 0x3E))
        guard index > 0, index < sections.count else { return nil }
        let table = sections[index]
        try checkRange(table.offset, table.size, "section name string table")
        return table
    }

    /// The hexadecimal descriptor of an `NT_GNU_BUILD_ID` note in `section`, if it has one.
    func buildIDNote(in section: Section) throws -> String? {
        var offset = section.offset
        let end = section.offset + section.size
        while offset + 12 <= end {
            let nameSize = UInt64(try read(UInt32.self, at: offset))
            let descriptorSize = UInt64(try read(UInt32.self, at: offset + 4))
            let type = try read(UInt32.self, at: offset + 8)
            let nameStart = offset + 12
            let descriptorStart = nameStart + ((nameSize + 3) & ~3)
            let next = descriptorStart + ((descriptorSize + 3) & ~3)
            guard next <= end else { return nil }
            if type == 3, nameSize == 4,
                bytes[Int(nameStart)] == UInt8(ascii: "G"), bytes[Int(nameStart) + 1] == UInt8(ascii: "N"),
                bytes[Int(nameStart) + 2] == UInt8(ascii: "U")
            {
                let id = bytes[Int(descriptorStart)..<Int(descriptorStart + descriptorSize)]
                return id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            }
            offset = next
        }
        return nil
    }
}
