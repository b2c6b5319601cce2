/// What advice needs to know about a finding beyond its function and kind: whose code it is,
/// the dependency it called, the thread it ran on.
package struct AdviceContext: Sendable, Equatable {
    /// Whose code the finding's function is (nil: the program's).
    package var owner: CodeOwner?
    /// The function's Swift module, when known.
    package var module: String?
    /// Whether the function is Swift code (false: C, or another language's).
    package var isSwift: Bool
    /// The function's package, when known (`swift-nio`).
    package var package: String?
    /// The dependency function called where the time was spent (`MultiThreadedEventLoopGroup.init (NIOPosix)`).
    package var callee: String?
    /// For a dependency's own work, where the program's code called it (`main (main.swift:57)`).
    package var caller: String?
    /// The thread the work ran on, or nil for the main thread.
    package var thread: String?
    /// Whether the function is the program's entry point charged as the nearest frame of its
    /// own code, a frame between it and the system possibly missing (a tail call).
    package var mayMissFrame = false
    /// The program the work ran in, when it is not the launched program but one that ran and
    /// exec'd the next before it (a wrapper: a `#!` script's interpreter, a shim), such as `bash`.
    package var earlierProgram: String?

    /// Creates a context.
    package init(
        owner: CodeOwner? = nil, module: String? = nil, isSwift: Bool = true, package: String? = nil,
        callee: String? = nil, caller: String? = nil, thread: String? = nil, mayMissFrame: Bool = false
    ) {
        self.mayMissFrame = mayMissFrame
        self.caller = caller
        self.owner = owner
        self.module = module
        self.isSwift = isSwift
        self.package = package
        self.callee = callee
        self.thread = thread
    }
}
