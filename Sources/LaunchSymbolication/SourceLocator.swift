import Foundation
import LaunchTrace
import Synchronization

/// Turns addresses into file and line with an external symbolizer, one process per image
/// per batch: the toolchain's `llvm-symbolizer`, the system's, or `addr2line`.
///
/// ```swift
/// if let locator = SourceLocator.find() {
///     let lines = locator.locate([0xb6283], in: "/apps/SampleApp")   // [0xb6283: CatalogStore.swift:18]
/// }
/// ```
package struct SourceLocator: Sendable, Equatable {
    /// Which program it runs.
    package enum Tool: String, Codable, Sendable {
        /// `llvm-symbolizer --output-style=JSON`.
        case llvmSymbolizer
        /// GNU `addr2line`.
        case addr2line

        /// The program's usual name, for messages: `llvm-symbolizer`, `addr2line`.
        package var programName: String {
            switch self {
            case .llvmSymbolizer: "llvm-symbolizer"
            case .addr2line: "addr2line"
            }
        }
    }

    /// File and line of the addresses the symbolizer found, and why the others are missing
    /// when a run of it failed.
    package struct Result: Sendable, Equatable {
        /// The locations found, by ELF virtual address.
        package var locations: [UInt64: SourceLocation]
        /// Why some or all addresses have no location because the symbolizer failed (could
        /// not start, exited with an error, was killed or stopped at ``SourceLocator/timeoutSeconds``),
        /// as a sentence naming the program; nil when every run of it succeeded.
        package var problem: String?
    }

    /// Path of the program.
    package var path: String
    /// Which program it is.
    package var tool: Tool
    /// Most addresses passed to one process (they go on its command line).
    package var batchLimit: Int
    /// Seconds one process may run before it is killed (SIGKILL) and its batch given up: a
    /// symbolizer that hangs (under `ulimit -v`, on a huge image) degrades the report to names
    /// without lines instead of stopping it.
    package var timeoutSeconds: Double

    /// Creates a locator that runs `path`.
    package init(path: String, tool: Tool, batchLimit: Int = 4_000, timeoutSeconds: Double = 30) {
        self.path = path
        self.tool = tool
        self.batchLimit = batchLimit
        self.timeoutSeconds = timeoutSeconds
    }

    /// The symbolizer to use: the one `LAUNCHPROF_SYMBOLIZER` names (``ToolVariable/symbolizer``;
    /// `addr2line` when its file name contains `addr2line`, else `llvm-symbolizer`), used even
    /// when it cannot run so that the report says why; else the best on this machine:
    /// `llvm-symbolizer` next to `swift` on the `PATH` or in `/opt/swift/usr/bin`, then
    /// `/usr/bin/llvm-symbolizer`, then `addr2line` on the `PATH`; nil when there is none
    /// (symbolication then has names but no lines).
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> SourceLocator? {
        if let path = ToolVariable.symbolizer.value(in: environment) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            return SourceLocator(path: path, tool: name.contains("addr2line") ? .addr2line : .llvmSymbolizer)
        }
        let manager = FileManager.default
        let pathDirectories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        var candidates: [String] = []
        for directory in pathDirectories where manager.isExecutableFile(atPath: directory + "/swift") {
            let resolved = URL(fileURLWithPath: directory + "/swift").resolvingSymlinksInPath()
                .deletingLastPathComponent().path
            candidates.append(resolved + "/llvm-symbolizer")
        }
        candidates += ["/opt/swift/usr/bin/llvm-symbolizer", "/usr/bin/llvm-symbolizer"]
        if let found = candidates.first(where: { manager.isExecutableFile(atPath: $0) }) {
            return SourceLocator(path: found, tool: .llvmSymbolizer)
        }
        for directory in pathDirectories where manager.isExecutableFile(atPath: directory + "/addr2line") {
            return SourceLocator(path: directory + "/addr2line", tool: .addr2line)
        }
        return nil
    }

    /// File and line of each ELF virtual address in `image` that has debug information.
    /// Runs one process per ``batchLimit`` addresses, each under ``timeoutSeconds``; a missing,
    /// failing or hung tool gives an empty result for its batch, never an error.
    package func locate(_ addresses: [UInt64], in image: String) -> [UInt64: SourceLocation] {
        locateReporting(addresses, in: image).locations
    }

    /// ``locate(_:in:)``, with the reason when a run of the tool failed: the first failure's
    /// sentence (`llvm-symbolizer (/usr/bin/llvm-symbolizer) exited with status 1.`).
    package func locateReporting(_ addresses: [UInt64], in image: String) -> Result {
        var result: [UInt64: SourceLocation] = [:]
        var problem: String?
        let unique = Array(Set(addresses)).sorted()
        var start = 0
        while start < unique.count {
            let batch = Array(unique[start..<Swift.min(unique.count, start + batchLimit)])
            start += batch.count
            let hex = batch.map { "0x" + String($0, radix: 16) }
            let arguments: [String]
            switch tool {
            case .llvmSymbolizer:
                arguments = ["--obj=\(image)", "--output-style=JSON", "--functions=linkage", "--inlines"] + hex
            case .addr2line:
                arguments = ["-e", image] + hex
            }
            let run = run(arguments)
            problem = problem ?? run.problem
            guard let output = run.output else { continue }
            switch tool {
            case .llvmSymbolizer: result.merge(Self.parseJSON(output)) { first, _ in first }
            case .addr2line: result.merge(Self.parseAddr2line(output, addresses: batch)) { first, _ in first }
            }
        }
        return Result(locations: result, problem: problem)
    }

    /// Set by the watchdog when it stops the tool.
    private final class TimeoutFlag: Sendable {
        let fired = Atomic<Bool>(false)
    }

    /// The tool's output (nil when it cannot start, is killed or stopped at the timeout) and
    /// what went wrong, as a sentence naming it (also when it exits with an error status,
    /// whose output is still read). It is not started without free descriptors: Foundation's
    /// `Pipe` would trap.
    private func run(_ arguments: [String]) -> (output: String?, problem: String?) {
        let program = "\(tool.programName) (\(path))"
        var probe: [Int32] = [-1, -1]
        guard pipe(&probe) == 0 else {
            return (nil, "\(program) could not be started: \(LaunchProfilerError.systemReason(errno))")
        }
        close(probe[0])
        close(probe[1])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let timeout = TimeoutFlag()
        let data: Data
        let watchdog: any DispatchSourceTimer
        do {
            (data, watchdog) = try process.runUntilExit {
                let pid = process.processIdentifier
                let watchdog = DispatchSource.makeTimerSource(queue: .global())
                watchdog.schedule(deadline: .now() + timeoutSeconds)
                watchdog.setEventHandler {
                    timeout.fired.store(true, ordering: .relaxed)
                    kill(pid, SIGKILL)
                }
                watchdog.resume()
                return (output.fileHandleForReading.readDataToEndOfFile(), watchdog)
            }
        } catch {
            return (nil, "\(program) could not be started: \(LaunchProfilerError.describe(error))")
        }
        watchdog.cancel()
        if timeout.fired.load(ordering: .relaxed) {
            return (nil, "\(program) did not finish within \(Self.seconds(timeoutSeconds)) s and was stopped.")
        }
        let text = String(decoding: data, as: UTF8.self)
        switch (process.terminationReason, process.terminationStatus) {
        case (.exit, 0): return (text, nil)
        case (.exit, let status): return (text, "\(program) exited with status \(status).")
        case (_, let signal): return (nil, "\(program) was killed by signal \(signal).")
        }
    }

    /// `30`, `0.5`: seconds without a needless `.0`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? String(Int(value)) : String(value)
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The keys are llvm-symbolizer's JSON output's.
    private struct JSONLine: Decodable {
        struct Symbol: Decodable {
            var FileName: String?
            var Line: Int?
            var FunctionName: String?
        }
        var Address: String?
        var Symbol: [Symbol]?
    }

    /// Parses `llvm-symbolizer --output-style=JSON --functions=linkage --inlines` output: one
    /// array of objects when the addresses are arguments, one object per line when they come
    /// on standard input. An address in inlined code has several entries, innermost first:
    /// the location is the innermost one, named by its function.
    static func parseJSON(_ output: String) -> [UInt64: SourceLocation] {
        var result: [UInt64: SourceLocation] = [:]
        let decoder = JSONDecoder()
        var entries: [JSONLine] = []
        if let array = try? decoder.decode([JSONLine].self, from: Data(output.utf8)) {
            entries = array
        } else {
            entries = output.split(separator: "\n").compactMap {
                try? decoder.decode(JSONLine.self, from: Data($0.utf8))
            }
        }
        for entry in entries {
            guard let text = entry.Address, let address = UInt64(text.dropFirst(2), radix: 16),
                let symbols = entry.Symbol, !symbols.isEmpty
            else { continue }
            // The innermost entry names the inlined function; its line may be 0 when the
            // compiler made that code (`<compiler-generated>`): the location is then the
            // innermost entry with a real line.
            guard
                let located = symbols.first(where: {
                    ($0.Line ?? 0) > 0 && !($0.FileName ?? "").isEmpty && $0.FileName != "<compiler-generated>"
                }),
                let file = located.FileName, let number = located.Line
            else { continue }
            let inlined = symbols.count > 1 ? symbols[0].FunctionName.flatMap { $0.isEmpty ? nil : $0 } : nil
            result[address] = SourceLocation(file: file, line: number, inlinedFunction: inlined)
        }
        return result
    }

    /// Parses `addr2line` output: one `file:line` per address, in order (`??:0` when unknown).
    static func parseAddr2line(_ output: String, addresses: [UInt64]) -> [UInt64: SourceLocation] {
        var result: [UInt64: SourceLocation] = [:]
        for (address, line) in zip(addresses, output.split(separator: "\n", omittingEmptySubsequences: false)) {
            let text = line.split(separator: " (discriminator").first.map(String.init) ?? String(line)
            guard let colon = text.lastIndex(of: ":"), let number = Int(text[text.index(after: colon)...]), number > 0
            else { continue }
            let file = String(text[..<colon])
            guard file != "??" else { continue }
            result[address] = SourceLocation(file: file, line: number)
        }
        return result
    }
}
