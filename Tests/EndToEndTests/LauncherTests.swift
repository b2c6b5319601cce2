import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension DisplaySuites {
    /// Launches that go through a launcher (a shell's `program & exit 0`, `setsid`), and programs
    /// that never become ready, through the built CLI on launchprof's headless Xvfb.
    @Suite("Launchers followed; a program never ready stops the run", .serialized)
    struct LauncherTests {
        typealias Display = DisplayProgramTests

        @Test(
            "a launcher that starts xeyes and exits 0: exit 0, xeyes's window and frame, nothing left running",
            arguments: ["xeyes & exit 0", "setsid xeyes & exit 0"])
        func launcherFollowed(_ script: String) throws {
            try #require(Display.installed("xeyes"), "xeyes is not installed (x11-apps)")
            let folder = try BuiltProducts.scratchFolder("launcher")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let output = try Display.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--ready-when", "frame", "--display", "x11", "--output",
                    folder.path, "--", "/bin/sh", "-c", script,
                ], marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
            let records = manifest.launches + (manifest.measurementLaunches ?? [])
            #expect(records.count == 4)
            for record in records {
                #expect(record.followed?.program == "xeyes", "\(record)")
                #expect(record.followed?.launcher == "sh", "\(record)")
                let frame = try #require(record.firstFrameNs, "\(record)")
                #expect(frame >= (record.firstWindowNs ?? .max), "\(record)")
                #expect(record.followed.map { $0.launcherExitNs < frame } == true, "\(record)")
            }
            #expect(output.stdout.contains("time to first window"), "\(output.stdout)")
            #expect(output.stdout.contains("time to first frame"), "\(output.stdout)")
            #expect(output.stdout.contains("the launch went on in xeyes"), "\(output.stdout)")
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }

        @Test("a launcher's child ready by its output is followed too; one that leaves nothing fails at once")
        func outputLauncher() throws {
            let folder = try BuiltProducts.scratchFolder("launcher")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let output = try Display.launchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--ready-when", "stdout:^ready$", "--output",
                    folder.appendingPathComponent("child").path, "--", "/bin/sh", "-c",
                    "(sleep 0.3; echo ready; sleep 60) & exit 0",
                ], marker: marker)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let manifest = try RunManifest.read(from: folder.appendingPathComponent("child/launches.json"))
            let ready = try #require(manifest.launches.first?.readyNs)
            #expect(ready >= 300_000_000, "\(ready)")
            #expect(manifest.launches.first?.followed != nil)
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")

            let nothing = try Display.launchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--timeout", "30", "--ready-when", "stdout:^ready$",
                    "--output", folder.appendingPathComponent("nothing").path, "--", "/bin/sh", "-c", "exit 0",
                ], marker: marker)
            #expect(nothing.status == 3, "\(nothing.stdout)\(nothing.stderr)")
            #expect(nothing.stdout.contains("exited with status 0 before it was ready"), "\(nothing.stdout)")
        }

        @Test("a program that never shows a window: --runs 5 --timeout 5 stops after two launches, exit 3")
        func neverReadyStopsEarly() throws {
            let folder = try BuiltProducts.scratchFolder("launcher")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let start = Date()
            let output = try Display.launchprof(
                [
                    "run", "--runs", "5", "--timeout", "5", "--ready-when", "frame", "--display", "x11", "--output",
                    folder.path, "--", "/bin/sleep", "60",
                ], marker: marker)
            let elapsed = Date().timeIntervalSince(start)
            #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
            #expect(output.stderr.contains("stopped after 2 launches"), "\(output.stderr)")
            // Two launches of 5 s each, not six (the warm-up and five).
            #expect(elapsed < 20, "\(elapsed) s")
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }
    }
}
