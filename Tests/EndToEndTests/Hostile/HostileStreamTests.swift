import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output or standard error that cannot be written (`/dev/full`, a reader that is gone
/// while SIGPIPE is ignored) and a copy of the program's output on a full disk: never a trap
/// (Foundation's `FileHandle.write` was one); a report that cannot be written is exit 1.
@Suite("Hostile standard streams", .serialized)
struct HostileStreamTests {
    /// `launchprof ARGUMENTS` started by bash with SIGPIPE ignored and `redirection` after it;
    /// bash exits with launchprof's own status.
    static func launchprof(_ arguments: [String], redirection: String) throws -> ProductProcess.Output {
        let script = "trap '' PIPE; \"$0\" \"$@\" \(redirection); exit ${PIPESTATUS[0]}"
        return try BuiltProducts.run("/bin/bash", ["-c", script, BuiltProducts.path("launchprof")] + arguments)
    }

    @Test(
        "a standard stream that cannot be written: no trap; the report that cannot be written is exit 1",
        arguments: [
            // Standard error cannot be written: the report on standard output, the run's status.
            ("2>/dev/full", Int32(0)),
            ("2>&1 >/dev/null | true", 0),
            // The report cannot be written: a sentence on standard error, exit 1.
            (">/dev/full", 1),
            ("| true", 1),
        ])
    func unwritableStream(redirection: String, expected: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let output = try Self.launchprof(
            ["run", "--runs", "2", "--warmup", "0", "--no-history", "--output", run.path, "--", "/bin/true"],
            redirection: redirection)
        #expect(output.status == expected, "\(redirection): \(output.stdout)\n\(output.stderr)")
        #expect(!output.stderr.contains("Fatal error"), "\(output.stderr)")
        if expected == 1 {
            #expect(output.stderr.contains("The standard output cannot be written"), "\(output.stderr)")
            #expect(output.stderr.contains(run.path), "the run folder is named: \(output.stderr)")
        }
        #expect(try HostileOutputTests.verdictsExitCode(in: run) == Int(expected), "verdicts.json says another status")
        #expect(HostileRun.missingFiles(in: run).isEmpty, "missing: \(HostileRun.missingFiles(in: run))")
    }

    @Test("other commands' output that cannot be written is exit 1 with a sentence", arguments: ["report", "history"])
    func unwritableReport(command: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let history = folder.appendingPathComponent("history.sqlite").path
        let made = try BuiltProducts.launchprof(
            ["run", "--runs", "1", "--warmup", "0", "--history", history, "--output", run.path, "--", "/bin/true"])
        #expect(made.status == 0, "\(made.stderr)")
        let arguments = command == "report" ? ["report", run.path] : ["history", "list", "--history", history]
        let output = try Self.launchprof(arguments, redirection: ">/dev/full")
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.contains("The standard output cannot be written: The disk is full"), "\(output.stderr)")
    }

    @Test(
        "a stderr: readiness copy of 2 MB of standard error on a nearly full disk: no trap, the run says the disk is full",
        arguments: ["256k", "1m"])
    func standardErrorCopyOnFullDisk(size: String) throws {
        let mountPoint = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        // Root in a container may mount a tmpfs; where it cannot, there is nothing to test here.
        guard
            try BuiltProducts.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", mountPoint.path])
                .status == 0
        else { return }
        defer { _ = try? BuiltProducts.run("/bin/umount", [mountPoint.path]) }
        let scripts = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scripts) }
        let app = try HostileRun.script(
            "head -c 2000000 /dev/zero | tr '\\0' x | fold -w 100 >&2\necho READY >&2\nexec sleep 5", in: scripts)
        let result = try HostileRun.launchprof(
            [
                "run", "--runs", "2", "--warmup", "0", "--no-history", "--ready-when", "stderr:^READY$",
                "--output", mountPoint.appendingPathComponent("run").path, "--", app,
            ], patience: 120)
        #expect(!result.hung)
        #expect(!result.output.stderr.contains("Fatal error"), "\(result.output.stderr)")
        #expect([0, 1, 3].contains(result.output.status), "\(result.output.status): \(result.output.stderr)")
        if result.output.status == 1 {
            #expect(result.output.stderr.contains("The disk is full"), "\(result.output.stderr)")
        }
    }
}
