import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Output lines a `stdout:` pattern must read as they are: a line longer than any buffer is
/// matched to its end (no `$` where a buffer was cut), and a last line without a newline is a
/// line once the program closes its output.
@Suite("Hostile output lines", .serialized)
struct HostileLineTests {
    /// `launchprof run` of `/bin/sh -c SCRIPT` once, ready when `pattern` matches a line of its output.
    private static func run(_ script: String, readyWhen pattern: String, timeout: Int, in folder: URL) throws
        -> HostileRun
    {
        try HostileRun.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--pre-main-launches", "0", "--ready-when",
                "stdout:\(pattern)", "--timeout", "\(timeout)", "--grace-period", "0.2", "--output",
                folder.appendingPathComponent("run").path, "--", "/bin/sh", "-c", script,
            ], patience: Double(timeout) + 30)
    }

    private static func outcomes(in folder: URL) throws -> [LaunchRecord.Outcome] {
        try RunManifest.read(from: folder.appendingPathComponent("run/launches.json")).launches.map(\.outcome)
    }

    @Test("a 1 MB line of a ending in b is not ^a+$: the launch is never ready, exit 3")
    func longLineHasNoFalseEnd() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(
            "head -c 1000000 /dev/zero | tr '\\0' a; printf 'b\\n'; exec sleep 60", readyWhen: "^a+$", timeout: 3,
            in: folder)
        #expect(!result.hung)
        #expect(result.output.status == ProfilerExitStatus.launchFailed.rawValue, "\(result.output.stdout)")
        #expect(result.printedStatus == result.output.status)
        #expect(try Self.outcomes(in: folder) == [.timedOut])
    }

    @Test("the same 1 MB line without the b is ^a+$: ready, exit 0")
    func longLineMatchesToItsEnd() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(
            "head -c 1000000 /dev/zero | tr '\\0' a; echo; exec sleep 60", readyWhen: "^a+$", timeout: 20, in: folder)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stdout)\n\(result.output.stderr)")
        #expect(try Self.outcomes(in: folder) == [.completed])
    }

    @Test(
        "a last line without a newline is matched when the output closes: exit 0",
        arguments: ["printf ready", "printf 'starting\\nready'; exec sleep 60 >/dev/null"])
    func lastLineWithoutNewline(script: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(script, readyWhen: "^ready$", timeout: 10, in: folder)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(script): \(result.output.stdout)\n\(result.output.stderr)")
        #expect(result.printedStatus == 0)
        #expect(try Self.outcomes(in: folder) == [.completed])
    }

    @Test("a last line that matches whatever follows is ready while the output stays open: exit 0")
    func readyBeforeNewline() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(
            "printf 'listening on 8080'; exec sleep 60", readyWhen: "listening on [0-9]+", timeout: 10, in: folder)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stdout)\n\(result.output.stderr)")
    }

    @Test("a program that closes its output is not polled again: launchprof waits without spinning")
    func closedOutputIsNotPolled() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let started = try BuiltProducts.startLaunchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--no-history", "--pre-main-launches", "0", "--ready-when",
                "stdout:^never$", "--timeout", "4", "--output", folder.appendingPathComponent("run").path, "--",
                "/bin/sh", "-c", "exec >&-; exec sleep 60",
            ])
        usleep(3_500_000)
        let seconds = Self.cpuSeconds(of: started.process.processIdentifier)
        let output = try started.wait(timeout: 60)
        #expect(output.status == ProfilerExitStatus.launchFailed.rawValue, "\(output.stdout)")
        // Spinning on the closed pipe took the whole 3.5 s.
        #expect(try #require(seconds) < 1.5, "launchprof used \(seconds ?? 0) s of CPU in 3.5 s")
    }

    /// The user and system time `pid` used so far, from /proc.
    private static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's ")": state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
