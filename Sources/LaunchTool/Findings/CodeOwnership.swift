import LaunchSymbolication
import LaunchTrace
import Synchronization

/// Tells whose code a frame is (``CodeOwner``), for one program.
///
/// - A frame in a system library is the system's, or the toolchain's when the library is the
///   Swift runtime's (`libswiftCore`, `libFoundation`, `libdispatch`, anything under
///   `…/usr/lib/swift/`).
/// - A frame in the program's executable (or its own libraries) is judged by its module: the
///   toolchain's modules (`Swift`, `Foundation`, `Dispatch`, `LaunchKit`, …) are the toolchain's;
///   a source file under `.build/checkouts/<package>/` is that dependency's; the module of the
///   executable's entry point (``programModules``) is the program's; another module with its
///   source in the entry point's package (``programRoot``) is the program's (a target of its own
///   package); any other module is a dependency (built from `.build/checkouts/`, or elsewhere, as
///   the toolchain's swift-format was built with swift-argument-parser beside it). With no entry module known, every module that is not the
///   toolchain's counts as the program's, and so do C functions and unnamed frames; with one
///   known, an unnamed frame is not the program's (it cannot be told apart).
package struct CodeOwnership: Sendable, Equatable {
    /// The program's own modules, when known (empty: unknown).
    package var programModules: Set<String>
    /// The folder of the program's own sources (the package holding its entry point's file),
    /// when the debug information names that file: a module's frame with a source under it is
    /// the program's (another target of its package), one with a source elsewhere a
    /// dependency's, wherever that dependency was built.
    package var programRoot: String?

    /// Creates an ownership for a program whose own modules are `programModules`, its sources
    /// under `programRoot`.
    package init(programModules: Set<String> = [], programRoot: String? = nil) {
        self.programModules = programModules
        self.programRoot = programRoot
    }

    /// The ownership for the program of `trace`: its entry point's module, read from the
    /// executable's symbol table.
    package init(trace: LaunchTrace, symbolicator: Symbolicator) {
        let path = trace.app.executablePath
        let module = symbolicator.entryModule(ofExecutable: path)
        let entryFile = module.flatMap { symbolicator.sourceFile(ofSymbol: "\($0)_main", inImage: path) }
        self.init(programModules: module.map { [$0] } ?? [], programRoot: entryFile.map(Self.packageRoot(of:)))
    }

    /// The package folder of a source file: what precedes its last `/Sources/`, else its folder.
    package static func packageRoot(of file: String) -> String {
        if let range = file.range(of: "/Sources/", options: .backwards) { return String(file[..<range.lowerBound]) }
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
    }

    /// Whose code `frame` is.
    package func owner(of frame: SymbolicatedFrame) -> CodeOwner {
        guard let image = frame.image else { return .system }
        if FrameClassifier.isSystemImage(image) { return Self.isToolchainImage(image) ? .toolchain : .system }
        // An unnamed frame is the program's only when nothing tells its modules apart; else it is
        // skipped for attribution, as a dependency's unnamed frame would be.
        guard let symbol = frame.symbol else { return programModules.isEmpty ? .program : .dependency }
        if Self.package(of: frame) != nil { return .dependency }
        guard let module = frame.inlinedSymbol?.module ?? symbol.module else {
            return FrameClassifier.systemCPrefixes.contains { symbol.raw.hasPrefix($0) } ? .toolchain : .program
        }
        if FrameClassifier.systemModules.contains(module) { return .toolchain }
        if programModules.isEmpty || programModules.contains(module) { return .program }
        guard let file = frame.location?.file, let programRoot else { return .dependency }
        return file.hasPrefix(programRoot + "/") ? .program : .dependency
    }

    /// Whether `frame` is the program's own code that a finding can name: the program's, and
    /// neither compiler-made nor a PLT stub (``FrameClassifier/isAppCode(_:)``).
    package func isProgramCode(_ frame: SymbolicatedFrame) -> Bool {
        FrameClassifier.isAppCode(frame) && owner(of: frame) == .program
    }

    /// Whether `frame` is a named function of a dependency (not compiler-made).
    package func isDependencyCode(_ frame: SymbolicatedFrame) -> Bool {
        guard let symbol = frame.symbol, !symbol.isCompilerGenerated, !FrameClassifier.isPLTStub(symbol) else {
            return false
        }
        return owner(of: frame) == .dependency
    }

    /// The frame a finding is attributed to: the program's call site
    /// (``FrameClassifier/attributionIndex(in:)`` among the program's own frames); when no frame
    /// is the program's, the outermost frame of a dependency (the work is that package's own).
    package func attributionIndex(in frames: [SymbolicatedFrame]) -> Int? {
        let own = frames.indices.filter {
            isProgramCode(frames[$0]) && (!FrameClassifier.isEntryPoint(frames[$0]) || isTopLevelCode(frames[$0]))
        }
        if let first = own.first {
            return own.first { !FrameClassifier.isSerializationRequirement(frames[$0]) } ?? first
        }
        if let entry = tailCallEntryIndex(in: frames) { return entry }
        return frames.indices.last { isDependencyCode(frames[$0]) && !FrameClassifier.isEntryPoint(frames[$0]) }
    }

    /// The program's entry point (`main`, an `async` main's `async_Main…`) as the nearest frame of
    /// its own code, when nothing of the program's is below it and it called the system directly
    /// (or ran the work itself): a function it called that ended in a tail call (`jmp usleep`)
    /// left no frame, so the call is charged to the entry point, with a note that a frame may be
    /// missing (``isTailCallFallback(in:at:)``). Nil when a dependency or the toolchain sits
    /// between (that work is theirs: `UIApplicationMain` under `main`).
    func tailCallEntryIndex(in frames: [SymbolicatedFrame]) -> Int? {
        guard let index = frames.indices.first(where: { isProgramCode(frames[$0]) }),
            FrameClassifier.isEntryPoint(frames[index]), !isTopLevelCode(frames[index]),
            frames[index].symbol?.simple.hasPrefix("__libc") == false,
            !StackRooting.startFunctions.contains(frames[index].symbol?.simple ?? "")
        else { return nil }
        return frames[..<index].allSatisfy(Self.isCLibrary) ? index : nil
    }

    /// The module whose top-level code (`main.swift`) `frame` is: SwiftPM names the entry point
    /// of an executable module `<Module>_main` (`MyApp_main`), so a program's most common shape,
    /// a `main.swift` with statements at its top level, runs in that function. Nil for any other frame.
    package func topLevelModule(of frame: SymbolicatedFrame) -> String? {
        guard let name = frame.symbol?.raw, name.hasSuffix("_main"), frame.image != nil,
            !FrameClassifier.isSystemImage(frame.image ?? "")
        else { return nil }
        let module = String(name.dropLast("_main".count))
        guard let first = module.unicodeScalars.first, first.properties.isAlphabetic,
            module.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) })
        else { return nil }
        return programModules.isEmpty || programModules.contains(module) ? module : nil
    }

    /// Whether `frame` is a program's Swift top-level code (``topLevelModule(of:)``): the
    /// program's own code, which calls what it calls directly, not an entry point that may have
    /// lost a tail-called frame.
    package func isTopLevelCode(_ frame: SymbolicatedFrame) -> Bool { topLevelModule(of: frame) != nil }

    /// Whether the frame is in the C library (or the profiler's interposer in front of it): what
    /// a tail-called helper's last call reaches (`usleep`, `read`). Another library the entry
    /// point called (`sqlite3_exec`) is a call of its own, charged to that library.
    static func isCLibrary(_ frame: SymbolicatedFrame) -> Bool {
        guard let image = frame.image else { return false }
        let file = image.split(separator: "/").last.map(String.init) ?? image
        return file.hasPrefix("libc.so") || file.hasPrefix("libpthread.so") || file.hasPrefix("libLaunchPreload")
    }

    /// Whether the frame at `index` was chosen by ``tailCallEntryIndex(in:)``.
    package func isTailCallFallback(in frames: [SymbolicatedFrame], at index: Int) -> Bool {
        FrameClassifier.isEntryPoint(frames[index]) && tailCallEntryIndex(in: frames) == index
    }

    /// The dependency function the program's frame at `index` called, where the time was spent:
    /// the outermost dependency frame inside it (`MultiThreadedEventLoopGroup.init` under
    /// `App.configure()`), or nil when the time was not spent in a dependency.
    package func calledDependency(in frames: [SymbolicatedFrame], below index: Int) -> SymbolicatedFrame? {
        guard index > 0, owner(of: frames[index]) == .program else { return nil }
        return frames[..<index].last { isDependencyCode($0) }
    }

    /// For a finding attributed to a dependency's frame at `index`, the program's entry point
    /// above it (top-level code in `main.swift`, an `@main` type's `main()`), or nil; never the C
    /// library's start code (`_start`), which is no call the program can change.
    package func entryCaller(in frames: [SymbolicatedFrame], above index: Int) -> SymbolicatedFrame? {
        guard index + 1 < frames.count, owner(of: frames[index]) == .dependency else { return nil }
        return frames[(index + 1)...].first {
            FrameClassifier.isEntryPoint($0) && owner(of: $0) == .program
                && !StackRooting.startFunctions.contains($0.symbol?.simple ?? "")
        }
    }

    /// The package a frame's source file belongs to, when it is under SwiftPM's checkouts
    /// (`…/.build/checkouts/swift-nio/Sources/NIOPosix/…` → `swift-nio`).
    package static func package(of frame: SymbolicatedFrame) -> String? {
        guard let file = frame.location?.file else { return nil }
        if let known = packages.withLock({ $0[file] }) { return known }
        let package = file.firstRange(of: "/.build/checkouts/").flatMap { range in
            file[range.upperBound...].split(separator: "/").first.map(String.init)
        }
        packages.withLock { $0[file] = .some(package) }
        return package
    }

    /// The answers of ``package(of:)`` so far, by source file: asked at every frame of every
    /// sample, of a few hundred files (a tenth of SampleApp's findings went to searching them).
    private static let packages = Mutex<[String: String?]>([:])

    /// Whether a system library is the Swift toolchain's runtime.
    static func isToolchainImage(_ path: String) -> Bool {
        if let known = toolchainImages.withLock({ $0[path] }) { return known }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let verdict =
            FrameClassifier.isInSwiftRuntimeFolder(path)
            || ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libicu"]
                .contains { name.hasPrefix($0) }
        toolchainImages.withLock { $0[path] = verdict }
        return verdict
    }

    /// The verdicts of ``isToolchainImage(_:)`` so far, by path (decided once per image).
    private static let toolchainImages = Mutex<[String: Bool]>([:])
}
