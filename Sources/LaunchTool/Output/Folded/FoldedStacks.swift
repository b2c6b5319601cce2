import LaunchTrace

/// Folded stacks for `flamegraph.pl` and compatible tools: one line per distinct stack,
/// `root;…;leaf weight`, root first, sorted.
///
/// The weight is thread time in whole microseconds (an on-CPU sample weighs the sampling
/// period, a blocked span or a blocking call its duration; see ``MainThreadProfile``). Each
/// stack starts with its phase in brackets (`[didFinishLaunching]`) so the graph splits by
/// phase, unless ``phaseRoots`` is false, then with its thread (`main thread`,
/// `thread NIO-ELT-0-#1`) so it splits by thread, unless ``threadRoots`` is false. Stacks of
/// every given launch are added up.
///
/// ```swift
/// let text = FoldedStacks().render(profiles)   // "[didFinishLaunching];main thread;main;…;read() [fileIO] 9500\n…"
/// ```
package struct FoldedStacks: Sendable, Equatable {
    /// Whether each stack starts with a `[phase]` frame.
    package var phaseRoots: Bool
    /// Whether each stack starts (under its phase) with its thread's frame.
    package var threadRoots: Bool
    /// Only samples of this phase, or every sample when nil.
    package var phase: LaunchPhase?

    /// Creates a renderer.
    package init(phaseRoots: Bool = true, threadRoots: Bool = true, phase: LaunchPhase? = nil) {
        self.phaseRoots = phaseRoots
        self.threadRoots = threadRoots
        self.phase = phase
    }

    /// The folded lines of `profiles`, each ending in a newline; empty when there are no samples.
    package func render(_ profiles: [MainThreadProfile]) -> String {
        var weights: [String: Int64] = [:]
        for profile in profiles {
            for sample in profile.samples where phase == nil || sample.phase == phase {
                var names = (threadRoots ? profile.rootedNames(of: sample) : profile.names(of: sample)).map(Self.clean)
                if phaseRoots { names.insert(Self.phaseFrame(sample.phase), at: 0) }
                weights[names.joined(separator: ";"), default: 0] += sample.weightNs
            }
        }
        return weights.sorted { $0.key < $1.key }.map { "\($0.key) \(($0.value + 500) / 1000)\n" }.joined()
    }

    /// The root frame of a phase: `[didFinishLaunching]`, or `[no phase]`.
    package static func phaseFrame(_ phase: LaunchPhase?) -> String {
        "[\(phase?.rawValue ?? "no phase")]"
    }

    /// A frame name safe for the format: no `;` (the separator) and no line breaks.
    static func clean(_ name: String) -> String {
        String(name.map { $0 == ";" ? ":" : ($0.isNewline ? " " : $0) })
    }
}
