/// A place in the source code, from debug information.
package struct SourceLocation: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Path of the source file as recorded in the debug information.
    package var file: String
    /// Line, starting at 1.
    package var line: Int
    /// When the address lies in code the compiler inlined into its caller: the linkage
    /// (mangled) name of the innermost inlined function, whose source `file` and `line` are.
    package var inlinedFunction: String?

    /// Creates a location.
    package init(file: String, line: Int, inlinedFunction: String? = nil) {
        self.file = file
        self.line = line
        self.inlinedFunction = inlinedFunction
    }

    /// `file:line` with the file's last path component only: `CatalogStore.swift:18`.
    package var description: String {
        (file.split(separator: "/").last.map(String.init) ?? file) + ":\(line)"
    }
}
