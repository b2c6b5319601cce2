import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

extension DisplaySuites {
    /// The first frame kept as a picture: a PNG in the run folder per diagnosis launch, with the
    /// program's pixels on it, shown in report.html (loaded in headless Chromium).
    @Suite("First frames kept as pictures", .serialized)
    struct FramePictureTests {
        typealias Display = DisplayProgramTests

        /// ImageMagick's reading of a PNG: its width, height, number of colours and mean level (0 to 1).
        static func identify(_ file: URL) throws -> (width: Int, height: Int, colours: Int, mean: Double) {
            let output = try BuiltProducts.run(
                "/usr/bin/convert", [file.path, "-format", "%w %h %k %[fx:mean]", "info:"], timeout: 60)
            try #require(output.status == 0, "\(output.stderr)")
            let fields = output.stdout.split(separator: " ")
            try #require(fields.count == 4, "\(output.stdout)")
            return (Int(fields[0]) ?? 0, Int(fields[1]) ?? 0, Int(fields[2]) ?? 0, Double(fields[3]) ?? -1)
        }

        @Test("an xeyes run keeps a PNG of each launch's first frame with the eyes on it, shown in report.html")
        func xeyesPictures() throws {
            try #require(Display.installed("xeyes"), "xeyes is not installed (x11-apps)")
            let folder = try BuiltProducts.scratchFolder("pictures")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try Display.launchprof(
                [
                    "run", "--runs", "2", "--warmup", "0", "--ready-when", "frame", "--display", "x11", "--output",
                    folder.path, "--", "/usr/bin/xeyes",
                ], marker: Display.marker())
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
            #expect(manifest.launches.map(\.framePicture) == ["launch-001.frame.png", "launch-002.frame.png"])
            for name in manifest.launches.compactMap(\.framePicture) {
                // xeyes's default window, 150 x 100: white eyes with black pupils on black (outside its shape).
                let picture = try Self.identify(folder.appendingPathComponent(name))
                #expect(picture.width == 150 && picture.height == 100, "\(picture)")
                #expect(picture.colours >= 2, "\(picture)")
                #expect(picture.mean > 0.2 && picture.mean < 0.9, "\(picture)")
            }
            let page = folder.appendingPathComponent("report.html")
            let dom = try Chromium.run(["--dump-dom", page.absoluteString])
            #expect(dom.status == 0, "\(dom.stderr)")
            #expect(dom.stdout.contains("<h2>First frames</h2>"), "\(dom.stdout.prefix(2000))")
            #expect(dom.stdout.contains("launch 1: first frame at"))
            // The embedded picture is the file's.
            let png = try Data(contentsOf: folder.appendingPathComponent("launch-001.frame.png"))
            #expect(dom.stdout.contains("data:image/png;base64,\(png.base64EncodedString())"))
        }

        @Test("--no-frame-pictures keeps none, and the report has no pictures section")
        func picturesOff() throws {
            let folder = try BuiltProducts.scratchFolder("pictures")
            defer { try? FileManager.default.removeItem(at: folder) }
            let output = try Display.launchprof(
                [
                    "run", "--runs", "1", "--warmup", "0", "--ready-when", "frame", "--no-frame-pictures", "--display",
                    "x11", "--output", folder.path, "--", BuiltProducts.path("FixtureWindow"), "--draw-ms", "0",
                ], marker: Display.marker())
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            let manifest = try RunManifest.read(from: folder.appendingPathComponent("launches.json"))
            #expect(manifest.launches.allSatisfy { $0.framePicture == nil })
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(!files.contains { $0.hasSuffix(".png") }, "\(files)")
            let html = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
            #expect(!html.contains("First frames"))
        }
    }
}
