/// One frame of a main-thread stack as reports show it: a function name, or the image and
/// offset (`SampleApp+0x2f10`) when no symbol is known, with its source file when known.
package struct ProfileFrame: Codable, Sendable, Hashable {
    /// What reports show for the frame.
    package var name: String
    /// Source file or image path, when known.
    package var file: String?
    /// Source line, when known.
    package var line: Int?

    /// Creates a frame.
    package init(name: String, file: String? = nil, line: Int? = nil) {
        self.name = name
        self.file = file
        self.line = line
    }
}
