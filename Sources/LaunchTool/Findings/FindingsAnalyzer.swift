import LaunchSymbolication
import LaunchTrace

/// Turns the main-thread activity of launches into findings: classifies each blocking call
/// and stack sample, attributes it to a phase and to the first frame of the app's own code,
/// merges it per launch, and aggregates the launches of a run.
///
/// - A blocking call is a finding of its kind, timed exactly by the tracer.
/// - A stall's samples share the part of the stall they cover (from the first sample to the
///   stall's end; sampling starts only once the stall is detected, after the threshold)
///   equally. A sample taken while the tracer
///   was timing a call (``LaunchTrace/StackSample/blockingCall``) is that call's and is not
///   counted again; any other sample is CPU work, unless its innermost frames (before the
///   app's code) are a known blocking function, which gives the kind.
///
/// ```swift
/// let symbolicator = Symbolicator()
/// let findings = FindingsAnalyzer().findings(for: summary, traces: traces, symbolicator: symbolicator)
/// findings.top(5).map(\.advice.rewrite)
/// ```
package struct FindingsAnalyzer: Sendable, Equatable {
    /// Frames kept in a finding's stack.
    package var maxStackFrames: Int
    /// Resources kept per finding.
    package var maxResources: Int
    /// Whose code each frame is; with no program modules set, each launch's are read from its
    /// executable (``CodeOwnership/init(trace:symbolicator:)``).
    package var ownership: CodeOwnership

    /// Creates an analyzer.
    package init(maxStackFrames: Int = 16, maxResources: Int = 5, ownership: CodeOwnership = CodeOwnership()) {
        self.maxStackFrames = maxStackFrames
        self.maxResources = maxResources
        self.ownership = ownership
    }

    /// This analyzer with the program modules of `trace`'s executable, unless it has some already.
    func owning(_ trace: LaunchTrace, symbolicator: Symbolicator) -> FindingsAnalyzer {
        guard ownership.programModules.isEmpty else { return self }
        var analyzer = self
        analyzer.ownership = CodeOwnership(trace: trace, symbolicator: symbolicator)
        return analyzer
    }

    /// The findings of one launch, merged by function, kind and phase, highest cost first.
    /// Empty when the trace has no main-thread activity.
    package func findings(in trace: LaunchTrace, symbolicator: Symbolicator) -> [LaunchFinding] {
        let analyzer = owning(trace, symbolicator: symbolicator)
        return analyzer.findings(
            in: trace, symbolicator: symbolicator, context: ProfileContext.of(trace, symbolicator: symbolicator))
    }

    /// The findings of one launch with its whole-launch profile's `context`, when it has one.
    func findings(in trace: LaunchTrace, symbolicator: Symbolicator, context: ProfileContext?) -> [LaunchFinding] {
        let map = ImageMap(Self.images(of: trace))
        var merged: [FindingKey: LaunchFinding] = [:]
        var order: [FindingKey] = []

        func add(_ finding: LaunchFinding?) {
            guard let finding else { return }
            let key = finding.key
            guard var existing = merged[key] else {
                merged[key] = finding
                order.append(key)
                return
            }
            existing.costNs += finding.costNs
            existing.tracedCalls += finding.tracedCalls
            existing.samples += finding.samples
            existing.measuredNs += finding.measuredNs
            existing.waitingForCPUNs += finding.waitingForCPUNs
            existing.touchesUI = existing.touchesUI || finding.touchesUI
            if existing.site.location == nil { existing.site.location = finding.site.location }
            if existing.site.callee == nil { existing.site.callee = finding.site.callee }
            for name in finding.blockingFunctions where !existing.blockingFunctions.contains(name) {
                existing.blockingFunctions.append(name)
            }
            for resource in finding.resources
            where !existing.resources.contains(resource) && existing.resources.count < maxResources {
                existing.resources.append(resource)
            }
            if let bytes = finding.bytes { existing.bytes = (existing.bytes ?? 0) + bytes }
            merged[key] = existing
        }

        let activity = trace.mainThread
        for call in activity?.blockingCalls ?? [] {
            let frames = symbolicator.symbolicate(stack: call.stack, in: map, firstIsExact: false)
            add(
                finding(
                    frames: frames, kind: call.kind, phase: call.phase ?? Self.phase(at: call.startNs, in: trace),
                    costNs: call.durationNs, tracedCalls: 1, samples: 0, blockingFunction: call.function,
                    resource: call.resource, bytes: call.bytes
                ))
        }
        for finding in shortCallFindings(trace: trace, map: map, symbolicator: symbolicator) { add(finding) }
        if let context {
            for finding in profileFindings(context) { add(finding) }
        } else if let activity {
            for finding in stallFindings(trace: trace, activity: activity, map: map, symbolicator: symbolicator) {
                add(finding)
            }
        }
        return order.map { merged[$0]! }.sorted { ($0.costNs, $1.key) > ($1.costNs, $0.key) }
    }

    /// The kind of work a sampled stack shows, and the blocking function if any: the first
    /// known blocking function among the frames before the app's code, else CPU.
    private func stallFindings(
        trace: LaunchTrace, activity: MainThreadActivity, map: ImageMap, symbolicator: Symbolicator
    ) -> [LaunchFinding] {
        var result: [LaunchFinding] = []
        for stall in activity.stalls where !stall.samples.isEmpty {
            let first = stall.samples.map(\.timeNs).min() ?? stall.startNs
            let covered = max(0, stall.startNs + stall.durationNs - max(first, stall.startNs))
            let share = covered / Int64(stall.samples.count)
            for sample in stall.samples {
                if let index = sample.blockingCall, activity.blockingCalls.indices.contains(index) { continue }
                let frames = symbolicator.symbolicate(stack: sample.frames, in: map, firstIsExact: true)
                let (kind, function) = Self.classify(frames, ownership: ownership)
                if let found = finding(
                    frames: frames, kind: kind, phase: Self.phase(at: sample.timeNs, in: trace) ?? stall.phase,
                    costNs: share, tracedCalls: 0, samples: 1, blockingFunction: function, resource: nil, bytes: nil
                ) {
                    result.append(found)
                }
            }
        }
        return result
    }

    /// The images addresses in `trace` are resolved against: the app's own map, then what the
    /// whole-launch profile saw mapped.
    static func images(of trace: LaunchTrace) -> [LoadedImage] {
        let own = trace.mainThread?.images ?? []
        let known = Set(own.map(\.textStart))
        return own + (trace.profile?.images ?? []).filter { !known.contains($0.textStart) }
    }

    /// The kind of work on `frames` (innermost first) and the blocking function that names it:
    /// the first known blocking function before the app's own code, else `.cpu`. `offCPU`: the
    /// thread was off the CPU there (a switch record), so a mutex lock on the stack is a wait for
    /// it, whatever futex function below it is named.
    package static func classify(
        _ frames: [SymbolicatedFrame], offCPU: Bool = false, ownership: CodeOwnership = CodeOwnership()
    ) -> (BlockingKind, String?) {
        let library = frames.prefix { !ownership.isProgramCode($0) }.compactMap(\.symbol?.simple)
        if offCPU, let lock = library.first(where: FrameClassifier.isMutexLock) { return (.lock, lock) }
        for name in library {
            if let kind = FrameClassifier.blockingKind(ofFunction: name) { return (kind, name) }
        }
        return (.cpu, nil)
    }

    /// A dependency's function for people, with its module: `MultiThreadedEventLoopGroup.init(numberOfThreads:) (NIOPosix)`.
    /// What a finding without a function name is called: one per image (`python3.11 (no symbol)`),
    /// so that the samples of a stripped program add up to one finding, not one per address;
    /// `JIT code` for code generated at run time, which has no symbols to install.
    static func unnamed(_ frame: SymbolicatedFrame?) -> String {
        guard let frame else { return "(unnamed)" }
        if frame.isGeneratedCode { return LoadedImage.generatedCodeName }
        return frame.imageName.map { "\($0) (no symbol)" } ?? frame.displayName
    }

    /// An unnamed program frame's finding, split by the library function it called (the outermost
    /// named frame inside it): `xterm (no symbol) → XcursorLibraryLoadImages (libXcursor.so.1)`.
    /// A stripped program's time then says what it spent it on, not only where.
    static func unnamed(_ frame: SymbolicatedFrame?, calling library: SymbolicatedFrame?) -> String {
        let name = unnamed(frame)
        guard let library, let symbol = library.symbol else { return name }
        return "\(name) → \(symbol.simple)" + (library.imageName.map { " (\($0))" } ?? "")
    }

    /// The outermost named frame below the program's frame at `index`, not a PLT stub: the
    /// library function the program called.
    static func calledLibrary(in frames: [SymbolicatedFrame], below index: Int) -> SymbolicatedFrame? {
        frames[..<index].last { frame in
            frame.symbol.map { !FrameClassifier.isPLTStub($0) } ?? false && !FrameClassifier.isTracerFrame(frame)
        }
    }

    /// The program's entry code for people: `top-level code (main.swift:57)`, `App.main()`.
    static func callerName(_ frame: SymbolicatedFrame) -> String {
        var name = frame.symbol?.simple ?? frame.displayName
        if ["main", "async_Main"].contains(name) { name = "top-level code" }
        guard let location = frame.location else { return name }
        let file = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(name) (\(file):\(location.line))"
    }

    static func calleeName(_ frame: SymbolicatedFrame) -> String {
        let symbol = frame.inlinedSymbol ?? frame.symbol
        let name = FrameClassifier.enclosingFunction(symbol?.simple ?? frame.displayName)
        return symbol?.module.map { "\(name) (\($0))" } ?? name
    }

    /// The name a finding of the frame at `index` has: its function's (Swift's entry points of
    /// an `async` main, `async_MainTY0_`, are the program's `main()`); an unnamed frame by its
    /// image and the library function it called; top-level code (`MyApp_main`) with the system
    /// library function it called, one finding per function, as a stripped program's
    /// (`MyApp_main → sin (libm.so.6)`): top-level code is often the whole program.
    func siteFunction(
        symbol: SymbolName?, frames: [SymbolicatedFrame], at index: Int, kind: BlockingKind, topLevel: Bool
    ) -> String {
        guard let symbol else {
            return Self.unnamed(frames[index], calling: Self.calledLibrary(in: frames, below: index))
        }
        if FrameClassifier.isAsyncMain(symbol.simple) { return "main()" }
        let function = FrameClassifier.enclosingFunction(symbol.simple)
        guard topLevel, let called = calledSystemFunction(in: frames, below: index, kind: kind) else { return function }
        return "\(function) → \(called)"
    }

    /// The module of a finding's function: its symbol's; for an `async` main's entry points the
    /// image's; for top-level code (`MyApp_main`, a C-level name) the module SwiftPM named it after.
    func siteModule(symbol: SymbolName?, frame: SymbolicatedFrame) -> String? {
        if let module = symbol?.module { return module }
        if symbol.map({ FrameClassifier.isAsyncMain($0.simple) }) ?? false { return frame.imageName }
        return ownership.topLevelModule(of: frame)
    }

    /// The system library function (libm, libc, a GUI toolkit: not the Swift runtime's, not a
    /// dependency's) the program's frame at `index` called where CPU time was spent, for people:
    /// `sin (libm.so.6)`; nil for other kinds of work, or when the time was spent elsewhere.
    func calledSystemFunction(in frames: [SymbolicatedFrame], below index: Int, kind: BlockingKind) -> String? {
        guard kind == .cpu, index > 0, ownership.owner(of: frames[index]) == .program,
            let called = Self.calledLibrary(in: frames, below: index), ownership.owner(of: called) == .system,
            let symbol = called.symbol, !Self.isLoader(called.image ?? "")
        else { return nil }
        return Self.libraryFunctionName(symbol.simple) + (called.imageName.map { " (\($0))" } ?? "")
    }

    /// A C library function's name without glibc's variant for the CPU (`__sin_fma` → `sin`,
    /// `__memcpy_avx_unaligned_erms` → `memcpy`): the function the program called, which glibc's
    /// resolver bound to the variant.
    static func libraryFunctionName(_ name: String) -> String {
        guard name.hasPrefix("__"), !name.hasPrefix("___") else { return name }
        let variants = ["_fma", "_avx", "_sse", "_evex", "_ssse3", "_erms"]
        let bare = name.dropFirst(2)
        guard let cut = variants.compactMap({ bare.range(of: $0)?.lowerBound }).min(), cut > bare.startIndex
        else { return name }
        return String(bare[..<cut])
    }

    /// The phase running at `timeNs`: the last phase starting at or before it, if the time
    /// is before that phase's end.
    package static func phase(at timeNs: Int64, in trace: LaunchTrace) -> LaunchPhase? {
        trace.phases.last { $0.startNs <= timeNs && timeNs < $0.endNs }?.phase
    }

    /// The finding for work on `frames`, or nil when no function of the app is on the stack:
    /// such time is not a finding (it has no function to move), only attribution.
    func finding(
        frames: [SymbolicatedFrame], kind: BlockingKind, phase: LaunchPhase?, costNs: Int64, tracedCalls: Int,
        samples: Int, blockingFunction: String?, resource: String?, bytes: Int64?
    ) -> LaunchFinding? {
        guard let appIndex = ownership.attributionIndex(in: frames) else { return nil }
        let attributed = frames[appIndex]
        // Code inlined into the attributed frame names the function when it is the app's own
        // (a small `LicenseCheck.verify()` inlined into its caller); inlined library code does not.
        let inlinedAppSymbol = attributed.inlinedSymbol.flatMap { FrameClassifier.isAppSymbol($0) ? $0 : nil }
        let symbol = inlinedAppSymbol ?? attributed.symbol
        var location = attributed.location
        if inlinedAppSymbol == nil, location?.inlinedFunction != nil { location = nil }
        let topLevel = inlinedAppSymbol == nil && ownership.isTopLevelCode(attributed)
        let site = FindingSite(
            function: siteFunction(symbol: symbol, frames: frames, at: appIndex, kind: kind, topLevel: topLevel),
            fullName: symbol?.full, module: siteModule(symbol: symbol, frame: attributed),
            location: location, isAppCode: ownership.owner(of: attributed) == .program,
            kind: kind, phase: phase, stack: Array(frames.prefix(maxStackFrames)),
            owner: ownership.owner(of: attributed), package: CodeOwnership.package(of: attributed),
            callee: ownership.calledDependency(in: frames, below: appIndex).map(Self.calleeName),
            caller: ownership.entryCaller(in: frames, above: appIndex).map(Self.callerName))
        var found = LaunchFinding(
            site: site, costNs: costNs, tracedCalls: tracedCalls, samples: samples,
            touchesUI: frames[...appIndex].contains(where: FrameClassifier.isUIMethod),
            blockingFunctions: blockingFunction.map { [$0] } ?? [], resources: resource.map { [$0] } ?? [],
            bytes: bytes, image: attributed.image)
        found.mayMissFrame = ownership.isTailCallFallback(in: frames, at: appIndex)
        return found
    }
}
