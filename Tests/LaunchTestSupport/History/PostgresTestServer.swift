import Foundation
import LaunchHistory
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Synchronization

/// A real PostgreSQL cluster for the tests: `initdb` in a temporary folder, `pg_ctl start` on a
/// loopback port, run as the unprivileged `postgres` user when the tests run as root. Started
/// once per test process, stopped when the process exits. Each test gets its own database.
package final class PostgresTestServer: Sendable {
    /// Set to `1` to skip the PostgreSQL history tests when no server can be started locally;
    /// CI never sets it, so there the tests fail loudly instead. A test-only variable: not the tool's.
    package static let skipVariable = "LAUNCHPROF_SKIP_POSTGRES_TESTS"

    /// The binaries (Debian's `postgresql` package).
    package static let binaries = "/usr/lib/postgresql/15/bin"
    /// The cluster's port.
    package let port: Int
    /// The cluster's folder.
    package let directory: URL

    /// The one server of this process, or why it could not start.
    package static let shared: Result<PostgresTestServer, TestServerError> = Result { try PostgresTestServer() }
        .mapError {
            $0 as? TestServerError ?? TestServerError(message: "\($0)")
        }

    /// Whether the PostgreSQL tests run: always, unless the skip variable is set and no server starts.
    package static var enabled: Bool {
        ProcessInfo.processInfo.environment[Self.skipVariable, default: ""].isEmpty || (try? shared.get()) != nil
    }

    /// Starts a cluster.
    private init() throws {
        port = 20_000 + Int(getpid() % 20_000)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "launchprof-pg-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let data = directory.appendingPathComponent("data").path
        if getuid() == 0 { try Self.run("/bin/chown", ["postgres:postgres", directory.path]) }
        try asServerUser("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"])
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory.path) -c fsync=off -c max_connections=50"
        try asServerUser(
            "pg_ctl",
            ["-D", data, "-l", directory.appendingPathComponent("log").path, "-w", "-t", "60", "-o", options, "start"])
        let stop: @Sendable () -> Void = { [directory, data] in
            _ = try? Self.runAsServerUser("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
            try? FileManager.default.removeItem(at: directory)
        }
        Self.stopAtExit.withLock { $0 = stop }
        atexit { PostgresTestServer.stopAtExit.withLock { $0?() } }
    }

    /// What `atexit` runs.
    package static let stopAtExit = Mutex<(@Sendable () -> Void)?>(nil)

    /// A new, empty database's URL.
    package func newDatabase() throws -> PostgresURL {
        let name = "history_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "_"))"
        try Self.run("\(Self.binaries)/createdb", ["-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", name])
        return try PostgresURL("postgres://postgres@127.0.0.1:\(port)/\(name)?sslmode=disable")
    }

    /// Runs a server binary as the `postgres` user (directly when not root).
    private func asServerUser(_ tool: String, _ arguments: [String]) throws {
        try Self.runAsServerUser(tool, arguments)
    }

    @discardableResult
    private static func runAsServerUser(_ tool: String, _ arguments: [String]) throws -> String {
        let path = "\(binaries)/\(tool)"
        let command =
            getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", path] + arguments : [path] + arguments
        // Foundation learns that a child ended when the child's end of a socket closes; the
        // server pg_ctl starts would inherit it and keep it open, so close every inherited
        // descriptor above stderr first.
        let closing = "import os, sys; os.closerange(3, 65536); os.execv(sys.argv[1], sys.argv[1:])"
        return try run(TestPython.path, ["-c", closing] + command)
    }

    /// Runs `executable`, throwing its output when it fails.
    @discardableResult
    package static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(filePath: "/tmp")
        // A file, not a pipe: the server pg_ctl starts would hold a pipe open for ever.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pg-tool-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        do { try process.run() } catch { throw TestServerError(message: "\(executable) cannot run: \(error)") }
        process.waitUntilExit()
        try? handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw TestServerError(
                message:
                    "\(executable) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(output)"
            )
        }
        return output
    }
}

/// Why the test server could not start.
package struct TestServerError: Error, CustomStringConvertible {
    package var message: String
    package var description: String {
        "PostgreSQL could not be started for the tests: \(message) (set \(PostgresTestServer.skipVariable)=1 to skip these tests locally; CI installs postgresql)."
    }
}
