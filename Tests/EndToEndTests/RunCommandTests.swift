import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `launchprof run` and `trace` on the real apps, built beside the tests.
@Suite("launchprof run on real apps")
struct RunCommandTests {
    @Test("trace prints every phase of the seed app's code path and writes its trace")
    func traceSeedApp() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("seed.trace.json").path
        let output = try BuiltProducts.launchprof(["trace", "-o", tracePath, "--", BuiltProducts.path("SeedApp")])
        #expect(output.status == 0, "\(output.stderr)")
        for phase in PhaseName.uikit where phase != .mainStoryboard {
            #expect(output.stdout.contains(phase.rawValue), "missing \(phase.rawValue)")
        }
        #expect(!output.stdout.contains("mainStoryboard"))
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.app.interface == .code)
        #expect(trace.clock.startSource == .spawn)
        #expect(trace.ending.reason == .exitAfterActive)
    }

    @Test(
        "--launch-reason reaches the scene-based SampleApp: the URL, the activity and the notification opened in its scene's connection options, the notification in its launch options",
        arguments: [
            ("url:sample://item/7", "openURL:sample://item/7"),
            ("activity:org.launchprofiler.browsing", "continueActivity:org.launchprofiler.browsing"),
            (#"notification:{"aps":{"badge":1}}"#, "remoteNotification"),
            (#"notification:{"aps":{"alert":"Item 7"}}"#, "openNotification"),
        ])
    func launchReason(reason: String, mark: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("reason.trace.json").path
        let output = try BuiltProducts.launchprof([
            "trace", "--launch-reason", reason, "-o", tracePath, "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.marks.map(\.name).contains(mark), "\(trace.marks.map(\.name))")
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
    }

    @Test("a bad --launch-reason is refused before any launch, naming the value and the forms")
    func badLaunchReason() throws {
        let output = try BuiltProducts.launchprof([
            "trace", "--launch-reason", "push:now", "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status != 0)
        #expect(
            output.stderr.contains("\"push:now\"") && output.stderr.contains(LaunchReason.forms), "\(output.stderr)")
    }

    @Test("run on SampleApp with budgets that pass: exit 0, every launch's trace, a manifest and a summary")
    func runPasses() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--warmup", "1", "--budgets", BuiltProducts.fixture("budgets-generous.json"),
            "--output", folder.path, "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stdout.contains("3 measurement launches give the times below (3 completed); 3 diagnosis launches"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        // Three diagnosis launches' traces and three measurement launches'.
        #expect(files.filter { $0.hasPrefix("launch-") && $0.hasSuffix(".trace.json") }.count == 3)
        #expect(files.filter { $0.hasPrefix("measure-") && $0.hasSuffix(".trace.json") }.count == 3)
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
        #expect(manifest.launches.map(\.outcome) == [.completed, .completed, .completed])
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        #expect(summary.metric(.timeToFirstFrame, scenario: .warm)?.statistics.n == 3)
        #expect(
            summary.metric(.phase(.sceneWillConnect), scenario: .warm) != nil,
            "SampleApp is scene-based: its scene connects"
        )
        #expect(
            summary.metric(.phase(.mainStoryboard), scenario: .warm) == nil, "a scene-based app has no main storyboard")
        #expect(summary.scenarios["warm"]?.phases == PhaseName.uikitScene)
    }

    @Test("run with a budget SampleApp cannot meet exits 2 and says which rule failed")
    func runFails() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--warmup", "0", "--budgets", BuiltProducts.fixture("budgets-fail.json"),
            "--output", folder.path, "--format", "markdown", "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("timeToFirstFrame"))
        #expect(output.stdout.lowercased().contains("fail"))
    }

    @Test(
        "an app that crashes, hangs, or writes no trace exits 3 with a clear message, and every launch is recorded",
        arguments: [
            ("crash", "killed by signal 6 (SIGABRT)", LaunchRecord.Outcome.crashed),
            ("hang", "did not finish within 2 s", .timedOut),
            ("noTrace", "wrote no trace", .noTrace),
        ]
    )
    func failingApps(behavior: String, phrase: String, outcome: LaunchRecord.Outcome) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "2", "--warmup", "0", "--timeout", "2", "--budgets",
                BuiltProducts.fixture("budgets-pass.json"),
                "--output", folder.path, "--", BuiltProducts.path("FixtureApp"),
            ],
            environment: ["FIXTURE_BEHAVIOR": behavior]
        )
        #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains(phrase), "\(output.stdout)")
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
        if outcome == .timedOut {
            // Its first two launches (the diagnosis launch and the pre-main launch after it) time out:
            // the run stops there, with the reason, instead of waiting out the second's timeout too.
            #expect(manifest.launches.map(\.outcome) == [outcome])
            #expect(output.stderr.contains("stopped after 2 launches"), "\(output.stderr)")
        } else {
            #expect(manifest.launches.map(\.outcome) == [outcome, outcome])
        }
        if outcome != .noTrace {
            #expect(manifest.launches.allSatisfy { $0.lastPhase == "didFinishLaunching" })
        }
    }

    @Test(
        "one crashing launch among good ones fails the run (exit 3) unless --allow-failed tolerates it; the others are kept and checked",
        arguments: [(nil, ProfilerExitStatus.launchFailed), ("1", .launchFailed), ("9", .success)]
    )
    func oneCrashAmongGoodLaunches(allowFailed: String?, status: ProfilerExitStatus) throws {
        // The second launch crashes in each series (the diagnosis and the measurement launches', and
        // the pre-main launches' second when there is one): at least two failed launches, which
        // --allow-failed counts alike.
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let allow = allowFailed.map { ["--allow-failed", $0] } ?? []
        let output = try BuiltProducts.launchprof(
            // Generous budgets: the exit code depends on the crashed launch, not on the machine's load.
            ["run", "--runs", "3", "--warmup", "0", "--budgets", BuiltProducts.fixture("budgets-generous.json")] + allow
                + ["--output", folder.path, "--", BuiltProducts.path("FixtureApp")],
            environment: ["FIXTURE_BEHAVIOR": "crashOnRun:2"]
        )
        #expect(output.status == status.rawValue, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("1 crashed"))
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
        #expect(manifest.launches.map(\.outcome) == [.completed, .crashed, .completed])
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        #expect(summary.completedLaunchCount == 2)
        #expect(summary.measurementLaunches?.map(\.outcome) == [.completed, .crashed, .completed])
        #expect(summary.judgedLaunches.filter { $0.outcome == .crashed }.count >= 2, "\(output.stdout)")
    }

    @Test("cold runs evict the app's files from the page cache and report how much")
    func coldReportsEviction() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "2", "--warmup", "0", "--scenario", "cold",
            "--output", folder.path, "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("cold:"))
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
        #expect(
            manifest.launches.allSatisfy { ($0.evictedBytes ?? 0) > 0 },
            "the executable itself was resident and is evicted before each launch")
    }

    @Test("resume runs time the return from the background")
    func resume() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "2", "--warmup", "0", "--scenario", "resume",
            "--output", folder.path, "--format", "json", "--", BuiltProducts.path("SampleApp"),
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        let toActive = try #require(summary.metric(.resumeToActive, scenario: .resume))
        let toFrame = try #require(summary.metric(.resumeToFrame, scenario: .resume))
        #expect(toActive.statistics.n == 2)
        #expect(toFrame.statistics.median <= toActive.statistics.median)
    }
}

