import Foundation
import LaunchTool
import LaunchTrace

/// The one report fixture of the tests.
///
/// Here, the fixture run (Fixtures/sampleapp-run, made by Fixtures/make_fixture_run.py): five
/// completed launches of a SampleApp-like app with blocking calls and stalls, one crash, a
/// budget file, and a fixed symbol map so rendered output does not depend on the machine.
/// LaunchToolTests adds a synthetic series (every verdict kind against a baseline) in an
/// extension, built with its trace factory.
package enum ReportFixture {
    /// A symbol name that tries to end the page's script element and run its own.
    package static let evilSymbol = "</script><script>document.body.dataset.injected=\"symbol\"</script>"
    /// A span name that tries to inject an element with an event handler.
    package static let evilSpan = "<img src=x onerror=\"document.body.dataset.injected='span'\">"

    /// The fixture folder of this target.
    package static var fixtures: URL {
        guard let resources = Bundle.module.resourceURL else { fatalError("LaunchTestSupport has no resource bundle.") }
        return resources.appendingPathComponent("Fixtures")
    }
    /// The fixture run folder.
    package static var runFolder: URL { fixtures.appendingPathComponent("sampleapp-run") }
    /// The fixture run's budget file.
    package static var budgetsURL: URL { fixtures.appendingPathComponent("budgets.json") }
    /// The fixture run's symbol map.
    package static var symbolsURL: URL { fixtures.appendingPathComponent("symbols.json") }

    /// The fixture run's summary.
    package static func runSummary() throws -> RunSummary { try RunFolder(url: runFolder).loadSummary() }

    /// The fixture run checked against its budget file, its one crashed launch tolerated
    /// (`--allow-failed 1`) so that the verdicts decide the exit code.
    package static func runEvaluation(_ summary: RunSummary) throws -> BudgetEvaluation {
        var evaluation = BudgetEvaluator().evaluate(try BudgetFile.load(from: budgetsURL), summary: summary)
        evaluation.allowedFailures = 1
        return evaluation
    }

    /// The whole report input of the fixture run, frames named from symbols.json.
    package static func input() throws -> ReportInput {
        let summary = try runSummary()
        var naming = try SymbolMapNaming(contentsOf: symbolsURL)
        return ReportInput(
            summary: summary, evaluation: try runEvaluation(summary),
            traces: try RunFolder(url: runFolder).loadTraces(), naming: &naming)
    }

    /// A real run of SampleApp on a busy machine (Fixtures/sampleapp-summary.json, made by
    /// Fixtures/make_sampleapp_summary.py): 20 measurement and 10 diagnosis launches, findings,
    /// slow-start reasons, the before-main summary with relocation; the longest default text
    /// report SampleApp gives.
    package static var sampleAppSummaryURL: URL { fixtures.appendingPathComponent("sampleapp-summary.json") }
    /// The budget file of that run (the repository's budgets.json).
    package static var sampleAppBudgetsURL: URL { fixtures.appendingPathComponent("sampleapp-budgets.json") }

    /// The SampleApp run's summary checked against its budget file, as `launchprof check` does.
    package static func sampleAppRun() throws -> (summary: RunSummary, evaluation: BudgetEvaluation) {
        let summary = try SummaryLoader.load(sampleAppSummaryURL)
        let check = try BudgetCheck(
            budgetsPath: sampleAppBudgetsURL.path, baseline: nil,
            store: BaselineStore(directory: fixtures.appendingPathComponent("no-baselines")))
        return (summary, check.evaluate(summary))
    }

    /// A fresh temporary folder.
    package static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reporttests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
