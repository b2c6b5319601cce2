import LaunchTrace

extension FindingAdvisor {
    /// Advice that fits where the time is, before the kind of work is considered: a dependency's
    /// own work and code that is not Swift get no rewrite; nil when the finding is the program's
    /// Swift code.
    static func ownershipAdvice(function: String, kind: BlockingKind, context: AdviceContext) -> Advice? {
        if let program = context.earlierProgram {
            return Advice(
                action: .noRewrite, qos: nil,
                summary:
                    "This is \(kind.words) in \(program), which ran before the launched program's main and exec'd the next program (a wrapper: a #! script's interpreter, a version manager's shim): all of its run is before main. Start the last program directly, or make the wrapper exec it at once (Before main says what that saves).",
                rewrite: "")
        }
        if context.owner == .dependency {
            let owner = context.package ?? context.module.map { "the \($0) module" } ?? "a dependency"
            return Advice(
                action: .reviewDependency, qos: nil,
                summary: context.caller.map {
                    "This is \(owner)'s own work (\(function)), called from the program's \($0): change the call there (configure it, call it later or on first use, or start it concurrently), not the package, and measure again."
                }
                    ?? "This is \(owner)'s own work (\(function)) with no call of the program's on the stack, so there is no call site to rewrite: see whether the program can configure it or start it later, and measure again.",
                rewrite: "")
        }
        guard !context.isSwift else { return nil }
        if let unnamed = function.range(of: " (no symbol)").map({ String(function[..<$0.upperBound]) })
            ?? (function.contains("+0x") ? function : nil)
        {
            return Advice(
                action: .noRewrite, qos: nil,
                summary:
                    "\(unnamed): the image has no symbol for this code (a stripped build). Profile a build with symbols, or install its debug symbols (a distribution's -dbg package puts them under /usr/lib/debug/.build-id, which launchprof reads), to see the functions and what to do about them.",
                rewrite: "")
        }
        return Advice(
            action: .noRewrite, qos: nil,
            summary:
                "\(function) is not Swift code (C, or a program written in another language): if it is yours, do this \(kind.words) after the program is ready, on first use, or concurrently; if it is an interpreter's or a runtime's own start-up, no change at a call site removes it.",
            rewrite: "")
    }

    /// Advice for a program that ends at readiness (a command-line tool, a server): no screen,
    /// no main queue; defer, make lazy, start concurrently, or wait only where the result is needed.
    static func programAdvice(
        call: String, fullName: String?, kind: BlockingKind, waitsForMutex: Bool, context: AdviceContext
    ) -> Advice {
        let inCallee = context.callee.map { " in \($0)" } ?? ""
        if let thread = context.thread, kind == .cpu {
            return Advice(
                action: .deferUntilReady, qos: "utility",
                summary:
                    "The launch waited for this work\(inCallee) on \(thread): readiness includes all of it. Do it after the program is ready, on first use, or only the part readiness needs.",
                rewrite:
                    "Task(priority: .utility) { \(call) }  // started once the program is ready, not awaited before")
        }
        switch kind {
        case .cpu:
            return programCPUAdvice(call: call, fullName: fullName, inCallee: inCallee)
        case .fileIO, .network, .pageFaults:
            return Advice(
                action: .deferUntilReady, qos: "utility",
                summary:
                    "\(kind.words.capitalizedFirst)\(inCallee) before the program is ready: read only what readiness needs, and the rest on first use or concurrently.",
                rewrite:
                    "let pending = Task.detached(priority: .utility) { \(call) }  // … await pending.value where it is needed"
            )
        case .sleep:
            return Advice(
                action: .useAsynchronousAPI, qos: nil,
                summary:
                    "Sleeping\(inCallee) before the program is ready: remove the sleep, or wait for the condition it stands for (a port accepting, a file appearing) with a bounded retry.",
                rewrite: "")
        case .wait, .lock:
            return programWaitAdvice(call: call, kind: kind, waitsForMutex: waitsForMutex, inCallee: inCallee)
        }
    }

    /// A program's wait for events, a child process, a lock or a semaphore.
    static func programWaitAdvice(call: String, kind: BlockingKind, waitsForMutex: Bool, inCallee: String) -> Advice {
        if waitsForMutex {
            return Advice(
                action: .replaceBlockingWait, qos: nil,
                summary:
                    "Waiting\(inCallee) for a mutex another thread holds before the program is ready: hold it for less time in that thread, or take it after the program is ready.",
                rewrite: "")
        }
        let what = kind == .wait ? "events or a child process" : "a lock, a semaphore or another thread"
        return Advice(
            action: .replaceBlockingWait, qos: nil,
            summary:
                "Blocked\(inCallee) waiting for \(what) that nothing in the program's profile ended: start what it waits for earlier and concurrently, and wait only where the result is needed.",
            rewrite: "let pending = Task.detached { \(call) }  // … await pending.value where the result is needed")
    }
}

extension BlockingKind {
    /// The kind of work in words, for sentences: `file I/O`, `CPU work`.
    var words: String {
        switch self {
        case .cpu: "CPU work"
        case .fileIO: "file I/O"
        case .network: "network I/O"
        case .pageFaults: "reading of mapped files (major page faults)"
        case .sleep: "sleeping"
        case .wait: "waiting for events or a child process"
        case .lock: "waiting on a lock"
        }
    }
}

extension String {
    /// The string with its first letter in upper case.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
