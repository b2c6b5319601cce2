/// An ELF file cannot be read or is not a file LaunchProfiler can take symbols from.
///
/// ```text
/// /app/SampleApp: the section header table (64 entries at offset 0x1f2e40) runs past the end of the file (2031616 bytes); the file is truncated or not an ELF image.
/// ```
public struct ELFParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Path of the file.
    public var path: String
    /// What is wrong, as a whole sentence.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: REASON`.
    public var description: String { "\(path): \(reason)" }
}
