import Foundation
import LaunchTestSupport
import LaunchTrace
import Testing

/// LaunchKit apps on a real display, an X server (Xvfb) and a Wayland compositor (weston's
/// headless back end): the window is shown with the app's pixels, the first frame ends when
/// the display took it; without a display nothing changes. One at a time: each starts a server.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct DisplayTests {
    private static let launchSpans: Set<String> = [
        "config.load", "license.verify", "remoteConfig.fetch", "thumbnails.warm", "catalog.load",
    ]

    private func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appending(path: "launchkit-display-\(UUID().uuidString)\(suffix)").path
    }

    /// SampleApp's background, `#F2F2F7` (blue above red and green: a swapped channel shows).
    private static let sampleBackground: UInt32 = 0xF2F2F7

    /// SampleApp, running until SIGTERM (`resumed` never comes without signals), with a trace.
    private func startSampleApp(_ environment: [String: String], tracePath: String) throws -> AppProcess {
        try AppProcess(
            BuiltProducts.executable("SampleApp"),
            environment: environment.merging(["LAUNCHPROF_TRACE": tracePath, "LAUNCHPROF_EXIT_AFTER": "resumed"]) {
                $1
            })
    }

    /// The phases are the scene-based app's, and `firstVisibleWindow` ends after the display took the frame.
    private func expectFrameOnDisplay(tracePath: String) throws {
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
        let present = try #require(trace.spans.first { $0.name == "display.firstFrame" })
        #expect(trace.spans.contains { $0.name == "display.connect" })
        let firstWindow = try #require(trace.record(of: .firstVisibleWindow))
        #expect(present.phase == .firstVisibleWindow && present.endNs <= firstWindow.endNs)
    }

    @Test func sampleAppShowsItsWindowOnAnXDisplay() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let tracePath = temporaryPath(".trace.json")
        let app = try startSampleApp(["DISPLAY": display.name, "WAYLAND_DISPLAY": ""], tracePath: tracePath)
        defer { app.killIfRunning() }
        var window: XWindow?
        var image: CapturedImage?
        let drawn = try display.wait(timeout: 30) {
            window = try XWindow.find(titled: "SampleApp", on: display)
            // xwd fails on a window that is listed but not viewable yet.
            image = try window.flatMap { try? $0.capture(on: display) }
            return (image?.count(of: Self.sampleBackground) ?? 0) > 1_000
        }
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(drawn, "no drawn SampleApp window on \(display.name); its errors: \(result.standardError)")
        let shown = try #require(window)
        // 780 x 1688 pixels reduced 3 times to fit the 1280 x 800 screen.
        #expect(shown.width == 260 && shown.height == 562)
        let pixels = try #require(image)
        #expect(pixels.nonBlackShare > 0.9 && pixels.distinctColours >= 3, "the window shows the catalog's rows")
        #expect(result.status == 0 && !result.standardError.contains("LaunchKit:"), "\(result.standardError)")
        try expectFrameOnDisplay(tracePath: tracePath)
    }

    @Test func sampleAppShowsItsWindowOnAWaylandCompositor() throws {
        let compositor = try HeadlessWeston()
        defer { compositor.stop() }
        let before = try compositor.screenshot()
        let tracePath = temporaryPath(".trace.json")
        let app = try startSampleApp(compositor.environment.merging(["DISPLAY": ""]) { $1 }, tracePath: tracePath)
        defer { app.killIfRunning() }
        let deadline = Date().addingTimeInterval(30)
        var shot = before
        while shot.count(of: Self.sampleBackground) < 1_000 && Date() < deadline {
            usleep(200_000)
            shot = try compositor.screenshot()
        }
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(before.count(of: Self.sampleBackground) == 0)
        #expect(
            shot.count(of: Self.sampleBackground) >= 1_000,
            "no SampleApp window on the compositor; its errors: \(result.standardError)")
        #expect(result.status == 0 && !result.standardError.contains("LaunchKit:"), "\(result.standardError)")
        try expectFrameOnDisplay(tracePath: tracePath)
    }

    @Test func theSeedsCallbackOrderIsTheSameOnADisplay() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(
            BuiltProducts.executable("FixtureApp"),
            environment: ["FIXTURE_BEHAVIOR": "lifecycle", "DISPLAY": display.name, "WAYLAND_DISPLAY": ""])
        defer { app.killIfRunning() }
        try app.waitForLine("applicationDidBecomeActive")
        let window = try XWindow.find(titled: "FixtureApp", on: display)
        app.send(SIGUSR1)
        try app.waitForLine("applicationDidEnterBackground")
        app.send(SIGUSR2)
        try app.waitForLine("applicationDidBecomeActive", count: 2)
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(window != nil, "FixtureApp's window is on \(display.name) once it is active")
        #expect(result.status == 0 && !result.terminatedBySignal, "\(result.standardError)")
        #expect(
            app.outputLines == [
                "applicationWillFinishLaunching", "applicationDidFinishLaunching", "applicationDidBecomeActive",
                "applicationWillResignActive", "applicationDidEnterBackground", "applicationWillEnterForeground",
                "applicationDidBecomeActive", "applicationWillResignActive", "applicationDidEnterBackground",
                "applicationWillTerminate",
            ])
    }

    @Test func anUnusableCompositorLeavesTheWindowToTheXServer() throws {
        let display = try VirtualDisplay()
        defer { display.stop() }
        let app = try AppProcess(
            BuiltProducts.executable("FixtureApp"),
            environment: [
                "FIXTURE_BEHAVIOR": "lifecycle", "DISPLAY": display.name,
                "WAYLAND_DISPLAY": "launchkit-nowhere-\(UUID().uuidString)",
                "XDG_RUNTIME_DIR": FileManager.default.temporaryDirectory.path,
            ])
        defer { app.killIfRunning() }
        try app.waitForLine("applicationDidBecomeActive")
        let window = try XWindow.find(titled: "FixtureApp", on: display)
        app.send(SIGTERM)
        let result = try app.waitForExit()
        #expect(window != nil, "FixtureApp's window is on \(display.name); its errors: \(result.standardError)")
        #expect(!result.standardError.contains("LaunchKit:"), "\(result.standardError)")
    }

    @Test func withoutADisplayTheTraceIsUnchanged() throws {
        let tracePath = temporaryPath(".trace.json")
        let result = try AppProcess.run(
            BuiltProducts.executable("SampleApp"),
            environment: [
                "DISPLAY": "", "WAYLAND_DISPLAY": "", "LAUNCHPROF_TRACE": tracePath, "LAUNCHPROF_EXIT_AFTER": "active",
            ])
        #expect(result.status == 0 && result.standardError.isEmpty, "\(result.standardError)")
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
        // SampleApp's launch screen is rendered without a display, and timed.
        #expect(Set(trace.spans.map(\.name)) == Self.launchSpans.union(["launchScreen.show"]))
        let launchScreen = try #require(trace.totals.timeToLaunchScreenNs)
        let firstFrame = try #require(trace.totals.timeToFirstFrameNs)
        #expect(launchScreen < firstFrame)
    }

    @Test(arguments: [
        ("DISPLAY", ":\(Int.random(in: 2_000...3_000))", "the X server"),
        ("WAYLAND_DISPLAY", "launchkit-nowhere-\(UUID().uuidString)", "the Wayland compositor"),
    ])
    func aDisplayThatCannotBeReachedIsNamedAndTheAppRunsOn(variable: String, name: String, server: String) throws {
        let tracePath = temporaryPath(".trace.json")
        let runtime = FileManager.default.temporaryDirectory.path
        var environment = [
            "DISPLAY": "", "WAYLAND_DISPLAY": "", "XDG_RUNTIME_DIR": runtime, "LAUNCHPROF_TRACE": tracePath,
            "LAUNCHPROF_EXIT_AFTER": "active",
        ]
        environment[variable] = name
        let result = try AppProcess.run(BuiltProducts.executable("SampleApp"), environment: environment)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "LaunchKit: \(variable) is \(name), but \(server) \(name) did not accept a connection"),
            "\(result.standardError)")
        #expect(result.standardError.contains("the windows are drawn in memory only."))
        let trace = try LaunchTrace.read(from: URL(filePath: tracePath))
        #expect(trace.phases.map(\.phase) == PhaseName.uikitScene)
        #expect(!trace.spans.contains { $0.name == "display.firstFrame" })
    }
}

