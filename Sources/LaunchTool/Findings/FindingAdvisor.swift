import LaunchTrace

/// Writes the advice for a finding (docs/architecture.md section 4): move it to a global queue with a
/// quality of service chosen by its kind, do it after the first frame when it touches UI
/// objects, stop waiting on the main thread for sleeps, waits and locks.
///
/// ```swift
/// FindingAdvisor.advice(function: "CatalogStore.load()", fullName: "SampleApp.CatalogStore.load() throws -> ()",
///                       kind: .fileIO, phase: .didFinishLaunching, touchesUI: false, hasSharedInstance: true).rewrite
/// // "DispatchQueue.global(qos: .utility).async { try? CatalogStore.shared.load() }"
/// ```
package enum FindingAdvisor {
    /// The advice for one finding. `hasSharedInstance` says the function's type has a
    /// `shared` singleton, which the rewrite then calls the method on; `endpoint` says whether
    /// the launch ends at a first frame or at a program's readiness (a server has no screen);
    /// `waitsForMutex` says the lock waited for is a mutex another thread holds (no callback
    /// replaces that wait); `context` says whose code it is, the dependency it called and the
    /// thread it ran on: a dependency's own work and code that is not Swift get no rewrite, and a
    /// program that ends at readiness gets advice without a screen or a main queue.
    package static func advice(
        function: String, fullName: String?, kind: BlockingKind, phase: LaunchPhase?, touchesUI: Bool,
        hasSharedInstance: Bool,
        endpoint: LaunchEndpoint = .firstFrame, waitsForMutex: Bool = false, context: AdviceContext = AdviceContext()
    ) -> Advice {
        var advice = baseAdvice(
            function: function, fullName: fullName, kind: kind, phase: phase, touchesUI: touchesUI,
            hasSharedInstance: hasSharedInstance, endpoint: endpoint, waitsForMutex: waitsForMutex, context: context)
        if let phase, let callback = sceneCallback(phase), endpoint == .firstFrame,
            context.owner == nil || context.owner == .program
        {
            advice.summary = "Found in \(phase), \(callback), before the scene's first frame. " + advice.summary
        }
        if context.mayMissFrame {
            advice.summary =
                "\(function) is the nearest frame of the program's own code: it made this call itself, or through a function whose frame is gone (a tail call, `jmp` in place of `call`); look in \(function) for the call that leads here. "
                + advice.summary
        }
        return advice
    }

    private static func baseAdvice(
        function: String, fullName: String?, kind: BlockingKind, phase: LaunchPhase?, touchesUI: Bool,
        hasSharedInstance: Bool, endpoint: LaunchEndpoint, waitsForMutex: Bool, context: AdviceContext
    ) -> Advice {
        if let advice = ownershipAdvice(function: function, kind: kind, context: context) { return advice }
        let call = callExpression(function: function, fullName: fullName, hasSharedInstance: hasSharedInstance)
        if endpoint == .ready {
            return programAdvice(
                call: call, fullName: fullName, kind: kind, waitsForMutex: waitsForMutex, context: context)
        }
        if touchesUI { return uiAdvice(call: call, phase: phase) }
        return appAdvice(call: call, fullName: fullName, kind: kind, waitsForMutex: waitsForMutex)
    }

    /// The scene-based app's callback a phase runs, named for advice: the scene delegate's
    /// `scene(_:willConnectTo:options:)` for ``PhaseName/sceneWillConnect``, the app delegate's
    /// `application(_:configurationForConnecting:options:)` for ``PhaseName/sceneConfiguration``.
    static func sceneCallback(_ phase: LaunchPhase?) -> String? {
        if phase == .sceneWillConnect { return "the scene delegate's scene(_:willConnectTo:options:)" }
        if phase == .sceneConfiguration {
            return "the app delegate's application(_:configurationForConnecting:options:)"
        }
        return nil
    }

    /// A LaunchKit app's work that touches UI objects: it stays on the main queue, after the
    /// first frame (a scene-based app's scene delegate hears of it in `sceneDidBecomeActive(_:)`).
    static func uiAdvice(call: String, phase: LaunchPhase?) -> Advice {
        if phase?.isBeforeFirstFrame ?? true {
            let active = sceneCallback(phase) == nil ? "applicationDidBecomeActive(_:)" : "sceneDidBecomeActive(_:)"
            return Advice(
                action: .deferUntilAfterFirstFrame, qos: nil,
                summary:
                    "It touches UI objects, so it must stay on the main queue: do it after the first frame (from viewDidAppear(_:) or \(active)), not on a global queue.",
                rewrite:
                    "DispatchQueue.main.async { \(call) }  // from viewDidAppear(_:) or \(active)"
            )
        }
        return Advice(
            action: .deferUntilAfterFirstFrame, qos: nil,
            summary:
                "It touches UI objects after the first frame: keep it on the main queue, but split it into short blocks so the app stays responsive.",
            rewrite: "DispatchQueue.main.async { \(call) }  // one short piece per block"
        )
    }

    /// A LaunchKit app's main-thread work by its kind: to a global queue, or no wait on the main thread.
    static func appAdvice(call: String, fullName: String?, kind: BlockingKind, waitsForMutex: Bool) -> Advice {
        let returnsValue = fullName.map { $0.contains(" -> ") && !$0.hasSuffix("-> ()") } ?? false
        switch kind {
        case .fileIO, .network, .pageFaults:
            let what =
                kind == .fileIO
                ? "File I/O" : kind == .network ? "Network I/O" : "Reading mapped files (major page faults)"
            return Advice(
                action: .moveToBackground, qos: "utility",
                summary: "\(what) on the main thread: move it to a global queue with .utility QoS.",
                rewrite: "DispatchQueue.global(qos: .utility).async { \(call) }"
            )
        case .cpu:
            let work =
                returnsValue
                ? "let result = \(call); DispatchQueue.main.async { /* show result */ }"
                : "\(call); DispatchQueue.main.async { /* update the first screen */ }"
            return Advice(
                action: .moveToBackground, qos: "userInitiated",
                summary:
                    "CPU work on the main thread: compute it on a global queue with .userInitiated QoS (the first screen waits for it) and update the UI on the main queue when it is done.",
                rewrite: "DispatchQueue.global(qos: .userInitiated).async { \(work) }"
            )
        case .sleep, .wait:
            let what = kind == .sleep ? "Sleeping" : "Waiting for events or a child process"
            return Advice(
                action: .useAsynchronousAPI, qos: "utility",
                summary:
                    "\(what) on the main thread: do not wait on the main thread; continue from a completion handler or an async API, with .utility QoS for the work.",
                rewrite:
                    "DispatchQueue.global(qos: .utility).async { \(call); DispatchQueue.main.async { /* continue here */ } }"
            )
        case .lock:
            return lockAdvice(call: call, waitsForMutex: waitsForMutex)
        }
    }

    /// A wait for a semaphore or group is replaced by a callback; a mutex another thread holds
    /// is waited for as long as that thread keeps it, so the work that takes it leaves the main thread.
    static func lockAdvice(call: String, waitsForMutex: Bool) -> Advice {
        let mutex = Advice(
            action: .moveToBackground, qos: "userInitiated",
            summary:
                "Waiting on the main thread for a mutex another thread holds: take the lock on a global queue with .userInitiated QoS and continue on the main queue, or hold the lock for less time in the other thread.",
            rewrite:
                "DispatchQueue.global(qos: .userInitiated).async { \(call); DispatchQueue.main.async { /* continue here */ } }"
        )
        let wait = Advice(
            action: .replaceBlockingWait, qos: nil,
            summary:
                "Waiting on a lock or semaphore on the main thread: replace the blocking wait with a callback (DispatchGroup.notify or async let).",
            rewrite: "group.notify(queue: .main) { /* continue here */ }  // instead of group.wait() in \(call)"
        )
        return waitsForMutex ? mutex : wait
    }

    /// CPU work before a program is ready: start it concurrently and wait for it only where its
    /// result is needed, so readiness waits for the longest piece of work, not their sum.
    static func programCPUAdvice(call: String, fullName: String?, inCallee: String = "") -> Advice {
        let returnsValue = fullName.map { $0.contains(" -> ") && !$0.hasSuffix("-> ()") } ?? false
        return Advice(
            action: .moveToBackground, qos: "userInitiated",
            summary:
                "CPU work\(inCallee) on the main thread before the program is ready: start it concurrently (or after the program is ready, or on first use) and await its result only where it is needed, so readiness waits for the longest piece of work rather than the sum.",
            rewrite: returnsValue
                ? "let pending = Task.detached(priority: .userInitiated) { \(call) }  // … then: let result = await pending.value"
                : "Task.detached(priority: .userInitiated) { \(call) }"
        )
    }

    /// A call to the function as code: `CatalogStore.shared.load()`, `catalogStore.load()`,
    /// `ThumbnailCache.warmSynchronously(megabytes: …)`, `Catalog(data: …)`; `try?` when it throws.
    /// A closure stands for its enclosing function.
    /// Top-level code (`MyApp_main`, maybe with the library function it called) is no function
    /// to call: `/* the top-level statements at this line */`.
    package static func callExpression(function: String, fullName: String?, hasSharedInstance: Bool) -> String {
        let caller = function.range(of: " → ").map { function[..<$0.lowerBound] } ?? Substring(function)
        if caller.hasSuffix("_main"), !caller.contains("."), !caller.contains("(") {
            return "/* the top-level statements at this line */"
        }
        var name = Substring(function)
        while name.hasPrefix("closure #") || name.hasPrefix("implicit closure #") || name.hasPrefix("$defer #") {
            guard let range = name.range(of: " in ") else { break }
            name = name[range.upperBound...]
        }
        let open = name.firstIndex(of: "(")
        let path = (open.map { name[..<$0] } ?? name).split(separator: ".").map(String.init)
        guard let last = path.last else { return function }
        var arguments = ""
        if let open {
            let labels = name[name.index(after: open)...].dropLast().split(
                separator: ":", omittingEmptySubsequences: true)
            arguments = "(" + labels.map { $0 == "_" ? "…" : "\($0): …" }.joined(separator: ", ") + ")"
        }
        // Only a global or a static stored property has an addressor: its type is the receiver.
        let isStatic = (fullName?.hasPrefix("static ") ?? false) || last == "unsafeMutableAddressor"
        let throwing = (fullName?.contains(" throws") ?? false) ? "try? " : ""
        let accessors: Set<String> = [
            "getter", "setter", "modify", "unsafeMutableAddressor", "read", "didset", "willset",
        ]
        var components = path
        var isProperty = false
        if accessors.contains(last), components.count >= 2 {
            components.removeLast()
            isProperty = true
        }
        guard let member = components.last else { return function }
        let typePath = components.dropLast()
        var receiver = ""
        if let type = typePath.last {
            if isStatic || member == "init" {
                receiver = typePath.joined(separator: ".")
            } else if hasSharedInstance {
                receiver = typePath.joined(separator: ".") + ".shared"
            } else {
                receiver = type.prefix(1).lowercased() + type.dropFirst()
            }
        }
        if member == "init" { return throwing + receiver + (arguments.isEmpty ? "()" : arguments) }
        if isProperty { return receiver.isEmpty ? member : "\(receiver).\(member)" }
        let callee = receiver.isEmpty ? member : "\(receiver).\(member)"
        return throwing + callee + (arguments.isEmpty ? "()" : arguments)
    }
}
