import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// A `main.swift`'s top-level code (SwiftPM's `<Module>_main`) calling a system library in a
/// phase of its own, through the runner: FixtureServer `--sin N`, whose `database` phase calls
/// libm's `sin` from its top-level code.
@Suite("Top-level code calling a library", .serialized)
struct TopLevelCodeTests {
    @Test(
        "time in libm called from main.swift's top-level code is a finding at that line, naming sin, called Swift code")
    func topLevelLibraryCall() throws {
        let folder = try BuiltProducts.scratchFolder("top-level")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try BuiltProducts.launchprof([
            "run", "--runs", "3", "--warmup", "0", "--no-history", "--output", folder.path,
            "--", BuiltProducts.path("FixtureServer"), "--sin", "3000000",
        ])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
        let findings = try #require(summary.findings)
        let names = findings.findings.map {
            "\($0.site.functionWithLocation) \($0.site.phase?.rawValue ?? "-") \($0.medianCostNs / 1e6) ms"
        }
        let sin = try #require(
            findings.findings.first { $0.site.function == "FixtureServer_main → sin (libm.so.6)" }, "\(names)")
        #expect(sin.site.kind == .cpu)
        #expect(sin.site.phase?.rawValue == "database")
        #expect(sin.site.module == "FixtureServer")
        #expect(sin.site.location?.file.hasSuffix("main.swift") ?? false, "\(String(describing: sin.site.location))")
        // Nearly all of the phase is the loop's calls of sin.
        #expect((sin.phaseShare ?? 0) > 0.7, "\(names)")
        #expect(!sin.advice.summary.contains("not Swift code"), "\(sin.advice.summary)")
        #expect(!sin.advice.summary.contains("a function whose frame is gone"), "\(sin.advice.summary)")
        #expect(output.stdout.contains("FixtureServer_main (main.swift:"), "\(output.stdout)")
        // The breakdown names the library the CPU time was spent in.
        let median = try #require(findings.breakdowns.flatMap(SlowStartRules.medianLaunch))
        #expect((median.timeByLibrary["libm.so.6"] ?? 0) > 10_000_000, "\(median.timeByLibrary)")
        #expect(output.stdout.contains("on CPU in libraries"), "\(output.stdout)")
    }
}
