import Foundation

/// A headless X server (Xvfb, 1280 x 800 at 24 bits) for one test, on a display number the
/// server chooses itself (`-displayfd`), so tests running at once never share one.
/// ``stop()`` ends it; every wait has a timeout.
final class VirtualDisplay {
    /// The display's name, for `DISPLAY` (`:N`).
    let name: String
    private let server: ServerProcess

    /// Starts Xvfb and waits (up to 20 s) until it accepts clients.
    init() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw AppProcessError(message: "/usr/bin/Xvfb is missing: install the xvfb package (scripts/test does).")
        }
        server = try ServerProcess(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            environment: ["PATH": "/usr/bin:/bin"])
        guard let number = Self.readLine(from: server.output, timeout: 20), Int(number) != nil else {
            server.stop()
            throw AppProcessError(message: "Xvfb did not report its display number within 20 s.")
        }
        name = ":\(number)"
    }

    /// Ends the server (which removes its socket and lock file) and waits for it.
    func stop() {
        server.stop()
    }

    /// Runs an X client of the display (`xwininfo`, `xwd`…) to its end and returns its output.
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/\(tool)")
        process.arguments = arguments
        process.environment = ["DISPLAY": name, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw AppProcessError(message: "\(tool) \(arguments) exited with status \(process.terminationStatus).")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `condition` holds, checking every 20 ms, for at most `timeout` seconds.
    func wait(timeout: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    private static func readLine(from descriptor: Int32, timeout: Double) -> String? {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 64)
        while !text.contains("\n") {
            let left = Int32(deadline.timeIntervalSinceNow * 1000)
            var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&descriptors, 1, left) > 0 else { return nil }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return text.split(separator: "\n").first.map(String.init)
    }
}
