/// A named interval the app measured inside a phase, e.g. `measure("catalog.load") { … }`.
///
/// Spans nest: a span started inside another has a larger ``depth`` and names its
/// parent by index into ``LaunchTrace/spans``.
package struct Span: Codable, Sendable, Equatable {
    /// The name the app gave.
    package var name: String
    /// The phase the span started in.
    package var phase: LaunchPhase
    /// Start, in nanoseconds after the launch started.
    package var startNs: Int64
    /// Duration in nanoseconds.
    package var durationNs: Int64
    /// Nesting depth: 0 for a span directly inside a phase.
    package var depth: Int
    /// Index of the enclosing span in ``LaunchTrace/spans``, if any.
    package var parent: Int?
    /// Whether the span ran on the main thread.
    package var onMainThread: Bool

    /// Creates a span.
    package init(
        name: String, phase: LaunchPhase, startNs: Int64, durationNs: Int64,
        depth: Int, parent: Int?, onMainThread: Bool
    ) {
        self.name = name
        self.phase = phase
        self.startNs = startNs
        self.durationNs = durationNs
        self.depth = depth
        self.parent = parent
        self.onMainThread = onMainThread
    }

    /// End, in nanoseconds after the launch started.
    package var endNs: Int64 { startNs.saturatingAdd(durationNs) }
}
