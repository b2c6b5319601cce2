import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The whole-launch profile, on-CPU and off-CPU, on every thread, is what the folded stacks,
/// speedscope, the HTML flame graph and the Chrome trace show, for programs and apps alike.
@Suite("Whole-launch stacks")
struct WholeLaunchStacksTests {
    typealias Fixture = WholeLaunchFixture

    /// The stacks of `trace`, named by image and offset.
    func stacks(_ trace: LaunchTrace) -> MainThreadProfile {
        var naming = ImageOffsetNaming()
        return MainThreadProfile(trace: trace, naming: &naming)
    }

    /// A plain program's launch: main's CPU work (four samples, the last one's period reaching
    /// back over a blocked read), main blocked in read, a runnable span, and a worker thread's
    /// CPU work and a blocked span without a stack, all in didFinishLaunching.
    func programTrace() throws -> LaunchTrace {
        let start = try #require(try Fixture.baseTrace().record(of: .didFinishLaunching)).startNs
        let ms: Int64 = 1_000_000
        return try Fixture.trace(samples: [
            Fixture.onCPU(start + 10 * ms, stack: Fixture.cpuStack),
            Fixture.onCPU(start + 10 * ms, stack: Fixture.workerStack, thread: Fixture.workerTID),
            Fixture.onCPU(start + 14 * ms, stack: Fixture.cpuStack),
            Fixture.onCPU(start + 14 * ms, stack: Fixture.workerStack, thread: Fixture.workerTID),
            Fixture.onCPU(start + 18 * ms, stack: Fixture.cpuStack),
            Fixture.blocked(start + 20 * ms, 1_250_000, stack: nil, thread: Fixture.workerTID),
            Fixture.blocked(start + 22 * ms, 2_500_000, stack: Fixture.readStack),
            Fixture.onCPU(start + 23 * ms, stack: Fixture.cpuStack),
            Fixture.runnable(start + 27 * ms, 1 * ms, stack: Fixture.cpuStack),
        ])
    }

