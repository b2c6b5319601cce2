import Foundation
import LaunchAnalysis
import LaunchTestSupport
import LaunchTrace
import LaunchWorkflow
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The builds launchprof runs (`run --build`): an alternative that cannot be measured is reported
/// as such, not a crash.
@Suite("Hostile builds", .serialized)
struct HostileBuildTests {
    /// `run` of FixtureTool (a Swift program, so the advice names a static Swift runtime) with
    /// `--build staticSwiftRuntime=COMMAND`.
    static func runArguments(build command: String, output: URL) -> [String] {
        [
            "run", "--runs", "2", "--warmup", "0", "--no-history", "--advice-max-runs", "4", "--output", output.path,
            "--build", "staticSwiftRuntime=\(command)", "--", BuiltProducts.path("FixtureTool"), "async-cpu", "--ms",
            "1",
        ]
    }

    @Test(
        "an alternative build that cannot be measured is reported not measured, with why; the run's files are written",
        arguments: [
            // A fully static program: no dynamic loader, so no time to main to compare.
            "printf 'int main(void){return 0;}' > app.c && cc -static -o \"$LAUNCHPROF_BUILD_OUTPUT\" app.c",
            "ln -s /bin/false \"$LAUNCHPROF_BUILD_OUTPUT\"",
            "head -c 4096 /dev/urandom > \"$LAUNCHPROF_BUILD_OUTPUT\" && chmod +x \"$LAUNCHPROF_BUILD_OUTPUT\"",
        ])
    func unmeasurableAlternative(command: String) throws {
        let folder = try BuiltProducts.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = folder.appendingPathComponent("run")
        let result = try HostileRun.launchprof(
            Self.runArguments(build: command, output: run), in: folder, patience: 240)
        #expect(!result.hung)
        #expect(result.output.status == 0, "\(result.output.stdout)\n\(result.output.stderr)")
        #expect(HostileRun.missingFiles(in: run).isEmpty, "missing: \(HostileRun.missingFiles(in: run))")
        let summary = try RunSummary.read(from: run.appendingPathComponent("summary.json"))
        let advice = try #require(summary.scenarios["warm"]?.preMain?.advice.first { $0.kind == .staticSwiftRuntime })
        #expect(advice.measured == nil)
        #expect(advice.notMeasured?.contains("cannot be measured") == true, "\(advice)")
        #expect(result.output.stdout.contains("not measured: "), "\(result.output.stdout)")
    }
}
