import Foundation
import LaunchTestSupport
import LaunchTool
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The Wayland proxy of `--display host` (a launch's own socket between it and the compositor)
/// against a compositor that never reads and runtime folders whose paths fill a socket address.
@Suite("Hostile Wayland proxy", .serialized)
struct HostileWaylandProxyTests {
    /// A compositor that accepts every connection and never reads from it.
    static let deafCompositor = """
        import socket, sys
        server = socket.socket(socket.AF_UNIX)
        server.bind(sys.argv[1])
        server.listen(16)
        held = []
        while True:
            held.append(server.accept()[0])
        """

    /// A client that writes its pid to argv[1], connects to WAYLAND_DISPLAY and sends without end.
    static let floodingClient = """
        import os, socket, sys
        name = os.environ["WAYLAND_DISPLAY"]
        path = name if name.startswith("/") else os.path.join(os.environ["XDG_RUNTIME_DIR"], name)
        open(sys.argv[1], "w").write(str(os.getpid()))
        client = socket.socket(socket.AF_UNIX)
        client.connect(path)
        chunk = bytes(65536)
        while True:
            client.sendall(chunk)
        """

    /// Starts the deaf compositor at `socket` and waits until its socket exists.
    static func startDeafCompositor(at socket: String) throws -> ProductProcess {
        let process = try ProductProcess.start(TestPython.path, ["-c", deafCompositor, socket])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(20_000) }
        return process
    }

    /// Whether process `pid` (read from `file`) still exists.
    static func isRunning(pidIn file: URL) -> Bool {
        guard let text = try? String(contentsOf: file, encoding: .utf8), let pid = Int32(text) else { return false }
        return kill(pid, 0) == 0
    }

    @Test(
        "a compositor that never reads and a client that floods it: the launch ends at --timeout (exit 3) or at SIGTERM or SIGINT (exit 130), the proxy's socket removed",
        arguments: [0, SIGTERM, SIGINT])
    func compositorThatNeverReads(signal: Int32) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = folder.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: false)
        let compositor = try Self.startDeafCompositor(at: runtime.appendingPathComponent("wayland-fake").path)
        defer {
            // Foundation's Process starts it with SIGTERM blocked.
            kill(compositor.process.processIdentifier, SIGKILL)
            _ = try? compositor.wait(timeout: 10)
        }
        let client = folder.appendingPathComponent("flood.py")
        try Self.floodingClient.write(to: client, atomically: true, encoding: .utf8)
        let pidFile = folder.appendingPathComponent("client.pid")
        let result = try HostileRun.launchprof(
            [
                "trace", "--display", "host", "--ready-when", "window", "--timeout", "5", "--", TestPython.path,
                client.path, pidFile.path,
            ], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "wayland-fake", "XDG_RUNTIME_DIR": runtime.path],
            patience: 30, signal: signal == 0 ? nil : signal, after: 2)
        #expect(!result.hung, "launchprof was still running 30 s after a 5 s timeout")
        let expected: ProfilerExitStatus = signal == 0 ? .launchFailed : .interrupted
        #expect(result.output.status == expected.rawValue, "\(result.output.stderr)")
        #expect(FileManager.default.fileExists(atPath: pidFile.path), "the client never ran: \(result.output.stderr)")
        #expect(!Self.isRunning(pidIn: pidFile), "the flooding client was left running")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path) == ["wayland-fake"])
    }

    /// A new folder in /tmp whose path is `length` bytes long, holding a file of the user's named
    /// `launch` (where a socket path cut to 108 bytes ends, for a 100-byte folder).
    static func runtimeFolder(length: Int) throws -> URL {
        let prefix = "/tmp/lp-runtime-\(UUID().uuidString.prefix(8))-"
        let url = URL(filePath: prefix + String(repeating: "r", count: length - prefix.count))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try "the user's own\n".write(to: url.appendingPathComponent("launch"), atomically: false, encoding: .utf8)
        return url
    }

    @Test(
        "the proxy's socket is in a folder of its own, given as an absolute WAYLAND_DISPLAY, removed after: a 40-byte XDG_RUNTIME_DIR holds it, a 100-byte one (no room) is left alone, its file named `launch` kept",
        arguments: [40, 100])
    func proxySocketInItsOwnFolder(length: Int) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = try Self.runtimeFolder(length: length)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let seen = folder.appendingPathComponent("seen")
        let app = try HostileRun.script(
            "printf '%s\\n' \"$WAYLAND_DISPLAY\" > '\(seen.path)'\n[ -S \"$WAYLAND_DISPLAY\" ] && echo socket >> '\(seen.path)'",
            in: folder)
        let result = try HostileRun.launchprof(
            ["trace", "--display", "host", "--ready-when", "window", "--timeout", "10", "--", app],
            environment: [
                "DISPLAY": "", "WAYLAND_DISPLAY": "/tmp/lp-no-compositor/wayland-0", "XDG_RUNTIME_DIR": runtime.path,
            ], patience: 30)
        #expect(!result.hung)
        #expect(result.output.status == ProfilerExitStatus.launchFailed.rawValue, "\(result.output.stderr)")
        #expect(try String(contentsOf: runtime.appendingPathComponent("launch"), encoding: .utf8) == "the user's own\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path) == ["launch"])
        let lines = try String(contentsOf: seen, encoding: .utf8).split(separator: "\n").map(String.init)
        let socket = try #require(lines.first)
        #expect(socket.hasPrefix("/") && lines.dropFirst() == ["socket"], "WAYLAND_DISPLAY was \(lines)")
        #expect(socket.hasPrefix(runtime.path + "/") == (length == 40), "\(socket)")
        #expect(socket.utf8.count < 108)
        #expect(!FileManager.default.fileExists(atPath: (socket as NSString).deletingLastPathComponent))
    }

    @Test("a compositor's socket path longer than a socket address holds is refused with the reason, nothing removed")
    func compositorPathTooLong() throws {
        let runtime = try Self.runtimeFolder(length: 100)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let result = try HostileRun.launchprof(
            ["trace", "--display", "host", "--ready-when", "window", "--timeout", "10", "--", "/bin/true"],
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "wayland-fake", "XDG_RUNTIME_DIR": runtime.path],
            patience: 30)
        #expect(!result.hung)
        #expect(result.output.status == ProfilerExitStatus.launchFailed.rawValue, "\(result.output.stderr)")
        #expect(
            result.output.stderr.contains("is a path longer than the 107 bytes a Unix socket address holds"),
            "\(result.output.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path) == ["launch"])
    }
}
