/// An executable or shared library mapped into the launched process, so the tool can
/// turn raw addresses into symbols after the launch.
package struct LoadedImage: Codable, Sendable, Equatable {
    /// Absolute path of the file.
    package var path: String
    /// Address the image is loaded at (the `dl_iterate_phdr` base: add it to an ELF virtual address).
    package var loadAddress: Address
    /// First and one-past-last address of the image's executable segments.
    package var textStart: Address
    /// One past the last address of the image's executable segments.
    package var textEnd: Address
    /// The GNU build id in hexadecimal, when the image has one.
    package var buildID: String?

    /// Creates an image description.
    package init(path: String, loadAddress: Address, textStart: Address, textEnd: Address, buildID: String?) {
        self.path = path
        self.loadAddress = loadAddress
        self.textStart = textStart
        self.textEnd = textEnd
        self.buildID = buildID
    }

    /// Whether `address` lies in the image's executable segments.
    package func contains(_ address: Address) -> Bool { address >= textStart && address < textEnd }

    /// Whether the mapping is code generated at run time rather than a file: anonymous executable
    /// memory (`//anon`, as perf names it; a JIT such as a software renderer's shader compiler or
    /// a JavaScript engine writes its code there), a `memfd:` file or a named anonymous mapping.
    /// It has no symbol table to read and no debug file to install.
    package var isGeneratedCode: Bool { Self.isGeneratedCode(path: path) }

    /// ``isGeneratedCode`` of a mapping's path.
    package static func isGeneratedCode(path: String) -> Bool {
        path == "//anon" || path.hasPrefix("/memfd:") || path.hasPrefix("[anon")
    }

    /// What reports call a frame in generated code, in place of an image's file name.
    package static let generatedCodeName = "JIT code"
}
