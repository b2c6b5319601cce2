import LaunchSymbolication
import LaunchTrace
import Testing

@testable import LaunchTool

/// Whose code a frame is, and advice that fits a program: its own call site named with the
/// dependency it called, a dependency's own work and code that is not Swift never rewritten,
/// no screen nor main queue outside a LaunchKit app.
@Suite("Program code ownership and advice")
struct ProgramAdviceTests {
    static let app = "/srv/app/.build/release/App"

    static func frame(_ raw: String, _ image: String = app, file: String? = nil) -> SymbolicatedFrame {
        SymbolicatedFrame(
            address: Address(0x1000), image: image, imageOffset: 0, symbol: SymbolName(raw: raw), symbolOffset: 0,
            location: file.map { SourceLocation(file: $0, line: 1) })
    }

    /// `App.configure()` calling `MultiThreadedEventLoopGroup.init(numberOfThreads:)`, which waits in libc.
    static let stack = [
        frame("__futex_abstimed_wait_common", "/usr/lib/x86_64-linux-gnu/libc.so.6"),
        frame("$s8NIOPosix27MultiThreadedEventLoopGroupC15numberOfThreadsACSi_tcfc"),
        frame("$s3App9configureyyF"),
        frame("App_main"),
    ]

    @Test("the program's module is its own, a linked package's is a dependency, the runtime's is the toolchain's")
    func owners() {
        let ownership = CodeOwnership(programModules: ["App"])
        #expect(Self.stack.map(ownership.owner(of:)) == [.system, .dependency, .program, .program])
        let runtime = Self.frame("swift_once", "/usr/lib/swift/linux/libswiftCore.so")
        #expect(ownership.owner(of: runtime) == .toolchain)
        let checkout = Self.frame(
            "$s3App9configureyyF", file: "/srv/app/.build/checkouts/swift-nio/Sources/NIOPosix/Group.swift")
        #expect(ownership.owner(of: checkout) == .dependency)
        #expect(CodeOwnership.package(of: checkout) == "swift-nio")
        // Without a known entry module, every module that is not the toolchain's is the program's.
        #expect(CodeOwnership().owner(of: Self.stack[1]) == .program)
    }

    @Test("another module of the program's own package is the program's; one built elsewhere is a dependency")
    func packageRoot() {
        #expect(CodeOwnership.packageRoot(of: "/srv/app/Sources/App/main.swift") == "/srv/app")
        let ownership = CodeOwnership(programModules: ["App"], programRoot: "/srv/app")
        // NIOPosix's frame with a source in the program's package (a target of its own) …
        let own = Self.frame(
            "$s8NIOPosix27MultiThreadedEventLoopGroupC15numberOfThreadsACSi_tcfc",
            file: "/srv/app/Sources/NIOPosix/Group.swift")
        #expect(ownership.owner(of: own) == .program)
        // … and with one from another checkout on the build machine (the toolchain's
        // swift-format was built with swift-argument-parser beside it), or none.
        let elsewhere = Self.frame(
            "$s8NIOPosix27MultiThreadedEventLoopGroupC15numberOfThreadsACSi_tcfc",
            file: "/home/build/swift-nio/Sources/NIOPosix/Group.swift")
        #expect(ownership.owner(of: elsewhere) == .dependency)
        #expect(ownership.owner(of: Self.stack[1]) == .dependency)
        #expect(CodeOwnership(programModules: ["App"]).owner(of: own) == .dependency)
    }

