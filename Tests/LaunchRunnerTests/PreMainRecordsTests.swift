import CLaunchABI
import Foundation
import LaunchTrace
import Testing

@testable import LaunchRunner

/// The audit module's records read into the `preMain` events the breakdown is built from, and the
/// loader's list of unused dependencies, on exact inputs.
@Suite("Pre-main records and unused dependencies")
struct PreMainRecordsTests {
    /// One record of `kind` with `values`, its text padded to 8 bytes as the module writes it.
    static func record(_ kind: lp_premain_kind, at: Int64, _ values: [Int64], text: String = "") -> Data {
        let bytes = Array(text.utf8)
        let padded = (bytes.count + 7) / 8 * 8
        var record = lp_premain_record(
            kind: kind.rawValue, text_bytes: UInt32(padded), at_ns: at,
            values: (values[0], values[1], values[2], values[3]))
        var data = Data(bytes: &record, count: MemoryLayout<lp_premain_record>.size)
        data.append(contentsOf: bytes + Array(repeating: 0, count: padded - bytes.count))
        return data
    }

    @Test("a records line and its bytes, split anywhere between reads, become the preMain events, then lines go on")
    func records() throws {
        var records = Self.record(LP_PREMAIN_START, at: 1_000, [900, 12, 0, 0])
        records += Self.record(LP_PREMAIN_OBJECT, at: 2_000, [65_536, 0, 0, 0], text: "/usr/lib/libidle.so")
        records += Self.record(LP_PREMAIN_RELOCATED, at: 3_000, [2_500, 40, 0, 0])
        records += Self.record(LP_PREMAIN_ARRAY_INIT, at: 3_100, [20_000_000, 19_000_000, 0, 4_096])
        records += Self.record(LP_PREMAIN_INIT, at: 23_200, [500, -1, 0, 1_024])
        records += Self.record(LP_PREMAIN_MAIN, at: 24_000, [21_600_000, 44, 0, 0])
        let stream =
            Data("exitPoint 5 x\n\(LP_EVENT_PRE_MAIN_RECORDS) \(records.count)\n".utf8) + records
            + Data("mainStarted 25000 \n".utf8)
        for split in [1, 17, 40, stream.count - 3] {
            var buffer = EventLineBuffer()
            buffer.append(stream.prefix(split))
            buffer.append(stream.dropFirst(split))
            let lines = buffer.events.map { "\($0.kind.rawValue) \($0.timeNs) \($0.name)" }
            #expect(
                lines == [
                    "exitPoint 5 x", "preMain 1000 start 900 12", "preMain 2000 object -1 -1 65536 /usr/lib/libidle.so",
                    "preMain 3000 relocated 2500 40", "preMain 3100 init 20000000 19000000 0 4096 array",
                    "preMain 23200 init 500 -1 0 1024 init", "preMain 24000 main 21600000 44", "mainStarted 25000 ",
                ], "split at \(split): \(lines)")
        }
        let events = PreMainRecords.events(in: records)
        let breakdown = try #require(PreMainBreakdown(events: events, executable: "/usr/bin/tool", execEndNs: 500))
        #expect(breakdown.objects.map(\.path) == ["/usr/bin/tool"])
        #expect(breakdown.initializers.map(\.durationNs) == [20_000_000, 500])
    }

    @Test("the loader's answer: the unused direct dependencies, none, or nothing it could tell")
    func unusedDependencies() {
        let listed = """
            Unused direct dependencies:
            \t/tmp/x/libidle.so
            \t/lib/x86_64-linux-gnu/libm.so.6

            """
        #expect(
            UnusedDependencies.parse(listed, status: 1) == ["/tmp/x/libidle.so", "/lib/x86_64-linux-gnu/libm.so.6"])
        #expect(UnusedDependencies.parse("", status: 0) == [])
        let failed = "/tmp/x/tool: error while loading shared libraries: libgone.so: cannot open shared object file\n"
        #expect(UnusedDependencies.parse(failed, status: 127) == nil)
    }

    @Test("the system's loader: /usr/bin/true binds to everything it links; a program that is not there gets no answer")
    func realLoader() throws {
        let loader = "/lib64/ld-linux-x86-64.so.2"
        try #require(FileManager.default.isExecutableFile(atPath: loader))
        #expect(UnusedDependencies.of(executable: "/usr/bin/true", loader: loader) == [])
        #expect(UnusedDependencies.of(executable: "/nonexistent/tool", loader: loader) == nil)
    }
}
