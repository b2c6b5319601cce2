import Foundation
import LaunchRunner
import LaunchTrace
import Testing

/// The main-thread instruments against real launches through the built CLI: the preloaded
/// blocking-call tracer, the stall watchdog, and its two samplers (ptrace from the runner,
/// signal in the app). Serialized: the stall timings are wall-clock measurements on 2 cores.
@Suite("Main-thread instruments", .serialized)
struct InstrumentTests {
    // Long enough that the watchdog's detection delay (a 5 ms ping) stays well inside the 5 %
    // the stall is checked to; the reference is the call's real duration (`fixture.block`).
    static let injectedMs: Int64 = 700

    @Test(
        "under the runner (tracer + ptrace) every blocking call is timed, recorded with its kind and stack, and never cut short",
        arguments: BlockingCase.all)
    func runnerMatrix(_ blocking: BlockingCase) throws {
        let output = try Launch.trace("block:\(blocking.call):\(Self.injectedMs)", options: ["--profile", "off"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(
            !(output.stdout + output.stderr).contains("EINTR") && !(output.stdout + output.stderr).contains("SHORT"),
            "\(output.stderr)")
        let trace = try #require(output.trace)
        let activity = try #require(trace.mainThread)
        #expect(activity.sampler.method == .ptrace)
        #expect(activity.sampler.signalsSent == 0)
        let stall = try #require(
            activity.stalls.first { $0.durationNs > 200_000_000 }, "no stall in \(activity.stalls)")
        #expect(within(5, stall.durationNs, of: try trace.blockedNs()), "stall \(stall.durationNs) ns")
        #expect(stall.phase == .didFinishLaunching)
        #expect(!stall.samples.isEmpty)
        let tracer = try #require(activity.tracer)
        #expect(tracer.recordedCalls >= 1)
        let index = try #require(
            activity.blockingCalls.firstIndex { $0.function == blocking.function && $0.durationNs > 200_000_000 },
            "\(activity.blockingCalls.map(\.function))")
        let call = activity.blockingCalls[index]
        #expect(call.kind == blocking.kind)
        #expect(!call.stack.isEmpty)
        #expect(call.phase == .didFinishLaunching)
        #expect(within(5, call.durationNs, of: try trace.blockedNs()), "call \(call.durationNs) ns")
        // The sampler did not stop the thread inside the timed call: the samples taken while
        // the call ran point at it. (One taken after the call returned, before the watchdog's
        // ping ran on the main queue, is a real stack of the thread on its way back.)
        let during = stall.samples.filter { $0.timeNs < call.startNs + call.durationNs }
        #expect(!during.isEmpty)
        #expect(during.allSatisfy { $0.blockingCall == index && $0.frames.isEmpty }, "\(stall.samples)")
        // The stack starts in the app: its innermost frame lies in the FixtureApp executable.
        let app = try #require(activity.images.first { $0.path.hasSuffix("/FixtureApp") })
        #expect(call.stack.contains { app.contains($0) })
    }

