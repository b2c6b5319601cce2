import Foundation
import LaunchSymbolication
import LaunchTrace
import Testing

@testable import LaunchTool

@Suite("Findings")
struct FindingsAnalyzerTests {
    struct Row: Equatable, CustomStringConvertible {
        var function: String, kind: BlockingKind, phase: LaunchPhase?, costMs: Double, calls: Int, samples: Int,
            ui: Bool, app: Bool
        var description: String {
            "\(function) \(kind) \(phase?.rawValue ?? "-") \(costMs) \(calls) \(samples) \(ui) \(app)"
        }
    }

    @Test("One launch: calls and samples classified, attributed to the app's first frame and a phase, merged")
    func oneLaunch() throws {
        let findings = FindingsAnalyzer().findings(
            in: try FindingsFixture.trace(runIndex: 1), symbolicator: try FindingsFixture.symbolicator())
        let rows = findings.map {
            Row(
                function: $0.site.function, kind: $0.site.kind, phase: $0.site.phase, costMs: Double($0.costNs) / 1e6,
                calls: $0.tracedCalls, samples: $0.samples, ui: $0.touchesUI, app: $0.site.isAppCode)
        }
        #expect(
            rows == [
                // Stall 1 (140-340 ms) is sampled from 152 ms: four samples share 188 ms (47 each).
                // Stall 2 (350-440 ms) is sampled from 360 ms: five samples share 80 ms (16 each).
                Row(
                    function: "CatalogStore.load()", kind: .cpu, phase: .didFinishLaunching, costMs: 94, calls: 0,
                    samples: 2, ui: false, app: true),
                Row(
                    function: "ThumbnailCache.warmSynchronously(megabytes:)", kind: .fileIO, phase: .didFinishLaunching,
                    costMs: 65, calls: 2, samples: 0, ui: false, app: true),
                Row(
                    function: "RemoteConfig.fetchBlocking()", kind: .network, phase: .didFinishLaunching, costMs: 35,
                    calls: 1, samples: 0, ui: false, app: true),
                Row(
                    function: "CatalogRowView.layoutSubviews()", kind: .cpu, phase: .firstVisibleWindow, costMs: 32,
                    calls: 0, samples: 2, ui: true, app: true),
                Row(
                    function: "CatalogStore.load()", kind: .fileIO, phase: .didFinishLaunching, costMs: 30, calls: 1,
                    samples: 0, ui: false, app: true),
                Row(
                    function: "CatalogViewController.viewDidLoad()", kind: .sleep, phase: .firstVisibleWindow,
                    costMs: 20, calls: 1, samples: 0, ui: true, app: true),
                // Two more samples (an unnamed address, and `read` under no app function) have no
                // function of the app to move: they are attribution, never findings.
                Row(
                    function: "CatalogRowView.layoutSubviews()", kind: .lock, phase: .firstVisibleWindow, costMs: 16,
                    calls: 0, samples: 1, ui: true, app: true),
            ], "\(rows)")
        let thumbnails = try #require(findings.first { $0.site.function.hasPrefix("ThumbnailCache") })
        #expect(thumbnails.blockingFunctions == ["write", "fsync"])
        #expect(thumbnails.resources == ["/tmp/SampleApp-thumbnails.cache"])
        #expect(thumbnails.bytes == 16_000_000)
        #expect(
            thumbnails.site.fullName
                == "static SampleApp.ThumbnailCache.warmSynchronously(megabytes: Swift.Int) -> Swift.UInt64")
        #expect(findings.first { $0.site.kind == .lock }?.blockingFunctions == ["sem_wait"])
    }

    @Test("A trace without main-thread activity has no findings")
    func noActivity() throws {
        #expect(
            FindingsAnalyzer().findings(in: TraceFactory.trace(), symbolicator: try FindingsFixture.symbolicator())
                .isEmpty)
    }

    @Test("A run: launches, median cost, shares of the phase and of time to first frame, impact order")
    func run() throws {
        let findings = try FindingsFixture.findings()
        #expect(findings.analyzedLaunches == ["warm": 3])
        let ids = findings.findings.map(\.id)
        #expect(
            ids.prefix(4) == [
                "cpu:didFinishLaunching:CatalogStore.load()",
                "fileIO:didFinishLaunching:ThumbnailCache.warmSynchronously(megabytes:)",
                // 52.5 ms median in 2 of 3 launches: 35 ms impact
                "network:didFinishLaunching:RemoteConfig.fetchBlocking()",
                "cpu:firstVisibleWindow:CatalogRowView.layoutSubviews()",
            ], "\(ids)")
        let thumbnails = try #require(
            findings.findings.first { $0.site.kind == .fileIO && $0.site.function.hasPrefix("Thumbnail") })
        #expect(thumbnails.launches == 3)
        #expect(thumbnails.analyzedLaunches == 3)
        #expect(thumbnails.medianCostNs == 65_000_000)  // 65, 130, 65 ms
        #expect(thumbnails.tracedCalls == 6)
        #expect(thumbnails.confidence == .high)
        #expect(isClose(thumbnails.phaseShare!, 65.0 / 180.0))
        #expect(isClose(thumbnails.firstFrameShare!, 65.0 / 401.0))
        let network = try #require(findings.findings.first { $0.site.kind == .network })
        #expect(network.launches == 2)
        #expect(network.medianCostNs == 52_500_000)  // 35 and 70 ms
        #expect(isClose(network.impactNs, 52_500_000 * 2 / 3))
        let cpu = try #require(
            findings.findings.first { $0.site.kind == .cpu && $0.site.function == "CatalogStore.load()" })
        #expect(cpu.confidence == .medium)  // 2 samples per launch
        #expect(findings.findings.allSatisfy { $0.site.isAppCode })
    }

    @Test("Advice: QoS by kind, UI work after the first frame, the singleton in the rewrite")
    func advice() throws {
        let findings = try FindingsFixture.findings().findings
        func advice(_ id: String) throws -> Advice { try #require(findings.first { $0.id == id }).advice }
        let load = try advice("fileIO:didFinishLaunching:CatalogStore.load()")
        #expect(load.action == .moveToBackground)
        #expect(load.qos == "utility")
        #expect(load.rewrite == "DispatchQueue.global(qos: .utility).async { try? CatalogStore.shared.load() }")
        let parse = try advice("cpu:didFinishLaunching:CatalogStore.load()")
        #expect(parse.qos == "userInitiated")
        #expect(
            parse.rewrite
                == "DispatchQueue.global(qos: .userInitiated).async { try? CatalogStore.shared.load(); DispatchQueue.main.async { /* update the first screen */ } }"
        )
        let thumbnails = try advice("fileIO:didFinishLaunching:ThumbnailCache.warmSynchronously(megabytes:)")
        #expect(
            thumbnails.rewrite
                == "DispatchQueue.global(qos: .utility).async { ThumbnailCache.warmSynchronously(megabytes: …) }")
        let sleep = try advice("sleep:firstVisibleWindow:CatalogViewController.viewDidLoad()")
        #expect(sleep.action == .deferUntilAfterFirstFrame)
        #expect(sleep.rewrite.hasPrefix("DispatchQueue.main.async { catalogViewController.viewDidLoad() }"))
        let lock = try advice("lock:firstVisibleWindow:CatalogRowView.layoutSubviews()")
        #expect(lock.action == .deferUntilAfterFirstFrame)
        let network = try advice("network:didFinishLaunching:RemoteConfig.fetchBlocking()")
        #expect(network.rewrite == "DispatchQueue.global(qos: .utility).async { RemoteConfig.fetchBlocking() }")
    }

    @Test(
        "Advice for kinds without UI",
        arguments: [
            (BlockingKind.sleep, Advice.Action.useAsynchronousAPI, "utility"),
            (.wait, .useAsynchronousAPI, "utility"),
            (.lock, .replaceBlockingWait, nil),
            (.network, .moveToBackground, "utility"),
            (.pageFaults, .moveToBackground, "utility"),
            (.cpu, .moveToBackground, "userInitiated"),
        ] as [(BlockingKind, Advice.Action, String?)])
    func adviceByKind(kind: BlockingKind, action: Advice.Action, qos: String?) {
        let advice = FindingAdvisor.advice(
            function: "Loader.run()", fullName: "App.Loader.run() -> ()", kind: kind, phase: .didFinishLaunching,
            touchesUI: false, hasSharedInstance: false)
        #expect(advice.action == action)
        #expect(advice.qos == qos)
        #expect(advice.rewrite.contains("loader.run()"))
        #expect(advice.summary.hasSuffix("."))
    }

    @Test(
        "a wait for a mutex another thread holds is advice to take the lock off the main thread, not to replace a wait by a callback"
    )
    func mutexAdvice() {
        let advice = FindingAdvisor.advice(
            function: "Loader.run()", fullName: "App.Loader.run() -> ()", kind: .lock, phase: .didFinishLaunching,
            touchesUI: false, hasSharedInstance: false, waitsForMutex: true
        )
        #expect(advice.action == .moveToBackground)
        #expect(advice.qos == "userInitiated")
        #expect(advice.rewrite.hasPrefix("DispatchQueue.global(qos: .userInitiated).async { loader.run()"))
        #expect(advice.summary.contains("mutex"))
    }

    @Test(
        "Call expressions",
        arguments: [
            (
                "Catalog.init(data:)", "SampleApp.Catalog.init(data: Foundation.Data) throws -> SampleApp.Catalog",
                false, "try? Catalog(data: …)"
            ),
            (
                "CatalogStore.catalog.getter", "SampleApp.CatalogStore.catalog.getter : SampleApp.Catalog?", true,
                "CatalogStore.shared.catalog"
            ),
            (
                "closure #1 in AppDelegate.warm(_:)",
                "closure #1 () -> () in SampleApp.AppDelegate.warm(Swift.Int) -> ()", false, "appDelegate.warm(…)"
            ),
            ("setUp()", "SampleApp.setUp() -> ()", false, "setUp()"),
            // A static stored property's lazy initializer, reached through its addressor (swift-format's).
            (
                "SwiftFormatCommand.configuration.unsafeMutableAddressor",
                "swift_format.SwiftFormatCommand.configuration.unsafeMutableAddressor : ArgumentParser.CommandConfiguration",
                false, "SwiftFormatCommand.configuration"
            ),
            ("libfoo.so+0x42", nil, false, "libfoo.so+0x42()"),
        ] as [(String, String?, Bool, String)])
    func callExpressions(function: String, fullName: String?, shared: Bool, expected: String) {
        #expect(
            FindingAdvisor.callExpression(function: function, fullName: fullName, hasSharedInstance: shared) == expected
        )
    }

    @Test(
        "Known blocking functions and system frames are recognised",
        arguments: [
            ("__libc_read", BlockingKind.fileIO), ("read", .fileIO), ("__GI___libc_write", .fileIO),
            ("openat64", .fileIO),
            ("__nanosleep", .sleep), ("usleep", .sleep), ("__libc_recv", .network), ("connect", .network),
            ("sem_wait", .lock), ("__lll_lock_wait", .lock), ("DispatchSemaphore.wait(timeout:)", .lock),
            ("Thread.sleep(forTimeInterval:)", .sleep), ("epoll_wait", .wait), ("poll", .wait),
        ] as [(String, BlockingKind)])
    func blockingFunctions(name: String, kind: BlockingKind) {
        #expect(FrameClassifier.blockingKind(ofFunction: name) == kind)
    }

    @Test(
        "System images",
        arguments: [
            ("/usr/lib/x86_64-linux-gnu/libc.so.6", true), ("/lib64/ld-linux-x86-64.so.2", true),
            ("/opt/swift/usr/lib/swift/linux/libswiftCore.so", true),
            ("/opt/swift/usr/lib/swift/linux/libFoundationEssentials.so", true),
            ("/usr/lib/swift/linux/libdispatch.so", true), ("/usr/lib/x86_64-linux-gnu/libicuuc.so.72", true),
            ("/apps/SampleApp", false), ("/apps/libSampleAppKit.so", false),
            // A distribution's library the app calls is not the app's code, whatever its name.
            ("/lib/x86_64-linux-gnu/libsqlite3.so.0", true), ("/usr/lib/x86_64-linux-gnu/libssl.so.3", true),
            ("/srv/server/.build/release/libServerKit.so", false),
        ])
    func systemImages(path: String, system: Bool) {
        #expect(FrameClassifier.isSystemImage(path) == system)
    }

    @Test("A server's work inside a system library and below its async entry point is never the function to move")
    func serverStacksAttributeToTheAppOnly() {
        func frame(_ name: String, _ image: String) -> SymbolicatedFrame {
            SymbolicatedFrame(
                address: Address(0x1000), image: image, imageOffset: 0, symbol: SymbolName(raw: name), symbolOffset: 0,
                location: nil)
        }
        let app = "/srv/server/.build/release/Server"
        let sqlite = frame("sqlite3_step", "/lib/x86_64-linux-gnu/libsqlite3.so.0")
        let entry = frame("async_Main", app)
        #expect(
            FrameClassifier.attributionIndex(in: [
                frame("fdatasync", "/usr/lib/x86_64-linux-gnu/libc.so.6"), sqlite, entry,
            ]) == nil)
        #expect(FrameClassifier.attributionIndex(in: [sqlite, frame("Database.migrate", app), entry]) == 1)
        #expect(
            FrameClassifier.attributionIndex(in: [
                frame("swift_once", "/usr/lib/swift/linux/libswiftCore.so"), frame("_start", app),
            ]) == nil)
    }

    @Test("Code a JIT generated (perf's //anon) is not the program's: the finding goes to its caller, named JIT code")
    func generatedCode() {
        let jit = SymbolicatedFrame(
            address: Address(0x7f18_2c03_6b07), image: "//anon", imageOffset: 0x7f18_2c03_6b07, symbol: nil,
            symbolOffset: nil, location: nil)
        let caller = SymbolicatedFrame(
            address: Address(0x1000), image: "/usr/bin/gtk4-demo", imageOffset: 0x1000, symbol: nil, symbolOffset: nil,
            location: nil)
        #expect(jit.isGeneratedCode && jit.imageName == "JIT code")
        #expect(!FrameClassifier.isAppCode(jit))
        #expect(FrameClassifier.attributionIndex(in: [jit, caller]) == 1)
        #expect(FindingsAnalyzer.unnamed(jit) == "JIT code")
        #expect(FindingsAnalyzer.unnamed(caller) == "gtk4-demo (no symbol)")
        #expect(LoadedImage.isGeneratedCode(path: "/memfd:jit-cache (deleted)"))
        #expect(!LoadedImage.isGeneratedCode(path: "/usr/lib/x86_64-linux-gnu/libLLVM-15.so.1"))
        let symbolicator = Symbolicator(sourceLocator: nil)
        let map = ImageMap([
            LoadedImage(
                path: "//anon", loadAddress: Address(0), textStart: Address(0x7f18_2c03_6000),
                textEnd: Address(0x7f18_2c03_8000), buildID: nil)
        ])
        let frame = symbolicator.symbolicate(Address(0x7f18_2c03_6b07), in: map, isReturnAddress: false)
        #expect(frame.isGeneratedCode && frame.symbol == nil)
        #expect(symbolicator.notices.isEmpty, "no file to read is no problem to report: \(symbolicator.notices)")
    }

    @Test("A stripped program's finding is split by the library function it called, past the tracer and PLT stubs")
    func unnamedByCallee() {
        func frame(_ name: String?, _ image: String) -> SymbolicatedFrame {
            SymbolicatedFrame(
                address: Address(0x1000), image: image, imageOffset: 0x1000, symbol: name.map { SymbolName(raw: $0) },
                symbolOffset: 0, location: nil)
        }
        let stack = [
            frame("__libc_read", "/usr/lib/x86_64-linux-gnu/libc.so.6"), frame("read", "/opt/lp/libLaunchPreload.so"),
            frame("XcursorLibraryLoadImages", "/usr/lib/x86_64-linux-gnu/libXcursor.so.1"),
            frame("XcursorLibraryLoadImages@plt", "/usr/bin/xterm"), frame(nil, "/usr/bin/xterm"),
        ]
        let called = FindingsAnalyzer.calledLibrary(in: stack, below: 4)
        #expect(called?.symbol?.simple == "XcursorLibraryLoadImages")
        #expect(
            FindingsAnalyzer.unnamed(stack[4], calling: called)
                == "xterm (no symbol) → XcursorLibraryLoadImages (libXcursor.so.1)")
        #expect(FindingsAnalyzer.calledLibrary(in: Array(stack[..<2]) + [stack[4]], below: 2)?.imageName == "libc.so.6")
    }

    @Test("An unnamed thread is labelled by the function it was started with, the same in every launch")
    func unnamedThreads() {
        func frame(_ name: String?) -> SymbolicatedFrame {
            SymbolicatedFrame(
                address: Address(0x1000), image: "/usr/bin/git", imageOffset: 0x1000,
                symbol: name.map { SymbolName(raw: $0) }, symbolOffset: 0, location: nil)
        }
        let named = [frame("__fstatat"), frame("preload_thread"), frame("start_thread"), frame("clone3")]
        #expect(ProfileContext.unnamedThreadLabel(named) == "a thread started at preload_thread")
        let stripped = [frame("__fstatat"), frame(nil), frame("start_thread"), frame("clone3")]
        #expect(ProfileContext.unnamedThreadLabel(stripped) == "an unnamed thread")
    }

    @Test("CPU work before a server is ready is advised to run concurrently, never to update a screen")
    func programCPUAdvice() {
        let advice = FindingAdvisor.advice(
            function: "Router.build()", fullName: "Server.Router.build() -> Server.Routes", kind: .cpu, phase: nil,
            touchesUI: false, hasSharedInstance: false, endpoint: .ready
        )
        #expect(
            advice.rewrite.hasPrefix("let pending = Task.detached(priority: .userInitiated) { router.build() }"),
            "\(advice.rewrite)")
        #expect(advice.rewrite.contains("await pending.value"))
        #expect(!advice.summary.contains("screen") && !advice.rewrite.contains("screen"))
        let app = FindingAdvisor.advice(
            function: "Router.build()", fullName: "Server.Router.build() -> Server.Routes", kind: .cpu, phase: nil,
            touchesUI: false, hasSharedInstance: false
        )
        #expect(app.rewrite.contains("DispatchQueue.main.async"))
    }

    @Test("Findings and policy verdicts survive JSON")
    func roundTrip() throws {
        let findings = try FindingsFixture.findings()
        let data = try TraceJSON.makeEncoder().encode(findings)
        #expect(try JSONDecoder().decode(RunFindings.self, from: data) == findings)
    }
}

