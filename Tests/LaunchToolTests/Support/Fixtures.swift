import Foundation
import LaunchTrace

/// Access to the test target's fixture files.
enum Fixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

    /// The repository root, for checking the committed budgets.json.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("launchanalysis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// The reference values computed by make_stats_fixtures.py.
struct StatsFixtures: Decodable {
    struct Descriptive: Decodable {
        var name: String
        var samples: [Double]
        var n: Int
        var min, max, mean, median, p90, p95, p99, mad, scaledMAD: Double
        var standardDeviation: Double?
        var percentiles: [String: Double]
    }
    struct MannWhitney: Decodable {
        var name: String
        var x, y: [Double]
        var u, p, hodgesLehmannShift: Double
    }
    struct BootstrapCase: Decodable {
        var samples: String
        var statistic: String
        var resamples: Int
        var seed: UInt64
        var confidence, lower, upper: Double
    }
    struct SplitMix: Decodable {
        var seed: UInt64
        var first: [String]
    }
    var descriptive: [Descriptive]
    var mannWhitney: [MannWhitney]
    var bootstrap: [BootstrapCase]
    var splitMix64: SplitMix

    static func load() throws -> StatsFixtures {
        try JSONDecoder().decode(StatsFixtures.self, from: Fixtures.data("stats_fixtures.json"))
    }
}

/// Relative closeness for floating-point comparisons with the numpy/scipy values.
func isClose(_ a: Double, _ b: Double, relative: Double = 1e-12, absolute: Double = 1e-12) -> Bool {
    abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))
}
