import LaunchTrace

/// The spread of each phase and total across the launches of a run, as an inline SVG strip
/// plot: one dot per launch, the median as a tick, the range from the fastest to the slowest
/// launch as a thin line, and the budget threshold when a rule covers the metric and lies near
/// the samples. Each row has its own scale around its samples, so a 0.2 ms phase shows its
/// noise as clearly as a 70 ms one.
struct SpreadChart {
    var summary: RunSummary
    var scenario: Scenario
    var verdicts: [RuleVerdict]
    /// The launch the waterfall shows, highlighted.
    var highlightedRun: Int?

    static let width = 1200.0
    static let labelWidth = 230.0
    static let rightMargin = 260.0
    static let rowHeight = 26.0

    /// The metrics shown: the phases in launch order, then the totals.
    var metricNames: [MetricName] {
        summary.scenarios[scenario.rawValue]?.phasesThenTotals ?? MetricName.phasesThenTotals
    }

    /// The chart as an SVG element, or a note when no launch completed.
    func node() -> HTMLNode {
        let metrics = metricNames.compactMap { summary.metric($0, scenario: scenario) }
        guard !metrics.isEmpty else {
            return .el("p", ["class": "muted"], "No completed launch, so there is no spread to show.")
        }
        let height = Double(metrics.count) * Self.rowHeight + 8
        let rows = metrics.enumerated().map { row, metric in rowNode(metric, row: row) }
        return .el(
            "svg",
            [
                "class": "spread", "role": "img", "viewBox": "0 0 \(Self.width) \(HTMLFormat.px(height))",
                "aria-label": "Spread of each phase across launches",
            ], children: [.newline] + rows)
    }

    static var plotWidth: Double { width - labelWidth - rightMargin }

    /// The scale of one row: around its samples and a threshold close to them, padded.
    private struct RowScale {
        var low: Double
        var high: Double
        func x(_ value: Double) -> Double {
            SpreadChart.labelWidth + (min(max(value, low), high) - low) / (high - low) * SpreadChart.plotWidth
        }
    }

    private func rowNode(_ metric: MetricSummary, row: Int) -> HTMLNode {
        let y = 4 + Double(row) * Self.rowHeight
        let thresholds = verdicts.filter { $0.rule.metric == metric.name && $0.rule.scenario == scenario }
            .compactMap { verdict in verdict.threshold.map { (verdict, $0) } }
        let stats = metric.statistics
        let spread = max(stats.max - stats.min, stats.median * 0.02, 1)
        let near = thresholds.map(\.1).filter { $0 >= stats.min - 3 * spread && $0 <= stats.max + 3 * spread }
        let low = min(stats.min, near.min() ?? stats.min)
        let high = max(stats.max, near.max() ?? stats.max)
        let pad = max(high - low, spread) * 0.12
        let scale = RowScale(low: max(0, low - pad), high: high + pad)
        let mid = y + Self.rowHeight / 2
        var children = axisNodes(metric, y: y, mid: mid, scale: scale)
        children += thresholds.filter { near.contains($0.1) }.map {
            limitNode($0.0, threshold: $0.1, metric: metric, y: y, scale: scale)
        }
        children += dots(metric, mid: mid, scale: scale)
        children += medianNodes(stats, y: y, mid: mid, scale: scale)
        var nodes: [HTMLNode] = []
        if row % 2 == 0 {
            let band = [
                ("class", "band"), ("x", "0"), ("y", HTMLFormat.px(y)), ("width", "\(Self.width)"),
                ("height", "\(Self.rowHeight)"),
            ]
            nodes.append(Self.svg("rect", band))
        }
        nodes.append(.el("g", ["class": "spread-row", "data-metric": metric.name.rawValue], children: children))
        return .fragment(nodes + [.newline])
    }

