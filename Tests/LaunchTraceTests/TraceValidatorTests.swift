import Foundation
import LaunchTrace
import Testing

@Suite("Trace validation")
struct TraceValidatorTests {
    /// Encodes `trace`, reads it back through the one reader every command uses, and returns
    /// the error it gives.
    static func readError(_ trace: LaunchTrace) throws -> LaunchProfilerError? {
        let data = try TraceJSON.makeEncoder().encode(trace)
        do {
            _ = try LaunchTrace.decode(data, file: "launch-001.trace.json")
            return nil
        } catch let error as LaunchProfilerError {
            return error
        }
    }

    @Test("a well-formed trace passes")
    func validTrace() throws {
        #expect(try Self.readError(TraceSamples.trace()) == nil)
    }

    @Test(
        "impossible values make the trace invalid, naming the file, the JSON path and the value",
        arguments: [
            ("negative duration", "phases[6].durationNs", "-5000000000"),
            ("overflowing duration", "phases[0].durationNs", "9223372036854775807"),
            ("overflowing thread state", "phases[0].threadState.wallNs", "9223372036854775807"),
            ("duplicated phase", "phases[1].phase", "binaryLoad"),
            ("overlapping phases", "phases[2].startNs", "1500000"),
            ("negative phase start", "phases[0].startNs", "-1"),
            ("span parent out of range", "spans[0].parent", "7"),
            ("negative total", "totals.timeToFirstFrameNs", "-1"),
        ]
    )
    func impossibleValues(fault: String, path: String, value: String) throws {
        var trace = TraceSamples.trace()
        switch fault {
        case "negative duration": trace.phases[6].durationNs = -5_000_000_000
        case "overflowing duration": trace.phases[0].durationNs = .max
        case "overflowing thread state": trace.phases[0].threadState.wallNs = .max
        case "duplicated phase": trace.phases[1].phase = .binaryLoad
        case "overlapping phases": trace.phases[2].startNs = 1_500_000
        case "negative phase start": trace.phases[0].startNs = -1
        case "span parent out of range": trace.spans[0].parent = 7
        default: trace.totals.timeToFirstFrameNs = -1
        }
        let error = try #require(try Self.readError(trace))
        #expect(error.code == .invalidTrace)
        #expect(error.context.file == "launch-001.trace.json")
        #expect(error.context.jsonPath == path)
        #expect(error.context.value == value)
        #expect(error.description.hasPrefix("launch-001.trace.json: at \(path): "), "\(error)")
    }

    @Test("arithmetic on measured values saturates instead of trapping")
    func saturatingArithmetic() {
        let huge = ThreadState(wallNs: .max, onCpuNs: .max, runnableNs: .max)
        #expect((huge + huge).wallNs == .max)
        #expect(PhaseRecord(phase: .binaryLoad, startNs: .max, durationNs: .max, threadState: .zero).endNs == .max)
        #expect(ThreadState(wallNs: .min, onCpuNs: .max, runnableNs: .max).blockedNs == 0)
        #expect(Int64.nanoseconds(clampingSeconds: 9_999_999_999) == .max)
        #expect(Int64.nanoseconds(clampingSeconds: .nan) == 0)
    }

    @Test("a JSON syntax error names the line and the column")
    func syntaxErrorLineAndColumn() throws {
        let data = Data("{\n  \"schemaVersion\": 1,\n  \"app\": ]\n}".utf8)
        let error = try #require(throws: LaunchProfilerError.self) {
            try LaunchTrace.decode(data, file: "bad.trace.json")
        }
        #expect(error.context.line == 3, "\(error)")
        #expect(error.context.column != nil, "\(error)")
        #expect(error.description.hasPrefix("bad.trace.json:3:"), "\(error)")
    }

    @Test("a full disk is said in words and the old file is kept")
    func writeFailureIsReadable() throws {
        let error = LaunchProfilerError.writeFailed("/full/summary.json", errno: ENOSPC)
        #expect(error.description.contains("The disk is full"), "\(error)")
        #expect(error.description.hasPrefix("/full/summary.json: "))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: LaunchProfilerError.self) { try AtomicFile.write(Data("x".utf8), to: directory) }
        #expect(LaunchProfilerError.describe(CocoaError(.fileWriteOutOfSpace)).contains("The disk is full"))
    }

    @Test("a file that cannot be written says why: no folder, a file for the folder, a folder refusing new files")
    func writeFailureNamesTheCause() throws {
        func reason(_ path: String) throws -> String? {
            let error = try #require(throws: LaunchProfilerError.self) {
                try AtomicFile.write(Data("x".utf8), to: URL(filePath: path))
            }
            #expect(error.description.components(separatedBy: path).count == 2, "the path once: \(error)")
            return error.context.reason
        }
        let missing = "/nonexistent-\(UUID().uuidString)"
        #expect(try reason("\(missing)/a.json") == "The folder \(missing) does not exist.")
        #expect(try reason("/tmp") == "It is a directory, not a file.")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try reason("\(file)/a.json") == "\(file) is not a folder.")
        #expect(try reason("/proc/version")?.hasPrefix("No new file can be created in the folder /proc") == true)
        #expect(FileManager.default.contents(atPath: "/proc/version")?.isEmpty == false)
    }
}
