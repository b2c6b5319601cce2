import Foundation
import LaunchTrace

/// Facts about this process and machine, read from `/proc` when a trace is written
/// (never inside a measured phase).
enum ProcessFacts {
    static func machine() -> MachineInfo {
        MachineInfo.current()
    }

    static func memory() -> MemoryInfo {
        MemoryInfo(
            peakResidentBytes: statusValue(file: "/proc/self/status", key: "VmHWM") ?? 0,
            residentBytes: statusValue(file: "/proc/self/status", key: "VmRSS") ?? 0
        )
    }

    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
            ?? ""
    }

    /// Reads a `Key:   1234 kB` line from a /proc status file, in bytes.
    static func statusValue(file: String, key: String) -> Int64? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, let value = Int64(parts[1]) else { return nil }
            let unit = parts.count >= 3 ? parts[2].lowercased() : ""
            return unit == "kb" ? value * 1024 : value
        }
        return nil
    }
}