    @Test("A program without main-thread activity gets folded stacks of every thread, weighted in microseconds")
    func programFolded() throws {
        let trace = try programTrace()
        #expect(trace.mainThread == nil)
        let folded = FoldedStacks().render([stacks(trace)])
        #expect(
            folded == """
                [didFinishLaunching];main thread;FixtureProgram+0x1100;FixtureProgram+0x1200 16000
                [didFinishLaunching];main thread;FixtureProgram+0x1100;libc.so.6+0x114000;[blocked] 2500
                [didFinishLaunching];thread fixture-worker;FixtureProgram+0x1300 8000
                [didFinishLaunching];thread fixture-worker;[blocked] 1250

                """)
        // Runnable time (waiting for a CPU) is the machine's: left out.
        #expect(stacks(trace).samples.allSatisfy { $0.source == .onCPU || $0.source == .blocked })
        #expect(stacks(trace).samples.count == 8)
    }

    @Test("The second thread's samples are under its own thread root in every output")
    func threadRoots() throws {
        let trace = try programTrace()
        let profile = stacks(trace)
        let worker = profile.samples.filter { $0.thread == Fixture.workerTID }
        #expect(worker.count == 3 && worker.allSatisfy { $0.threadName == "thread fixture-worker" })
        #expect(profile.samples.filter { $0.thread == nil }.allSatisfy { $0.threadName == "main thread" })
        #expect(profile.threadNames == ["main thread", "thread fixture-worker"])

        let noPhase = FoldedStacks(phaseRoots: false).render([profile]).split(separator: "\n")
        #expect(noPhase.filter { $0.hasPrefix("thread fixture-worker;") }.count == 2)
        #expect(noPhase.filter { $0.contains("0x1300") }.allSatisfy { $0.hasPrefix("thread fixture-worker;") })
        let bare = FoldedStacks(phaseRoots: false, threadRoots: false).render([profile])
        #expect(bare.hasPrefix("FixtureProgram+0x1100;FixtureProgram+0x1200 16000\n"))

        let file = SpeedscopeReport(name: "FixtureProgram").file([profile])
        #expect(
            file.profiles.map(\.name) == [
                "FixtureProgram launch 1 · main thread", "FixtureProgram launch 1 · thread fixture-worker",
            ])
        #expect(file.profiles.map { $0.weights.reduce(0, +) } == [18_500, 9_250])
        let workerFrames = Set(file.profiles[1].samples.flatMap { $0 }.map { file.shared.frames[$0].name })
        #expect(workerFrames == ["[didFinishLaunching]", "FixtureProgram+0x1300", "[blocked]"])
    }

    @Test("An on-CPU sample is charged to the phase it was taken in, a blocked span to the one it began in")
    func phaseBoundary() throws {
        let window = try #require(try Fixture.baseTrace().record(of: .firstVisibleWindow)).startNs
        let trace = try Fixture.trace(samples: [
            Fixture.onCPU(window - 4_000_000, stack: Fixture.cpuStack),  // ends exactly at the boundary
            Fixture.onCPU(window - 1_000_000, stack: Fixture.cpuStack),  // crosses it
            Fixture.blocked(window - 500_000, 3_000_000, stack: Fixture.readStack),  // crosses it
        ])
        let samples = stacks(trace).samples
        #expect(samples.map(\.phase) == [.didFinishLaunching, .firstVisibleWindow, .didFinishLaunching])
        #expect(samples.map(\.weightNs) == [4_000_000, 4_000_000, 3_000_000])
        #expect(
            FoldedStacks().render([stacks(trace)]) == """
                [didFinishLaunching];main thread;FixtureProgram+0x1100;FixtureProgram+0x1200 4000
                [didFinishLaunching];main thread;FixtureProgram+0x1100;libc.so.6+0x114000;[blocked] 3000
                [firstVisibleWindow];main thread;FixtureProgram+0x1100;FixtureProgram+0x1200 4000

                """)
    }

    /// An app's launch with the tracer: a traced 10 ms read at didFinishLaunching + 30 ms, the
    /// main thread's blocked span and on-CPU sample inside it, a blocked span after it, and the
    /// worker blocked at the same time as the read.
    func tracedTrace(source: ProfileSource = .perf) throws -> LaunchTrace {
        let start = try #require(try Fixture.baseTrace().record(of: .didFinishLaunching)).startNs
        let ms: Int64 = 1_000_000
        return try Fixture.trace(
            samples: [
                Fixture.blocked(start + 31 * ms, 8 * ms, stack: Fixture.readStack),  // inside the read
                Fixture.blocked(start + 31 * ms, 8 * ms, stack: nil, thread: Fixture.workerTID),
                Fixture.onCPU(start + 36 * ms, stack: Fixture.readStack),  // taken inside the read
                Fixture.blocked(start + 45 * ms, 2 * ms, stack: Fixture.readStack),  // after it
            ], source: source, mainThread: Fixture.tracedActivity(readAt: start + 30 * ms, durationNs: 10 * ms))
    }

    @Test("Main-thread time inside a traced call is counted once, by the call; stall samples are not used")
    func tracedCallsOnce() throws {
        let profile = stacks(try tracedTrace())
        #expect(
            FoldedStacks().render([profile]) == """
                [didFinishLaunching];main thread;FixtureProgram+0x1100;libc.so.6+0x114000;[blocked] 2000
                [didFinishLaunching];main thread;FixtureProgram+0x1100;read() [fileIO] 10000
                [didFinishLaunching];thread fixture-worker;[blocked] 8000

                """)
        let mainNs = profile.samples.filter { $0.thread == nil }.map(\.weightNs).reduce(0, +)
        #expect(mainNs == 12_000_000)
        #expect(!profile.samples.contains { $0.source == .stallSample })
        // The tracer's calls stay first among the call samples, as the HTML events section reads them.
        #expect(profile.samples.filter { $0.source == .blockingCall }.count == 1)
    }

    @Test("Without a perf profile (or with an empty one) the stall samples stand in, as before")
    func fallback() throws {
        for trace in [
            try tracedTrace(source: .ptrace), try Fixture.trace(samples: [], mainThread: tracedTraceActivity()),
        ] {
            let profile = stacks(trace)
            #expect(Set(profile.samples.map(\.source)) == [.blockingCall, .stallSample])
            #expect(
                profile.samples.filter { $0.source == .stallSample }.map(\.weightNs) == [
                    2_000_000, 2_000_000, 2_000_000,
                ])
            #expect(profile.samples.allSatisfy { $0.threadName == "main thread" })
        }
    }

    /// The traced trace's main-thread activity.
    func tracedTraceActivity() throws -> MainThreadActivity {
        try #require(try tracedTrace().mainThread)
    }

    @Test("The Chrome trace has a well-nested track per thread, its events named by their function")
    func chromeTrace() throws {
        let trace = try programTrace()
        let json = try ChromeTraceReport().render(traces: [trace], profiles: [stacks(trace)])
        let events = try ChromeTraceTests().validate(json)
        let tracks = events.filter { $0["name"] as? String == "thread_name" }.compactMap { event -> (Int, String)? in
            guard let tid = event["tid"] as? Int, let name = (event["args"] as? [String: Any])?["name"] as? String
            else {
                return nil
            }
            return tid >= ChromeTraceReport.firstProfileTrack ? (tid, name) : nil
        }
        #expect(tracks.map(\.0) == [100, 101])
        #expect(
            tracks.map(\.1) == [
                "main thread: on-CPU and blocked", "thread fixture-worker (tid 4242): on-CPU and blocked",
            ])
        let sampled = events.filter { ($0["tid"] as? Int ?? 0) >= 100 && $0["ph"] as? String == "X" }
        let names = sampled.map { "\($0["tid"] as? Int ?? 0) \($0["name"] as? String ?? "")" }
        #expect(
            names == [
                "100 FixtureProgram+0x1200", "100 FixtureProgram+0x1200", "100 FixtureProgram+0x1200",
                "100 libc.so.6+0x114000 [blocked]", "100 FixtureProgram+0x1200",
                "101 FixtureProgram+0x1300", "101 FixtureProgram+0x1300", "101 [no stack] [blocked]",
            ])
        let stack = (sampled[0]["args"] as? [String: Any])?["stack"] as? [String]
        #expect(stack == ["FixtureProgram+0x1200", "FixtureProgram+0x1100"])
    }

    @Test("The HTML flame graph's data holds every thread's stacks under their thread roots")
    func flameGraphData() throws {
        var input = try ReportFixture.input()
        let trace = try programTrace()
        input.traces = [trace]
        input.profiles = [stacks(trace)]
        let html = try HTMLReport().render(input)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        )
        let frames = try #require(object["frames"] as? [String])
        let samples = try #require(object["samples"] as? [[String: Any]])
        #expect(samples.count == 8)
        let roots = samples.compactMap { ($0["s"] as? [Int])?.first.map { frames[$0] } }
        #expect(Set(roots) == ["main thread", "thread fixture-worker"])
        #expect(frames.contains("FixtureProgram+0x1200") && frames.contains("FixtureProgram+0x1300"))
        let weights = samples.compactMap { $0["w"] as? Double }.reduce(0, +)
        #expect(weights == 27_750)

        guard Chromium.path != nil else { return }
        let browser = HTMLBrowserTests()
        let dom = try browser.dumpDOM(html)
        #expect(browser.attribute("data-errors", ofBodyIn: dom) == nil)
        // all samples, the phase, two threads, main, its two callees, the worker's loop, two [blocked].
        #expect(browser.attribute("data-flame-nodes", ofBodyIn: dom) == "10")
        let drawn = try browser.matches("class=\"flame-node\"[^>]*>([^<]*)</div>", in: dom).map { $0[0] }
        #expect(
            Set(drawn) == [
                "all samples", "[didFinishLaunching]", "main thread", "thread fixture-worker",
                "FixtureProgram+0x1100", "FixtureProgram+0x1200", "libc.so.6+0x114000", "[blocked]",
                "FixtureProgram+0x1300",
            ])
    }
}
