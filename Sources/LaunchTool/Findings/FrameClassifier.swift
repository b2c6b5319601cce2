import LaunchSymbolication
import LaunchTrace
import Synchronization

/// Decides what a symbolicated frame is: system or app code, a known blocking function, a
/// method of a UI object.
///
/// - System code is recognised by image (libc, the loader, libm, libpthread, libswift*,
///   Foundation*, libdispatch, libBlocksRuntime, ICU, libunwind, the profiler's preload
///   library) and, inside the app's executable where they are linked statically, by module
///   (`Swift`, `Foundation…`, `Dispatch`, `LaunchKit`, `LaunchProbe`, …), by C prefix
///   (`lp_`, `swift_`) and by being made by the compiler (thunks, outlined copies).
/// - UI objects are `UIView`, `UIWindow`, `UIViewController`, `UIApplication` (and the other
///   `UI…` types of LaunchKit) and the app's types whose names end in `View`,
///   `ViewController`, `Window` or `Cell`, or whose method is a UIKit override
///   (`viewDidLoad`, `loadView`, `layoutSubviews`, `draw(_:)`, …).
package enum FrameClassifier {
    /// File-name prefixes of system libraries.
    package static let systemImagePrefixes = [
        "libc.so", "libc-", "ld-linux", "ld64", "libm.so", "libm-", "libpthread", "libdl.so", "librt.so",
        "libgcc_s", "libstdc++", "libswift", "libFoundation", "lib_Foundation", "libdispatch",
        "libBlocksRuntime", "libicu", "libunwind", "liblzma", "libz.so", "libxml2", "libcurl",
        "liblaunchprof", "libLaunchProbe", "libCLaunchProbe", "libLaunchPreload", "linux-vdso",
    ]

    /// Modules whose functions are never the app's own code.
    package static let systemModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_Volatile", "Synchronization", "Observation",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "_FoundationCShims", "Dispatch", "Glibc", "Musl", "SwiftGlibc",
        "LaunchKit", "LaunchProbe", "CLaunchProbe", "LaunchTrace",
    ]

    /// C name prefixes of runtime and profiler code linked into the app's executable.
    package static let systemCPrefixes = ["lp_", "swift_", "_swift", "__swift", "swift::", "_ZN5swift"]

    /// Type names of LaunchKit's UI objects.
    package static let uiTypes: Set<String> = [
        "UIView", "UIWindow", "UIViewController", "UIApplication", "UIScreen", "UIResponder",
    ]

    /// Methods that UIView and UIViewController subclasses override.
    package static let uiOverrides: Set<String> = [
        "viewDidLoad", "loadView", "viewWillAppear", "viewDidAppear", "viewWillLayoutSubviews",
        "viewDidLayoutSubviews", "layoutSubviews", "draw", "updateConstraints", "didMoveToWindow",
        "didMoveToSuperview", "sizeThatFits", "makeKeyAndVisible",
    ]

    /// Folders whose libraries are the system's (the distribution's packages, the Swift
    /// runtime), never the app's own code: `/usr/lib/x86_64-linux-gnu/libsqlite3.so.0` is a
    /// library the app calls, not a function to move.
    package static let systemImageFolders = ["/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/usr/libexec/"]

    /// Whether the file at `path` is a system library: under one of ``systemImageFolders`` (or
    /// a Swift runtime's `…/usr/lib/swift/` folder), or named like one of ``systemImagePrefixes``.
    /// Decided once per path: findings ask for every frame of every sample, and a launch has a
    /// few dozen images.
    package static func isSystemImage(_ path: String) -> Bool {
        if let known = systemImages.withLock({ $0[path] }) { return known }
        let verdict = decideSystemImage(path)
        systemImages.withLock { $0[path] = verdict }
        return verdict
    }

    /// The verdicts of ``isSystemImage(_:)`` so far, by path.
    private static let systemImages = Mutex<[String: Bool]>([:])

    private static func decideSystemImage(_ path: String) -> Bool {
        if systemImageFolders.contains(where: { path.hasPrefix($0) }) || isInSwiftRuntimeFolder(path) { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return systemImagePrefixes.contains { name.hasPrefix($0) }
    }

    /// Whether `path` is in a Swift runtime's `…/usr/lib/swift/` folder.
    static func isInSwiftRuntimeFolder(_ path: String) -> Bool {
        // The standard library's search on UTF-8: Foundation's `contains` goes through NSString.
        path.utf8.firstRange(of: "/usr/lib/swift/".utf8) != nil
    }

    /// Whether the frame is the app's own code: in an image that is not a system library nor
    /// code generated at run time (a JIT's, run on behalf of its caller), and neither system,
    /// runtime nor compiler-made code by its name. An unnamed frame in
    /// the app's image counts as app code.
    package static func isAppCode(_ frame: SymbolicatedFrame) -> Bool {
        guard let image = frame.image, !isSystemImage(image), !frame.isGeneratedCode else { return false }
        guard let symbol = frame.symbol else { return true }
        return isAppSymbol(symbol)
    }

    /// Whether the frame is in the profiler's own call tracer (libLaunchPreload.so), whose
    /// interposers only pass a call through to the C library.
    package static func isTracerFrame(_ frame: SymbolicatedFrame) -> Bool {
        frame.imageName?.hasPrefix("libLaunchPreload") ?? false
    }

    /// Whether a symbol is a PLT stub (`read@plt`, or `<plt>` when its target is unknown): the
    /// linker's trampoline into another image, never the app's own code nor a finding.
    package static func isPLTStub(_ symbol: SymbolName) -> Bool {
        symbol.raw.hasSuffix("@plt") || symbol.raw == "<plt>"
    }

    /// Whether a symbol is the app's own code by its name: not system, runtime or
    /// compiler-made code (``isAppCode(_:)`` also checks the image).
    package static func isAppSymbol(_ symbol: SymbolName) -> Bool {
        if symbol.isCompilerGenerated || isPLTStub(symbol) { return false }
        if let module = symbol.module { return !systemModules.contains(module) }
        return !systemCPrefixes.contains { symbol.raw.hasPrefix($0) }
    }

    /// The frame a finding is attributed to: the first frame in the app's own code, except
    /// that a `Codable` requirement (`init(from:)`, `encode(to:)`) called by further app code
    /// stands for that caller (the decoding was started there, and that is what to move).
    /// The program's entry point (`main`, Swift's top-level `<Module>_main`, an `@main` type's
    /// `static main()`) is never the attributed frame: the work below it is the framework's.
    package static func attributionIndex(in frames: [SymbolicatedFrame]) -> Int? {
        let appFrames = frames.indices.filter { isAppCode(frames[$0]) && !isEntryPoint(frames[$0]) }
        guard let first = appFrames.first else { return nil }
        return appFrames.first { !isSerializationRequirement(frames[$0]) } ?? first
    }

    /// Whether `name` is one of the Swift compiler's entry points of an `async` main: `async_Main`
    /// and its continuations (`async_MainTY0_`, `async_MainTQ0_`), the program's `main()`.
    package static func isAsyncMain(_ name: String) -> Bool { name.hasPrefix("async_Main") }

    /// Whether the frame is the program's entry point: `main`, `<Module>_main`, `static main()`,
    /// Swift's asynchronous top-level entry `async_Main`, or the start code that calls them
    /// (`_start`, `__libc_start_main`, linked into the executable or not).
    package static func isEntryPoint(_ frame: SymbolicatedFrame) -> Bool {
        guard let name = frame.symbol?.simple else { return false }
        return name == "main" || isAsyncMain(name) || StackRooting.startFunctions.contains(name)
            || (name.hasSuffix("_main") && !name.contains(".") && !name.contains("("))
            || name.hasSuffix(".main()") || name == "$main"
    }

    /// The function a closure is written in: `closure #1 in ThumbnailCache.warm()` and
    /// `implicit closure #2 in closure #1 in Foo.bar()` are both charged to their enclosing function.
    package static func enclosingFunction(_ name: String) -> String {
        var rest = Substring(name)
        let prefixes = ["closure #", "implicit closure #", "partial apply for "]
        while let prefix = prefixes.first(where: { rest.hasPrefix($0) }) {
            guard prefix.hasSuffix("#") else {
                rest = rest.dropFirst(prefix.count)
                continue
            }
            guard let range = rest.range(of: " in ") else { break }
            rest = rest[range.upperBound...]
        }
        return String(rest)
    }

    /// Whether the frame is a `Codable` requirement: `init(from:)` or `encode(to:)`.
    package static func isSerializationRequirement(_ frame: SymbolicatedFrame) -> Bool {
        guard let name = frame.symbol?.simple else { return false }
        return name.hasSuffix(".init(from:)") || name.hasSuffix(".encode(to:)") || name == "init(from:)"
    }

    /// The kind of blocking of a known blocking function (`read`, `__libc_read`,
    /// `nanosleep`, `sem_wait`, `DispatchSemaphore.wait()`, …), or nil; a PLT stub
    /// (`read@plt`) is its target's.
    package static func blockingKind(ofFunction name: String) -> BlockingKind? {
        if let known = blockingKinds.withLock({ $0[name] }) { return known }
        let kind = decideBlockingKind(name)
        blockingKinds.withLock { $0[name] = .some(kind) }
        return kind
    }

    /// The answers of ``blockingKind(ofFunction:)`` so far, by function name: findings ask at
    /// every frame of every sample, and a launch names a few thousand functions (a tenth of
    /// SampleApp's findings went to splitting the same names again).
    private static let blockingKinds = Mutex<[String: BlockingKind?]>([:])

    private static func decideBlockingKind(_ name: String) -> BlockingKind? {
        let name = name.hasSuffix("@plt") ? String(name.dropLast(4)) : name
        if let kind = cFunctions[cBaseName(name)] { return kind }
        let swiftName = name.split(separator: "(").first.map(String.init) ?? name
        return swiftFunctions[swiftName]
    }

    /// A mutex lock function (`pthread_mutex_lock`, `__pthread_mutex_lock`, …). Off the CPU in
    /// one, a thread waits for the lock (its futex wait, `__lll_lock_wait`, is not exported by
    /// libc, so this is often the first frame named); on the CPU it is taking the fast path.
    package static func isMutexLock(_ name: String) -> Bool {
        mutexLocks.contains(cBaseName(name.hasSuffix("@plt") ? String(name.dropLast(4)) : name))
    }

    /// The mutex lock functions, by their base name (`cBaseName`).
    /// With libc's debug symbols the wait itself is named: `__lll_lock_wait` under `___pthread_mutex_lock`.
    static let mutexLocks: Set<String> = [
        "pthread_mutex_lock", "pthread_mutex_timedlock", "pthread_mutex_clocklock", "pthread_mutex_lock_full",
        "lll_lock_wait", "lll_lock_wait_private",
    ]

    /// `__libc_read`, `__GI___poll`, `read_nocancel`, `pread64` → `read`, `poll`, `read`, `pread`.
    static func cBaseName(_ name: String) -> String {
        var base = Substring(name)
        for prefix in ["__libc_", "__GI___libc_", "__GI___", "__GI_"] where base.hasPrefix(prefix) {
            base = base.dropFirst(prefix.count)
            break
        }
        // `__read`, and with libc's debug symbols `___pthread_mutex_lock`.
        base = base.drop { $0 == "_" }
        for suffix in ["_nocancel", "64", "_time64"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        return String(base)
    }

    static let cFunctions: [String: BlockingKind] = {
        var table: [String: BlockingKind] = [:]
        for name in [
            "read", "pread", "readv", "preadv", "write", "pwrite", "writev", "pwritev", "open", "openat", "creat",
            "close", "fsync", "fdatasync", "sync_file_range", "stat", "fstat", "lstat", "fstatat", "newfstatat",
            "statx",
            "access", "faccessat", "mkdir", "mkdirat", "unlink", "unlinkat", "rename", "renameat", "getdents",
            "opendir", "readdir", "lseek", "ftruncate", "fopen", "fread", "fwrite", "fflush", "fclose", "realpath",
        ] {
            table[name] = .fileIO
        }
        for name in [
            "connect", "send", "sendto", "sendmsg", "recv", "recvfrom", "recvmsg", "accept", "accept4", "getaddrinfo",
            "gethostbyname",
        ] {
            table[name] = .network
        }
        for name in ["nanosleep", "clock_nanosleep", "usleep", "sleep"] { table[name] = .sleep }
        // Not `pthread_mutex_lock` itself: a thread sampled on the CPU in it is taking the lock's
        // fast path; off the CPU it waits (`mutexLocks`). The tracer does not interpose the mutex:
        // the profile's switch records time its waits.
        for name in [
            "sem_wait", "sem_timedwait", "sem_clockwait", "pthread_cond_wait", "pthread_cond_timedwait",
            "pthread_cond_clockwait", "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "pthread_join",
            "pthread_clockjoin_ex",
            "pthread_timedjoin_np", "pthread_clockjoin_np", "futex_wait",
            "lll_lock_wait", "lll_lock_wait_private", "futex_abstimed_wait_cancelable", "futex_abstimed_wait_common",
            "new_sem_wait_slow", "dispatch_semaphore_wait", "_dispatch_semaphore_wait_slow", "_dispatch_sema4_wait",
            "dispatch_group_wait", "_dispatch_group_wait_slow", "dispatch_sync", "_dispatch_sync_f_slow",
            "_dispatch_thread_event_wait_slow", "flock", "lockf",
        ] {
            table[name] = .lock
        }
        for name in [
            "poll", "ppoll", "select", "pselect", "epoll_wait", "epoll_pwait", "waitpid", "wait4", "waitid",
            "sigsuspend", "pause",
        ] {
            table[name] = .wait
        }
        return table
    }()

    static let swiftFunctions: [String: BlockingKind] = [
        "DispatchSemaphore.wait": .lock, "OS_dispatch_semaphore.wait": .lock, "DispatchGroup.wait": .lock,
        "OS_dispatch_group.wait": .lock, "DispatchQueue.sync": .lock, "OS_dispatch_queue.sync": .lock,
        "NSLock.lock": .lock, "NSCondition.wait": .lock, "NSRecursiveLock.lock": .lock,
        "Thread.sleep": .sleep, "NSThread.sleep": .sleep,
    ]

    /// Whether the frame is a method of a UI object (see the type's documentation).
    package static func isUIMethod(_ frame: SymbolicatedFrame) -> Bool {
        guard let symbol = frame.symbol, symbol.module != nil else { return false }
        if let known = uiMethods.withLock({ $0[symbol.raw] }) { return known }
        let verdict = decideUIMethod(symbol)
        uiMethods.withLock { $0[symbol.raw] = verdict }
        return verdict
    }

    /// The verdicts of ``isUIMethod(_:)`` so far, by raw symbol (each function decided once, not
    /// at every frame of every sample).
    private static let uiMethods = Mutex<[String: Bool]>([:])

    private static func decideUIMethod(_ symbol: SymbolName) -> Bool {
        var name = Substring(symbol.simple)
        while name.hasPrefix("closure #") || name.hasPrefix("implicit closure #") {
            guard let range = name.range(of: " in ") else { break }
            name = name[range.upperBound...]
        }
        let path = (name.split(separator: "(").first ?? name).split(separator: ".").map(String.init)
        guard path.count >= 2 else { return false }
        let type = path[path.count - 2]
        let method = path[path.count - 1]
        if symbol.module == "LaunchKit" { return type.hasPrefix("UI") }
        // The standard library's and Foundation's own views (`BufferView`) are not UI.
        if let module = symbol.module, systemModules.contains(module) { return false }
        if uiTypes.contains(type) { return true }
        if ["View", "ViewController", "Window", "Cell"].contains(where: { type.hasSuffix($0) }) { return true }
        return uiOverrides.contains(method)
    }
}
