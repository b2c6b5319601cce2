import Foundation
import LaunchAnalysis

extension RunFolder {
    static let comparisonName = "comparison.json"

    /// `comparison.json`: the outcome of `launchprof compare`.
    public var comparisonURL: URL { url.appendingPathComponent(Self.comparisonName) }

    /// The run folder of one build of a comparison: `base/` or `head/`.
    public func buildFolder(_ build: ComparisonBuild) -> RunFolder {
        RunFolder(url: url.appendingPathComponent(build.rawValue))
    }
}
