import LaunchHistory
import LaunchTrace

extension TrendChange {
    /// The build command a change point's `bisect` command names unless told otherwise.
    package static let defaultBisectBuild = "swift build -c release"

    /// The `launchprof bisect` command that finds the commit of this change among the commits
    /// after `commitBefore` through `commitAfter`, comparing the series' metric; nil when either
    /// commit is unknown or they are the same. `program` defaults to `.build/release/<app>`.
    ///
    /// ```text
    /// launchprof bisect --good 1a2b3c4d5e6f --bad 9f8e7d6c5b4a --build 'swift build -c release' --metric timeToFirstFrame -- .build/release/SampleApp
    /// ```
    package func bisectCommand(build: String = TrendChange.defaultBisectBuild, program: String? = nil) -> String? {
        guard let before = commitBefore, let after = commitAfter, before != after else { return nil }
        var words = ["launchprof", "bisect", "--good", String(before.prefix(12)), "--bad", String(after.prefix(12))]
        words += ["--build", build]
        if MetricCatalog.isValid(MetricName(rawValue: series.metric)) { words += ["--metric", series.metric] }
        if series.scenario != Scenario.warm.rawValue { words += ["--scenario", series.scenario] }
        return ShellWord.line(words + ["--", program ?? ".build/release/\(series.app)"])
    }
}
