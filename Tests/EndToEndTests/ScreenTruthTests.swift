import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySuites {
    /// Every first window and frame launchprof reports, held against the screen in the same launch
    /// (``ScreenTruth``): programs nobody here wrote and the tests' own client, six measurement and
    /// six diagnosis launches each. A frame is never before the first pixels the program drew (less
    /// the screen watcher's own reading period, 1 ms plus the scan of the screen: 3 ms are allowed)
    /// and at most 5 ms after them; a window is within 10 % of the map an independent X client saw.
    /// The program starts with SIGTERM blocked (a Python exec wrapper; a blocked signal stays blocked
    /// across the exec and whatever handler the program installs), so that a ready program stays on
    /// the screen for `--grace-period` (0.1 s) before its SIGKILL: long enough for the watcher to see
    /// the frame that made it ready.
    @Suite("First windows and frames against the screen", .serialized)
    struct ScreenTruthTests {
        typealias Display = DisplayProgramTests

        /// Programs with the arguments that give them something to draw; each must be installed
        /// (scripts/test installs them). `FIXTURE:` names a file of the tests' fixtures, `SDL` the
        /// SDL2 program built from one, `FixtureWindow` the tests' own X client, `PROFILE` a
        /// folder of the test's own (chromium's profile, fresh in each test).
        static let programs: [[String]] = [
            ["xterm"], ["xclock"], ["xeyes"], ["gtk3-demo"], ["zenity", "--info", "--text", "first frame"],
            ["wish", "FIXTURE:display/tk-hello.tcl"], ["qmlscene", "FIXTURE:display/qt-hello.qml"], ["glxgears"],
            ["SDL"],
            ["FixtureWindow", "--background", "0x808080", "--render-ms", "50"],
            [
                "chromium", "--no-sandbox", "--no-first-run", "--disable-gpu", "--user-data-dir=PROFILE",
                "about:blank",
            ],
        ]

        /// The command line of `command` (fixtures and the SDL program resolved into `folder`).
        static func commandLine(_ command: [String], in folder: URL) throws -> [String] {
            switch command[0] {
            case "FixtureWindow": return [BuiltProducts.path("FixtureWindow")] + command.dropFirst()
            case "SDL": return [try sdlProgram(in: folder)]
            default:
                try #require(Display.installed(command[0]), "\(command[0]) is not installed (scripts/test installs it)")
                return command.map { argument in
                    if argument.hasPrefix("FIXTURE:") { return BuiltProducts.fixture(String(argument.dropFirst(8))) }
                    return argument.replacingOccurrences(
                        of: "PROFILE", with: folder.appendingPathComponent("profile").path)
                }
            }
        }

        /// The SDL2 fixture, built into `folder` with the system's C compiler (libsdl2-dev).
        static func sdlProgram(in folder: URL) throws -> String {
            let output = folder.appendingPathComponent("sdl-frame").path
            let build = try BuiltProducts.run(
                "/bin/sh",
                [
                    "-c",
                    "cc -O1 -g -o \(output) \(BuiltProducts.fixture("display/sdl-frame.c")) $(sdl2-config --cflags --libs)",
                ])
            try #require(build.status == 0, "\(build.stderr)")
            return output
        }

        @Test("each launch's first window and frame against the screen", arguments: programs)
        func againstTheScreen(_ command: [String]) throws {
            let folder = try BuiltProducts.scratchFolder("truth")
            defer { try? FileManager.default.removeItem(at: folder) }
            let program =
                [
                    TestPython.path, "-c",
                    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM}); os.execvp(sys.argv[1], sys.argv[1:])",
                ] + (try Self.commandLine(command, in: folder))
            // Chromium's first frame is one 3 MB image: a server preempted in its copy spreads it.
            let screen = try ScreenTruth(realtimeServer: command[0] == "chromium")
            let marker = Display.marker()
            let output = try BuiltProducts.launchprof(
                [
                    "run", "--runs", "6", "--warmup", "1", "--ready-when", "frame", "--display", "host", "--timeout",
                    "60",
                    "--grace-period", "0.1", "--output", folder.appendingPathComponent("run").path, "--",
                ] + program,
                environment: [marker.name: marker.value, "DISPLAY": screen.display, "WAYLAND_DISPLAY": ""], timeout: 400
            )
            let changes = try screen.stop()
            try Self.checkAll(output: output, folder: folder, changes: changes, command: command[0])
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }

        /// Every launch of the run in `folder` against the screen's `changes`.
        static func checkAll(output: ProductProcess.Output, folder: URL, changes: [ScreenTruth.Change], command: String)
            throws
        {
            for (launch, start, end) in try ScreenTruth.framedLaunches(of: output, in: folder) {
                let seen = changes.filter { $0.ns >= start - 5_000_000 && $0.ns < end }.map {
                    "\(Double($0.ns - start) / 1e6) \($0.kind) \($0.pixels) \($0.colours) \($0.colour)"
                }
                Self.check(
                    launch, against: ScreenTruth.truth(changes, from: start, to: end),
                    command: "\(command) (screen: \(seen.joined(separator: "; ")))")
            }
        }

        @Test("chromium (several processes draw its window): both metrics, exit 0, nothing left running")
        func chromium() throws {
            try #require(Display.installed("chromium"), "chromium is not installed (scripts/test installs it)")
            let folder = try BuiltProducts.scratchFolder("truth")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let output = try Display.launchprof(
                [
                    "run", "--runs", "3", "--warmup", "1", "--ready-when", "frame", "--display", "x11", "--timeout",
                    "60",
                    "--output", folder.appendingPathComponent("run").path, "--", "chromium", "--no-sandbox",
                    "--no-first-run", "--disable-gpu",
                    "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
                    "about:blank",
                ], marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("run/summary.json"))
            let launches = summary.launches + (summary.measurementLaunches ?? [])
            #expect(launches.allSatisfy { ($0.firstFrameNs ?? 0) > ($0.firstWindowNs ?? .max) }, "\(launches)")
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }

        static func check(_ launch: LaunchRecord, against truth: ScreenTruth.Truth, command: String) {
            let what = "\(command) launch \(launch.index) (\(launch.startedAtNs ?? 0))"
            guard let window = launch.firstWindowNs, let frame = launch.firstFrameNs,
                let map = truth.mapNs, let pixels = truth.pixelsNs
            else {
                Issue.record(
                    "\(what): window \(String(describing: launch.firstWindowNs)), frame \(String(describing: launch.firstFrameNs)), screen \(truth)"
                )
                return
            }
            #expect(
                abs(window - map) <= max(map / 10, 2_000_000), "\(what): window \(window) ns, map seen at \(map) ns")
            #expect(
                frame >= pixels - 3_000_000 && frame <= pixels + 5_000_000,
                "\(what): frame \(frame) ns, the program's first pixels at \(pixels) ns")
        }
    }
}
