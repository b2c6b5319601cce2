import LaunchTrace

/// What makes two findings the same: the function, the kind of work and the phase.
package struct FindingKey: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The attributed function's simplified name.
    package var function: String
    /// The kind of work.
    package var kind: BlockingKind
    /// The phase.
    package var phase: LaunchPhase?

    /// Creates a key.
    package init(function: String, kind: BlockingKind, phase: LaunchPhase?) {
        self.function = function
        self.kind = kind
        self.phase = phase
    }

    /// `fileIO:didFinishLaunching:ThumbnailCache.warmSynchronously(megabytes:)`: stable across runs.
    package var description: String { "\(kind.rawValue):\(phase?.rawValue ?? "unknown"):\(function)" }

    /// Orders keys by their description, for stable output.
    package static func < (lhs: FindingKey, rhs: FindingKey) -> Bool { lhs.description < rhs.description }
}
