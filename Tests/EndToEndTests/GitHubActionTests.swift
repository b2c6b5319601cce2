import Foundation
import LaunchTestSupport
import Testing

/// The repository's `action.yml`, a composite action, run step by step as a runner runs it (the
/// shell steps, the inputs reaching them as environment variables) with the built launchprof
/// given as `launchprof-path`, on `git --version`.
@Suite("The GitHub Action", .serialized)
struct GitHubActionTests {
    @Test("action.yml is a composite action of bash steps whose scripts never expand an expression themselves")
    func shape() throws {
        let action = try CompositeAction.load()
        #expect(action.using == "composite")
        #expect(action.steps.map(\.id) == ["install", "launchprof"])
        for step in action.steps {
            #expect(step.shell == "bash", "\(step.name)")
            // Inputs reach the scripts only as environment variables: `${{ }}` in a script is
            // pasted into it before bash reads it (script injection).
            #expect(step.run?.contains("${{") == false, "\(step.name) expands an expression in its script")
        }
        for input in ["program", "budgets", "runs", "ready-when", "display", "args", "mode", "base", "head"] {
            #expect(action.defaults[input] != nil, "no input \(input)")
        }
        for input in ["export-json", "export-junit", "version", "launchprof-path"] {
            #expect(action.defaults[input] != nil, "no input \(input)")
        }
    }

    @Test("a budget that holds: both steps pass, the report is in the job summary, exit-code is 0")
    func passingBudget() throws {
        let workspace = try BuiltProducts.scratchFolder("action")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let results = try Self.run(budget: #"{"metric": "timeToReady", "limit": "30s"}"#, in: workspace)
        try #require(results.count == 2)
        #expect(results[0].output.status == 0, "\(results[0].output.stderr)")
        #expect(results[0].output.stdout.contains("launchprof 0."), "\(results[0].output.stdout)")
        #expect(results[0].outputs["launchprof"] == BuiltProducts.path("launchprof"))
        let run = results[1]
        #expect(run.output.status == 0, "\(run.output.stdout)\(run.output.stderr)")
        #expect(run.outputs["exit-code"] == "0")
        #expect(!run.output.stdout.contains("::error"), "\(run.output.stdout)")
        let summary = try String(contentsOf: workspace.appendingPathComponent("step-summary.md"), encoding: .utf8)
        #expect(summary.contains("| timeToReady"), "\(summary)")
        let json = workspace.appendingPathComponent("launch.json")
        #expect(FileManager.default.fileExists(atPath: json.path), "export-json was written")
        // `args` split as a shell splits it: the quoted folder name is one word.
        let folder = workspace.appendingPathComponent("run folder/summary.json")
        #expect(FileManager.default.fileExists(atPath: folder.path), "the run went to the folder args named")
    }

    @Test("a budget that fails: the run step fails with launchprof's exit code 2 and prints an error annotation")
    func failingBudget() throws {
        let workspace = try BuiltProducts.scratchFolder("action")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let results = try Self.run(
            budget: #"{"metric": "peakMemory", "statistic": "max", "limit": "1KB"}"#, in: workspace)
        try #require(results.count == 2)
        let run = results[1]
        #expect(run.output.status == 2, "\(run.output.stdout)\(run.output.stderr)")
        #expect(run.outputs["exit-code"] == "2")
        #expect(run.output.stdout.contains("::error title=launchprof"), "\(run.output.stdout)")
        #expect(run.output.stdout.contains("peakMemory"), "\(run.output.stdout)")
        let summary = try String(contentsOf: workspace.appendingPathComponent("step-summary.md"), encoding: .utf8)
        #expect(summary.contains("peakMemory"), "\(summary)")
    }

    @Test("compare: the Markdown comparison in the job summary, the step's status launchprof's, an error when it fails")
    func compare() throws {
        let workspace = try BuiltProducts.scratchFolder("action")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let results = try CompositeAction.load().run(
            inputs: [
                "launchprof-path": BuiltProducts.path("launchprof"), "mode": "compare", "base": "/usr/bin/git",
                "head": "/usr/bin/git", "program": "--version", "runs": "8", "args": "--warmup 0",
            ], workspace: workspace)
        try #require(results.count == 2)
        let run = results[1]
        // Two copies of one program: no change (0) or undecided in 8 launches (4), never slower.
        #expect([0, 4].contains(run.output.status), "\(run.output.stdout)\(run.output.stderr)")
        #expect(run.outputs["exit-code"] == "\(run.output.status)")
        #expect(run.output.stdout.contains("::error title=launchprof compare::") == (run.output.status != 0))
        let summary = try String(contentsOf: workspace.appendingPathComponent("step-summary.md"), encoding: .utf8)
        #expect(summary.contains("| timeToReady |"), "\(summary)")
    }

    /// Runs the action on `git --version` (3 launches, no warm-up) with a budget file of one
    /// error-level rule on the warm scenario.
    static func run(budget rule: String, in workspace: URL) throws -> [CompositeAction.StepResult] {
        let rule = rule.dropLast() + #", "level": "error", "scenario": "warm"}"#
        let budgets = workspace.appendingPathComponent("budgets.json")
        try Data(#"{"schemaVersion": 1, "rules": [\#(rule)]}"#.utf8).write(to: budgets)
        return try CompositeAction.load().run(
            inputs: [
                "launchprof-path": BuiltProducts.path("launchprof"), "program": "git --version", "runs": "3",
                "budgets": budgets.path, "args": "--warmup 0 --output 'run folder'", "export-json": "launch.json",
            ], workspace: workspace)
    }
}
