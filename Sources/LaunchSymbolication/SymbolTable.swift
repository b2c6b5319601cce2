/// The function symbols of one image, sorted by address, for looking up the function
/// that contains an address. Names are kept in one byte buffer (the ELF string table, or
/// one built from a list) and turned into strings only when a lookup hits them.
///
/// ```swift
/// let table = SymbolTable(symbols: [("main", 0x1000, 0x40), ("helper", 0x1040, 0x20)])
/// table.lookup(0x1050)?.name   // "helper"
/// ```
package struct SymbolTable: Sendable, Equatable {
    /// One function symbol.
    package struct Entry: Sendable, Equatable {
        /// First address of the function (an ELF virtual address).
        package var start: UInt64
        /// Size in bytes; 0 when the symbol table does not say.
        package var size: UInt64
        /// Offset of the NUL-terminated name in ``SymbolTable/names``.
        package var nameOffset: UInt32

        /// Creates an entry.
        package init(start: UInt64, size: UInt64, nameOffset: UInt32) {
            self.start = start
            self.size = size
            self.nameOffset = nameOffset
        }
    }

    /// A lookup's result.
    package struct Match: Sendable, Equatable {
        /// Index of the symbol in ``SymbolTable/entries``.
        package var index: Int
        /// The raw (mangled) name.
        package var name: String
        /// First address of the function.
        package var start: UInt64
        /// The address's distance from ``start``.
        package var offset: UInt64
    }

    /// Symbols sorted by start address; one per address.
    package private(set) var entries: [Entry]
    /// NUL-terminated names, indexed by ``Entry/nameOffset``.
    package private(set) var names: [UInt8]

    /// Creates a table from entries and the name buffer they index, sorting the entries and
    /// keeping one symbol per address (the one with a size, then the longest name, so a
    /// Swift name wins over a short C alias).
    package init(entries: [Entry], names: [UInt8]) {
        self.names = names
        var sorted = entries.sorted { ($0.start, $1.size) < ($1.start, $0.size) }
        var unique: [Entry] = []
        unique.reserveCapacity(sorted.count)
        for entry in sorted {
            if let last = unique.last, last.start == entry.start {
                if last.size == 0 && entry.size != 0 { unique[unique.count - 1] = entry }
                continue
            }
            unique.append(entry)
        }
        sorted = unique
        self.entries = sorted
    }

    /// Creates a table from names, start addresses and sizes (for tests and synthetic images).
    package init(symbols: [(name: String, start: UInt64, size: UInt64)]) {
        var names: [UInt8] = [0]
        var entries: [Entry] = []
        for symbol in symbols {
            entries.append(Entry(start: symbol.start, size: symbol.size, nameOffset: UInt32(names.count)))
            names += Array(symbol.name.utf8) + [0]
        }
        self.init(entries: entries, names: names)
    }

    /// Number of symbols.
    package var count: Int { entries.count }

    /// The raw name of the symbol at `index`.
    package func name(at index: Int) -> String {
        let start = Int(entries[index].nameOffset)
        guard start < names.count else { return "" }
        var end = start
        while end < names.count && names[end] != 0 { end += 1 }
        return String(decoding: names[start..<end], as: UTF8.self)
    }

    /// The index of the function containing `address`, or nil when no symbol covers it: the
    /// last symbol starting at or before the address, if the address is within its size (or,
    /// for a symbol without a size, before the next symbol).
    package func index(containing address: UInt64) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start <= address { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        if entry.size > 0 { return address - entry.start < entry.size ? low - 1 : nil }
        return low < entries.count || address - entry.start < 0x10000 ? low - 1 : nil
    }

    /// The function containing `address`, with its name, or nil.
    package func lookup(_ address: UInt64) -> Match? {
        guard let index = index(containing: address) else { return nil }
        let entry = entries[index]
        return Match(index: index, name: name(at: index), start: entry.start, offset: address - entry.start)
    }

    /// The start address of the symbol named exactly `name`, if the table has one (a linear scan).
    package func start(ofSymbolNamed name: String) -> UInt64? {
        entries.indices.first { self.name(at: $0) == name }.map { entries[$0].start }
    }

    /// Every name in the table's string data that ends with `suffix` (a linear scan).
    package func names(endingWith suffix: String) -> [String] {
        names.split(separator: 0, omittingEmptySubsequences: true).compactMap { bytes in
            let name = String(decoding: bytes, as: UTF8.self)
            return name.hasSuffix(suffix) ? name : nil
        }
    }

    /// Whether any symbol's raw name contains `fragment` (a linear scan of the names).
    package func containsName(_ fragment: String) -> Bool {
        let needle = Array(fragment.utf8)
        guard !needle.isEmpty, needle.count <= names.count else { return false }
        let first = needle[0]
        var i = 0
        let last = names.count - needle.count
        return names.withUnsafeBufferPointer { buffer in
            while i <= last {
                if buffer[i] == first {
                    var j = 1
                    while j < needle.count && buffer[i + j] == needle[j] { j += 1 }
                    if j == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }
}
