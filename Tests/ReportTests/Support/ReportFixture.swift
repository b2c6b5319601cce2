import Foundation
import LaunchAnalysis
import LaunchReports
import LaunchTrace
import LaunchWorkflow

/// The fixture run (Fixtures/sampleapp-run, made by Fixtures/make_fixture_run.py): five
/// completed launches of a SampleApp-like app with blocking calls and stalls, one crash, a
/// budget file, and a fixed symbol map so rendered output does not depend on the machine.
enum ReportFixture {
    /// A symbol name that tries to end the page's script element and run its own.
    static let evilSymbol = "</script><script>document.body.dataset.injected=\"symbol\"</script>"
    /// A span name that tries to inject an element with an event handler.
    static let evilSpan = "<img src=x onerror=\"document.body.dataset.injected='span'\">"

    static var fixtures: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }
    static var runFolder: URL { fixtures.appendingPathComponent("sampleapp-run") }
    static var budgetsURL: URL { fixtures.appendingPathComponent("budgets.json") }
    static var symbolsURL: URL { fixtures.appendingPathComponent("symbols.json") }

    /// The repository's copy of a fixture file, for rewriting golden files.
    static func sourceURL(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    static func summary() throws -> RunSummary { try RunFolder(url: runFolder).loadSummary() }

    static func evaluation(_ summary: RunSummary) throws -> BudgetEvaluation {
        BudgetEvaluator().evaluate(try BudgetFile.load(from: budgetsURL), summary: summary)
    }

    /// The whole input, frames named from symbols.json.
    static func input() throws -> ReportInput {
        let summary = try summary()
        var naming = try SymbolMapNaming(contentsOf: symbolsURL)
        return ReportInput(summary: summary, evaluation: try evaluation(summary), traces: try RunFolder(url: runFolder).loadTraces(), naming: &naming)
    }

    /// Compares `actual` with Fixtures/Golden/`name`; with `LAUNCHPROF_UPDATE_GOLDEN=1` rewrites it instead.
    static func checkGolden(_ actual: String, _ name: String) throws -> Bool {
        if ProcessInfo.processInfo.environment["LAUNCHPROF_UPDATE_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: sourceURL("Golden/\(name)"))
            return true
        }
        let expected = try String(contentsOf: fixtures.appendingPathComponent("Golden/\(name)"), encoding: .utf8)
        return actual == expected
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reporttests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
