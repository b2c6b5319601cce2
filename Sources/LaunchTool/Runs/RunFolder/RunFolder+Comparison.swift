import Foundation

extension RunFolder {
    static let comparisonName = "comparison.json"
    static let comparisonPageName = "comparison.html"

    /// `comparison.json`: the outcome of `launchprof compare`.
    package var comparisonURL: URL { url.appendingPathComponent(Self.comparisonName) }

    /// `comparison.html`: the comparison's page with the differential flame graph.
    package var comparisonPageURL: URL { url.appendingPathComponent(Self.comparisonPageName) }

    /// The run folder of one build of a comparison: `base/` or `head/`.
    package func buildFolder(_ build: ComparisonBuild) -> RunFolder {
        RunFolder(url: url.appendingPathComponent(build.rawValue))
    }
}
