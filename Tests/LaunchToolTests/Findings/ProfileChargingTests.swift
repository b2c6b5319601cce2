import LaunchSymbolication
import LaunchTrace
import Testing

@testable import LaunchTool

/// How the whole-launch profile's time is charged: to the phases a sample's period overlaps,
/// and, when no app function is on the stack, to the library the program called into.
@Suite("Charging profile time")
struct ProfileChargingTests {
    static func frame(_ name: String, _ image: String) -> SymbolicatedFrame {
        SymbolicatedFrame(
            address: Address(0x1000), image: image, imageOffset: 0, symbol: SymbolName(raw: name), symbolOffset: 0,
            location: nil)
    }

    static let app = "/srv/server/.build/release/Server"
    static let libc = "/usr/lib/x86_64-linux-gnu/libc.so.6"

    @Test("a sample period across a phase boundary is split between the two phases, never more than either lasted")
    func samplesSplitAtPhaseBoundaries() {
        let trace = TraceFactory.trace(phasesMs: [120, 2, 1, 3, 5, 0, 180, 90, 10])
        // binaryLoad is [0, 120 ms), the next phase [120 ms, 122 ms): a 1 ms period from 119.5 ms.
        let parts = FindingsAnalyzer.phaseParts(startNs: 119_500_000, durationNs: 1_000_000, in: trace)
        #expect(parts.map(\.phase) == [trace.phases[0].phase, trace.phases[1].phase])
        #expect(parts.map(\.durationNs) == [500_000, 500_000])
        #expect(FindingsAnalyzer.phaseParts(startNs: Int64.max - 10, durationNs: 1_000, in: trace).isEmpty)
    }

    @Test("time with no app function goes to the library the program called, not to libc or the profiler's interposer")
    func libraryTheProgramCalled() {
        let stack = [
            Self.frame("fdatasync", Self.libc), Self.frame("fdatasync", "/opt/lp/libLaunchPreload.so"),
            Self.frame("unixSync", "/lib/x86_64-linux-gnu/libsqlite3.so.0"), Self.frame("async_Main", Self.app),
            Self.frame("__libc_start_call_main", Self.libc),
        ]
        #expect(FindingsAnalyzer.charge(7, to: stack).librariesNs == ["libsqlite3.so.0": 7])
        #expect(
            FindingsAnalyzer.charge(5, to: [Self.frame("_dl_relocate_object", "/lib64/ld-linux-x86-64.so.2")]).loaderNs
                == 5)
        #expect(
            FindingsAnalyzer.charge(3, to: [Self.frame("Database.migrate()", Self.app), Self.frame("main", Self.app)])
                .appNs == 3)
    }
}
