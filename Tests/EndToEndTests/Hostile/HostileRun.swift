import Foundation
import LaunchTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A `launchprof` started by a hostile-input test: it must end by itself within `patience`
/// seconds (a hang is what these tests catch; SIGKILL then ends it, as only SIGKILL did before).
struct HostileRun {
    /// What it printed and returned.
    var output: ProductProcess.Output
    /// Whether it had to be killed.
    var hung: Bool

    /// Runs `launchprof ARGUMENTS`; `whileRunning` is called once with its pid after `delay` seconds.
    static func launchprof(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], patience: Double,
        signal: Int32? = nil, after delay: Double = 0
    ) throws -> HostileRun {
        let started = try BuiltProducts.startLaunchprof(arguments, in: directory, environment: environment)
        let process = started.process
        if let signal {
            usleep(UInt32(delay * 1_000_000))
            Glibc.kill(process.processIdentifier, signal)
        }
        let deadline = Date().addingTimeInterval(patience)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        let hung = process.isRunning
        if hung { Glibc.kill(process.processIdentifier, SIGKILL) }
        return HostileRun(output: try started.wait(timeout: 30), hung: hung)
    }

    /// The exit status the text output printed (`Result: … (exit N)`), or nil.
    var printedStatus: Int32? {
        guard let line = output.stdout.split(separator: "\n").last(where: { $0.hasPrefix("Result: ") }),
            let open = line.range(of: "(exit ", options: .backwards)
        else { return nil }
        return Int32(line[open.upperBound...].prefix { $0.isNumber })
    }

    /// Writes an executable shell script `name` in `folder`.
    static func script(_ body: String, named name: String = "app.sh", in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
        chmod(url.path, 0o755)
        return url.path
    }

    /// The files of a run folder a complete run leaves.
    static let completeRunFiles = ["launches.json", "summary.json", "verdicts.json", "report.html"]

    /// Which of ``completeRunFiles`` are missing in `folder`.
    static func missingFiles(in folder: URL) -> [String] {
        completeRunFiles.filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }
}
