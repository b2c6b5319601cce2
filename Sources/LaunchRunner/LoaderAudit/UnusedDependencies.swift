import Foundation
import LaunchTrace

/// The direct dependencies of a dynamically linked program that none of its symbols bind to, as
/// the system's dynamic loader decides it (what `ldd -u` prints): the loader maps and relocates
/// the program in trace mode (`LD_TRACE_LOADED_OBJECTS=1`, `LD_DEBUG=unused`) and runs none of
/// its code, not even an initializer.
///
/// ```swift
/// UnusedDependencies.of(executable: "/usr/local/bin/tool", loader: "/lib64/ld-linux-x86-64.so.2")
/// // ["/lib/x86_64-linux-gnu/libm.so.6"]
/// ```
package enum UnusedDependencies {
    /// How long the loader may take before the check gives up.
    static let timeoutSeconds = 10.0

    /// The paths of the unused direct dependencies of `executable` when `loader` (its
    /// interpreter) loads it with `environment` on top of the runner's; nil when the loader
    /// cannot tell (it failed, or the program is not dynamically linked).
    package static func of(executable: String, loader: String, environment: [String: String] = [:]) -> [String]? {
        let process = Process()
        process.executableURL = URL(filePath: loader)
        process.arguments = [executable]
        var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        for name in ["LD_PRELOAD", "LD_AUDIT", "LD_DEBUG_OUTPUT"] { variables[name] = nil }
        variables["LD_TRACE_LOADED_OBJECTS"] = "1"
        variables["LD_DEBUG"] = "unused"
        variables["LD_WARN"] = "yes"
        process.environment = variables
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let deadline = DispatchWorkItem { if process.isRunning { process.terminate() } }
        let data: Data
        do {
            data = try process.runUntilExit {
                DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: deadline)
                return output.fileHandleForReading.readDataToEndOfFile()
            }
        } catch { return nil }
        deadline.cancel()
        return parse(String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    /// The paths the loader lists under "Unused direct dependencies:" (indented by a tab; it then
    /// exits with 1), [] when it exits with 0 and lists nothing, nil when it failed (the program
    /// could not be loaded: it says why and exits with 127).
    static func parse(_ output: String, status: Int32) -> [String]? {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
        guard let heading = lines.firstIndex(where: { $0.hasPrefix("Unused direct dependencies:") }) else {
            return status == 0 ? [] : nil
        }
        return lines[(heading + 1)...].prefix { $0.hasPrefix("\t") }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}
