import Testing

@testable import LaunchTrace

/// The audit module's lines become a breakdown whose parts add up to the time to `main`.
@Suite("PreMainBreakdown")
struct PreMainBreakdownTests {
    static func event(_ time: Int64, _ text: String) -> ProbeEvent {
        ProbeEvent(line: Substring("preMain \(time) \(text)"))!
    }

    static let events = [
        event(1_000, "start 500 10"),
        event(1_200, "object 600 -1 4096 /proc/self/exe"),
        event(1_500, "object 800 -1 2000000 /usr/lib/with space/libfoo.so"),
        event(3_000, "relocated 2000 40"),
        event(3_100, "init 20000000 19000000 1 4660 array"),
        event(20_003_200, "init 40 -1 0 1640 init"),
        event(20_003_500, "main 19003000 50"),
        ProbeEvent(kind: .mainStarted, timeNs: 20_004_000),
    ]

    @Test("lines parse into objects, initializers and points; the executable gets its path")
    func parses() throws {
        let breakdown = try #require(PreMainBreakdown(events: Self.events, executable: "/bin/tool", execEndNs: 800))
        #expect(breakdown.objects.map(\.path) == ["/bin/tool", "/usr/lib/with space/libfoo.so"])
        #expect(breakdown.objects.map(\.name) == ["tool", "libfoo.so"])
        #expect(breakdown.initializers.map(\.address) == [4660, 1640])
        #expect(breakdown.initializers.map(\.kind) == [.array, .`init`])
        #expect(breakdown.initializers[1].onCpuNs == 40)
        #expect(breakdown.initializers[0].offCpuNs == 1_000_000)
        #expect(breakdown.main.atNs == 20_003_500)
    }

    @Test("the parts: exec, loader start-up, loading, relocation, initializers and the rest add up to the time to main")
    func parts() throws {
        let breakdown = try #require(PreMainBreakdown(events: Self.events, executable: "/bin/tool", execEndNs: 800))
        #expect(breakdown.execNs == 800)
        #expect(breakdown.loaderStartupNs == 200)
        #expect(breakdown.loadNs(of: 0) == 200 && breakdown.loadNs(of: 1) == 300)
        #expect(breakdown.loadCpuNs(of: 1) == 200)
        #expect(breakdown.loadingNs == 500)
        #expect(breakdown.relocationNs == 1_500)
        #expect(breakdown.relocationCpuNs == 1_200)
        #expect(breakdown.initializersNs == 20_000_040)
        let parts = breakdown.execNs + breakdown.loaderStartupNs + breakdown.loadingNs + breakdown.relocationNs
        #expect(parts + breakdown.initializersNs + breakdown.betweenInitializersNs == breakdown.totalNs)
        #expect(breakdown.betweenInitializersNs == 460)
        #expect(breakdown.unattributedNs == 0)
        var unwrapped = breakdown
        unwrapped.unwrappedInitializers = 2
        #expect(unwrapped.unattributedNs == 460 && unwrapped.betweenInitializersNs == 0)
        #expect(breakdown.coverage > 0.9999)
    }

    @Test("a wrapper that execs the program: the breakdown is the last program's, the ones before are one part")
    func execChain() throws {
        let wrapper = [
            Self.event(900, "start 400 8"),
            Self.event(1_000, "object 450 -1 1200000 /usr/bin/dash"),
            Self.event(1_100, "relocated 500 9"),
            Self.event(1_150, "main 520 9"),
        ]
        let program = Self.events.map { event in
            var later = event
            later.timeNs += 5_000
            return later
        }
        let breakdown = try #require(
            PreMainBreakdown(events: wrapper + program, executable: "/bin/wrapper.sh", execEndNs: 800))
        #expect(breakdown.earlierPrograms == PreMainEarlierPrograms(count: 1, firstLoaderStartNs: 900))
        #expect(breakdown.objects.map(\.path) == ["/proc/self/exe", "/usr/lib/with space/libfoo.so"])
        #expect(breakdown.loaderStartupNs == 100)
        #expect(breakdown.earlierProgramsNs == 5_100)
        let parts =
            breakdown.execNs + breakdown.loaderStartupNs + breakdown.earlierProgramsNs + breakdown.loadingNs
            + breakdown.relocationNs + breakdown.initializersNs + breakdown.betweenInitializersNs
        #expect(parts == breakdown.totalNs)
        #expect(
            try #require(PreMainBreakdown(events: Self.events, executable: "/bin/tool", execEndNs: 800)).earlierPrograms
                == nil)
    }

    @Test("incomplete lines (no main: the program ended in an initializer) give no breakdown")
    func incomplete() {
        #expect(PreMainBreakdown(events: Array(Self.events.prefix(5)), executable: "/bin/tool", execEndNs: nil) == nil)
        #expect(PreMainBreakdown(events: [], executable: "/bin/tool", execEndNs: nil) == nil)
    }
}
