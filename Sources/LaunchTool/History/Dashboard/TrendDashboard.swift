import Foundation
import LaunchHistory
import LaunchTrace

/// `history report -o trends.html`: one self-contained offline page that leads with what a
/// person checks each morning. First a table of the headline metrics (the endpoint metric,
/// every budgeted metric, the largest movers) with the latest run, the one before, the change
/// and its verdict; then their charts; then the other series folded by phase, and the series
/// that never moved in one line. Every chart (``TrendChart``) has a value axis in the metric's
/// unit, a run axis with dates and commits, the p10–p90 band, budget limits and the change
/// points with their commit range and bisect command. Built only from the HTML output's
/// escaping ``HTMLNode``s; no script, no external resource.
package struct TrendDashboard: Sendable {
    /// The runs, oldest first.
    package var runs: [HistoryRun]
    /// The change points of their series.
    package var changes: [TrendChange]
    /// The budgets whose limits are drawn, when given.
    package var budgets: BudgetFile?
    /// The options the change points were found with (their minimum segment is explained).
    package var options: ChangePointOptions
    /// The build command and program of each change point's bisect command.
    package var bisectBuild: String, bisectProgram: String?

    /// Creates a dashboard.
    package init(
        runs: [HistoryRun], changes: [TrendChange], budgets: BudgetFile? = nil,
        options: ChangePointOptions = ChangePointOptions(), bisectBuild: String = TrendChange.defaultBisectBuild,
        bisectProgram: String? = nil
    ) {
        self.runs = runs
        self.changes = changes
        self.budgets = budgets
        self.options = options
        self.bisectBuild = bisectBuild
        self.bisectProgram = bisectProgram
    }

    /// The series charted: every series but a function's cost per launch (named in the changes
    /// it moved with).
    var series: [MetricSeries] {
        MetricSeries.all(in: runs).filter { !MetricName(rawValue: $0.key.metric).isExplanation }
    }

    /// The page.
    package func render() -> String {
        let series = series
        let headline = headline(of: series)
        let rest = series.filter { one in !headline.contains { $0.series.key == one.key } }
        let body: HTMLNode = .el(
            "body", ["data-series": "\(series.count)", "data-changes": "\(changes.count)"],
            children: [
                .el("h1", "Launch trends"),
                .el("p", ["class": "summary"], .text(summary(series))),
                changePointNote(series), headlineTable(headline), changeSummary(),
                .el("h2", "Headline metrics"),
                .lines(headline.map { section($0.series, withRelated: $0.reason == .endpoint) }),
                restSections(rest),
            ])
        let head: HTMLNode = .el(
            "head", .el("meta", ["charset": "utf-8"]), .el("title", "Launch trends"), .el("style", .raw(Self.style)))
        return "<!DOCTYPE html>\n" + HTMLNode.el("html", ["lang": "en"], head, body).render() + "\n"
    }

    /// `8 runs (11-27 02:31 to 11-27 02:44), commits c1 to c8; 38 series; 1 change point.`
    func summary(_ series: [MetricSeries]) -> String {
        guard let first = runs.first, let last = runs.last else { return "No runs recorded." }
        let plural = changes.count == 1 ? "" : "s"
        let commits =
            first.revision.commit.map {
                "commits \(TrendChart.shortCommit($0)) to \(TrendChart.shortCommit(last.revision.commit))"
            }
            ?? "commits unknown"
        return
            "\(runs.count) runs (\(first.recordedAt) to \(last.recordedAt)), \(commits); \(series.count) series; \(changes.count) change point\(plural)."
    }

    /// The limits of absolute budget rules on `key`'s metric and scenario.
    func limits(for key: SeriesKey) -> [(value: Double, text: String)] {
        (budgets?.rules ?? []).compactMap { rule in
            guard rule.metric.rawValue == key.metric, rule.scenario.rawValue == key.scenario,
                case .absolute(let value, _, let text) = rule.limit
            else { return nil }
            return (value, "\(rule.statistic.rawValue) <= \(text)")
        }
    }
}
