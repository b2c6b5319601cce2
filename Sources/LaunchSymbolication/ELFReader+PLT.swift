/// The procedure linkage table: the stubs through which an image calls functions of other
/// images. They have no symbols of their own, so without this an address in a stub would be
/// named after the symbol before the table (`_init+0xdb8`).
extension ELFReader {
    /// The name LaunchProfiler gives a PLT address whose target cannot be resolved.
    static let unresolvedPLTName = "<plt>"
    static let rela: UInt32 = 4
    static let pltStubSize: UInt64 = 16

    /// Symbols for the PLT: `foo@plt` for each stub whose `.rela.plt` relocation names its
    /// target (stub `i` is relocation `i`: in `.plt.sec` when the image has one, else after the
    /// 16-byte header of `.plt`), and ``unresolvedPLTName`` over the rest of `.plt` and
    /// `.plt.got`. Empty when the image has no PLT.
    func pltSymbols(_ sections: [Section], names: Section?) throws -> [(name: String, start: UInt64, size: UInt64)] {
        guard let names else { return [] }
        let named = try sections.map { (try sectionName($0, in: names), $0) }
        func section(_ name: String) -> Section? { named.first { $0.0 == name }?.1 }
        guard let plt = section(".plt") ?? section(".plt.sec") else { return [] }
        let secondary = section(".plt.sec")
        var symbols: [(name: String, start: UInt64, size: UInt64)] = []
        if secondary != nil, let lazy = section(".plt") {
            symbols.append((Self.unresolvedPLTName, lazy.address, lazy.size))
        } else {
            symbols.append((Self.unresolvedPLTName, plt.address, Self.pltStubSize))
        }
        if let got = section(".plt.got") { symbols.append((Self.unresolvedPLTName, got.address, got.size)) }
        guard let relocations = section(".rela.plt"), relocations.type == Self.rela else { return symbols }
        let targets = try relocationTargets(relocations, sections: sections)
        let first = secondary?.address ?? plt.address + Self.pltStubSize
        for (index, target) in targets.enumerated() where !target.isEmpty {
            symbols.append((target + "@plt", first + UInt64(index) * Self.pltStubSize, Self.pltStubSize))
        }
        return symbols
    }

    /// The names of the symbols `.rela.plt`'s relocations refer to, in order ("" when unnamed).
    func relocationTargets(_ relocations: Section, sections: [Section]) throws -> [String] {
        guard Int(relocations.link) < sections.count else { return [] }
        let symbols = sections[Int(relocations.link)]
        guard Int(symbols.link) < sections.count else { return [] }
        let strings = sections[Int(symbols.link)]
        try checkRange(relocations.offset, relocations.size, ".rela.plt section")
        let entrySize = relocations.entrySize == 0 ? 24 : relocations.entrySize
        let symbolSize = symbols.entrySize == 0 ? 24 : symbols.entrySize
        return try (0..<(relocations.size / entrySize)).map { index in
            let info = try read(UInt64.self, at: relocations.offset + index * entrySize + 8)
            let symbol = info >> 32
            // Sizes and offsets come from the file: arithmetic on them must not trap.
            let (end, endOverflows) = (symbol + 1).multipliedReportingOverflow(by: symbolSize)
            guard symbol != 0, !endOverflows, end <= symbols.size else { return "" }
            let (entry, entryOverflows) = symbols.offset.addingReportingOverflow(symbol * symbolSize)
            guard !entryOverflows else { return "" }
            let nameOffset = UInt64(try read(UInt32.self, at: entry))
            let (name, nameOverflows) = strings.offset.addingReportingOverflow(nameOffset)
            let (limit, limitOverflows) = strings.offset.addingReportingOverflow(strings.size)
            guard !nameOverflows, !limitOverflows else { return "" }
            return try string(at: name, limit: limit)
        }
    }

    /// The name of `section` in the section-name string table.
    func sectionName(_ section: Section, in names: Section) throws -> String {
        try string(at: names.offset + UInt64(section.name), limit: names.offset + names.size)
    }

    /// The NUL-terminated string at `offset`, read no further than `limit`.
    func string(at offset: UInt64, limit: UInt64) throws -> String {
        let end = min(limit, UInt64(bytes.count))
        guard offset < end else { return "" }
        var cursor = Int(offset)
        while UInt64(cursor) < end && bytes[cursor] != 0 { cursor += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<cursor]), as: UTF8.self)
    }
}
