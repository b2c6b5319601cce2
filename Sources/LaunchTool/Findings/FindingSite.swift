import LaunchSymbolication
import LaunchTrace

/// Where work a launch waited for was found: the function it is charged to, whose code that
/// is, its kind and phase, the thread, and a representative stack. A launch's finding
/// (``LaunchFinding``) and the run's (``Finding``) hold one each.
package struct FindingSite: Codable, Sendable, Equatable {
    /// The function the work is charged to: the first frame of the program's own code
    /// (simplified name), or the innermost named frame when no frame is the program's.
    package var function: String
    /// Its demangled name.
    package var fullName: String?
    /// Its module.
    package var module: String?
    /// File and line, when known.
    package var location: SourceLocation?
    /// Whether ``function`` is the program's own code.
    package var isAppCode: Bool
    /// The kind of work.
    package var kind: BlockingKind
    /// The phase it ran in.
    package var phase: LaunchPhase?
    /// A representative stack (the first call's or sample's), innermost first (at most 16 frames).
    package var stack: [SymbolicatedFrame]
    /// Whose code ``function`` is (nil in files written before it was recorded: the program's).
    package var owner: CodeOwner?
    /// The package ``function`` belongs to, when its source is in SwiftPM's checkouts.
    package var package: String?
    /// The dependency function the program's code called where the time was spent, with its
    /// module: `MultiThreadedEventLoopGroup.init(numberOfThreads:) (NIOPosix)`.
    package var callee: String?
    /// For a dependency's own work, the program's code that called it: its entry point's
    /// top-level code, with file and line when known (`main (main.swift:57)`).
    package var caller: String?
    /// The thread the work ran on, for people (`a cooperative-pool thread`, `thread "NIO-ELT-0-#1"`),
    /// or nil for the main thread.
    package var thread: String?

    /// Creates a site.
    package init(
        function: String, fullName: String? = nil, module: String? = nil, location: SourceLocation? = nil,
        isAppCode: Bool = true, kind: BlockingKind, phase: LaunchPhase?, stack: [SymbolicatedFrame] = [],
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
        self.stack = stack
        self.owner = owner
        self.package = package
        self.callee = callee
        self.caller = caller
        self.thread = thread
    }

    /// What findings are merged by: function, kind and phase.
    package var key: FindingKey { FindingKey(function: function, kind: kind, phase: phase) }

    /// The function with its file and line: `CatalogStore.load() (CatalogStore.swift:18)`.
    package var functionWithLocation: String {
        guard let location else { return function }
        // `MyApp_main → __sin_fma (libm.so.6)`: the location is the program's call site's.
        if let arrow = function.range(of: " → ") {
            return "\(function[..<arrow.lowerBound]) (\(location))\(function[arrow.lowerBound...])"
        }
        return "\(function) (\(location))"
    }
}
