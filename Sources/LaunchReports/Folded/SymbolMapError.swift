/// A symbol map file cannot be used.
public struct SymbolMapError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What is wrong, as a sentence.
    public var message: String

    /// `file: message`.
    public var description: String { "\(file): \(message)" }
}
