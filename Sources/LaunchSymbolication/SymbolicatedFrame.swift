import LaunchTrace

/// One stack frame with what symbolication found out about it.
package struct SymbolicatedFrame: Codable, Sendable, Equatable {
    /// The address in the launched process.
    package var address: Address
    /// Path of the image containing the address, or nil when no image of the trace does.
    package var image: String?
    /// The address as an ELF virtual address of the image (`address − loadAddress`).
    package var imageOffset: UInt64?
    /// The function, when the image's symbol table names it.
    package var symbol: SymbolName?
    /// Distance from the function's first byte.
    package var symbolOffset: UInt64?
    /// File and line, when the image has debug information and a symbolizer was found.
    package var location: SourceLocation?

    /// Creates a frame.
    package init(
        address: Address, image: String?, imageOffset: UInt64?, symbol: SymbolName?,
        symbolOffset: UInt64?, location: SourceLocation?
    ) {
        self.address = address
        self.image = image
        self.imageOffset = imageOffset
        self.symbol = symbol
        self.symbolOffset = symbolOffset
        self.location = location
    }

    /// The image's file name (`SampleApp`, `libc.so.6`), if any; `JIT code` for code generated at
    /// run time (``LoadedImage/isGeneratedCode``).
    package var imageName: String? {
        image.map { path in
            LoadedImage.isGeneratedCode(path: path)
                ? LoadedImage.generatedCodeName : path.split(separator: "/").last.map(String.init) ?? path
        }
    }

    /// Whether the frame is in code generated at run time (``LoadedImage/isGeneratedCode``).
    package var isGeneratedCode: Bool { image.map { LoadedImage.isGeneratedCode(path: $0) } ?? false }

    /// The innermost function the compiler inlined at this address, when debug information
    /// says so (``SourceLocation/inlinedFunction``), demangled and simplified.
    package var inlinedSymbol: SymbolName? {
        guard let raw = location?.inlinedFunction, raw != symbol?.raw else { return nil }
        return SymbolName(raw: raw)
    }

    /// What reports show: the innermost inlined function's simplified name, else the
    /// function's, else `JIT code` for generated code, else `image+0xoffset`, else the raw address.
    package var displayName: String {
        if let inlined = inlinedSymbol { return inlined.simple }
        if let symbol { return symbol.simple }
        if isGeneratedCode { return LoadedImage.generatedCodeName }
        if let imageName, let imageOffset { return "\(imageName)+0x\(String(imageOffset, radix: 16))" }
        return address.description
    }
}