    @Test(
        "ptrace without the tracer stops the thread in the call: every call keeps waiting but epoll_wait",
        arguments: BlockingCase.all)
    func ptraceWithoutTracer(_ blocking: BlockingCase) throws {
        let output = try Launch.trace(
            "block:\(blocking.call):\(Self.injectedMs)", options: ["--profile", "off", "--no-tracer"])
        if blocking.cutShortByPtrace {
            #expect(output.status != 0)
            #expect(
                (output.stdout + output.stderr).contains("EINTR") || (output.stdout + output.stderr).contains("SHORT"),
                "\(output.stdout)\(output.stderr)")
            return
        }
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let activity = try #require(trace.mainThread)
        #expect(activity.tracer == nil)
        let stall = try #require(activity.stalls.first)
        #expect(within(5, stall.durationNs, of: try trace.blockedNs()))
        #expect(!stall.samples.isEmpty)
        #expect(stall.samples.allSatisfy { !$0.frames.isEmpty && $0.blockingCall == nil })
    }

    @Test(
        "signal fallback without the tracer: sleeps, poll, select and epoll_wait are cut short; the rest keep waiting",
        arguments: BlockingCase.all)
    func signalFallback(_ blocking: BlockingCase) throws {
        let output = try Launch.trace(
            "block:\(blocking.call):\(Self.injectedMs)",
            options: ["--profile", "off", "--no-tracer", "--sampler", "signal"])
        if blocking.cutShortBySignal {
            #expect(output.status != 0, "\(blocking.call) was expected to be cut short by the sample signal")
            #expect(
                (output.stdout + output.stderr).contains("EINTR") || (output.stdout + output.stderr).contains("SHORT"),
                "\(output.stdout)\(output.stderr)")
            return
        }
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let activity = try #require(trace.mainThread)
        #expect(activity.sampler.method == .signal)
        #expect(activity.sampler.signalsSent > 0)
        #expect(activity.sampler.samplesTaken > 0)
        let stall = try #require(activity.stalls.first)
        #expect(within(5, stall.durationNs, of: try trace.blockedNs()))
    }

    @Test(
        "signal fallback with the tracer preloaded: no signal lands in a timed call, so nothing is cut short",
        arguments: BlockingCase.all)
    func signalWithTracer(_ blocking: BlockingCase) throws {
        let output = try Launch.trace(
            "block:\(blocking.call):\(Self.injectedMs)", options: ["--profile", "off", "--sampler", "signal"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let activity = try #require(trace.mainThread)
        #expect(activity.sampler.method == .signal)
        let stall = try #require(activity.stalls.first)
        #expect(within(5, stall.durationNs, of: try trace.blockedNs()))
        // While the call runs, samples point at it and no signal is sent (status 0 above: the
        // app saw no EINTR and no short wait). A sample taken after the call returned, before
        // the watchdog's ping ran, is a real one and may cost a signal to a running thread.
        let call = try #require(activity.blockingCalls.first { $0.durationNs > 200_000_000 })
        let during = stall.samples.filter { $0.timeNs < call.startNs + call.durationNs }
        #expect(!during.isEmpty && during.allSatisfy { $0.blockingCall != nil })
        #expect(activity.sampler.signalsSent <= stall.samples.count - during.count)
    }

    @Test("CPU work on the main thread is a stall with stacks, by either sampler", arguments: ["ptrace", "signal"])
    func spin(sampler: String) throws {
        let output = try Launch.trace("spin:\(Self.injectedMs)", options: ["--profile", "off", "--sampler", sampler])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let activity = try #require(output.trace?.mainThread)
        let stall = try #require(activity.stalls.first)
        #expect(stall.durationNs >= Self.injectedMs * 1_000_000)
        #expect(stall.phase == .didFinishLaunching)
        #expect(stall.samples.count >= 10)
        #expect(stall.samples.allSatisfy { $0.frames.count >= 3 && $0.blockingCall == nil })
        #expect(activity.sampler.samplesTaken == stall.samples.count)
        let app = try #require(activity.images.first { $0.path.hasSuffix("/FixtureApp") })
        #expect(stall.samples.contains { $0.frames.contains { app.contains($0) } })
        #expect(activity.blockingCalls.isEmpty)
    }

    @Test(
        "an idle launch has no stall, sends no signal and makes no blocking call over the threshold",
        arguments: ["ptrace", "signal"])
    func idleLaunch(sampler: String) throws {
        let output = try Launch.trace("normal", options: ["--profile", "off", "--sampler", sampler])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let trace = try #require(output.trace)
        let activity = try #require(trace.mainThread)
        #expect(activity.stalls.isEmpty)
        #expect(activity.sampler.signalsSent == 0)
        #expect(activity.sampler.samplesTaken == 0)
        #expect(activity.blockingCalls.isEmpty, "\(activity.blockingCalls)")
        let tracer = try #require(activity.tracer)
        #expect(tracer.interceptedCalls > 0)
        #expect(tracer.thresholdNs == 1_000_000)
        #expect(trace.profiler.instruments.contains("blockingCalls"))
        #expect(trace.profiler.instruments.contains("stallSampler"))
        // The image map: the executable first, with a build id and its code range.
        let first = try #require(activity.images.first)
        #expect(first.path.hasSuffix("/FixtureApp"))
        #expect(first.buildID != nil)
        #expect(first.textStart < first.textEnd)
        #expect(activity.images.contains { $0.path.contains("libLaunchPreload.so") })
        #expect(activity.images.contains { $0.path.contains("libc.so") })
    }

    @Test(
        "the app cannot be crashed by sampling frames without frame pointers (garbage RBP)",
        arguments: ["ptrace", "signal"])
    func noFramePointers(sampler: String) throws {
        let output = try Launch.trace("noFramePointers:400", options: ["--profile", "off", "--sampler", sampler])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let activity = try #require(output.trace?.mainThread)
        let stall = try #require(activity.stalls.first)
        #expect(stall.samples.count >= 10)
        #expect(stall.samples.allSatisfy { !$0.frames.isEmpty })
    }

    @Test("the built libLaunchPreload.so needs libc only: no Swift runtime in profiled processes")
    func preloadLibraryIsPlainC() throws {
        let library = try #require(InstrumentSettings.preloadLibrary(besideExecutable: Launch.path("launchprof")))
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/ldd")
        process.arguments = [library]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let names = output.split(separator: "\n").compactMap {
            $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
        }
        #expect(names.contains { $0.hasPrefix("libc.so") }, "\(output)")
        let others = names.filter {
            !$0.hasPrefix("libc.so") && !$0.hasPrefix("linux-vdso") && !$0.contains("ld-linux")
        }
        #expect(others.isEmpty, "\(output)")
    }

    @Test("--tracer without libLaunchPreload.so beside launchprof is a clear error")
    func missingTracer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("instr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("launchprof").path
        try FileManager.default.copyItem(atPath: Launch.path("launchprof"), toPath: copy)
        let output = try Launch.trace("normal", options: ["--tracer"], launchprof: copy)
        #expect(output.status != 0)
        #expect(output.stderr.contains("libLaunchPreload.so"), "\(output.stderr)")
        // Without --tracer the same launchprof runs the app without the tracer.
        let plain = try Launch.trace("normal", launchprof: copy)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.trace?.mainThread?.tracer == nil)
    }
}