@Suite("Blocking functions")
struct BlockingFunctionTests {
    @Test(
        "libc and Swift blocking functions have their kind; taking a lock's fast path is not waiting",
        arguments: [
            ("read", BlockingKind?.some(.fileIO)), ("__libc_pread64", .fileIO), ("__GI___poll", .wait),
            ("nanosleep", .sleep), ("sem_wait", .lock), ("__lll_lock_wait", .lock), ("futex_wait", .lock),
            ("DispatchSemaphore.wait()", .lock), ("Thread.sleep(forTimeInterval:)", .sleep),
            ("pthread_mutex_lock", nil), ("CatalogStore.load()", nil),
        ]
    )
    func kinds(function: String, kind: BlockingKind?) {
        #expect(FrameClassifier.blockingKind(ofFunction: function) == kind)
    }

    @Test(
        "mutex lock functions by any of their names; no other function is one",
        arguments: [
            ("pthread_mutex_lock", true), ("__pthread_mutex_lock", true), ("pthread_mutex_lock@plt", true),
            ("pthread_mutex_timedlock", true), ("pthread_mutex_unlock", false), ("sem_wait", false),
            ("CatalogStore.load()", false),
        ])
    func mutexLocks(function: String, isLock: Bool) {
        #expect(FrameClassifier.isMutexLock(function) == isLock)
    }
}
