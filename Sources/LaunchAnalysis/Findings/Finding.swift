import LaunchSymbolication
import LaunchTrace

/// Main-thread work found across the launches of a run: one function, kind and phase in
/// one scenario, with its cost, how sure it is and what to do about it.
public struct Finding: Codable, Sendable, Equatable {
    /// `kind:phase:function`, stable across runs.
    public var id: String
    /// The scenario of the launches.
    public var scenario: String
    /// The attributed function (simplified name).
    public var function: String
    /// Its demangled name.
    public var fullName: String?
    /// Its module.
    public var module: String?
    /// File and line, when known.
    public var location: SourceLocation?
    /// Whether the function is the app's own code.
    public var isAppCode: Bool
    /// The kind of work.
    public var kind: BlockingKind
    /// The phase.
    public var phase: LaunchPhase?
    /// Launches of the scenario it appeared in.
    public var launches: Int
    /// Launches of the scenario whose main thread was observed (tracer or sampler ran).
    public var analyzedLaunches: Int
    /// Median main-thread cost per launch, over the launches it appeared in, in nanoseconds.
    public var medianCostNs: Double
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
    /// A representative stack, innermost first.
    public var stack: [SymbolicatedFrame]
    /// Whose code ``function`` is: the program's, or a dependency's when no frame of the
    /// program was on the stack (nil in files written before it was recorded).
    public var owner: CodeOwner?
    /// The package ``function`` belongs to, when its source is in SwiftPM's checkouts.
    public var package: String?
    /// The dependency function the program's code called where the time was spent, with its
    /// module: `MultiThreadedEventLoopGroup.init(numberOfThreads:) (NIOPosix)`.
    public var callee: String?
    /// For a dependency's own work, the program's code that called it: its entry point's
    /// top-level code, with file and line when known (`main (main.swift:57)`).
    public var caller: String?
    /// The thread the work ran on (`a cooperative-pool thread`, `thread "NIO-ELT-0-#1"`), or
    /// nil for the main thread.
    public var thread: String?

    /// Creates a finding.
    public init(
        id: String, scenario: String, function: String, fullName: String?, module: String?, location: SourceLocation?,
        isAppCode: Bool, kind: BlockingKind, phase: LaunchPhase?, launches: Int, analyzedLaunches: Int,
        medianCostNs: Double, impactNs: Double, phaseShare: Double?, firstFrameShare: Double?, tracedCalls: Int,
        samples: Int, touchesUI: Bool, confidence: FindingConfidence, advice: Advice,
        blockingFunctions: [String], resources: [String], stack: [SymbolicatedFrame], owner: CodeOwner? = nil,
        package: String? = nil, callee: String? = nil, caller: String? = nil, thread: String? = nil
    ) {
        self.caller = caller
        self.id = id
        self.scenario = scenario
        self.function = function
        self.fullName = fullName
        self.module = module
        self.location = location
        self.isAppCode = isAppCode
        self.kind = kind
        self.phase = phase
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
        self.stack = stack
        self.owner = owner
        self.package = package
        self.callee = callee
        self.thread = thread
    }

    /// The function with its file and line: `CatalogStore.load() (CatalogStore.swift:18)`.
    public var functionWithLocation: String {
        location.map { "\(function) (\($0))" } ?? function
    }

    /// Whether it ran before the first frame (an unknown phase counts as before).
    public var isBeforeFirstFrame: Bool { phase?.isBeforeFirstFrame ?? true }
}
