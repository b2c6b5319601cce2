import Foundation
import LaunchSymbolication
import LaunchTrace

/// Writes `comparison.html` of a finished comparison: the outcome, and the differential flame
/// graph of both builds' profiled launches, their frames named by the symbolicator.
struct ComparisonPage {
    /// The comparison's folder (with `base/` and `head/`).
    var folder: RunFolder
    /// The tool and version named in the page.
    var generator: String

    /// Writes the page atomically.
    func write(_ outcome: ComparisonOutcome) throws {
        let symbolicator = Symbolicator()
        var naming = SymbolicatorNaming(symbolicator: symbolicator)
        let profiles = { (build: ComparisonBuild) -> [MainThreadProfile] in
            let traces = (try? folder.buildFolder(build).loadTraces()) ?? []
            naming.resolveSources(of: traces)
            return traces.map { MainThreadProfile(trace: $0, naming: &naming) }
        }
        let diff = DiffFlameGraph(base: profiles(.base), head: profiles(.head))
        let html = ComparisonHTMLReport(generator: generator).render(outcome, diff: diff)
        try AtomicFile.write(Data(html.utf8), to: folder.comparisonPageURL)
    }
}
