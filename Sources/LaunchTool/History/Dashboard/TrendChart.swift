import Foundation
import LaunchHistory

/// One series' chart, as an inline SVG: a value axis with ticks in the metric's unit, a run
/// axis with each run's date and commit, the p10–p90 band, the median line with a point per
/// run (hovering one shows its run, commit, median and spread), the budgets' limits and each
/// change point where it is, labelled with its commit range and change.
struct TrendChart {
    /// The series.
    var series: MetricSeries
    /// Its change points.
    var changes: [TrendChange]
    /// The absolute budget limits on it: value and `median <= 5ms`.
    var limits: [(value: Double, text: String)]
    /// Change points of other series of the same app, scenario and machine class, drawn faintly
    /// where this series has none (an endpoint chart shows where its parts changed).
    var related: [TrendChange] = []

    /// Size of the chart and of its margins, in SVG units.
    static let width = 760.0, height = 236.0
    static let left = 72.0, right = 40.0, top = 24.0, bottom = 46.0

    /// The kind of the series' values (time when the catalogue does not know it).
    var kind: MetricKind { series.key.kind ?? .count }

    /// The scale of this chart.
    var scale: TrendChartScale {
        TrendChartScale(
            count: series.points.count,
            values: series.points.flatMap { [$0.p10, $0.p90, $0.median] } + limits.map(\.value),
            left: Self.left, right: Self.width - Self.right, top: Self.top, bottom: Self.height - Self.bottom)
    }

    /// The SVG element.
    func node() -> HTMLNode {
        let scale = scale
        var nodes = valueAxis(scale) + runAxis(scale)
        nodes += [band(scale), median(scale)] + limitNodes(scale) + relatedNodes(scale) + changeNodes(scale)
        nodes += pointNodes(scale)
        return .el(
            "svg",
            [
                "class": "trend", "viewBox": "0 0 \(Int(Self.width)) \(Int(Self.height))", "role": "img",
                "aria-label": "\(series.key.metric): median per run, in \(kind.unit(for: scale.high).symbol)",
            ], children: nodes)
    }

    /// The horizontal grid lines and the value ticks, in the unit of the largest.
    func valueAxis(_ scale: TrendChartScale) -> [HTMLNode] {
        let reference = scale.ticks.map(Swift.abs).max() ?? 1
        let digits = scale.tickDigits(unitScale: kind.unit(for: reference).scale)
        return scale.ticks.flatMap { tick -> [HTMLNode] in
            let y = TrendChartScale.px(scale.y(tick))
            return [
                .el(
                    "line",
                    [
                        "class": "grid", "x1": TrendChartScale.px(scale.left), "x2": TrendChartScale.px(scale.right),
                        "y1": y, "y2": y,
                    ]),
                .el(
                    "text",
                    [
                        "class": "tick value", "x": TrendChartScale.px(scale.left - 6), "y": y, "dy": "4",
                        "text-anchor": "end",
                    ],
                    .text(kind.format(tick, unitOf: reference, digits: digits))),
            ]
        }
    }

    /// Widest a run label may be, in SVG units (`11-27 02:40` at the tick font's size).
    static let runLabelWidth = 84.0

    /// The runs labelled on the run axis: every `k`th, so labels do not overlap, and the last
    /// one when it is not too close to the one before.
    func labelledRuns(_ scale: TrendChartScale) -> [Int] {
        let count = series.points.count
        let fitting = max(2, Int((scale.right - scale.left) / Self.runLabelWidth) + 1)
        let every = max(1, Int((Double(count) / Double(fitting)).rounded(.up)))
        var runs = Array(stride(from: 0, to: count, by: every))
        if let last = runs.last, last != count - 1 {
            if (count - 1 - last) * 2 < every { runs.removeLast() }
            runs.append(count - 1)
        }
        return runs
    }

    /// The run axis: a tick per labelled run, each label its date and commit.
    func runAxis(_ scale: TrendChartScale) -> [HTMLNode] {
        let baseline = TrendChartScale.px(scale.bottom)
        var nodes: [HTMLNode] = [
            .el(
                "line",
                [
                    "class": "axis", "x1": TrendChartScale.px(scale.left), "x2": TrendChartScale.px(scale.right),
                    "y1": baseline, "y2": baseline,
                ])
        ]
        for index in labelledRuns(scale) {
            let x = TrendChartScale.px(scale.x(Double(index)))
            let point = series.points[index]
            nodes.append(
                .el(
                    "line",
                    ["class": "axis", "x1": x, "x2": x, "y1": baseline, "y2": TrendChartScale.px(scale.bottom + 4)]))
            nodes.append(
                .el(
                    "text",
                    ["class": "tick run", "x": x, "y": TrendChartScale.px(scale.bottom + 16), "text-anchor": "middle"],
                    .el("tspan", ["x": x], .text(Self.shortDate(point.recordedAt))),
                    .el("tspan", ["class": "commit", "x": x, "dy": "13"], .text(Self.shortCommit(point.commit)))))
        }
        return nodes
    }

