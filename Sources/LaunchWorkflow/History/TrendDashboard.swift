import Foundation
import LaunchAnalysis
import LaunchHistory
import LaunchReports
import LaunchTrace

/// `history report -o trends.html`: one self-contained offline page, per series an SVG chart of
/// the run medians with a p10–p90 band, the change points marked with their commit range, and
/// the budgets' absolute limits for that metric and scenario drawn as lines. Built only from
/// LaunchReports' escaping ``HTMLNode``s; no script, no external resource.
public struct TrendDashboard: Sendable {
    /// The runs, oldest first.
    public var runs: [HistoryRun]
    /// The change points of their series.
    public var changes: [TrendChange]
    /// The budgets whose limits are drawn, when given.
    public var budgets: BudgetFile?

    /// Chart size, in SVG units.
    static let width = 760.0, height = 180.0, margin = 8.0

    /// Creates a dashboard.
    public init(runs: [HistoryRun], changes: [TrendChange], budgets: BudgetFile? = nil) {
        self.runs = runs
        self.changes = changes
        self.budgets = budgets
    }

    /// The page.
    public func render() -> String {
        // A function's cost per launch is named in the changes it moved with, not charted.
        let series = MetricSeries.all(in: runs).filter { !MetricName(rawValue: $0.key.metric).isFunctionCost }
        let body: HTMLNode = .el(
            "body", ["data-series": "\(series.count)", "data-changes": "\(changes.count)"],
            children: [
                .el("h1", "Launch trends"),
                .el("p", "\(runs.count) runs, \(series.count) series, \(changes.count) change points."),
                .lines(series.map(section)),
            ])
        let head: HTMLNode = .el(
            "head", .el("meta", ["charset": "utf-8"]), .el("title", "Launch trends"), .el("style", .raw(Self.style)))
        return "<!DOCTYPE html>\n" + HTMLNode.el("html", ["lang": "en"], head, body).render() + "\n"
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

    /// One series: a title, the chart and its change points.
    func section(_ series: MetricSeries) -> HTMLNode {
        let marked = changes.filter { $0.series == series.key }
        return .el(
            "section", ["class": "series", "data-metric": series.key.metric, "data-scenario": series.key.scenario],
            children: [
                .el("h2", "\(series.key)"),
                chart(series, changes: marked, limits: limits(for: series.key)),
                .el(
                    "ul",
                    children: marked.map { change in
                        .el(
                            "li", ["class": "change", "data-index": "\(change.index)"],
                            "\(change.recordedAt): \(Self.percent(change.effect)), commits \(change.commitBefore ?? "?")..\(change.commitAfter ?? "?"), median \(change.medianBefore) -> \(change.medianAfter), p = \(change.pValue)"
                        )
                    }),
            ])
    }

    /// The SVG chart.
    func chart(_ series: MetricSeries, changes: [TrendChange], limits: [(value: Double, text: String)]) -> HTMLNode {
        let scale = ChartScale(
            series: series, limits: limits.map(\.value), width: Self.width, height: Self.height, margin: Self.margin)
        let band =
            series.points.indices.map { scale.point($0, series.points[$0].p90) }
            + series.points.indices.reversed().map { scale.point($0, series.points[$0].p10) }
        var nodes: [HTMLNode] = [
            .el("polygon", ["class": "band", "points": band.joined(separator: " ")]),
            .el(
                "polyline",
                [
                    "class": "median",
                    "points": series.points.indices.map { scale.point($0, series.points[$0].median) }.joined(
                        separator: " "),
                ]),
        ]
        for change in changes {
            let x = scale.x(Double(change.index) - 0.5)
            nodes.append(
                .el(
                    "line",
                    [
                        "class": "change-point", "data-index": "\(change.index)", "x1": x, "x2": x, "y1": "0",
                        "y2": "\(Self.height)",
                    ],
                    .el(
                        "title",
                        "\(change.commitBefore ?? "?")..\(change.commitAfter ?? "?") \(Self.percent(change.effect))")))
        }
        for limit in limits {
            let y = scale.y(limit.value)
            nodes.append(
                .el(
                    "line", ["class": "limit", "x1": "0", "x2": "\(Self.width)", "y1": y, "y2": y],
                    .el("title", "budget: \(limit.text)")))
        }
        return .el(
            "svg",
            ["viewBox": "0 0 \(Int(Self.width)) \(Int(Self.height))", "role": "img", "aria-label": "\(series.key)"],
            children: nodes)
    }

    /// `+5.1 %`.
    static func percent(_ effect: Double) -> String { String(format: "%+.1f %%", effect * 100) }

    /// The page's style sheet.
    static let style = TrustedHTML(
        constant: """
            body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; }
            section.series { margin-bottom: 28px; }
            h2 { font-size: 15px; margin: 8px 0; }
            svg { width: 100%; max-width: 760px; height: auto; border: 1px solid #ddd; background: #fcfcfc; }
            .band { fill: #9bc3e6; opacity: 0.5; stroke: none; }
            .median { fill: none; stroke: #1f5f99; stroke-width: 1.5; }
            .change-point { stroke: #c0392b; stroke-width: 1.5; stroke-dasharray: 4 3; }
            .limit { stroke: #e67e22; stroke-width: 1; }
            li.change { color: #c0392b; }
            """)
}

/// Maps run indices and values to SVG coordinates.
struct ChartScale {
    let count: Int, low: Double, high: Double, width: Double, height: Double, margin: Double

    init(series: MetricSeries, limits: [Double], width: Double, height: Double, margin: Double) {
        let values = series.points.flatMap { [$0.p10, $0.p90] } + limits
        count = series.points.count
        low = values.min() ?? 0
        high = max(values.max() ?? 1, low + 1e-9)
        self.width = width
        self.height = height
        self.margin = margin
    }

    /// The x of run `index`.
    func x(_ index: Double) -> String {
        String(format: "%.1f", margin + (width - 2 * margin) * (count > 1 ? index / Double(count - 1) : 0.5))
    }

    /// The y of `value`.
    func y(_ value: Double) -> String {
        String(format: "%.1f", height - margin - (height - 2 * margin) * (value - low) / (high - low))
    }

    /// `x,y`.
    func point(_ index: Int, _ value: Double) -> String { "\(x(Double(index))),\(y(value))" }
}
