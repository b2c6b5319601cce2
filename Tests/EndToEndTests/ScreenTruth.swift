import Foundation
import LaunchRunner
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The screen itself, as the ground truth of first windows and frames, while launchprof runs its
/// launches on it with `--display host`. On X11 an Xvfb of the test's own whose screen is a file
/// (`-fbdir`), watched by ScreenWatch (every millisecond, and as an X client that logs each
/// top-level window's MapNotify); on Wayland cage's headless output, watched by WaylandWatch
/// (every composited frame that changed, by wlroots' screencopy, dated by the compositor). Each
/// launch is placed among the screen's changes by its `startedAtNs`.
final class ScreenTruth {
    /// Which display is watched.
    enum Server {
        case x11, wayland
    }

    /// One change ScreenWatch saw.
    struct Change {
        var ns: Int64
        /// "screen" or "map".
        var kind: String
        /// Pixels not of the root's colour, and the most distinct colours inside one shown window
        /// (its border left out; on Wayland, in the bounding box of those pixels).
        var pixels = 0
        var colours = 0
        var colour = ""
    }

    /// What the screen showed of one launch, in ns after its start.
    struct Truth {
        /// The first top-level window's map, as an X client of the test's own read it.
        var mapNs: Int64?
        /// The program's first picture: the first screen, after the map, with two colours other
        /// than the root's (a background paint, a clear or a fill of one colour is no picture).
        var pixelsNs: Int64?
    }

    /// The display's name (`:N`), or the compositor's socket (a path).
    let display: String
    private let watcher: Process
    private let folder: URL
    private let log: URL

    /// Starts ScreenWatch, which starts an Xvfb with its screen in a file and watches it, or
    /// WaylandWatch, which starts cage with its socket in a 0700 folder and watches its output.
    /// With `realtimeServer`, the tests' Xvfb draws at real-time priority (where allowed): a large
    /// frame's copy is then not spread over a busy machine (chromium's one 3 MB image).
    init(_ server: Server = .x11, realtimeServer: Bool = false) throws {
        folder = try BuiltProducts.scratchFolder("screen")
        log = folder.appendingPathComponent("changes.txt")
        var watched = folder
        if server == .wayland {
            watched = folder.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(
                at: watched, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
        }
        watcher = Process()
        watcher.executableURL = URL(filePath: BuiltProducts.path(server == .x11 ? "ScreenWatch" : "WaylandWatch"))
        watcher.arguments = [watched.path, log.path] + (realtimeServer ? ["--realtime-server"] : [])
        try watcher.run()
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while !text.contains("ready"), watcher.isRunning, Date() < deadline {
            usleep(10_000)
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        let first = text.split(separator: "\n").first { $0.hasPrefix("display ") || $0.hasPrefix("socket ") }
        guard let first, text.contains("ready") else {
            kill(watcher.processIdentifier, SIGKILL)
            throw ScreenWatchError()
        }
        display = String(first.split(separator: " ", maxSplits: 1)[1])
    }

    /// Ends the watcher and its server; returns the changes seen.
    func stop() throws -> [Change] {
        kill(watcher.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(20)
        while watcher.isRunning, Date() < deadline { usleep(10_000) }
        if watcher.isRunning { kill(watcher.processIdentifier, SIGKILL) }
        defer { try? FileManager.default.removeItem(at: folder) }
        return Self.parse(try String(contentsOf: log, encoding: .utf8))
    }

    /// The changes seen so far, while the watcher runs.
    func changesSoFar() -> [Change] {
        Self.parse((try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// The changes in ScreenWatch's log `text`, one a line.
    private static func parse(_ text: String) -> [Change] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 3, let ns = Int64(fields[0]) else { return nil }
            var change = Change(ns: ns, kind: fields[1])
            if fields[1] == "screen", fields.count >= 5 {
                change.pixels = Int(fields[2]) ?? 0
                change.colours = Int(fields[3]) ?? 0
                change.colour = fields[4]
            }
            return change
        }
    }

    /// What the screen showed between `start` and `end` (CLOCK_MONOTONIC ns).
    static func truth(_ changes: [Change], from start: Int64, to end: Int64) -> Truth {
        var truth = Truth()
        guard let map = changes.first(where: { $0.kind == "map" && $0.ns >= start && $0.ns < end }) else {
            return truth
        }
        truth.mapNs = map.ns - start
        // The server draws before it sends the MapNotify: a picture may come just before its reading.
        let picture = changes.first {
            $0.kind == "screen" && $0.ns >= map.ns - 2_000_000 && $0.ns < end && $0.colours >= 2
        }
        truth.pixelsNs = picture.map { $0.ns - start }
        return truth
    }

    /// The launches of the run in `folder` that had a first frame, each with the span of the screen
    /// it owns: from its start to the next launch's (every launch, pre-main ones included, bounds
    /// the one before it). The run must have ended with exit 0, with at least 12 such launches.
    static func framedLaunches(of output: ProductProcess.Output, in folder: URL) throws
        -> [(launch: LaunchRecord, start: Int64, end: Int64)]
    {
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let summary = try RunSummary.read(from: folder.appendingPathComponent("run/summary.json"))
        let launches = (summary.launches + (summary.measurementLaunches ?? []) + (summary.preMainLaunches ?? []))
            .sorted { ($0.startedAtNs ?? 0) < ($1.startedAtNs ?? 0) }
        #expect(launches.filter { $0.firstFrameNs != nil }.count >= 12 && launches.allSatisfy { $0.startedAtNs != nil })
        return launches.enumerated().compactMap { position, launch in
            guard launch.firstFrameNs != nil else { return nil }
            let end = position + 1 < launches.count ? launches[position + 1].startedAtNs ?? .max : .max
            return (launch, launch.startedAtNs ?? 0, end)
        }
    }

    /// The program's first picture on a Wayland output between `start` and `end`: the first
    /// frame the compositor rendered with two colours other than the empty output's (a Wayland
    /// window shows nothing before the program's first buffer, so there is no map to wait for).
    static func waylandPixels(_ changes: [Change], from start: Int64, to end: Int64) -> Int64? {
        changes.first { $0.kind == "screen" && $0.ns >= start && $0.ns < end && $0.colours >= 2 }.map { $0.ns - start }
    }
}

/// ScreenWatch or WaylandWatch did not start its display server or could not watch it.
struct ScreenWatchError: Error, CustomStringConvertible {
    var description: String { "The screen watcher did not start its display server and watch it." }
}