/// A top-level window as `xwininfo -root -tree` lists it.
struct XWindow {
    var id: String
    var width: Int
    var height: Int

    /// The first child of the root titled `title`, if any.
    static func find(titled title: String, on display: VirtualDisplay) throws -> XWindow? {
        let tree = try display.run("xwininfo", ["-root", "-tree"])
        for line in tree.split(separator: "\n") where line.contains("\"\(title)\":") {
            let fields = line.split(separator: " ")
            guard let id = fields.first,
                let size = fields.first(where: { $0.contains("x") && $0.contains("+") && $0.first?.isNumber == true })
            else { continue }
            let dimensions = size.split(separator: "+")[0].split(separator: "x").compactMap { Int($0) }
            guard dimensions.count == 2 else { continue }
            return XWindow(id: String(id), width: dimensions[0], height: dimensions[1])
        }
        return nil
    }

    /// The window's pixels as the server holds them: `xwd`, read by ImageMagick's `convert`.
    func capture(on display: VirtualDisplay) throws -> CapturedImage {
        let dump = FileManager.default.temporaryDirectory.appending(path: "window-\(UUID().uuidString).xwd").path
        defer { try? FileManager.default.removeItem(atPath: dump) }
        _ = try display.run("xwd", ["-id", id, "-silent", "-out", dump])
        return try CapturedImage(file: dump)
    }
}

