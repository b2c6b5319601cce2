import LaunchTrace

/// What makes two findings the same: the function, the kind of work and the phase.
public struct FindingKey: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The attributed function's simplified name.
    public var function: String
    /// The kind of work.
    public var kind: BlockingKind
    /// The phase.
    public var phase: LaunchPhase?

    /// Creates a key.
    public init(function: String, kind: BlockingKind, phase: LaunchPhase?) {
        self.function = function
        self.kind = kind
        self.phase = phase
    }

    /// `fileIO:didFinishLaunching:ThumbnailCache.warmSynchronously(megabytes:)`: stable across runs.
    public var description: String { "\(kind.rawValue):\(phase?.rawValue ?? "unknown"):\(function)" }

    /// Orders keys by their description, for stable output.
    public static func < (lhs: FindingKey, rhs: FindingKey) -> Bool { lhs.description < rhs.description }
}