/// `--adaptive` adds launches while a verdict is inconclusive.
@Suite("launchprof run --adaptive")
struct AdaptiveRunTests {
    @Test("a run whose launches straddle the limit gets launches added up to --max-runs, and stays inconclusive")
    func addsLaunchesUntilMax() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let budgets = folder.appendingPathComponent("budgets.json")
        try Data(#"{"schemaVersion": 1, "rules": [{"metric": "didFinishLaunching", "limit": "20ms"}]}"#.utf8).write(
            to: budgets)
        // Odd launches sleep 5 ms, even ones 40 ms: the median's interval always holds 20 ms.
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "3", "--warmup", "0", "--adaptive", "--max-runs", "8", "--budgets", budgets.path,
                "--no-tracer", "--sampler", "none", "--output", folder.appendingPathComponent("run").path, "--",
                BuiltProducts.path("FixtureApp"),
            ],
            environment: ["FIXTURE_BEHAVIOR": "sleepByRun:5,40"]
        )
        #expect(output.status == 4, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr.contains("adaptive: 1 verdict(s) inconclusive after 3 launches; adding 5"))
        let manifest = try RunManifest.read(from: folder.appendingPathComponent("run/launches.json"))
        #expect(manifest.launches.count == 8)
        #expect(manifest.launches.map(\.index) == Array(1...8))
    }

    @Test(
        "a directory or a script without its interpreter is refused before the run: exit 1, nothing launched, no run folder"
    )
    func programCheckedBeforeTheRun() throws {
        let folder = try BuiltProducts.scratchFolder("e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("tool.sh")
        try Data("#!/nonexistent/interpreter\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        for (program, problem) in [
            (folder.path, "is a directory, not a program"), (script.path, "interpreter /nonexistent/interpreter"),
        ] {
            let output = try BuiltProducts.launchprof([
                "run", "--runs", "2", "--output", folder.appendingPathComponent("run").path, "--", program,
            ])
            #expect(output.status == 1)
            #expect(output.stderr.contains(problem), "\(output.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("run").path))
        }
    }

    @Test("--setup, --prepare before each launch and --cleanup run in order; --show-output passes the program's output")
    func hyperfineHabits() throws {
        let folder = try BuiltProducts.scratchFolder("e2e")
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log").path
        let output = try BuiltProducts.launchprof(
            [
                "run", "--runs", "2", "--warmup", "1", "--no-history", "--pre-main-launches", "0",
                "--no-measurement-launches",
                "--setup", "echo setup >> '\(log)'", "--prepare", "echo prepare >> '\(log)'",
                "--cleanup", "echo cleanup >> '\(log)'", "--show-output", "--output",
                folder.appendingPathComponent("run").path,
                "--", "/bin/echo", "the program's own line",
            ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.components(separatedBy: "the program's own line").count - 1 == 3)
        let order = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(order == ["setup", "prepare", "prepare", "prepare", "cleanup"])
        let failed = try BuiltProducts.launchprof([
            "run", "--runs", "1", "--no-history", "--prepare", "exit 3", "--", "/bin/true",
        ])
        #expect(failed.status == 3)
        #expect(failed.stdout.contains("--prepare command `exit 3` exited with status 3"), "\(failed.stdout)")
        let setup = try BuiltProducts.launchprof([
            "run", "--runs", "1", "--no-history", "--setup", "false", "--", "/bin/true",
        ])
        #expect(setup.status == 1 && setup.stderr.contains("--setup command `false` exited with status 1"))
    }
}
