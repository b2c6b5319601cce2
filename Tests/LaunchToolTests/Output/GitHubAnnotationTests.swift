import Foundation
import LaunchRunner
import LaunchSymbolication
import LaunchTestSupport
import LaunchTool
import LaunchTrace
import Testing

/// GitHub annotations attach to the diff where the source is known, failed launches are errors,
/// and no more than GitHub shows are printed of a kind.
@Suite("GitHub annotations")
struct GitHubAnnotationTests {
    @Test("a policy verdict on a function with a known source carries file= (relative to the workspace) and line=")
    func fileAndLine() throws {
        var summary = try ReportFixture.runSummary()
        var evaluation = try ReportFixture.runEvaluation(summary)
        let location = SourceLocation(file: "/work/repo/Sources/App/Catalog.swift", line: 42)
        let finding = Finding(
            id: "fileIO:didFinishLaunching:Catalog.load()", scenario: "warm",
            site: FindingSite(
                function: "Catalog.load()", module: "App", location: location, kind: .fileIO,
                phase: .didFinishLaunching),
            launches: 5, analyzedLaunches: 5, medianCostNs: 5e6, impactNs: 5e6, phaseShare: nil, firstFrameShare: nil,
            tracedCalls: 5,
            samples: 0, touchesUI: false, confidence: .high,
            advice: Advice(action: .moveToBackground, qos: "utility", summary: "Move it.", rewrite: ""),
            blockingFunctions: ["read"], resources: [])
        summary.findings = RunFindings(findings: [finding], analyzedLaunches: ["warm": 5])
        evaluation.policyVerdicts = [
            PolicyVerdict(
                status: .fail, level: .error, findingID: finding.id, scenario: "warm", function: finding.site.function,
                kind: finding.site.kind, phase: finding.site.phase, medianCostNs: 5e6,
                message: "File I/O on the main thread.")
        ]
        let workspace = URL(filePath: location.file).deletingLastPathComponent().deletingLastPathComponent().path
        let text = GitHubAnnotations(workspace: workspace).render(summary: summary, evaluation: evaluation)
        let relative = String(location.file.dropFirst(workspace.count + 1))
        #expect(text.contains("file=\(relative),line=\(location.line),title="), "\(text)")
        // Outside the workspace, no file: GitHub attaches only the repository's paths.
        let outside = GitHubAnnotations(workspace: "/elsewhere").render(summary: summary, evaluation: evaluation)
        #expect(!outside.contains("file="))
    }

    @Test("a crashed launch is an error; at most ten of a kind, the rest counted")
    func launchesAndLimit() throws {
        var summary = try ReportFixture.runSummary()
        let evaluation = try ReportFixture.runEvaluation(summary)
        summary.launches = (1...13).map {
            LaunchRecord(
                index: $0, scenario: .warm, outcome: .crashed, signal: 11, wallNs: 1, message: "killed by SIGSEGV")
        }
        let lines = GitHubAnnotations(workspace: nil).render(summary: summary, evaluation: evaluation)
            .split(separator: "\n")
        let errors = lines.filter { $0.hasPrefix("::error ") }
        #expect(errors.count == GitHubAnnotations.annotationsShown)
        #expect(errors.first?.contains("launch 1 failed") == true)
        #expect(lines.contains { $0.hasPrefix("::notice ") && $0.contains("more errors in the report") })
    }
}