    @Test("a finding is the program's call site, naming the dependency function and module the time was spent in")
    func callSiteAndCallee() throws {
        let ownership = CodeOwnership(programModules: ["App"])
        let index = try #require(ownership.attributionIndex(in: Self.stack))
        #expect(index == 2)
        let callee = try #require(ownership.calledDependency(in: Self.stack, below: index))
        #expect(FindingsAnalyzer.calleeName(callee) == "MultiThreadedEventLoopGroup.init(numberOfThreads:) (NIOPosix)")
        let analyzer = FindingsAnalyzer(ownership: ownership)
        let finding = try #require(
            analyzer.finding(
                frames: Self.stack, kind: .lock, phase: nil, costNs: 5_000_000, tracedCalls: 0, samples: 1,
                blockingFunction: nil, resource: nil, bytes: nil))
        #expect(finding.site.function == "configure()")
        #expect(finding.site.owner == .program)
        #expect(finding.site.callee == "MultiThreadedEventLoopGroup.init(numberOfThreads:) (NIOPosix)")
    }

    @Test("with no frame of the program on the stack, the finding is the dependency's own work, never rewritten")
    func dependencyOnly() throws {
        let ownership = CodeOwnership(programModules: ["App"])
        let stack = Array(Self.stack.prefix(2))
        let index = try #require(ownership.attributionIndex(in: stack))
        #expect(ownership.owner(of: stack[index]) == .dependency)
        let advice = FindingAdvisor.advice(
            function: "MultiThreadedEventLoopGroup.init(numberOfThreads:)", fullName: nil, kind: .cpu, phase: nil,
            touchesUI: false, hasSharedInstance: false, endpoint: .ready,
            context: AdviceContext(owner: .dependency, module: "NIOPosix", package: "swift-nio"))
        #expect(advice.action == .reviewDependency)
        #expect(advice.rewrite.isEmpty)
        #expect(advice.summary.contains("swift-nio"))
    }

    @Test("a dependency's work is called from the program's entry point, never from the C library's _start")
    func entryCallerIsNotStartCode() {
        let ownership = CodeOwnership(programModules: ["App"])
        let dependency = Self.stack[1]
        let main = Self.frame("App_main")
        #expect(ownership.entryCaller(in: [dependency, main], above: 0) == main)
        // swift-format's exit: ArgumentParser's Platform.exit(_:) under the start code, no `main` between.
        #expect(ownership.entryCaller(in: [dependency, Self.frame("_start")], above: 0) == nil)
        #expect(ownership.entryCaller(in: [dependency, Self.frame("_start"), main], above: 0) == main)
    }

    @Test("code that is not Swift gets no Swift rewrite, in an app or a program")
    func notSwift() {
        for endpoint in [LaunchEndpoint.firstFrame, .ready] {
            let advice = FindingAdvisor.advice(
                function: "_PyEval_EvalFrameDefault", fullName: nil, kind: .cpu, phase: nil, touchesUI: false,
                hasSharedInstance: false, endpoint: endpoint, context: AdviceContext(isSwift: false))
            #expect(advice.action == .noRewrite)
            #expect(advice.rewrite.isEmpty)
        }
    }

    @Test("a program's advice never mentions a screen or the main queue", arguments: BlockingKind.allCases)
    func noScreenInPrograms(kind: BlockingKind) {
        for thread in [nil, "a cooperative-pool thread"] {
            let advice = FindingAdvisor.advice(
                function: "Router.build()", fullName: "App.Router.build() -> ()", kind: kind, phase: nil,
                touchesUI: false, hasSharedInstance: false, endpoint: .ready, context: AdviceContext(thread: thread))
            let text = advice.summary + advice.rewrite
            #expect(!text.contains("screen") && !text.contains("DispatchQueue.main"), "\(kind): \(text)")
        }
    }

    @Test("work the launch waited for on another thread is advised to leave the path to readiness")
    func awaitedOnAnotherThread() {
        let advice = FindingAdvisor.advice(
            function: "crunch()", fullName: "App.crunch() -> ()", kind: .cpu, phase: nil, touchesUI: false,
            hasSharedInstance: false, endpoint: .ready, context: AdviceContext(thread: "a cooperative-pool thread"))
        #expect(advice.action == .deferUntilReady)
        #expect(advice.summary.contains("a cooperative-pool thread"))
        #expect(advice.rewrite.contains("crunch()"))
    }
}
