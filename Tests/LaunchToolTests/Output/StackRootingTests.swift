import LaunchSymbolication
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Blocking-call stacks (frame pointers, stopping inside libc) and stall samples (unwound to
/// `_start`) of the same code end at the same root in the folded output.
@Suite("One rooting for every stack")
struct StackRootingTests {
    /// Names addresses from a fixed table, as a symbol map would.
    struct TableNaming: FrameNaming {
        var names: [UInt64: String]
        mutating func frame(for address: Address, isReturnAddress: Bool, images: [LoadedImage]) -> ProfileFrame {
            ProfileFrame(name: names[address.value] ?? "?")
        }
    }

    static let naming = TableNaming(names: [
        0x10: "_start", 0x20: "__libc_start_main", 0x30: "libc.so.6+0x2724a", 0x40: "main",
        0x50: "UIApplicationMain", 0x60: "LicenseCheck.verify()", 0x70: "Catalog.init(data:)",
    ])

    @Test("the folded stacks of a launch have one root")
    func oneRoot() throws {
        var trace = try ReportFixture.input().traces[0]
        let phase = try #require(trace.phases.first { $0.phase == .didFinishLaunching })
        let call = BlockingCall(
            function: "usleep", kind: .sleep, startNs: phase.startNs, durationNs: 30_000_000,
            phase: .didFinishLaunching,
            resource: nil, bytes: nil, errno: nil, stack: [0x60, 0x50, 0x40, 0x30].map(Address.init)
        )
        let samples = (0..<3).map {
            StackSample(
                timeNs: phase.startNs + 40_000_000 + Int64($0) * 10_000_000,
                frames: [0x70, 0x50, 0x40, 0x30, 0x20, 0x10].map(Address.init))
        }
        trace.mainThread = MainThreadActivity(
            images: [], blockingCalls: [call],
            stalls: [
                Stall(startNs: phase.startNs, durationNs: 100_000_000, phase: .didFinishLaunching, samples: samples)
            ],
            tracer: nil,
            sampler: SamplerInfo(
                method: .ptrace, stallThresholdMs: 100, intervalMs: 10, signalsSent: 0, samplesTaken: 3)
        )
        var naming = Self.naming
        let folded = FoldedStacks(phaseRoots: false, threadRoots: false).render([
            MainThreadProfile(trace: trace, naming: &naming)
        ])
        let roots = Set(folded.split(separator: "\n").map { $0.split(separator: ";").first.map(String.init) ?? "" })
        #expect(roots == ["main"], "\(folded)")
        #expect(folded.contains("main;UIApplicationMain;LicenseCheck.verify();usleep() [sleep] 30000\n"))
        #expect(folded.contains("main;UIApplicationMain;Catalog.init(data:) 30000\n"))
    }

    @Test("start frames are trimmed by name, never the whole stack")
    func startFrames() {
        #expect(StackRooting.startFrameCount(["_start", "__libc_start_main", "libc.so.6+0x2724a", "main", "f()"]) == 3)
        #expect(StackRooting.startFrameCount(["libc.so.6+0x2724a", "SampleApp_main"]) == 1)
        #expect(StackRooting.startFrameCount(["main", "read"]) == 0)
        #expect(StackRooting.startFrameCount(["_start"]) == 0)
        #expect(!StackRooting.isStartFrame("SampleApp+0x2f10"))
    }
}
