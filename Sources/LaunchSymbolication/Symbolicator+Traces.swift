import LaunchTrace

extension Symbolicator {
    /// Resolves every address of the traces' main-thread activity, then adds file:line with
    /// one symbolizer process per image: afterwards every lookup of these addresses is a
    /// cache hit with its location.
    /// With `locating` false the locations wait for a later ``locateSources()``, so that more
    /// stacks share its one symbolizer pass per image.
    package func prepare(_ traces: [LaunchTrace], locating: Bool = true) {
        for trace in traces {
            guard let activity = trace.mainThread else { continue }
            _ = symbolicate(activity)
        }
        if locating { locateSources() }
    }

    /// The symbolicated stacks of one launch's activity. Blocking-call stacks are return
    /// addresses; a sample's first frame is the interrupted instruction.
    package func symbolicate(_ activity: MainThreadActivity) -> SymbolicatedActivity {
        let map = ImageMap(activity.images)
        return SymbolicatedActivity(
            blockingCalls: activity.blockingCalls.map { symbolicate(stack: $0.stack, in: map, firstIsExact: false) },
            stalls: activity.stalls.map { stall in
                stall.samples.map { symbolicate(stack: $0.frames, in: map, firstIsExact: true) }
            }
        )
    }
}
