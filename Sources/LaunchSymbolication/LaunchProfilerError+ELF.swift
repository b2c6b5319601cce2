import LaunchTrace

extension LaunchProfilerError.Code {
    /// An ELF file cannot be read or is not a file LaunchProfiler can take symbols from.
    package static let invalidELF = Self("invalidELF")
}

extension LaunchProfilerError {
    /// An ELF file cannot be used: `PATH: REASON`, e.g.
    ///
    /// ```text
    /// /app/SampleApp: the section header table (64 entries at offset 0x1f2e40) runs past the end of the file (2031616 bytes); the file is truncated or not an ELF image.
    /// ```
    package static func invalidELF(path: String, reason: String) -> Self {
        Self(.invalidELF, reason, context: Context(file: path))
    }
}
