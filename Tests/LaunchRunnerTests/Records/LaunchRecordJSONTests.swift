import Foundation
import LaunchRunner
import LaunchTrace
import Testing

@Suite("A launch record's JSON, written directly (a journal's line, an element of launches.json)")
struct LaunchRecordJSONTests {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    static let prettyEncoder = TraceJSON.makeEncoder()

    /// A record with every property set, its strings holding what JSON must escape.
    static func everything() throws -> LaunchRecord {
        let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
        var record = LaunchRecord(
            index: -2, scenario: .cold, outcome: .exitedBeforeReady, exitStatus: 3, signal: 9,
            wallNs: Int64.max, traceFile: "launch-002.trace.json", message: "\"quoted\" back\\slash a/b \(controls)",
            lastPhase: "didFinishLaunching", stderrTail: "é ✓ 🚀\u{7F}", evictedBytes: 0)
        record.readyWhen = .stdout("listening on \"0.0.0.0\"")
        record.readyNs = 1
        record.firstWindowNs = 2
        record.firstFrameNs = Int64.max
        record.startedAtNs = 9_000_000_000_000
        record.shutdown = LaunchShutdown(
            method: .killedAfterGrace, gracePeriodNs: 5_000_000_000, durationNs: 5_001_000_000, signal: 9)
        record.stdoutTail = ""
        record.leftoverProcesses = 2
        record.framePicture = "launch-001.frame.png"
        record.windowTitle = "Main — \"Ünïcode\""
        record.followed = FollowedLaunch(launcherExitNs: 1_200_000, launcher: "sh", pid: 4242, program: "xeyes")
        record.preMain = PreMainBreakdown(
            events: Self.preMainEvents, executable: "/bin/tool", execEndNs: 800)
        record.usage = ProcessUsage(
            userCpuNs: 1_200_000, systemCpuNs: 300_000, minorFaults: 412, majorFaults: 3, voluntarySwitches: 2,
            involuntarySwitches: 1)
        return record
    }

    /// The audit module's lines of a launch with two objects and two initializers.
    static let preMainEvents =
        [
            "1000 start 500 10", "1200 object 600 -1 4096 /proc/self/exe",
            "1500 object 800 -1 2000000 /usr/lib/with space/libfoo.so", "3000 relocated 2000 40",
            "3100 init 20000000 19000000 1 4660 array", "20003200 init 40 -1 0 1640 init", "20003500 main 19003000 50",
        ].map { ProbeEvent(line: Substring("preMain \($0)"))! } + [ProbeEvent(kind: .mainStarted, timeNs: 20_004_000)]

    @Test("every property of the test's record is set (a new one must be added here and to LaunchRecord.json)")
    func everyPropertySet() throws {
        let unset = Mirror(reflecting: try Self.everything()).children.filter { child in
            let value = Mirror(reflecting: child.value)
            return value.displayStyle == .optional && value.children.isEmpty
        }
        #expect(unset.isEmpty, "unset: \(unset.map { $0.label ?? "?" })")
    }

    @Test(
        "byte for byte what JSONEncoder writes with sorted keys, compact or pretty, and decoded back whole",
        arguments: [true, false])
    func sameAsJSONEncoder(full: Bool) throws {
        let record =
            full
            ? try Self.everything() : LaunchRecord(index: 7, scenario: .warm, outcome: .completed, wallNs: 1_650_000)
        let compact = Data(try record.json(nestedWith: Self.encoder))
        let expected = try Self.encoder.encode(record)
        #expect(
            compact == expected,
            "\(String(decoding: compact, as: UTF8.self))\n\(String(decoding: expected, as: UTF8.self))")
        #expect(try JSONDecoder().decode(LaunchRecord.self, from: compact) == record)
        let pretty = Data(try record.json(nestedWith: Self.prettyEncoder, indent: 0))
        let expectedPretty = try Self.prettyEncoder.encode(record)
        #expect(
            pretty == expectedPretty,
            "\(String(decoding: pretty, as: UTF8.self))\n\(String(decoding: expectedPretty, as: UTF8.self))")
    }
}
