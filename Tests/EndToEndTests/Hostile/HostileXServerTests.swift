import Foundation
import LaunchTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An X server that accepts connections and never answers (a hung server, or something else on
/// its socket): the observer's connection is bounded and ends on SIGTERM.
@Suite("A silent X server", .serialized)
struct HostileXServerTests {
    /// An X display's abstract Unix socket (`@/tmp/.X11-unix/XN`, which libxcb and launchprof try
    /// first; no file is made, so no other test sees a display appear) whose listener accepts and
    /// never reads nor writes; the display's name, and the process to end.
    static func silentServer() throws -> (display: String, process: Process) {
        // A display number no server uses (no socket file; the bind refuses an abstract one in use).
        let free = (900..<990).shuffled().first { access("/tmp/.X11-unix/X\($0)", F_OK) != 0 }
        let number = try #require(free)
        let script = """
            import socket
            s = socket.socket(socket.AF_UNIX); s.bind("\\0/tmp/.X11-unix/X\(number)"); s.listen(8)
            held = []
            print("listening", flush=True)
            while True: held.append(s.accept()[0])
            """
        let process = Process()
        process.executableURL = URL(filePath: TestPython.path)
        process.arguments = ["-c", script]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = out.fileHandleForReading.availableData
        return (":\(number)", process)
    }

    @Test(
        "the connection to a server that never answers: the launch fails within its bound, or SIGTERM ends it (130)",
        arguments: [nil, SIGTERM] as [Int32?])
    func silentServer(_ signal: Int32?) throws {
        let server = try Self.silentServer()
        defer {
            // Foundation's Process starts it with SIGTERM blocked.
            kill(server.process.processIdentifier, SIGKILL)
        }
        let folder = try BuiltProducts.scratchFolder("silent")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try HostileRun.launchprof(
            [
                "run", "--runs", "1", "--warmup", "0", "--ready-when", "window", "--display", "host", "--timeout", "5",
                "--output", folder.appendingPathComponent("run").path, "--", "/bin/true",
            ], environment: ["DISPLAY": server.display, "WAYLAND_DISPLAY": ""], patience: 40, signal: signal,
            after: 2)
        #expect(!run.hung, "\(run.output.stdout)\(run.output.stderr)")
        #expect(run.output.status == (signal == nil ? 3 : 130), "\(run.output.stdout)\(run.output.stderr)")
        let text = run.output.stdout + run.output.stderr
        #expect(text.contains(signal == nil ? "did not answer its setup" : "interrupted"), "\(text)")
    }
}
