import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension DisplaySuites {
    /// The window meant, chosen by its title: a splash window first, the main window 300 ms
    /// later (FixtureWindow --splash-ms), on launchprof's headless Xvfb.
    @Suite("The window chosen by its title", .serialized)
    struct WindowTitleTests {
        typealias Display = DisplayProgramTests

        /// The run's measurement launches' window and frame times (ns) and titles, for `condition`.
        static func run(_ condition: String) throws -> [LaunchRecord] {
            let folder = try BuiltProducts.scratchFolder("titles")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try Display.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--ready-when", condition, "--display", "x11", "--output",
                    folder.path, "--", BuiltProducts.path("FixtureWindow"), "--splash-ms", "300", "--title",
                    "the main-window of the app", "--draw-ms", "20",
                ], marker: Display.marker())
            try #require(output.status == 0, "\(output.stdout)\(output.stderr)")
            let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
            return manifest.launches + (manifest.measurementLaunches ?? [])
        }

        @Test("frame:main-window ends at the main window, plain frame at the splash")
        func splashThenMain() throws {
            for record in try Self.run("frame:main-window") {
                let frame = try #require(record.firstFrameNs, "\(record)")
                #expect(frame >= 300_000_000, "\(record)")
                #expect(record.windowTitle == "the main-window of the app", "\(record)")
            }
            for record in try Self.run("frame") {
                let frame = try #require(record.firstFrameNs, "\(record)")
                #expect(frame < 300_000_000, "\(record)")
                #expect(record.windowTitle == nil, "\(record)")
            }
        }

        @Test("window:^splash$ ends at the splash window; a title no window has times out")
        func titlePatterns() throws {
            for record in try Self.run("window:^splash$") {
                #expect((record.firstWindowNs ?? .max) < 300_000_000, "\(record)")
                #expect(record.windowTitle == "splash", "\(record)")
            }
            let folder = try BuiltProducts.scratchFolder("titles")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try Display.launchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--timeout", "2", "--ready-when", "window:no such title",
                    "--display", "x11", "--output", folder.path, "--", BuiltProducts.path("FixtureWindow"),
                    "--draw-ms", "0",
                ], marker: Display.marker())
            #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
            #expect(
                output.stdout.contains("the program's first window whose title matches no such title"),
                "\(output.stdout)")
        }

        @Test("on Wayland the toplevel's title chooses it too (gtk4-demo's \"GTK Demo\", xdg_toplevel.set_title)")
        func waylandTitle() throws {
            try #require(Display.installed("gtk4-demo"), "gtk4-demo is not installed (gtk-4-examples)")
            let folder = try BuiltProducts.scratchFolder("titles")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try Display.launchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--ready-when", "frame:^GTK Demo$", "--display", "wayland",
                    "--output", folder.path, "--", "/usr/bin/gtk4-demo",
                ], marker: Display.marker())
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
            for record in manifest.launches + (manifest.measurementLaunches ?? []) {
                #expect(record.windowTitle == "GTK Demo", "\(record)")
                #expect(record.firstFrameNs != nil, "\(record)")
            }
        }

        @Test("the condition's text form round-trips, a bad title pattern is refused with a sentence")
        func parsing() throws {
            #expect(try ReadyCondition(parsing: "frame:Main.*") == .frame(title: "Main.*"))
            #expect(try ReadyCondition(parsing: "window") == .window(title: nil))
            #expect(ReadyCondition.frame(title: "a:b").description == "frame:a:b")
            #expect(throws: LaunchProfilerError.self) { try ReadyCondition(parsing: "window:(unclosed") }
        }
    }
}