    /// The row's label, axis line, its two tick labels and the range of the samples.
    private func axisNodes(_ metric: MetricSummary, y: Double, mid: Double, scale: RowScale) -> [HTMLNode] {
        let stats = metric.statistics
        let axisEnd = HTMLFormat.px(Self.labelWidth + Self.plotWidth)
        var nodes: [HTMLNode] = [
            .el("text", ["class": "label", "x": "4", "y": HTMLFormat.px(mid + 4)], "\(metric.name)"),
            Self.svg("line", Self.line("axis-line", x1: "\(Self.labelWidth)", y1: mid, x2: axisEnd, y2: mid)),
        ]
        for tickValue in [scale.low, scale.high] {
            let anchor = tickValue == scale.low ? "start" : "end"
            let attributes = [
                ("class", "axis"), ("x", HTMLFormat.px(scale.x(tickValue))),
                ("y", HTMLFormat.px(y + Self.rowHeight - 2)), ("text-anchor", anchor),
            ]
            nodes.append(Self.svg("text", attributes, "\(HTMLFormat.ms(tickValue))"))
        }
        let range = Self.line(
            "range", x1: HTMLFormat.px(scale.x(stats.min)), y1: mid, x2: HTMLFormat.px(scale.x(stats.max)), y2: mid
        )
        nodes.append(Self.svg("line", range))
        return nodes
    }

    /// The median's mark and the row's value text.
    private func medianNodes(_ stats: SampleStatistics, y: Double, mid: Double, scale: RowScale) -> [HTMLNode] {
        let mx = HTMLFormat.px(scale.x(stats.median))
        let median = Self.line("median", x1: mx, y1: y + 4, x2: mx, y2: y + Self.rowHeight - 4)
        let range = "\(HTMLFormat.ms(stats.min))–\(HTMLFormat.ms(stats.max))"
        let text = "median \(HTMLFormat.ms(stats.median)) · \(range) · n \(stats.n)"
        let value = [
            ("class", "value"), ("x", HTMLFormat.px(Self.labelWidth + Self.plotWidth + 12)),
            ("y", HTMLFormat.px(mid + 4)),
        ]
        return [Self.svg("line", median), Self.svg("text", value, "\(text)")]
    }

    /// A line's attributes, in the order written.
    private static func line(_ cssClass: String, x1: String, y1: Double, x2: String, y2: Double) -> [(String, String)] {
        [("class", cssClass), ("x1", x1), ("y1", HTMLFormat.px(y1)), ("x2", x2), ("y2", HTMLFormat.px(y2))]
    }

    /// An SVG element with attributes in the order written.
    private static func svg(_ name: String, _ attributes: [(String, String)], _ children: HTMLNode...) -> HTMLNode {
        .element(name, attributes.map { HTMLAttribute($0.0, $0.1) }, children)
    }

    private func limitNode(_ verdict: RuleVerdict, threshold: Double, metric: MetricSummary, y: Double, scale: RowScale)
        -> HTMLNode
    {
        let tx = HTMLFormat.px(scale.x(threshold))
        return .el(
            "g", ["class": "limit limit-\(verdict.status.rawValue)"],
            .el("title", "\(metric.name) \(ReportText.budget(verdict.rule)): \(ReportText.label(verdict.status))"),
            .el("line", ["x1": tx, "y1": HTMLFormat.px(y + 3), "x2": tx, "y2": HTMLFormat.px(y + Self.rowHeight - 3)]))
    }

    private func dots(_ metric: MetricSummary, mid: Double, scale: RowScale) -> [HTMLNode] {
        zip(metric.samples, metric.launchIndices).map { value, run in
            let jitter = Double((run * 7) % 5 - 2) * 2.2
            return .el(
                "circle",
                [
                    "class": run == highlightedRun ? "dot chosen" : "dot", "cx": HTMLFormat.px(scale.x(value)),
                    "cy": HTMLFormat.px(mid + jitter), "r": "3.5",
                ],
                .el("title", "launch \(run): \(HTMLFormat.ms(value))"))
        }
    }
}