/// An image (any format ImageMagick reads), its pixels as `0xRRGGBB`.
struct CapturedImage {
    var pixels: [UInt32]

    /// Reads `file` through ImageMagick's `convert`, as binary PPM (P6).
    init(file: String) throws {
        let convert = Process()
        convert.executableURL = URL(filePath: "/usr/bin/convert")
        convert.arguments = [file, "-depth", "8", "ppm:-"]
        let output = Pipe()
        convert.standardOutput = output
        convert.standardError = FileHandle.nullDevice
        try convert.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        convert.waitUntilExit()
        try self.init(ppm: [UInt8](data))
    }

    /// Parses a binary PPM: "P6", width, height, maximum (comment lines, which ImageMagick
    /// writes with the window's name, skipped), one whitespace, then RGB bytes.
    init(ppm bytes: [UInt8]) throws {
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            if bytes[index] == UInt8(ascii: "#") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if bytes[index] > 32 {
                let start = index
                while index < bytes.count && bytes[index] > 32 { index += 1 }
                fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
                continue
            }
            index += 1
        }
        let body = bytes.dropFirst(index + 1)
        guard fields.first == "P6", fields.count == 4, fields[3] == "255", let width = Int(fields[1]),
            let height = Int(fields[2]), body.count == width * height * 3
        else { throw AppProcessError(message: "convert did not write an 8-bit binary PPM image.") }
        let start = body.startIndex
        pixels = (0..<(width * height)).map { pixel in
            let offset = start + pixel * 3
            return UInt32(body[offset]) << 16 | UInt32(body[offset + 1]) << 8 | UInt32(body[offset + 2])
        }
    }

    /// The share of pixels that are not black (Xvfb's root window is black).
    var nonBlackShare: Double { Double(pixels.filter { $0 != 0 }.count) / Double(pixels.count) }
    /// How many colours the image has.
    var distinctColours: Int { Set(pixels).count }
    /// How many pixels are `colour` (`0xRRGGBB`).
    func count(of colour: UInt32) -> Int { pixels.filter { $0 == colour }.count }
}
