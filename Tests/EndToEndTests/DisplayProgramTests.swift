import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DisplaySuites {
    /// GUI programs on a headless display: `--ready-when window|frame` with `--display x11`, on a
    /// client of the tests' own whose times are known (FixtureWindow) and on programs nobody here
    /// wrote (xeyes, xclock, xterm, gtk4-demo); the display's life (nothing left running, no lock
    /// file or socket), interruption, and a missing server.
    @Suite("GUI programs on a headless display", .serialized)
    struct DisplayProgramTests {
        /// A value every process of one test carries in its environment (launchprof passes its own
        /// environment, less its `LAUNCHPROF_` variables, to the display server and the launches):
        /// what is left running is found by it.
        static func marker() -> (name: String, value: String) {
            ("DISPLAY_TEST_MARK", UUID().uuidString)
        }

        /// The processes whose environment holds `name=value`, as `pid command` lines.
        static func processes(carrying marker: (name: String, value: String)) -> [String] {
            let needle = Data("\(marker.name)=\(marker.value)".utf8)
            let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
            return pids.compactMap { pid in
                guard pid != getpid(), let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                    environ.range(of: needle) != nil
                else { return nil }
                let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
                return "\(pid) \(comm.trimmingCharacters(in: .whitespacesAndNewlines))"
            }
        }

        /// The lock files and sockets of X displays and the headless servers' logs, to compare before
        /// and after a run.
        static func xDisplayFiles() -> Set<String> {
            let locks = ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter {
                ($0.hasPrefix(".X") && $0.hasSuffix("-lock"))
                    || ($0.hasPrefix("launchprof-xvfb-") && !Self.ofRunningProcess($0))
            }
            // A socket of a server another suite runs beside this one (its lock names a live pid) is not left over.
            let sockets = ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp/.X11-unix")) ?? []).filter {
                let lock = (try? String(contentsOfFile: "/tmp/.\($0.dropFirst())-lock", encoding: .utf8)) ?? ""
                return Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)).map { kill($0, 0) != 0 } ?? true
            }
            return Set(locks.map { "/tmp/\($0)" } + sockets.map { "/tmp/.X11-unix/\($0)" })
        }

        /// Whether a server log's name (`launchprof-xvfb-PID.log`) is that of a launchprof still running
        /// (another suite's, beside this one).
        static func ofRunningProcess(_ log: String) -> Bool {
            let digits = log.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int32($0) }
            return digits.map { kill($0, 0) == 0 } ?? false
        }

        /// Whether `program` is installed (the tests of programs nobody here wrote need it).
        static func installed(_ program: String) -> Bool {
            ["/usr/bin", "/usr/local/bin", "/bin"].contains { access("\($0)/\(program)", X_OK) == 0 }
        }

        /// launchprof with the test's marker and no display of the test runner's.
        static func launchprof(_ arguments: [String], marker: (name: String, value: String)) throws
            -> ProductProcess.Output
        {
            try BuiltProducts.launchprof(
                arguments, environment: [marker.name: marker.value, "DISPLAY": "", "WAYLAND_DISPLAY": ""], timeout: 240)
        }

        @Test(
            "a client that maps at 30 ms and draws 60 ms later: the two metrics as far apart as it measured, within 10 %"
        )
        func windowThenFrame() throws {
            let folder = try BuiltProducts.scratchFolder("display")
            defer { try? FileManager.default.removeItem(at: folder) }
            let times = folder.appendingPathComponent("times.txt")
            let marker = Self.marker()
            let filesBefore = Self.xDisplayFiles()
            let output = try Self.launchprof(
                [
                    "trace", "--json", "--ready-when", "frame", "--display", "x11", "--",
                    BuiltProducts.path("FixtureWindow"), "--map-ms", "30", "--draw-ms", "60", "--times", times.path,
                ], marker: marker)
            #expect(output.status == 0, "\(output.stderr)")
            let trace = try LaunchTrace.decode(Data(output.stdout.utf8), file: "stdout")
            let window = try #require(trace.totals.timeToFirstWindowNs)
            let frame = try #require(trace.totals.timeToFirstFrameNs)
            #expect(trace.totals.timeToReadyNs == frame)
            let measured = try String(contentsOf: times, encoding: .utf8).split(separator: " ").compactMap {
                $0.split(separator: "=").last.flatMap { Int64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            let fixtureGap = Double(measured[1] - measured[0])
            let observedGap = Double(frame - window)
            #expect(
                abs(observedGap - fixtureGap) <= 0.1 * fixtureGap,
                "observed \(observedGap) ns, fixture \(fixtureGap) ns")
            #expect(trace.phases.map(\.phase).suffix(3) == [.main, .firstWindow, .firstFrame], "\(trace.phases)")
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
            #expect(Self.xDisplayFiles().subtracting(filesBefore).isEmpty)
        }

        @Test(
            "programs nobody here wrote on Xvfb: both metrics in summary.json, exit 0, nothing left running",
            arguments: [["xeyes"], ["xclock"], ["xterm", "-e", "sleep", "60"]])
        func realPrograms(_ command: [String]) throws {
            try #require(Self.installed(command[0]), "\(command[0]) is not installed (x11-apps, xterm)")
            let folder = try BuiltProducts.scratchFolder("display")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Self.marker()
            let filesBefore = Self.xDisplayFiles()
            let output = try Self.launchprof(
                ["run", "--runs", "2", "--warmup", "1", "--ready-when", "frame", "--output", folder.path, "--"]
                    + command,
                marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("summary.json"))
            let warm = try #require(summary.scenarios[Scenario.warm.rawValue])
            let window = try #require(warm.metrics[MetricName.timeToFirstWindow.rawValue], "\(warm.metrics.keys)")
            let frame = try #require(warm.metrics[MetricName.timeToFirstFrame.rawValue])
            #expect(window.samples.allSatisfy { $0 > 0 } && frame.statistics.median >= window.statistics.median)
            #expect(warm.metrics[MetricName.phase(.firstWindow).rawValue] != nil)
            // The measurement launches, made ready while a diagnosis launch ran, see their own windows
            // (a new client's windows may have the ids an ended one's had).
            let timing = try #require(summary.measurementLaunches)
            #expect(
                timing.count == 2 && timing.allSatisfy { $0.outcome == .completed && $0.firstFrameNs != nil },
                "\(timing)")
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
            #expect(Self.xDisplayFiles().subtracting(filesBefore).isEmpty)
        }

        @Test("gtk4-demo on Xvfb: its first window and frame, nothing left running")
        func gtkOnX11() throws {
            try #require(Self.installed("gtk4-demo"), "gtk4-demo is not installed (gtk-4-examples)")
            let marker = Self.marker()
            let output = try Self.launchprof(
                ["trace", "--json", "--ready-when", "frame", "--display", "x11", "--timeout", "60", "--", "gtk4-demo"],
                marker: marker)
            #expect(output.status == 0, "\(output.stderr)")
            let trace = try LaunchTrace.decode(Data(output.stdout.utf8), file: "stdout")
            let window = try #require(trace.totals.timeToFirstWindowNs)
            #expect(try #require(trace.totals.timeToFirstFrameNs) >= window)
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
        }

        /// The GTK 4 fixture with `workMs` of CPU in its `activate` handler, built into `folder` with
        /// the system's C compiler (frame pointers and debug info, as a profiled build has).
        static func gtkFixture(workMs: Int, in folder: URL) throws -> String {
            let source = BuiltProducts.fixtures.appendingPathComponent("gtk-activate-work.c").path
            let output = folder.appendingPathComponent("gtk-activate-\(workMs)").path
            let build = try BuiltProducts.run(
                "/bin/sh",
                [
                    "-c",
                    "cc -O1 -g -fno-omit-frame-pointer -DWORK_MS=\(workMs) -o \(output) \(source) "
                        + "$(pkg-config --cflags --libs gtk4)",
                ])
            try #require(build.status == 0, "\(build.stderr)")
            return output
        }

        @Test("a GTK 4 app with 300 ms of CPU in activate: the work named with its cost before the first frame")
        func gtkActivateWork() throws {
            let pkgConfig = try BuiltProducts.run("/bin/sh", ["-c", "pkg-config --exists gtk4"])
            try #require(pkgConfig.status == 0, "GTK 4's headers are not installed (libgtk-4-dev)")
            let folder = try BuiltProducts.scratchFolder("display")
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = try Self.gtkFixture(workMs: 300, in: folder)
            let marker = Self.marker()
            let output = try Self.launchprof(
                [
                    "run", "--runs", "3", "--warmup", "1", "--ready-when", "frame", "--display", "x11", "--timeout",
                    "60",
                    "--output", folder.appendingPathComponent("run").path, "--", app,
                ], marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let summary = try RunSummary.read(from: folder.appendingPathComponent("run/summary.json"))
            let findings = try #require(summary.findings?.findings, "\(output.stdout)")
            let work = try #require(findings.first, "\(output.stdout)")
            #expect(work.site.function == "build_catalog_index", "\(output.stdout)")
            #expect(work.site.kind == .cpu && work.site.phase == .main && work.medianCostNs > 50_000_000, "\(work)")
            #expect(output.stdout.contains("build_catalog_index (gtk-activate-work.c:"), "\(output.stdout)")
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
        }

        @Test("the GTK 4 app against a build with a tenth of the work: compare decides and names the function")
        func gtkCompare() throws {
            let pkgConfig = try BuiltProducts.run("/bin/sh", ["-c", "pkg-config --exists gtk4"])
            try #require(pkgConfig.status == 0, "GTK 4's headers are not installed (libgtk-4-dev)")
            let folder = try BuiltProducts.scratchFolder("display")
            defer { try? FileManager.default.removeItem(at: folder) }
            let slow = try Self.gtkFixture(workMs: 300, in: folder)
            let fast = try Self.gtkFixture(workMs: 30, in: folder)
            let marker = Self.marker()
            let output = try Self.launchprof(
                [
                    "compare", "--base", slow, "--head", fast, "--ready-when", "frame", "--display", "x11", "--timeout",
                    "60", "--max-runs", "12", "--metric", "timeToFirstFrame", "--output",
                    folder.appendingPathComponent("compare").path,
                ], marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            #expect(output.stdout.contains("timeToFirstFrame  improved"), "\(output.stdout)")
            #expect(output.stdout.contains("  main improved"), "\(output.stdout)")
            #expect(output.stdout.contains("  build_catalog_index −"), "\(output.stdout)")
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
        }

        /// The runtime folders of headless Wayland displays in /tmp.
        static func waylandFolders() -> Set<String> {
            Set(
                ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []).filter {
                    $0.hasPrefix("launchprof-wayland-")
                })
        }

        @Test("gtk4-demo under --display wayland: its first window and frame through the proxy, nothing left")
        func gtkOnWayland() throws {
            try #require(
                Self.installed("gtk4-demo") && Self.installed("weston"), "gtk4-demo or weston is not installed")
            let marker = Self.marker()
            let foldersBefore = Self.waylandFolders()
            let output = try Self.launchprof(
                [
                    "trace", "--json", "--ready-when", "frame", "--display", "wayland", "--timeout", "60", "--",
                    "gtk4-demo",
                ],
                marker: marker)
            #expect(output.status == 0, "\(output.stderr)")
            let trace = try LaunchTrace.decode(Data(output.stdout.utf8), file: "stdout")
            let window = try #require(trace.totals.timeToFirstWindowNs)
            #expect(try #require(trace.totals.timeToFirstFrameNs) > window)
            #expect(trace.phases.map(\.phase).suffix(3) == [.main, .firstWindow, .firstFrame], "\(trace.phases)")
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
            #expect(Self.waylandFolders().subtracting(foldersBefore).isEmpty)
        }

        /// `launchprof run` of `sleep 60`, waiting for its window on launchprof's own Xvfb, started
        /// with `marker` and run until the program runs on the display.
        static func startWaitingForWindow(marker: (name: String, value: String), folder: URL) throws
            -> ProductProcess
        {
            let process = try BuiltProducts.startLaunchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--ready-when", "window", "--output", folder.path, "--",
                    "sleep", "60",
                ],
                environment: [marker.name: marker.value, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
            // Until the launch runs on the display (launchprof, Xvfb and the program carry the marker).
            let launched = { Self.processes(carrying: marker).contains { $0.hasSuffix(" sleep") } }
            let deadline = Date().addingTimeInterval(60)
            while !launched(), Date() < deadline { usleep(50_000) }
            #expect(launched(), "\(Self.processes(carrying: marker))")
            return process
        }

        @Test("launchprof killed (SIGKILL) during a launch: the keeper ends Xvfb, the launch ends with launchprof")
        func killed() throws {
            let marker = Self.marker()
            let filesBefore = Self.xDisplayFiles()
            let folder = try BuiltProducts.scratchFolder("display")
            defer { try? FileManager.default.removeItem(at: folder) }
            let process = try Self.startWaitingForWindow(marker: marker, folder: folder)
            kill(process.process.processIdentifier, SIGKILL)
            _ = try process.wait(timeout: 60)
            // The keeper sees its control pipe close: SIGTERM to Xvfb, which removes its lock and socket.
            let gone = Date().addingTimeInterval(10)
            while !Self.processes(carrying: marker).isEmpty, Date() < gone { usleep(50_000) }
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
            #expect(Self.xDisplayFiles().subtracting(filesBefore).isEmpty)
        }

        @Test("interrupted while waiting for a window: the launch, Xvfb and its files are gone")
        func interrupted() throws {
            let marker = Self.marker()
            let filesBefore = Self.xDisplayFiles()
            let folder = try BuiltProducts.scratchFolder("display")
            defer { try? FileManager.default.removeItem(at: folder) }
            let process = try Self.startWaitingForWindow(marker: marker, folder: folder)
            #expect(Self.processes(carrying: marker).contains { $0.hasSuffix(" Xvfb") })
            process.process.interrupt()
            _ = try process.wait(timeout: 60)
            #expect(Self.processes(carrying: marker).isEmpty, "\(Self.processes(carrying: marker))")
            #expect(Self.xDisplayFiles().subtracting(filesBefore).isEmpty)
        }

        @Test("no Xvfb installed: a clear error naming the package, exit 1")
        func missingServer() throws {
            let marker = Self.marker()
            let output = try BuiltProducts.launchprof(
                ["trace", "--ready-when", "window", "--display", "x11", "--", "/bin/true"],
                environment: [marker.name: marker.value, "PATH": "/nonexistent"])
            #expect(output.status == 1)
            #expect(output.stderr.contains("Xvfb is not installed"), "\(output.stderr)")
            #expect(output.stderr.contains("apt-get install xvfb"), "\(output.stderr)")
        }
    }
}
