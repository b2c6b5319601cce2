import Foundation
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// Rendered Markdown, folded stacks and speedscope of the fixture run against golden files.
/// After checking a deliberate change, record them with `LAUNCHPROF_RECORD_GOLDENS=1` (the
/// recording run fails; the next one passes).
@Suite("Golden reports")
struct GoldenTests {
    /// The golden files of the fixture run.
    let goldens = GoldenFiles(testTarget: "LaunchToolTests", folder: "Fixtures/Golden")

    @Test("The fixture run covers every verdict, a crash, blocking calls and stalls")
    func fixtureCoverage() throws {
        let input = try ReportFixture.input()
        #expect(Set(input.evaluation.verdicts.map(\.status)) == Set(VerdictStatus.allCases))
        #expect(input.summary.launches.contains { $0.outcome == .crashed })
        #expect(input.traces.count == 5)
        #expect(
            input.profiles.allSatisfy {
                $0.samples.contains { $0.source == .blockingCall } && $0.samples.contains { $0.source == .stallSample }
            })
        #expect(input.profiles[0].frames.contains { $0.name == ReportFixture.evilSymbol })
        #expect(input.medianRunIndex == 6)
    }

    @Test("Markdown pull-request comment")
    func markdown() throws {
        let input = try ReportFixture.input()
        let findings = [
            ReportFinding(
                title: "CatalogStore.load() blocks didFinishLaunching for 48.7 ms (file I/O)",
                detail: "Reads catalog.json on the main thread in every launch.",
                advice: "Load the catalog off the main queue.",
                rewrite: "DispatchQueue.global(qos: .utility).async { CatalogStore.shared.load() }"
            ),
            ReportFinding(title: "<b>not bold</b> | pipes", detail: "", advice: "Escape *everything*."),
        ]
        let rendered = MarkdownReport().render(summary: input.summary, evaluation: input.evaluation, findings: findings)
        #expect(!rendered.contains("<b>"))
        #expect(rendered.contains("| didFinishLaunching | 75.5 ms | 79.6 ms | ❌ median &lt;= 60ms |"))
        goldens.assertMatches(rendered, "report-with-findings.md")
    }

    @Test("Markdown without findings has no findings section")
    func markdownWithoutFindings() throws {
        let input = try ReportFixture.input()
        let rendered = MarkdownReport().render(summary: input.summary, evaluation: input.evaluation)
        #expect(!rendered.contains("Top findings"))
        #expect(rendered.contains("<details><summary>Phase medians (warm, 5 launches)</summary>"))
    }

    @Test("Folded stacks: root first, weights in microseconds, phases then threads as roots")
    func folded() throws {
        let input = try ReportFixture.input()
        let rendered = FoldedStacks().render(input.profiles)
        let lines = rendered.split(separator: "\n")
        #expect(lines == lines.sorted())
        for line in lines {
            let parts = line.split(separator: " ")
            #expect(Int(parts.last!) != nil, "\(line)")
            #expect(
                line.hasPrefix("[didFinishLaunching];main thread;main;")
                    || line.hasPrefix("[firstVisibleWindow];main thread;main;"))
        }
        // Every microsecond of the profiles is there (each line rounds to whole microseconds).
        let total = lines.map { Int($0.split(separator: " ").last!)! }.reduce(0, +)
        let expected = input.profiles.flatMap(\.samples).map(\.weightNs).reduce(0, +) / 1000
        #expect(abs(Int64(total) - expected) <= Int64(lines.count))
        goldens.assertMatches(rendered, "stacks.folded")

        let onlyWindow = FoldedStacks(phaseRoots: false, threadRoots: false, phase: .firstVisibleWindow)
            .render(input.profiles)
        #expect(
            onlyWindow.split(separator: "\n").allSatisfy {
                $0.hasPrefix("main;") && $0.contains("RootViewController.viewDidLoad()")
            })
    }

    @Test("speedscope: the published schema's fields, one sampled profile per thread of each launch")
    func speedscope() throws {
        let input = try ReportFixture.input()
        let rendered = try SpeedscopeReport(name: "SampleApp").render(input.profiles)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: Any])
        #expect(object["$schema"] as? String == "https://www.speedscope.app/file-format-schema.json")
        let frames = try #require((object["shared"] as? [String: Any])?["frames"] as? [[String: Any]])
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        // The fixture's launches have main-thread samples only: one profile each.
        #expect(profiles.count == input.traces.count)
        #expect(profiles.first?["name"] as? String == "SampleApp launch 1 · main thread")
        for profile in profiles {
            #expect(profile["type"] as? String == "sampled")
            #expect(profile["unit"] as? String == "microseconds")
            let samples = try #require(profile["samples"] as? [[Int]])
            let weights = try #require(profile["weights"] as? [Double])
            #expect(samples.count == weights.count)
            #expect(samples.allSatisfy { stack in stack.allSatisfy { $0 >= 0 && $0 < frames.count } })
            let start = try #require(profile["startValue"] as? Double)
            let end = try #require(profile["endValue"] as? Double)
            #expect(abs(end - start - weights.reduce(0, +)) < 0.001)
            // Root first: every stack starts with its phase, then main (start frames trimmed).
            #expect(
                samples.allSatisfy {
                    (frames[$0[0]]["name"] as? String)?.hasPrefix("[") == true
                        && frames[$0[1]]["name"] as? String == "main"
                })
        }
        goldens.assertMatches(rendered, "speedscope.json")
    }

    @Test("Frames without a symbol fall back to image+offset, or the raw address outside every image")
    func fallbackNames() throws {
        let input = try ReportFixture.input()
        let names = Set(input.profiles.flatMap { $0.frames.map(\.name) })
        #expect(names.contains("libswiftCore.so+0x5c0a0"))
        #expect(names.contains("0x7fffdead0000"))
        var offsets = ImageOffsetNaming()
        let plain = MainThreadProfile(trace: input.traces[0], naming: &offsets)
        #expect(plain.frames.contains { $0.name == "SampleApp+0x12040" && $0.file == "/opt/sampleapp/SampleApp" })
    }

    @Test("A stall sample inside a traced call is not counted twice")
    func noDoubleCounting() throws {
        let input = try ReportFixture.input()
        let trace = input.traces[0]
        let activity = try #require(trace.mainThread)
        let inCall = activity.stalls.flatMap(\.samples).filter { $0.blockingCall != nil }.count
        #expect(inCall > 0)
        let stallSamples = input.profiles[0].samples.filter { $0.source == .stallSample }.count
        #expect(stallSamples == activity.stalls.flatMap(\.samples).count - inCall)
    }
}
