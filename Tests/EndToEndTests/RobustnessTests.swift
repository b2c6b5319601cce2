import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults a hostile but realistic user meets: runs started together, signals, apps that leave
/// children behind, traces with impossible values. Each test reproduces a defect of issue 12.
@Suite("Robustness", .serialized)
struct RobustnessTests {
    /// A shell-script app: it records its own pid and those of two background children (one
    /// in its process group, one that leaves it with `setsid`) in `pids`, then runs `body`.
    static func scriptApp(in folder: URL, body: String) throws -> (app: String, pids: URL) {
        let pids = folder.appendingPathComponent("pids.txt")
        let script = """
            #!/bin/sh
            echo $$ >> '\(pids.path)'
            sleep 300 &
            echo $! >> '\(pids.path)'
            setsid sleep 301 &
            echo $! >> '\(pids.path)'
            \(body)
            """
        let app = folder.appendingPathComponent("script-app.sh")
        try script.write(to: app, atomically: true, encoding: .utf8)
        chmod(app.path, 0o755)
        return (app.path, pids)
    }

    /// The recorded pids that still name a live (not zombie) process.
    static func survivors(_ pids: URL) -> [pid_t] {
        let text = (try? String(contentsOf: pids, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let state = stat[stat.index(close, offsetBy: 2)]
            return state != "Z" && state != "X"
        }
    }

    @Test("two runs started together get two folders, each with all its launches")
    func concurrentRuns() throws {
        let root = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let output = try? BuiltProducts.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--no-tracer", "--sampler", "none", "--profile", "off", "--",
                    BuiltProducts.path("FixtureApp"),
                ],
                in: root
            )
            statuses.withLock { $0.append(output?.status ?? -1) }
        }
        #expect(statuses.withLock { $0 } == [0, 0])
        let runs = root.appendingPathComponent(".launchprof/runs")
        let folders = try FileManager.default.contentsOfDirectory(atPath: runs.path).filter {
            $0 != "latest" && !$0.hasPrefix(".")
        }
        #expect(folders.count == 2, "\(folders)")
        for folder in folders {
            let manifest = try RunManifest.read(
                from: runs.appendingPathComponent(folder).appendingPathComponent("launches.json"))
            #expect(manifest.launches.map(\.outcome) == [.completed, .completed])
        }
    }

    @Test("the app inherits stdio and the profiler's channel only, never a file the runner holds open for writing")
    func noLeakedDescriptors() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let held = folder.appendingPathComponent("held-open-for-writing")
        let listing = folder.appendingPathComponent("descriptors.txt")
        let app = folder.appendingPathComponent("list-descriptors.sh")
        try "#!/bin/sh\nls -l /proc/$$/fd > '\(listing.path)'\n".write(to: app, atomically: true, encoding: .utf8)
        chmod(app.path, 0o755)
        // The runner itself holds a file open for writing, as a test or a parent shell would.
        // No measurement launch: it would run the script again without the event channel.
        let command =
            "exec 7>'\(held.path)'; exec '\(BuiltProducts.path("launchprof"))' run --runs 1 --warmup 0 --no-measurement-launches "
            + "--output '\(folder.appendingPathComponent("run").path)' -- '\(app.path)'"
        let output = try BuiltProducts.run("/bin/sh", ["-c", command])
        #expect(output.status == 0, "\(output.stderr)")
        let descriptors = try String(contentsOf: listing, encoding: .utf8)
        #expect(!descriptors.contains(held.lastPathComponent), "\(descriptors)")
        #expect(descriptors.contains("socket:"), "the event channel is inherited: \(descriptors)")
    }

    @Test("a run into a folder that already holds a run is refused")
    func folderNeverReused() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = [
            "run", "--runs", "1", "--warmup", "0", "--no-tracer", "--sampler", "none", "--output", folder.path, "--",
            BuiltProducts.path("FixtureApp"),
        ]
        #expect(try BuiltProducts.launchprof(arguments).status == 0)
        let second = try BuiltProducts.launchprof(arguments)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already holds a run"), "\(second.stderr)")
    }

    /// Starts `launchprof run` on a script app (``scriptApp(in:body:)`` with `sleep 300`),
    /// waits until the app and its two children are up, sends `signal` to launchprof and waits
    /// up to `patience` seconds for it to end (then kills it). Returns the ended process, whether
    /// it had hung, and the app's pids file.
    static func signalMidRun(
        _ signal: Int32, in folder: URL, extraArguments: [String] = [], environment: [String: String] = [:],
        patience: Double
    ) throws -> (process: Process, hung: Bool, pids: URL) {
        let (app, pids) = try scriptApp(in: folder, body: "sleep 300")
        let process = Process()
        process.executableURL = URL(filePath: BuiltProducts.path("launchprof"))
        process.arguments =
            ["run", "--runs", "3", "--warmup", "0", "--timeout", "120"] + extraArguments
            + ["--output", folder.appendingPathComponent("run").path, "--", app]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            ((try? String(contentsOf: pids, encoding: .utf8)) ?? "").split(separator: "\n").count < 3
        { usleep(20_000) }
        Glibc.kill(process.processIdentifier, signal)
        let exitDeadline = Date().addingTimeInterval(patience)
        while process.isRunning, Date() < exitDeadline { usleep(10_000) }
        let hung = process.isRunning
        if hung { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process, hung, pids)
    }

    @Test(
        "SIGTERM, SIGINT or SIGHUP mid-run kill the app and every descendant, and record the launch as interrupted",
        arguments: [SIGTERM, SIGINT, SIGHUP])
    func interruption(signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, _, pids) = try Self.signalMidRun(signal, in: folder, patience: 60)
        #expect(process.terminationStatus == ProfilerExitStatus.interrupted.rawValue)
        #expect(Self.survivors(pids).isEmpty, "left running: \(Self.survivors(pids))")
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("run/launches.json"))
        #expect(manifest.launches.map(\.outcome) == [.interrupted])
        #expect(manifest.launches.first?.message?.contains("killed the launch") == true)
    }

    @Test(
        "a crash of launchprof itself kills the launch and every descendant, a setsid daemon included",
        arguments: [SIGSEGV, SIGABRT])
    func crashOfTheTool(signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The Swift runtime's backtracer (the handler after launchprof's) would symbolicate for seconds.
        let (process, hung, pids) = try Self.signalMidRun(
            signal, in: folder, extraArguments: ["--no-history"], environment: ["SWIFT_BACKTRACE": "enable=no"],
            patience: 30
        )
        #expect(!hung, "launchprof did not end within 30 s of signal \(signal)")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        // What the handler killed was reaped by it or, once launchprof died, by init.
        let settled = Date().addingTimeInterval(5)
        while !Self.survivors(pids).isEmpty, Date() < settled { usleep(20_000) }
        #expect(Self.survivors(pids).isEmpty, "left running: \(Self.survivors(pids))")
    }

    @Test("SIGKILL mid-run: the app dies with launchprof, and the next launchprof ends what it left (a setsid daemon)")
    func killedTool() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (process, hung, pids) = try Self.signalMidRun(
            SIGKILL, in: folder, extraArguments: ["--no-history"], patience: 30)
        #expect(!hung && process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let recorded = ((try? String(contentsOf: pids, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            pid_t($0)
        }
        let app = try #require(recorded.first)
        // The app itself gets its parent-death signal with launchprof.
        let settled = Date().addingTimeInterval(5)
        while Self.survivors(pids).contains(app), Date() < settled { usleep(20_000) }
        #expect(!Self.survivors(pids).contains(app), "the app outlived launchprof")
        // No handler runs on SIGKILL: the next launchprof to start ends the rest, and says so
        // (in a parallel test run, another test's launchprof may start first and be that one,
        // even between this check and the next launch: then they are gone when it ends).
        let next = try BuiltProducts.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--output",
                folder.appendingPathComponent("next").path,
                "--", "/bin/true",
            ])
        #expect(next.status == 0, "\(next.stderr)")
        let swept = next.stderr.contains("left running by an earlier launchprof that was killed")
        #expect(swept || Self.survivors(pids).isEmpty, "\(next.stderr)")
        while !Self.survivors(pids).isEmpty, Date() < settled.addingTimeInterval(5) { usleep(20_000) }
        #expect(Self.survivors(pids).isEmpty, "left running: \(Self.survivors(pids))")
        // The run folder still has a valid manifest of the launches so far.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("run/launches.json").path))
    }

    @Test("SIGKILL after launches ended: every one of them is kept (the journal), and report reads them")
    func killedAfterLaunches() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let process = try BuiltProducts.startLaunchprof(
            ["run", "--runs", "500", "--no-history", "--output", run.path, "--", "/bin/sh", "-c", "sleep 0.005"])
        let journal = run.appendingPathComponent("launches.journal")
        func measured() -> Int {
            let text = (try? String(contentsOf: journal, encoding: .utf8)) ?? ""
            // Whole lines only: a line the kill cut short is not a launch the folder keeps.
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().filter {
                $0.contains("\"list\":\"measurementLaunches\"")
            }.count
        }
        let deadline = Date().addingTimeInterval(60)
        while measured() < 5, Date() < deadline, process.process.isRunning { usleep(20_000) }
        Glibc.kill(process.process.processIdentifier, SIGKILL)
        _ = try process.wait(timeout: 30)
        let kept = measured()
        #expect(kept >= 5, "the run made \(kept) measurement launches before it was killed")
        // launches.json was written before the first launch; the journal holds the rest.
        #expect(try RunManifest.read(from: run.appendingPathComponent("launches.json")).launches.isEmpty)
        let report = try BuiltProducts.launchprof(["report", "--format", "markdown", run.path])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout.contains("the median of \(kept) measurement launches (nothing loaded)"),
            "\(report.stdout.prefix(400))"
        )
    }

    @Test(
        "SIGTERM during the measurement launches: the profiled launch kept, the measurement launch recorded as interrupted, nothing left"
    )
    func interruptedMeasurementLaunch() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let marker = folder.appendingPathComponent("timing-started")
        // A measurement launch carries none of the runner's variables: only then does the script hang.
        let (app, pids) = try Self.scriptApp(
            in: folder, body: "[ -z \"$LAUNCHPROF_TRACE\" ] && { touch '\(marker.path)'; sleep 300; }; exit 0")
        let process = try ProductProcess.start(
            BuiltProducts.path("launchprof"),
            [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--pre-main-launches", "0", "--timeout", "120",
                "--output", folder.appendingPathComponent("run").path, "--", app,
            ])
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !FileManager.default.fileExists(atPath: marker.path) { usleep(20_000) }
        Glibc.kill(process.process.processIdentifier, SIGTERM)
        let output = try process.wait(timeout: 60)
        #expect(output.status == ProfilerExitStatus.interrupted.rawValue, "\(output.stderr)")
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("run/launches.json"))
        #expect(manifest.launches.map(\.outcome) == [.completed])
        #expect(manifest.measurementLaunches?.map(\.outcome) == [.interrupted])
        let settled = Date().addingTimeInterval(5)
        while !Self.survivors(pids).isEmpty, Date() < settled { usleep(20_000) }
        #expect(Self.survivors(pids).isEmpty, "left running: \(Self.survivors(pids))")
    }

    @Test(
        "SIGTERM during the warm-up keeps a valid launches.json with the warm-up launch, and the result line says interrupted"
    )
    func interruptedWarmup() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (app, pids) = try Self.scriptApp(in: folder, body: "sleep 300")
        let process = try ProductProcess.start(
            BuiltProducts.path("launchprof"),
            [
                "run", "--runs", "3", "--warmup", "1", "--no-history", "--timeout", "120", "--output",
                folder.appendingPathComponent("run").path, "--", app,
            ])
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            ((try? String(contentsOf: pids, encoding: .utf8)) ?? "").split(separator: "\n").count < 3
        {
            usleep(20_000)
        }
        Glibc.kill(process.process.processIdentifier, SIGTERM)
        let output = try process.wait(timeout: 60)
        #expect(output.status == ProfilerExitStatus.interrupted.rawValue)
        #expect(output.stdout.contains("Result: interrupted (exit 130)"), "\(output.stdout)")
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("run/launches.json"))
        #expect(manifest.launches.isEmpty)
        #expect(manifest.warmupLaunches?.map(\.index) == [-1])
        #expect(manifest.warmupLaunches?.map(\.outcome) == [.interrupted])
        #expect(Self.survivors(pids).isEmpty, "left running: \(Self.survivors(pids))")
    }

    @Test(
        "an app whose background children outlive it, and an app killed at the timeout, leave nothing behind",
        arguments: ["exit 0", "sleep 300"])
    func leftoversKilled(body: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (app, pids) = try Self.scriptApp(in: folder, body: body)
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--timeout", "3", "--output",
                folder.appendingPathComponent("run").path, "--", app,
            ]
        )
        // A script that exits 0 is a program that writes no trace: the runner builds its trace
        // (a completed launch); the one killed at the timeout fails the run.
        let expected: ProfilerExitStatus = body == "exit 0" ? .success : .launchFailed
        #expect(output.status == expected.rawValue, "\(output.stdout)\(output.stderr)")
        #expect(Self.survivors(pids).isEmpty, "left running: \(Self.survivors(pids))")
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("run/launches.json"))
        // At the timeout the app's whole group is killed with it: only the `setsid` child is left over.
        #expect(manifest.launches.first?.leftoverProcesses == (body == "exit 0" ? 2 : 1))
        // The completed program's measurement launch leaves the same behind, with none of the
        // runner's variables to mark its `setsid` child: it is found as launchprof's new orphan.
        #expect(manifest.measurementLaunches?.map(\.leftoverProcesses) == (body == "exit 0" ? [2] : nil))
    }

    @Test("a trace with an overflowing value is an invalid launch with exit 3, never a crash")
    func overflowingTrace() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(
            contentsOfFile: BuiltProducts.fixture("seedapp-run/launch-001.trace.json"), encoding: .utf8)
        var trace = try LaunchTrace.decode(Data(source.utf8), file: "fixture")
        trace.phases[0].durationNs = .max
        trace.phases[0].threadState.wallNs = .max
        let hostile = folder.appendingPathComponent("hostile.trace.json")
        try TraceJSON.write(trace, to: hostile)
        let script = "#!/bin/sh\ncp '\(hostile.path)' \"$\(ProfilerEnvironment.Variable.trace.rawValue)\"\n"
        let app = folder.appendingPathComponent("writes-trace.sh")
        try script.write(to: app, atomically: true, encoding: .utf8)
        chmod(app.path, 0o755)
        let run = folder.appendingPathComponent("run")
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "2", "--warmup", "0", "--budgets", BuiltProducts.fixture("budgets-pass.json"),
                "--output", run.path, "--", app.path,
            ]
        )
        #expect(output.status == ProfilerExitStatus.launchFailed.rawValue, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("invalid trace"), "\(output.stdout)")
        let manifest = try RunManifest.read(from: run.appendingPathComponent("launches.json"))
        #expect(manifest.launches.map(\.outcome) == [.invalidTrace, .invalidTrace])
        #expect(
            manifest.launches[0].message?.contains("at phases[0].durationNs") == true,
            "\(manifest.launches[0].message ?? "")")
        let check = try BuiltProducts.launchprof([
            "check", "--budgets", BuiltProducts.fixture("budgets-pass.json"), run.path,
        ])
        #expect(check.status == ProfilerExitStatus.launchFailed.rawValue, "\(check.stdout)\(check.stderr)")
    }

    @Test("a full small tmpfs gives a clear error and keeps what was written (launches.json and its journal)")
    func fullDisk() throws {
        let mountPoint = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        // Root in a container may mount a tmpfs; where it cannot, there is nothing to test here.
        guard
            try BuiltProducts.run("/bin/mount", ["-t", "tmpfs", "-o", "size=96k", "tmpfs", mountPoint.path]).status == 0
        else { return }
        defer { _ = try? BuiltProducts.run("/bin/umount", [mountPoint.path]) }
        let run = mountPoint.appendingPathComponent("run")
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "30", "--warmup", "0", "--no-tracer", "--sampler", "none", "--profile", "off",
                "--output", run.path, "--", BuiltProducts.path("FixtureApp"),
            ]
        )
        #expect(output.status != 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("The disk is full"), "\(output.stderr)")
        #expect(!output.stderr.contains("NSCocoaErrorDomain"), "\(output.stderr)")
        let manifest = try RunFolder(url: run).readManifest()
        #expect(!manifest.launches.isEmpty)
    }
}
