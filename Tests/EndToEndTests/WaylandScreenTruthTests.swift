import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension DisplaySuites {
    /// Every first frame launchprof reports on Wayland, held against the compositor's output in the
    /// same launch (``ScreenTruth`` with WaylandWatch: cage's headless output, each frame that
    /// changed copied by wlroots' screencopy and dated by the compositor): programs nobody here
    /// wrote, six measurement and six diagnosis launches each, through launchprof's proxy on
    /// `--display host`. A frame is never before the first output frame that shows the program's
    /// picture (two colours) less 3 ms, and at most 5 ms after it. The program starts with SIGTERM
    /// blocked, as in ``ScreenTruthTests``, so that its frame stays on the output through the grace
    /// period.
    @Suite("First frames against a Wayland compositor's output", .serialized)
    struct WaylandScreenTruthTests {
        typealias Display = DisplayProgramTests

        static let programs: [[String]] = [
            ["gtk4-demo"], ["qmlscene", "FIXTURE:display/qt-hello.qml"], ["SDL"], ["weston-terminal"], ["foot"],
        ]

        @Test("each launch's first frame against the output", arguments: programs)
        func againstTheOutput(_ command: [String]) throws {
            try #require(Display.installed("cage"), "cage is not installed (scripts/test installs it)")
            let folder = try BuiltProducts.scratchFolder("wayland-truth")
            defer { try? FileManager.default.removeItem(at: folder) }
            let program =
                [
                    TestPython.path, "-c",
                    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM}); os.execvp(sys.argv[1], sys.argv[1:])",
                ] + (try ScreenTruthTests.commandLine(command, in: folder))
            let screen = try ScreenTruth(.wayland)
            let socket = URL(filePath: screen.display)
            let marker = Display.marker()
            let result = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "6", "--warmup", "1", "--ready-when", "frame", "--display", "host", "--timeout",
                    "60", "--grace-period", "0.1", "--output", folder.appendingPathComponent("run").path, "--",
                ] + program,
                environment: [
                    marker.name: marker.value, "DISPLAY": "", "WAYLAND_DISPLAY": socket.lastPathComponent,
                    "XDG_RUNTIME_DIR": socket.deletingLastPathComponent().path,
                ], timeout: 400)
            let changes = try screen.stop()
            try Self.checkAll(output: result, folder: folder, changes: changes, command: command[0])
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }

        /// Every launch of the run in `folder` against the output's `changes`.
        static func checkAll(output: ProductProcess.Output, folder: URL, changes: [ScreenTruth.Change], command: String)
            throws
        {
            for (launch, start, end) in try ScreenTruth.framedLaunches(of: output, in: folder) {
                let seen = changes.filter { $0.ns >= start && $0.ns < end }.map {
                    "\(Double($0.ns - start) / 1e6) \($0.pixels) \($0.colours) \($0.colour)"
                }
                let what = "\(command) launch \(launch.index) (output: \(seen.joined(separator: "; ")))"
                let frame = try #require(launch.firstFrameNs)
                guard let pixels = ScreenTruth.waylandPixels(changes, from: start, to: end) else {
                    Issue.record("\(what): frame \(frame) ns, no picture on the output")
                    continue
                }
                #expect(
                    frame >= pixels - 3_000_000 && frame <= pixels + 5_000_000,
                    "\(what): frame \(frame) ns, the program's first picture at \(pixels) ns")
            }
        }
    }
}
