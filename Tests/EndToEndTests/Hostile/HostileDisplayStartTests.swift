import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The start of a headless display (`--display x11`: Xvfb, `--display wayland`: weston) against
/// links planted in the temporary folder and signals that come while the server starts.
@Suite("Hostile display start", .serialized)
struct HostileDisplayStartTests {
    /// A script that plants links to `victim` at the names the servers' logs had
    /// (`$TMPDIR/launchprof-xvfb-PID.log`, the same for weston), then execs `launchprof` (its
    /// first argument) with the rest: the pid is launchprof's.
    static func planter(victim: String, in folder: URL) throws -> String {
        try HostileRun.script(
            """
            lp=$1; shift
            ln -s '\(victim)' "$TMPDIR/launchprof-xvfb-$$.log"
            ln -s '\(victim)' "$TMPDIR/launchprof-weston-$$.log"
            exec "$lp" "$@"
            """, named: "planter.sh", in: folder)
    }

    @Test(
        "a link planted in TMPDIR at the server log's old name is not followed: the user's file is kept, the log's folder removed",
        arguments: ["x11", "wayland"])
    func plantedLogLink(display: String) throws {
        let program = display == "x11" ? "Xvfb" : "weston"
        try #require(access("/usr/bin/\(program)", X_OK) == 0, "\(program) is not installed")
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        let victim = folder.appendingPathComponent("victim.txt")
        try "the user's own\n".write(to: victim, atomically: false, encoding: .utf8)
        let planter = try Self.planter(victim: victim.path, in: folder)
        let output = try BuiltProducts.run(
            planter,
            [
                BuiltProducts.path("launchprof"), "trace", "--display", display, "--timeout", "30", "--output",
                folder.appendingPathComponent("trace.json").path, "--", "/bin/true",
            ], environment: ["TMPDIR": temporary.path], timeout: 120)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "the user's own\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
        #expect(left.count == 2 && left.allSatisfy { $0.hasSuffix(".log") }, "\(left)")
    }

    /// A folder holding fake `Xvfb`, `weston` and `cage`: each writes its pid and XDG_RUNTIME_DIR
    /// to `started` in that folder, then sleeps without ever accepting clients. The folder is
    /// writable by all: as root, cage runs as the user `nobody`.
    static func fakeServers(in folder: URL) throws -> URL {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
        chmod(folder.path, 0o777)
        let started = folder.appendingPathComponent("started").path
        for name in ["Xvfb", "weston", "cage"] {
            _ = try HostileRun.script(
                "echo \"$$ $XDG_RUNTIME_DIR\" > '\(started).tmp'; mv '\(started).tmp' '\(started)'\nexec sleep 60",
                named: name, in: bin)
        }
        return bin
    }

    @Test(
        "SIGINT or SIGTERM while the display starts ends the wait at once: exit 130, the server and its files gone",
        arguments: [("x11", SIGINT), ("wayland", SIGTERM)])
    func interruptedStart(display: String, signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = try Self.fakeServers(in: folder)
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        let path = "\(bin.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let process = try BuiltProducts.startLaunchprof(
            ["trace", "--display", display, "--ready-when", "window", "--timeout", "5", "--", "/bin/true"],
            environment: ["PATH": path, "TMPDIR": temporary.path, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
        let started = folder.appendingPathComponent("started")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: started.path), Date() < deadline { usleep(20_000) }
        let fields = try String(contentsOf: started, encoding: .utf8).split(separator: " ").map(String.init)
        let sent = Date()
        kill(process.process.processIdentifier, signal)
        let output = try process.wait(timeout: 30)
        #expect(Date().timeIntervalSince(sent) < 5, "the wait went on after the signal")
        #expect(output.status == ProfilerExitStatus.interrupted.rawValue, "\(output.stderr)")
        #expect(output.stderr.contains("was still starting when launchprof received"), "\(output.stderr)")
        #expect(kill(try #require(Int32(fields[0])), 0) != 0, "the display server was left running")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        if display == "wayland" {
            let runtime = try #require(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(!FileManager.default.fileExists(atPath: runtime), "\(runtime) was left")
        }
    }
}
