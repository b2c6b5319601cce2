import Foundation
import LaunchTestSupport
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySuites {
    /// SampleApp's launch screen (`UILaunchStoryboardName`, LaunchScreen.storyboard, purple) on an
    /// X server, looked at: ScreenWatch reads the screen every millisecond (``ScreenTruth``) while
    /// SampleApp launches on it; and a background launch on it, which shows nothing.
    @Suite("The launch screen on the screen", .serialized)
    struct LaunchScreenTests {
        /// LaunchScreen.storyboard's background, as ScreenWatch prints the first colour of a change.
        static let launchScreenColour = "5e2ca5"
        /// The top of SampleApp's first screen (Main.storyboard's header, `#0A84FF`).
        static let firstFrameColour = "0a84ff"

        @Test("SampleApp's launch screen is on the screen before its first frame, which then replaces it in place")
        func launchScreenBeforeTheFirstFrame() throws {
            let folder = try BuiltProducts.scratchFolder("launch-screen")
            defer { try? FileManager.default.removeItem(at: folder) }
            let tracePath = folder.appendingPathComponent("sample.trace.json").path
            let screen = try ScreenTruth()
            // `resumed` never comes without signals: the app stays on the screen until SIGTERM.
            let app = try ProductProcess.start(
                BuiltProducts.path("SampleApp"), [],
                environment: [
                    "DISPLAY": screen.display, "WAYLAND_DISPLAY": "", "LAUNCHPROF_TRACE": tracePath,
                    "LAUNCHPROF_EXIT_AFTER": "resumed",
                ])
            defer { if app.process.isRunning { kill(app.process.processIdentifier, SIGKILL) } }
            let deadline = Date().addingTimeInterval(60)
            while !screen.changesSoFar().contains(where: { $0.colour == Self.firstFrameColour }), Date() < deadline {
                usleep(50_000)
            }
            usleep(300_000)
            kill(app.process.processIdentifier, SIGTERM)
            let output = try app.wait(timeout: 30)
            let changes = try screen.stop().filter { $0.kind == "screen" || $0.kind == "map" }
            #expect(output.status == 0, "\(output.stderr)")
            let screenGap = try Self.expectLaunchScreenThenFrame(changes)
            let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
            let launchScreen = try #require(trace.totals.timeToLaunchScreenNs)
            let firstFrame = try #require(trace.totals.timeToFirstFrameNs)
            #expect(launchScreen < firstFrame)
            // The trace's two times are read when the display took each picture: their gap is the
            // screen's (the watcher reads it every millisecond), within 10 ms or 10 %.
            let tolerance = max(10_000_000, screenGap / 10)
            #expect(
                abs((firstFrame - launchScreen) - screenGap) <= tolerance,
                "trace \(firstFrame - launchScreen) ns between the two pictures, the screen \(screenGap) ns")
            let delegateObject = try #require(trace.record(of: .delegateObject))
            #expect(launchScreen <= delegateObject.startNs, "shown before the app delegate exists")
        }

        @Test("a background launch of SampleApp on the same screen shows nothing: no window mapped, no pixel changed")
        func backgroundLaunchShowsNothing() throws {
            let folder = try BuiltProducts.scratchFolder("background-screen")
            defer { try? FileManager.default.removeItem(at: folder) }
            let screen = try ScreenTruth()
            let output = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--scenario", "background", "--no-history", "--output",
                    folder.path, "--", BuiltProducts.path("SampleApp"),
                ], environment: ["DISPLAY": screen.display, "WAYLAND_DISPLAY": ""])
            let changes = try screen.stop()
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            #expect(!changes.contains { $0.kind == "map" }, "a window was mapped")
            #expect(!changes.contains { $0.kind == "screen" && $0.pixels > 0 }, "the screen changed")
        }

        /// The launch screen's colour fills a window first; the first frame comes later in the same
        /// window (one map), and the launch screen's colour is not seen again. Returns the time
        /// between the two pictures on the screen, in ns.
        static func expectLaunchScreenThenFrame(_ changes: [ScreenTruth.Change]) throws -> Int64 {
            let described = changes.map { "\($0.ns) \($0.kind) \($0.colour)/\($0.colours)" }.joined(separator: "\n")
            let launch = try #require(
                changes.firstIndex { $0.kind == "screen" && $0.colour == launchScreenColour },
                "the launch screen's colour never reached the screen:\n\(described)")
            let frame = try #require(
                changes.firstIndex { $0.kind == "screen" && $0.colour == firstFrameColour && $0.colours >= 2 },
                "SampleApp's first frame never reached the screen:\n\(described)")
            #expect(launch < frame && changes[launch].ns < changes[frame].ns, "\(described)")
            #expect(changes[launch].pixels > 100_000, "a window's worth of the launch screen:\n\(described)")
            #expect(
                !changes[frame...].contains { $0.colour == launchScreenColour },
                "the launch screen came back after the first frame:\n\(described)")
            #expect(
                changes.filter { $0.kind == "map" }.count == 1, "one window, the launch screen's, kept:\n\(described)")
            return changes[frame].ns - changes[launch].ns
        }
    }
}
