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

    @Test("make-history.sh: values in ms, the change at c4..c5 in the text and on the dashboard's first chart")
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
        // history show: one row per night, in ms; history trend: the step, from c4 to c5, with its bisect command.
        let rows = script.stdout.split(separator: "\n").filter { $0.hasPrefix("20") }
        #expect(rows.count == 8 && rows.allSatisfy { $0.contains(" ms  ") }, "\(script.stdout)")
        #expect(!script.stdout.contains("e+0"), "no scientific notation: \(script.stdout)")
        #expect(script.stdout.contains("timeToReady ["), "\(script.stdout)")
        #expect(
            script.stdout.contains("mainThreadBlocked [") && script.stdout.contains("up from 0 to "), "\(script.stdout)"
        )
        #expect(script.stdout.contains("commits c4..c5"), "\(script.stdout)")
        #expect(script.stdout.contains("launchprof bisect --good c4 --bad c5"), "\(script.stdout)")
        let page = folder.appendingPathComponent("trends.html")
        let output = try Chromium.run(["--dump-dom", page.absoluteString])
        let dom = output.stdout
        let first = try #require(dom.range(of: "<section class=\"series\""))
        let rest = dom[first.lowerBound...]
        let chart = String(rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)])
        #expect(chart.contains("data-metric=\"timeToReady\""), "the first chart is timeToReady")
        #expect(chart.contains(" ms</text>"), "its value axis is in ms")
        #expect(chart.contains("<tspan class=\"commit\" x=") && chart.contains(">c8</tspan>"), "runs by commit")
        // The change at c4..c5 on the first screen: the main thread's blocked time went from 0
        // to the 3 ms sleep (timeToReady's own change point needs quieter launches than a
        // shared, busy machine gives: its medians of 20 launches wander by a few ms there).
        let summary = try #require(dom.range(of: "<ul class=\"change-summary\">"))
        let list = String(dom[summary.lowerBound...].prefix(3000))
        #expect(dom[..<summary.lowerBound].contains("<section") == false, "before the charts")
        #expect(list.contains("mainThreadBlocked</a>: up from 0 to "), "\(list)")
        #expect(list.contains("commits c4..c5"), "\(list)")
        #expect(chart.contains("data-index=\"4\""), "the chart marks the change between its 4th and 5th run")
        #expect(!dom.contains("data-metric=\"exec.blocked\" data-scenario"), "no chart of an all-zero series")
    }
}
