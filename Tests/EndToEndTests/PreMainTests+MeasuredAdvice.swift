import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The advice before main measured by launchprof itself: `run --build KIND=COMMAND` builds the
/// alternative and compares it with the program by compare's test, and the report gives the
/// saving as measured.
extension PreMainTests {
    @Test(
        "--build: the non-PIE build of a 200,000-pointer PIE is built, compared and its saving measured; a failed build says so"
    )
    func measuredAdvice() throws {
        let folder = try BuiltProducts.scratchFolder("measured-advice")
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = try Self.buildPointerTable(200_000, in: folder)
        let run = folder.appendingPathComponent("run")
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--pre-main-launches", "3", "--no-history", "--verbose", "--output", run.path,
            "--build", "nonPIEExecutable=clang -O1 -no-pie '\(program).c' -o \"$\(BuildEnvironment.output)\"",
            "--build", "packRelativeRelocations=echo no lld here; exit 3", "--", program,
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
        let advice = try #require(summary.scenarios["warm"]?.preMain?.advice)
        let nonPIE = try #require(advice.first { $0.kind == .nonPIEExecutable })
        let measured = try #require(nonPIE.measured, "\(nonPIE)")
        // 200,000 pointers moved and about 390 pages written before main, gone without PIE.
        #expect(measured.decision == .improved, "\(measured)")
        #expect(measured.savingNs > 500_000 && measured.headMedianNs < measured.baseMedianNs, "\(measured)")
        #expect(measured.build.contains("-no-pie") && measured.launches >= 8)
        let comparison = run.appendingPathComponent(measured.folder).appendingPathComponent("comparison.json")
        #expect(FileManager.default.fileExists(atPath: comparison.path))
        #expect(output.stdout.contains("(measured)") && output.stdout.contains("measured: saves"), "\(output.stdout)")
        // The run folder rendered again keeps what was measured.
        let markdown = try BuiltProducts.launchprof(["report", run.path, "--format", "markdown"])
        #expect(
            markdown.stdout.contains("(measured)") && markdown.stdout.contains("measured: saves"), "\(markdown.stdout)")
        let packed = try #require(advice.first { $0.kind == .packRelativeRelocations })
        #expect(packed.measured == nil)
        #expect(packed.notMeasured?.contains("exited with status 3") == true, "\(packed)")
        #expect(packed.notMeasured?.contains("packRelativeRelocations.log") == true, "\(packed)")
    }
}
