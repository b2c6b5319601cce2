/// What LaunchProfiler takes from an ELF file: its function symbols and its GNU build id.
///
/// ```swift
/// let image = try ELFImage(contentsOf: "/apps/SampleApp")
/// image.symbols.lookup(0xb6284)?.name   // "$s9SampleApp12CatalogStoreC4loadyyKF"
/// ```
package struct ELFImage: Sendable, Equatable {
    /// Path of the file.
    package var path: String
    /// The GNU build id in lowercase hexadecimal, when the file has one.
    package var buildID: String?
    /// Function symbols from `.symtab`, or from `.dynsym` when the file has no `.symtab`.
    package var symbols: SymbolTable
    /// Which table the symbols came from: `.symtab`, `.dynsym`, or `none` for a stripped file.
    package var symbolSource: String
    /// The virtual address the file's first byte is linked at: 0 for a position-independent
    /// file (a library, a PIE executable), `0x400000` for a classic executable (`ET_EXEC`, such as
    /// Debian's `python3.11`), whose symbols are absolute addresses.
    package var linkBase: UInt64 = 0

    /// Creates an image description.
    package init(path: String, buildID: String?, symbols: SymbolTable, symbolSource: String) {
        self.path = path
        self.buildID = buildID
        self.symbols = symbols
        self.symbolSource = symbolSource
    }
}
