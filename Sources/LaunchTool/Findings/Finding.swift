import LaunchTrace

/// Work found across the launches of a run: one function, kind and phase in one scenario
/// (its ``site``), with its cost, how sure it is and what to do about it.
///
/// In JSON the site's fields sit beside the finding's own (`function`, `kind`, `phase`, …).
public struct Finding: Codable, Sendable, Equatable {
    /// `kind:phase:function`, stable across runs.
    public var id: String
    /// The scenario of the launches.
    public var scenario: String
    /// Where the work is: the function it is charged to, its kind and phase, whose code, a
    /// representative stack.
    public var site: FindingSite
    /// Launches of the scenario it appeared in.
    public var launches: Int
    /// Launches of the scenario whose main thread was observed (tracer or sampler ran).
    public var analyzedLaunches: Int
    /// Median main-thread cost per launch, over the launches it appeared in, in nanoseconds.
    public var medianCostNs: Double
    /// Of ``medianCostNs``, the time the work's thread was runnable, waiting for a CPU, while in
    /// it (the machine's share: other programs held the CPUs); nil when it never waited for one.
    public var medianWaitingForCPUNs: Double?
    /// Expected cost per observed launch: ``medianCostNs`` × ``launches`` / ``analyzedLaunches``.
    /// Findings are ordered by it.
    public var impactNs: Double
    /// ``medianCostNs`` as a fraction of the phase's median duration.
    public var phaseShare: Double?
    /// ``medianCostNs`` as a fraction of the median time to first frame.
    public var firstFrameShare: Double?
    /// Blocking calls the tracer recorded, over all launches.
    public var tracedCalls: Int
    /// Stack samples, over all launches.
    public var samples: Int
    /// Whether the work runs in a method of a UI object.
    public var touchesUI: Bool
    /// How sure the finding is.
    public var confidence: FindingConfidence
    /// What to do about it.
    public var advice: Advice
    /// Blocking library functions involved.
    public var blockingFunctions: [String]
    /// Files, peers or sleep lengths involved (at most 5).
    public var resources: [String]

    /// Creates a finding.
    public init(
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
    public var isBeforeFirstFrame: Bool { site.phase?.isBeforeFirstFrame ?? true }
}
