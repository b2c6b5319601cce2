import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// A blocking call whose caller's frame is gone (a tail call): charged to the program's nearest
/// frame of its own code, an `async` main's compiler entry named as the program's `main()`.
@Suite("Tail calls and async main", .serialized)
struct TailCallFindingsTests {
    @Test("a usleep reached through a tail call from an async main is a finding on main(), Swift code, with its 40 ms")
    func tailCallFromAsyncMain() throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = BuiltProducts.fixtures.appendingPathComponent("tailcall/main.swift").path
        try PreMainTests.compile("swiftc", ["-O", "-g", source, "-o", "tailtool"], in: folder)
        let run = folder.appendingPathComponent("run")
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--no-history", "--output", run.path, "--",
            folder.appendingPathComponent("tailtool").path,
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
        let findings = summary.findings?.findings ?? []
        let sleep = try #require(findings.first { $0.site.kind == .sleep }, "\(findings.map(\.site.function))")
        #expect(
            sleep.site.function == "main()" && sleep.site.module == "tailtool",
            "\(sleep.site.function) \(sleep.site.module ?? "-")")
        #expect(sleep.medianCostNs >= 35_000_000 && sleep.launches == 3, "\(sleep.medianCostNs)")
        #expect(sleep.confidence == .high)
        #expect(sleep.advice.summary.contains("tail call"), "\(sleep.advice.summary)")
        #expect(!sleep.advice.summary.contains("not Swift code"), "\(sleep.advice.summary)")
        #expect(!findings.contains { $0.site.function.hasPrefix("async_Main") })
    }
}
