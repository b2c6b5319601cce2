import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// The differential flame graph of a comparison on deterministic profiles: the times per
/// launch of both builds in every frame, head's widths, red where head spends more, blue where
/// less, and the page in a real Chromium.
@Suite("Differential flame graph")
struct DiffFlameGraphTests {
    /// A launch's profile: on-CPU samples of `stacks` (names root first, milliseconds each).
    static func profile(_ run: Int, _ stacks: [([String], Double)]) -> MainThreadProfile {
        var frames: [ProfileFrame] = []
        var samples: [LaunchTool.WeightedStack] = []
        for (names, milliseconds) in stacks {
            let stack = names.map { name -> Int in
                if let index = frames.firstIndex(where: { $0.name == name }) { return index }
                frames.append(ProfileFrame(name: name))
                return frames.count - 1
            }
            samples.append(
                LaunchTool.WeightedStack(
                    source: .onCPU, timeNs: 0, weightNs: Int64(milliseconds * 1e6), phase: .main, stack: stack))
        }
        return MainThreadProfile(runIndex: run, frames: frames, samples: samples)
    }

    /// Base: parsing 10 ms and drawing 5 ms; head: parsing 20 ms, drawing 5 ms, decoding 4 ms
    /// new, and saving 3 ms less; each with an empty profile (a measurement launch).
    static func graph() -> DiffFlameGraph {
        let base = (1...2).map {
            profile($0, [(["main", "load", "parse"], 10), (["main", "draw"], 5), (["main", "save"], 4)])
        }
        let head = (3...4).map {
            profile(
                $0,
                [
                    (["main", "load", "parse"], 20), (["main", "draw"], 5), (["main", "load", "<decode>"], 4),
                    (["main", "save"], 1),
                ])
        }
        let empty = MainThreadProfile(runIndex: 9, frames: [], samples: [])
        return DiffFlameGraph(base: base + [empty], head: head + [empty])
    }

    func node(_ path: [String], in graph: DiffFlameGraph) -> DiffFlameGraph.Node? {
        path.reduce(Optional(graph.root)) { node, name in node?.children.first { $0.name == name } }
    }

    @Test("every frame's time per launch in base and head; launches without samples left out")
    func tree() throws {
        let graph = Self.graph()
        #expect(graph.baseLaunches == 2 && graph.headLaunches == 2)
        #expect(graph.root.baseNs == 19e6 && graph.root.headNs == 30e6)
        let load = try #require(node(["main thread", "main", "load"], in: graph))
        #expect(load.baseNs == 10e6 && load.headNs == 24e6)
        #expect(load.children.map(\.name) == ["parse", "<decode>"])
        #expect(node(["main thread", "main", "load", "<decode>"], in: graph)?.baseNs == 0)
        #expect(node(["main thread", "main", "draw"], in: graph)?.changeNs == 0)
        #expect(node(["main thread", "main", "save"], in: graph)?.changeNs == -3e6)
    }

    @Test("red where head spends more, blue where less, grey where the same; names stay text")
    func colours() throws {
        let html = Self.graph().html().render()
        func box(_ name: String) throws -> String {
            let pattern =
                "<div class=\"diff-node\" style=\"[^\"]*\" title=\"\(NSRegularExpression.escapedPattern(for: name)):"
            let range = try #require(html.range(of: pattern, options: .regularExpression), "\(name) in \(html)")
            return String(html[range])
        }
        #expect(try box("parse").contains("background:rgb(255,"))
        #expect(try box("save").contains(",255)\""))
        #expect(try box("draw").contains("rgb(221,221,221)"))
        // head's widths: parse is 20 of head's 30 ms.
        #expect(try box("parse").contains("width:66.667%"))
        #expect(try box("&lt;decode&gt;").contains("left:"))
        #expect(!html.contains("<decode>"))
    }

    @Test("the comparison page in Chromium: every frame drawn", .enabled(if: Chromium.path != nil))
    func page() throws {
        let html = ComparisonHTMLReport(generator: "launchprof test").render(
            try ComparisonReportTests.outcome(), diff: Self.graph())
        let folder = try ReportFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("comparison.html")
        try Data(html.utf8).write(to: page)
        let output = try Chromium.run(["--dump-dom", page.absoluteString])
        #expect(output.status == 0, "\(output.stderr.suffix(2000))")
        // all, main thread, main, load, parse, <decode>, draw, save.
        #expect(output.stdout.components(separatedBy: "class=\"diff-node\"").count - 1 == 8)
        #expect(output.stdout.contains("Differential flame graph"))
        #expect(output.stdout.contains("regressed"))
    }
}
