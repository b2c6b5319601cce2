import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySuites {
    /// A first frame is the program's own drawing: the exact cases, with a client of the tests' own
    /// (FixtureWindow) whose times are known: a background the server paints at the map, a render on
    /// the CPU after the first Expose, a window never drawn, many hidden windows first, a launch that
    /// fails, on launchprof's headless Xvfb.
    @Suite("First frames: the program's own pixels", .serialized)
    struct FirstFrameTests {
        typealias Display = DisplayProgramTests

        /// The fixture's own times, CLOCK_MONOTONIC ns: before its map request, before its draw
        /// requests, after the map's round trip, after the draw's.
        static func fixtureTimes(_ file: URL) throws -> (map: Int64, draw: Int64, mapped: Int64, drawn: Int64) {
            let values = try String(contentsOf: file, encoding: .utf8).split(separator: " ").compactMap {
                $0.split(separator: "=").last.flatMap { Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            try #require(values.count == 4, "\(values)")
            return (values[0], values[1], values[2], values[3])
        }

        /// `launchprof trace` of FixtureWindow with `options` on launchprof's headless Xvfb: the
        /// window and frame it reported (ns after the launch) and the fixture's own times; nothing
        /// may be left running.
        static func traceFixture(_ options: [String]) throws -> (
            window: Int64, frame: Int64, fixture: (map: Int64, draw: Int64, mapped: Int64, drawn: Int64)
        ) {
            let folder = try BuiltProducts.scratchFolder("frames")
            defer { try? FileManager.default.removeItem(at: folder) }
            let times = folder.appendingPathComponent("times.txt")
            let output = try Display.launchprof(
                [
                    "trace", "--json", "--ready-when", "frame", "--display", "x11", "--",
                    BuiltProducts.path("FixtureWindow"),
                ]
                    + options + ["--times", times.path], marker: Display.marker())
            try #require(output.status == 0, "\(output.stderr)")
            let trace = try LaunchTrace.decode(Data(output.stdout.utf8), file: "stdout")
            let window = try #require(trace.totals.timeToFirstWindowNs)
            let frame = try #require(trace.totals.timeToFirstFrameNs)
            return (window, frame, try fixtureTimes(times))
        }

        @Test("a window with a background pixel, drawn after a 200 ms render: frame minus window 200 ms, within 10 %")
        func backgroundThenRender() throws {
            let (window, frame, fixture) = try Self.traceFixture(["--background", "0x808080", "--render-ms", "200"])
            // The server mapped between the fixture's map request and its round trip, drew between its
            // draw requests and theirs: the gap it saw lies between those bounds, within 10 %.
            let shortest = Double(fixture.draw - fixture.mapped)
            let longest = Double(fixture.drawn - fixture.map)
            #expect(shortest >= 200_000_000)
            let observedGap = Double(frame - window)
            #expect(
                observedGap >= 0.9 * shortest && observedGap <= 1.1 * longest,
                "observed \(observedGap) ns, fixture between \(shortest) and \(longest)")
        }

        @Test("the render before the first frame is named with its cost in the findings")
        func renderNamed() throws {
            let folder = try BuiltProducts.scratchFolder("frames")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let output = try Display.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "1", "--ready-when", "frame", "--display", "x11", "--output",
                    folder.appendingPathComponent("run").path, "--", BuiltProducts.path("FixtureWindow"),
                    "--background",
                    "0x808080", "--render-ms", "200",
                ], marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("run/summary.json"))
            let findings = try #require(summary.findings?.findings, "\(output.stdout)")
            let render = try #require(
                findings.first { $0.site.function.contains("fixture_render_scene") }, "\(output.stdout)")
            #expect(render.medianCostNs >= 180_000_000, "\(render)")
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }

        @Test(
            "a window shown and never drawn is never ready: exit 3, and the message says so",
            arguments: [[] as [String], ["--abort-ms", "300"]])
        func neverDrawn(_ extra: [String]) throws {
            let folder = try BuiltProducts.scratchFolder("frames")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let output = try Display.launchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--timeout", "3", "--ready-when", "frame", "--display",
                    "x11",
                    "--output", folder.path, "--", BuiltProducts.path("FixtureWindow"), "--background", "0x808080",
                    "--never-draw",
                ] + extra, marker: marker)
            #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("it showed a window but drew nothing into it"), "\(output.stdout)")
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }

        @Test("a client that first creates 200 hidden top-level windows: its shown window and frame are seen")
        func manyHiddenWindows() throws {
            let marker = Display.marker()
            let output = try Display.launchprof(
                [
                    "trace", "--json", "--ready-when", "frame", "--display", "x11", "--timeout", "20", "--",
                    BuiltProducts.path("FixtureWindow"), "--hidden", "200", "--draw-ms", "20",
                ], marker: marker)
            #expect(output.status == 0, "\(output.stderr)")
            let trace = try LaunchTrace.decode(Data(output.stdout.utf8), file: "stdout")
            #expect(trace.totals.timeToFirstFrameNs != nil)
        }

        @Test("a window drawn at once after its background: the frame is not before the drawing")
        func drawnAtOnce() throws {
            let (window, frame, fixture) = try Self.traceFixture(["--background", "0x808080", "--draw-ms", "0"])
            // The window's map to the frame: within the fixture's bounds (less 1 ms: the server's clock
            // is in whole milliseconds), at most 5 ms more.
            let gap = frame - window
            #expect(
                gap >= fixture.draw - fixture.mapped - 1_000_000 && gap <= fixture.drawn - fixture.map + 5_000_000,
                "\(gap)"
            )
        }

        @Test(
            "a window created, mapped and drawn in one write, before the observer can watch its pixels, has its frame")
        func drawnBeforeWatched() throws {
            // The server maps and draws it before the observer's DAMAGE object for it exists; the
            // server reports a shown window whole when that object is made, so the look after the
            // map holds the program's picture as drawn, not as what it was drawn over.
            let (window, frame, fixture) = try Self.traceFixture(["--at-once"])
            #expect(frame >= window, "window \(window) ns, frame \(frame) ns")
            #expect(fixture.drawn > fixture.map)
        }

        @Test(
            "measurement launches that fail are failed launches: exit 3 with --allow-failed 0, 0 with it at their count"
        )
        func failedMeasurementLaunches() throws {
            let folder = try BuiltProducts.scratchFolder("frames")
            defer { try? FileManager.default.removeItem(at: folder) }
            // The diagnosis launches carry LAUNCHPROF_TRACE; the measurement launches, none of launchprof's
            // variables: only they fail.
            let script = "[ -n \"$LAUNCHPROF_TRACE\" ] || exit 7"
            let strict = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--ready-when", "exit", "--output",
                    folder.appendingPathComponent("strict").path, "--", "/bin/sh", "-c", script,
                ], timeout: 120)
            #expect(strict.status == 3, "\(strict.stdout)\(strict.stderr)")
            let tolerant = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--ready-when", "exit", "--allow-failed", "2", "--output",
                    folder.appendingPathComponent("tolerant").path, "--", "/bin/sh", "-c", script,
                ], timeout: 120)
            #expect(tolerant.status != 3, "\(tolerant.stdout)\(tolerant.stderr)")
        }
    }
}
