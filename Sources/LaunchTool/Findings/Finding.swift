import LaunchTrace

/// Work found across the launches of a run: one function, kind and phase in one scenario
/// (its ``site``), with its cost, how sure it is and what to do about it.
///
/// In JSON the site's fields sit beside the finding's own (`function`, `kind`, `phase`, …).
package struct Finding: Codable, Sendable, Equatable {
    /// `kind:phase:function`, stable across runs.
    package var id: String
    /// The scenario of the launches.
    package var scenario: String
    /// Where the work is: the function it is charged to, its kind and phase, whose code, a
    /// representative stack.
    package var site: FindingSite
    /// Launches of the scenario it appeared in.
    package var launches: Int
    /// Launches of the scenario whose main thread was observed (tracer or sampler ran).
    package var analyzedLaunches: Int
    /// Median main-thread cost per launch, over the launches it appeared in, in nanoseconds.
    package var medianCostNs: Double
    /// Of ``medianCostNs``, the time the work's thread was runnable, waiting for a CPU, while in
    /// it (the machine's share: other programs held the CPUs); nil when it never waited for one.
    package var medianWaitingForCPUNs: Double?
    /// Expected cost per observed launch: ``medianCostNs`` × ``launches`` / ``analyzedLaunches``.
    /// Findings are ordered by it.
    package var impactNs: Double
    /// ``medianCostNs`` as a fraction of the phase's median duration.
    package var phaseShare: Double?
    /// ``medianCostNs`` as a fraction of the median time to first frame.
    package var firstFrameShare: Double?
    /// Blocking calls the tracer recorded, over all launches.
    package var tracedCalls: Int
    /// Stack samples, over all launches.
    package var samples: Int
    /// Whether the work runs in a method of a UI object.
    package var touchesUI: Bool
    /// How sure the finding is.
    package var confidence: FindingConfidence
    /// What to do about it.
    package var advice: Advice
    /// Blocking library functions involved.
    package var blockingFunctions: [String]
    /// Files, peers or sleep lengths involved (at most 5).
    package var resources: [String]

    /// Creates a finding.
    package init(
        id: String, scenario: String, site: FindingSite, launches: Int, analyzedLaunches: Int,
        medianCostNs: Double, impactNs: Double, phaseShare: Double?, firstFrameShare: Double?, tracedCalls: Int,
        samples: Int, touchesUI: Bool, confidence: FindingConfidence, advice: Advice,
        blockingFunctions: [String], resources: [String]
    ) {
        self.id = id
        self.scenario = scenario
        self.site = site
        self.launches = launches
        self.analyzedLaunches = analyzedLaunches
        self.medianCostNs = medianCostNs
        self.impactNs = impactNs
        self.phaseShare = phaseShare
        self.firstFrameShare = firstFrameShare
        self.tracedCalls = tracedCalls
        self.samples = samples
        self.touchesUI = touchesUI
        self.confidence = confidence
        self.advice = advice
        self.blockingFunctions = blockingFunctions
        self.resources = resources
    }

    /// Whether it ran before the first frame (an unknown phase counts as before).
    package var isBeforeFirstFrame: Bool { site.phase?.isBeforeFirstFrame ?? true }
}
