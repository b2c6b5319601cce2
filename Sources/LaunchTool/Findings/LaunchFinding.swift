import LaunchTrace

/// Work a launch waited for, found in one launch: the blocking calls and stack samples of one
/// function, kind and phase, merged, on the main thread or on the thread it waited for.
package struct LaunchFinding: Codable, Sendable, Equatable {
    /// Where the work is: the function it is charged to, its kind and phase, whose code.
    package var site: FindingSite
    /// Time the launch waited for it, in nanoseconds: the tracer's durations plus, for samples,
    /// each sample's share of its stall.
    package var costNs: Int64
    /// Blocking calls the tracer recorded (exact).
    package var tracedCalls: Int
    /// Stack samples charged to it.
    package var samples: Int
    /// Of ``costNs``, the time measured whole rather than estimated from samples: off-CPU
    /// intervals timed from the switch-out to the switch-in (the whole-launch profile's context
    /// switches) and the tracer's calls.
    package var measuredNs: Int64 = 0
    /// Of ``costNs``, the time its thread was runnable, waiting for a CPU, while in this work
    /// (the whole-launch profile's preempted spans on the critical path); the rest is the work's
    /// own time on a CPU or blocked.
    package var waitingForCPUNs: Int64 = 0
    /// Whether it was charged to the program's entry point as the nearest frame of its own code
    /// with the system's code right below (`CodeOwnership.tailCallEntryIndex(in:)`):
    /// a function between them may have left no frame (a tail call).
    package var mayMissFrame = false
    /// Whether the work runs in a method of a UI object (it cannot leave the main queue).
    package var touchesUI: Bool
    /// The blocking library functions involved (`read`, `fsync`), in order of first appearance.
    package var blockingFunctions: [String]
    /// The files, peers or sleep lengths involved, in order of first appearance (at most 5).
    package var resources: [String]
    /// Bytes read or written, when the tracer reported them.
    package var bytes: Int64?
    /// Path of the image of the attributed frame.
    package var image: String?

    /// Creates a launch's finding.
    package init(
        site: FindingSite, costNs: Int64, tracedCalls: Int, samples: Int, touchesUI: Bool,
        blockingFunctions: [String], resources: [String], bytes: Int64? = nil, image: String? = nil
    ) {
        self.site = site
        self.costNs = costNs
        self.tracedCalls = tracedCalls
        self.samples = samples
        self.touchesUI = touchesUI
        self.blockingFunctions = blockingFunctions
        self.resources = resources
        self.bytes = bytes
        self.image = image
    }

    /// What findings are merged by: function, kind and phase.
    package var key: FindingKey { site.key }
}