    /// The p10–p90 band.
    func band(_ scale: TrendChartScale) -> HTMLNode {
        let points = series.points
        let outline =
            points.indices.map { scale.point($0, points[$0].p90) }
            + points.indices.reversed().map { scale.point($0, points[$0].p10) }
        return .el(
            "polygon", ["class": "band", "points": outline.joined(separator: " ")],
            .el("title", "p10–p90 of each run's launches"))
    }

    /// The line through the run medians.
    func median(_ scale: TrendChartScale) -> HTMLNode {
        let line = series.points.indices.map { scale.point($0, series.points[$0].median) }
        return .el("polyline", ["class": "median", "points": line.joined(separator: " ")])
    }

    /// A point per run, whose title is what hovering it shows.
    func pointNodes(_ scale: TrendChartScale) -> [HTMLNode] {
        series.points.enumerated().map { index, point in
            let hover =
                "run \(index + 1) of \(series.points.count), \(point.recordedAt), commit \(point.commit ?? "unknown"): median \(kind.format(point.median)), p10 \(kind.format(point.p10)) – p90 \(kind.format(point.p90)), \(point.count) launches"
            return .el(
                "circle",
                [
                    "class": "run", "data-run": "\(index)", "cx": TrendChartScale.px(scale.x(Double(index))),
                    "cy": TrendChartScale.px(scale.y(point.median)), "r": "3.5",
                ], .el("title", .text(hover)))
        }
    }

    /// A line per budget limit, labelled.
    func limitNodes(_ scale: TrendChartScale) -> [HTMLNode] {
        limits.flatMap { limit -> [HTMLNode] in
            let y = TrendChartScale.px(scale.y(limit.value))
            return [
                .el(
                    "line",
                    [
                        "class": "limit", "x1": TrendChartScale.px(scale.left), "x2": TrendChartScale.px(scale.right),
                        "y1": y, "y2": y,
                    ], .el("title", "budget: \(limit.text)")),
                .el(
                    "text",
                    [
                        "class": "limit-label", "x": TrendChartScale.px(scale.right - 4), "y": y, "dy": "-4",
                        "text-anchor": "end",
                    ], .text("budget: \(limit.text)")),
            ]
        }
    }

    /// A dashed line between the last run before and the first after each change, labelled
    /// with its commit range and change.
    func changeNodes(_ scale: TrendChartScale) -> [HTMLNode] {
        changes.flatMap { change -> [HTMLNode] in
            let x = TrendChartScale.px(scale.x(Double(change.index) - 0.5))
            let label =
                "\(Self.shortCommit(change.commitBefore))..\(Self.shortCommit(change.commitAfter)) \(change.relativeText)"
            return [
                .el(
                    "line",
                    [
                        "class": "change-point", "data-index": "\(change.index)", "x1": x, "x2": x,
                        "y1": TrendChartScale.px(scale.top - 8), "y2": TrendChartScale.px(scale.bottom),
                    ],
                    .el("title", .text("\(label): \(change.movement)"))),
                .el(
                    "text",
                    [
                        "class": "change-label", "x": x, "y": TrendChartScale.px(scale.top - 12),
                        "text-anchor": "middle",
                    ], .text(label)),
            ]
        }
    }

    /// A faint dotted line where other series of the launch changed and this one did not,
    /// titled with what changed there.
    func relatedNodes(_ scale: TrendChartScale) -> [HTMLNode] {
        let own = Set(changes.map(\.index))
        let byIndex = Dictionary(grouping: related.filter { !own.contains($0.index) }, by: \.index)
        return byIndex.keys.sorted().flatMap { index -> [HTMLNode] in
            let there = byIndex[index] ?? []
            let x = TrendChartScale.px(scale.x(Double(index) - 0.5))
            let range = "\(Self.shortCommit(there[0].commitBefore))..\(Self.shortCommit(there[0].commitAfter))"
            let what = there.map { "\($0.series.metric) \($0.movement)" }.joined(separator: "; ")
            return [
                .el(
                    "line",
                    [
                        "class": "related-change", "data-index": "\(index)", "x1": x, "x2": x,
                        "y1": TrendChartScale.px(scale.top - 8), "y2": TrendChartScale.px(scale.bottom),
                    ], .el("title", .text("\(range): \(what)"))),
                .el(
                    "text",
                    [
                        "class": "related-label", "x": x, "y": TrendChartScale.px(scale.top - 12),
                        "text-anchor": "middle",
                    ],
                    .text(
                        "\(range): \(there[0].series.metric) \(there[0].movement)\(there.count > 1 ? " and \(there.count - 1) more" : "")"
                    )
                ),
            ]
        }
    }

    /// `11-27 02:40` of an ISO 8601 time (the time as recorded when it is not one).
    static func shortDate(_ recordedAt: String) -> String {
        let characters = Array(recordedAt)
        guard characters.count >= 16, characters[10] == "T" else { return recordedAt }
        return String(characters[5..<10]) + " " + String(characters[11..<16])
    }

    /// The first 8 characters of a commit, or `?`.
    static func shortCommit(_ commit: String?) -> String { commit.map { String($0.prefix(8)) } ?? "?" }
}
