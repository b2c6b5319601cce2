import LaunchSymbolication
import LaunchTrace

/// Work a launch waited for, found in one launch: the blocking calls and stack samples of one
/// function, kind and phase, merged, on the main thread or on the thread it waited for.
public struct LaunchFinding: Codable, Sendable, Equatable {
    /// The function the work is attributed to: the first frame in the app's own code
    /// (simplified name), or the innermost named frame when no frame is the app's.
    public var function: String
    /// The attributed frame's demangled name.
    public var fullName: String?
    /// The attributed frame's module.
    public var module: String?
    /// File and line of the attributed frame, when known.
    public var location: SourceLocation?
    /// Whether ``function`` is the app's own code.
    public var isAppCode: Bool
    /// What kind of work it is.
    public var kind: BlockingKind
    /// The phase it ran in.
    public var phase: LaunchPhase?
    /// Main-thread time, in nanoseconds: the tracer's durations plus, for samples, each
    /// sample's share of its stall.
    public var costNs: Int64
    /// Blocking calls the tracer recorded (exact).
    public var tracedCalls: Int
    /// Stack samples attributed to it.
    public var samples: Int
    /// Of ``costNs``, the time measured whole rather than estimated from samples: off-CPU
    /// intervals timed from the switch-out to the switch-in (the whole-launch profile's context
    /// switches) and the tracer's calls.
    public var measuredNs: Int64 = 0
    /// Whether it was charged to the program's entry point as the nearest frame of its own code
    /// with the system's code right below (``CodeOwnership/tailCallEntryIndex(in:)``): a function
    /// between them may have left no frame (a tail call).
    public var mayMissFrame = false
    /// Whether the work runs in a method of a UI object (it cannot leave the main queue).
    public var touchesUI: Bool
    /// The blocking library functions involved (`read`, `fsync`), in order of first appearance.
    public var blockingFunctions: [String]
    /// The files, peers or sleep lengths involved, in order of first appearance (at most 5).
    public var resources: [String]
    /// Bytes read or written, when the tracer reported them.
    public var bytes: Int64?
    /// The stack of the first call or sample, innermost first (at most 16 frames).
    public var stack: [SymbolicatedFrame]
    /// Path of the image of the attributed frame.
    public var image: String?
    /// Whose code ``function`` is (nil in findings made before it was recorded: the program's).
    public var owner: CodeOwner?
    /// The package ``function`` belongs to, when its source is in SwiftPM's checkouts.
    public var package: String?
    /// The dependency function the program's code called where the time was spent, with its
    /// module: `MultiThreadedEventLoopGroup.init(numberOfThreads:) (NIOPosix)`.
    public var callee: String?
    /// For a dependency's own work, the program's code that called it (`main (main.swift:57)`).
    public var caller: String?
    /// The thread it ran on, for people (`a cooperative-pool thread`, `thread "NIO-ELT-0-#1"`),
    /// or nil for the main thread.
    public var thread: String?

    /// Creates a finding.
    public init(
        function: String, fullName: String?, module: String?, location: SourceLocation?, isAppCode: Bool,
        kind: BlockingKind, phase: LaunchPhase?, costNs: Int64, tracedCalls: Int, samples: Int, touchesUI: Bool,
        blockingFunctions: [String], resources: [String], bytes: Int64?, stack: [SymbolicatedFrame], image: String?,
        owner: CodeOwner? = nil, package: String? = nil, callee: String? = nil, caller: String? = nil,
        thread: String? = nil
    ) {
        self.function = function
        self.fullName = fullName
        self.module = module
        self.location = location
        self.isAppCode = isAppCode
        self.kind = kind
        self.phase = phase
        self.costNs = costNs
        self.tracedCalls = tracedCalls
        self.samples = samples
        self.touchesUI = touchesUI
        self.blockingFunctions = blockingFunctions
        self.resources = resources
        self.bytes = bytes
        self.stack = stack
        self.image = image
        self.owner = owner
        self.package = package
        self.callee = callee
        self.caller = caller
        self.thread = thread
    }

    /// What findings are merged by: function, kind and phase.
    public var key: FindingKey { FindingKey(function: function, kind: kind, phase: phase) }
}
