import Foundation
import LaunchTestSupport
import LaunchTrace
import Testing

extension DisplaySuites {
    /// Every toolkit on `--display wayland` (cage's headless backend, which has the seat SDL and foot
    /// need; as root it runs as `nobody`): launchprof gives the launch the variables that make Qt, SDL
    /// and GTK pick Wayland, and measures each program's first window and frame through its proxy.
    @Suite("Toolkits on a headless Wayland display", .serialized)
    struct WaylandToolkitTests {
        typealias Display = DisplayProgramTests

        static let programs: [[String]] = [
            ["gtk4-demo"], ["qmlscene", "FIXTURE:display/qt-hello.qml"], ["SDL"], ["weston-terminal"], ["foot"],
        ]

        @Test("a first window and frame, exit 0, nothing left running", arguments: programs)
        func toolkit(_ command: [String]) throws {
            try #require(Display.installed("cage"), "cage is not installed (scripts/test installs it)")
            let folder = try BuiltProducts.scratchFolder("wayland")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let foldersBefore = Display.waylandFolders()
            let output = try Display.launchprof(
                ["trace", "--json", "--ready-when", "frame", "--display", "wayland", "--timeout", "60", "--"]
                    + (try ScreenTruthTests.commandLine(command, in: folder)), marker: marker)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(
                output.stderr.contains("QT_QPA_PLATFORM=wayland") && output.stderr.contains("SDL_VIDEODRIVER=wayland"))
            let trace = try LaunchTrace.decode(Data(output.stdout.utf8), file: "stdout")
            let window = try #require(trace.totals.timeToFirstWindowNs, "\(output.stderr)")
            #expect(try #require(trace.totals.timeToFirstFrameNs) >= window)
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
            #expect(Display.waylandFolders().subtracting(foldersBefore).isEmpty)
        }

        /// SDL 2.26 without libdecor chosen from the start, on cage (which refuses to decorate its
        /// windows): it destroys its window's toplevel and draws into the bare surface, which the
        /// compositor never shows (the output's screencopy saw nothing of it). Its buffers are
        /// released all the same; none of that is a frame.
        @Test("a window whose toplevel was destroyed has no frame: exit 3 at the timeout")
        func destroyedToplevel() throws {
            try #require(Display.installed("cage"), "cage is not installed (scripts/test installs it)")
            let folder = try BuiltProducts.scratchFolder("wayland")
            defer { try? FileManager.default.removeItem(at: folder) }
            let marker = Display.marker()
            let output = try BuiltProducts.launchprof(
                [
                    "trace", "--json", "--ready-when", "frame", "--display", "wayland", "--timeout", "3", "--",
                    try ScreenTruthTests.sdlProgram(in: folder),
                ],
                environment: [
                    marker.name: marker.value, "DISPLAY": "", "WAYLAND_DISPLAY": "",
                    "SDL_VIDEO_WAYLAND_PREFER_LIBDECOR": "0",
                ], timeout: 120)
            #expect(output.status == 3, "\(output.stdout)\(output.stderr)")
            #expect(output.stderr.contains("frame"), "\(output.stderr)")
            #expect(Display.processes(carrying: marker).isEmpty, "\(Display.processes(carrying: marker))")
        }
    }
}
