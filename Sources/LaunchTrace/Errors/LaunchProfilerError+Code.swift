extension LaunchProfilerError {
    /// What kind of problem an error is. Extensible: each module declares its codes as static
    /// members in an extension, next to the code that throws them.
    ///
    /// ```swift
    /// extension LaunchProfilerError.Code {
    ///     /// No baseline of this name was saved.
    ///     public static let baselineNotFound = Self("baselineNotFound")
    /// }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable name for the code, unique across modules (e.g. `baselineNotFound`).
        public let name: String

        /// Creates a code; declare it once, as a static member.
        public init(_ name: String) {
            self.name = name
        }

        /// The name.
        public var description: String { name }
    }
}

extension LaunchProfilerError.Code {
    /// A file cannot be read at all.
    public static let unreadableFile = Self("unreadableFile")
    /// A JSON file is malformed or holds an unexpected value.
    public static let invalidFile = Self("invalidFile")
}

extension LaunchProfilerError.Code {
    /// A trace holds a value no launch can produce (a negative duration, overlapping phases).
    public static let invalidTrace = Self("invalidTrace")
}
