import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Waits that nothing but SIGKILL could end: a readiness pattern with catastrophic
/// backtracking, a named pipe or socket in the run folder. Each run must end by itself, leave
/// its folder complete and print the exit code it returns.
@Suite("Hostile waits", .serialized)
struct HostileWaitTests {
    /// A program that prints a line of 110 `a` and a `!` (the line a backtracking matcher
    /// never finishes with these patterns), then `after`.
    static func catastrophicLine(then after: String, in folder: URL) throws -> String {
        try HostileRun.script(
            "printf '%0110d!\\n' 0 | tr 0 a\n\(after)", in: folder)
    }

    @Test(
        "a pattern with catastrophic backtracking ends at --timeout: the launch times out, the folder is complete",
        arguments: ["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "(a*)*b", "^(\\w+\\s?)*$", "(.*a){12}$"])
    func catastrophicPattern(pattern: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try Self.catastrophicLine(then: "exec sleep 60", in: folder)
        let run = folder.appendingPathComponent("run")
        let result = try HostileRun.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--pre-main-launches", "0", "--ready-when",
                "stdout:\(pattern)",
                "--timeout", "3", "--output", run.path, "--", app,
            ], patience: 30)
        #expect(!result.hung, "launchprof was still running 30 s after a 3 s timeout")
        #expect(result.output.status == ProfilerExitStatus.launchFailed.rawValue, "\(result.output.stderr)")
        #expect(result.printedStatus == result.output.status)
        #expect(HostileRun.missingFiles(in: run).isEmpty, "missing: \(HostileRun.missingFiles(in: run))")
        let manifest = try RunManifest.read(from: run.appendingPathComponent("launches.json"))
        #expect(manifest.launches.map(\.outcome) == [.timedOut])
    }

    @Test("a line that matches after the catastrophic one makes the program ready")
    func matchAfterCatastrophicLine() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try Self.catastrophicLine(then: "echo ready\nexec sleep 60", in: folder)
        let result = try HostileRun.launchprof(
            [
                "run", "--runs", "2", "--warmup", "0", "--no-history", "--ready-when", "stdout:^(a+)+$|^ready$",
                "--timeout", "20", "--grace-period", "0.2", "--output", folder.appendingPathComponent("run").path,
                "--", app,
            ], patience: 60)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stdout)\n\(result.output.stderr)")
        #expect(result.printedStatus == 0)
    }

    @Test(
        "SIGTERM or SIGINT while the program prints lines a pattern cannot match end the run: exit 130",
        arguments: [SIGTERM, SIGINT])
    func interruptedWhileMatching(signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // An endless stream of catastrophic lines.
        let app = try HostileRun.script("while :; do printf '%0110d!\\n' 0 | tr 0 a; done", in: folder)
        let run = folder.appendingPathComponent("run")
        let result = try HostileRun.launchprof(
            [
                "run", "--runs", "3", "--warmup", "0", "--no-history", "--ready-when", "stdout:^(a+)+$",
                "--timeout", "600", "--output", run.path, "--", app,
            ], patience: 20, signal: signal, after: 2)
        #expect(!result.hung, "launchprof ignored signal \(signal)")
        #expect(result.output.status == ProfilerExitStatus.interrupted.rawValue, "\(result.output.stderr)")
        #expect(result.printedStatus == result.output.status)
        #expect(HostileRun.missingFiles(in: run).isEmpty, "missing: \(HostileRun.missingFiles(in: run))")
    }

    @Test(
        "a named pipe or socket the program leaves in the run folder is skipped: the run ends with its summary",
        arguments: [
            "mkfifo \"$dir/evil.fifo\"",
            "\(TestPython.path) -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \"$dir/evil.sock\"",
            "mkfifo \"$dir/evil.fifo\"; mkfifo \"$dir/zzz.json\"",
        ])
    func specialFileInRunFolder(create: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Measurement launches carry no LAUNCHPROF_TRACE; the diagnosis launch does.
        let app = try HostileRun.script(
            "[ -n \"$LAUNCHPROF_TRACE\" ] || exit 0\ndir=$(dirname \"$LAUNCHPROF_TRACE\")\n[ -e \"$dir/evil.fifo\" ] || [ -e \"$dir/evil.sock\" ] || { \(create); }",
            in: folder)
        let run = folder.appendingPathComponent("run")
        let result = try HostileRun.launchprof(
            ["run", "--runs", "2", "--warmup", "0", "--no-history", "--output", run.path, "--", app], patience: 60)
        #expect(!result.hung, "the end of the run hung on the special file")
        #expect(result.output.status == 0, "\(result.output.stderr)")
        #expect(result.printedStatus == 0)
        #expect(HostileRun.missingFiles(in: run).isEmpty, "missing: \(HostileRun.missingFiles(in: run))")
    }

    @Test("--grace-period is capped like --timeout: 1e300, inf, nan, 86401 and -1 are refused")
    func gracePeriodIsCapped() throws {
        for value in ["1e300", "inf", "nan", "86401", "-1"] {
            let result = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "1", "--grace-period", value, "--ready-when", "file:/nonexistent/x", "--",
                    "/bin/true",
                ])
            #expect(result.status == 1, "--grace-period \(value): \(result.stderr)")
            #expect(result.stderr.contains("--grace-period must be"), "--grace-period \(value): \(result.stderr)")
        }
    }

    @Test("SIGSTOP then SIGCONT to launchprof mid-launch is noted: the launch's times include the pause")
    func stoppedAndContinued() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try HostileRun.script("sleep 4", in: folder)
        let started = try BuiltProducts.startLaunchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--no-measurement-launches", "--no-history", "--output",
                folder.appendingPathComponent("run").path, "--", app,
            ])
        // Once the handlers are installed (the launch is running by then).
        usleep(2_000_000)
        kill(started.process.processIdentifier, SIGSTOP)
        usleep(300_000)
        kill(started.process.processIdentifier, SIGCONT)
        let output = try started.wait(timeout: 60)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("stopped and continued 1 time(s)"), "\(output.stderr)")
    }

    @Test(
        "timeout's SIGCONT after its SIGTERM or SIGINT is not a stop: exit 130 and no note of a pause",
        arguments: ["TERM", "INT"])
    func continuedByTimeout(signal: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try HostileRun.script("sleep 30", in: folder)
        // timeout sends the signal, then SIGCONT (in case its child was stopped), to launchprof.
        let output = try BuiltProducts.run(
            "/usr/bin/timeout",
            [
                "--preserve-status", "-s", signal, "3", BuiltProducts.path("launchprof"), "run", "--runs", "1",
                "--warmup", "0", "--no-history", "--output", folder.appendingPathComponent("run").path, "--", app,
            ], timeout: 60)
        #expect(output.status == ProfilerExitStatus.interrupted.rawValue, "\(output.stderr)")
        #expect(output.stderr.contains("interrupted by signal"), "\(output.stderr)")
        #expect(!output.stderr.contains("stopped and continued"), "\(output.stderr)")
    }
}
