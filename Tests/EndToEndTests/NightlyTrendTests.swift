import Foundation
import LaunchTestSupport
import Testing

/// Eight nightly runs of a real C program (`Examples/NightlyTrend`), the fifth build 3 ms
/// slower, recorded by the built CLI, then read back as a person reads them: `history show`,
/// `history trend` and the dashboard in headless Chromium.
@Suite(
    "Nightly trend of a real program",
    .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium; .ci/run installs it)."))
struct NightlyTrendTests {
    /// The repository's `Examples/NightlyTrend`.
    static let example = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/NightlyTrend")

    @Test("make-history.sh: values in ms, the 3 ms from c5 on; the dashboard leads with timeToReady in ms by commit")
    func eightNights() throws {
        let folder = try BuiltProducts.scratchFolder("nightly")
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try BuiltProducts.run(
            "/bin/bash",
            [
                Self.example.appendingPathComponent("make-history.sh").path, BuiltProducts.path("launchprof"),
                folder.path, "20",
            ],
            environment: ["CC": "clang"], timeout: 600)
        try #require(script.status == 0, "\(script.stdout)\(script.stderr)")
        // history show: one row per night, in ms (or us for a quick night), and no value in
        // scientific notation anywhere.
        let rows = script.stdout.split(separator: "\n").filter { $0.hasPrefix("20") }
        #expect(
            rows.count == 8 && rows.allSatisfy { $0.contains(" ms  ") || $0.contains(" us  ") }, "\(script.stdout)")
        #expect(script.stdout.contains("timeToReady ["), "\(script.stdout)")
        #expect(!script.stdout.contains("e+0"), "no scientific notation: \(script.stdout)")
        // The regression as the history holds it: the main thread blocked 0 ns in every launch
        // of c1 to c4, the 3 ms sleep from c5 on. (Whether the detector calls it a change point
        // depends on the machine's noise; ChangePointTests and TrendDashboardTests check that on
        // fixed inputs.)
        let (medians, shown) = try Self.medians("mainThreadBlocked", in: folder)
        #expect(medians.prefix(4).allSatisfy { $0 == "0 ns" }, "\(shown)")
        let after = medians.dropFirst(4).compactMap { Double($0.replacingOccurrences(of: " ms", with: "")) }
        #expect(after.count == 4 && after.allSatisfy { $0 >= 3.0 }, "\(shown)")
        let page = folder.appendingPathComponent("trends.html")
        let output = try Chromium.run(["--dump-dom", page.absoluteString])
        let dom = output.stdout
        let first = try #require(dom.range(of: "<section class=\"series\""))
        let rest = dom[first.lowerBound...]
        let chart = String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
        #expect(chart.contains("data-metric=\"timeToReady\""), "the first chart is timeToReady")
        #expect(chart.contains(" ms</text>"), "its value axis is in ms")
        #expect(chart.contains("<tspan class=\"commit\" x=") && chart.contains(">c8</tspan>"), "runs by commit")
        #expect(!dom.contains("data-metric=\"exec.blocked\" data-scenario"), "no chart of an all-zero series")
        #expect(dom.contains("exec.blocked 0 ns"), "named in the line of series that never moved")
    }

    /// The medians `history show METRIC` prints for the history in `folder`, and all it printed.
    static func medians(_ metric: String, in folder: URL) throws -> ([String], String) {
        let shown = try BuiltProducts.launchprof(
            ["history", "show", "--history", folder.appendingPathComponent("h.sqlite").path, metric])
        let medians = shown.stdout.split(separator: "\n").filter { $0.hasPrefix("20") }.map {
            $0.components(separatedBy: "  ").filter { !$0.isEmpty }[2].trimmingCharacters(in: .whitespaces)
        }
        return (medians, shown.stdout)
    }
}
