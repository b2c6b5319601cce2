import Foundation
import LaunchProbe
import LaunchTrace

#if canImport(Glibc)
    import Glibc
#endif

/// FixtureServer's command line, and the readiness signals it gives.
struct FixtureServerOptions {
    var port: Int?
    var file: String?
    var delayMs = 0
    var neverReady = false
    var ignoreTerm = false
    var phases = false
    /// Calls of libm's `sin` the top-level code makes in its `database` phase (`--sin N`), then ready and exit.
    var sinCalls = 0

    init(arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--port": port = rest.popFirst().flatMap { Int($0) }
            case "--file": file = rest.popFirst()
            case "--delay-ms": delayMs = rest.popFirst().flatMap { Int($0) } ?? 0
            case "--never-ready": neverReady = true
            case "--ignore-term": ignoreTerm = true
            case "--phases": phases = true
            case "--sin": sinCalls = rest.popFirst().flatMap { Int($0) } ?? 0
            default:
                FileHandle.standardError.write(Data("FixtureServer: unknown argument \(argument)\n".utf8))
                exit(2)
            }
        }
    }

    /// The instrumented launch: the program's own phases, then ready (the probe ends the
    /// launch there under the profiler).
    static func runPhases(port: Int?, file: String?) -> Int32? {
        let probe = LaunchProbe.shared
        for (phase, ms) in [("database", 30), ("migrations", 10), ("routes", 20)] as [(PhaseName, UInt32)] {
            probe.begin(phase)
            usleep(ms * 1000)
        }
        probe.begin("bind")
        let listener = port.map(listen(port:))
        probe.ready()
        signalReady(port: port, file: file)
        return listener
    }

    /// The readiness signals besides the socket: the output line, the file, sd_notify.
    static func signalReady(port: Int?, file: String?) {
        if let port { FileHandle.standardOutput.write(Data("listening on port \(port)\n".utf8)) }
        if let file { _ = FileManager.default.createFile(atPath: file, contents: Data("ready\n".utf8)) }
        notifyReady()
    }

    /// A socket listening on 127.0.0.1:`port` (the descriptor, kept open).
    static func listen(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            FileHandle.standardError.write(
                Data("FixtureServer: cannot listen on port \(port): \(String(cString: strerror(errno)))\n".utf8))
            exit(1)
        }
        return fd
    }

    /// Sends READY=1 to the socket in NOTIFY_SOCKET, when it is set.
    static func notifyReady() {
        guard let path = ProcessInfo.processInfo.environment["NOTIFY_SOCKET"] else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let message = Array("READY=1".utf8)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, message, message.count, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
