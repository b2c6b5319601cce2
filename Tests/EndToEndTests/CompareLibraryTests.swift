import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// `compare` localising a regression before `main` to the library that caused it, through the
/// built CLI and the loader's audit module.
@Suite("Compare: where the time went before main", .serialized)
struct CompareLibraryTests {
    @Test("a head that loads one more library with a slow initializer: that library is named, only in head")
    func extraLibrary() throws {
        let folder = try BuiltProducts.scratchFolder("compare-library")
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = try PreMainTests.buildInitializerProgram(in: folder)
        let source = PreMainTests.fixtures.appendingPathComponent("main.c").path
        try PreMainTests.compile(
            "clang", ["-DWITHOUT_SPIN", source, "-L.", "-lnap", "-Wl,-rpath,\(folder.path)", "-o", "nospin"],
            in: folder)
        let output = try BuiltProducts.launchprof([
            "compare", "--base", folder.appendingPathComponent("nospin").path, "--head", head, "--metric",
            "preMain.total", "--max-runs", "20", "--seed", "5", "--output", folder.appendingPathComponent("out").path,
        ])
        // The head spends 20 ms more before main: regressed (exit 2).
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        let outcome = try TraceJSON.read(
            ComparisonOutcome.self, from: folder.appendingPathComponent("out/comparison.json"))
        let parts = try #require(outcome.parts)
        let only = try #require(parts.inOneBuild.first, "\(parts.test.metrics.map(\.metric))")
        #expect(only.metric == .library("libspin.so", .initializers))
        #expect(only.baseSamples.isEmpty && Descriptive.median(only.headSamples) > 15_000_000)
        #expect(
            output.stdout.contains("library.libspin.so.initializers only in head"), "\(output.stdout)")
        // The initializers' part moved the same way (on a loaded machine it may not be decided yet).
        let initializers = parts.test.metrics.first { $0.metric == .preMainInitializers }
        #expect([.regressed, .inconclusive].contains(initializers?.decision), "\(String(describing: initializers))")
        #expect((initializers?.medianChange ?? 0) > 15_000_000)
    }
}
