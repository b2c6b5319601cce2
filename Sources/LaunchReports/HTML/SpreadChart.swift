import LaunchAnalysis
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
    static let metricNames = MetricName.phasesThenTotals

    func render() -> String {
        let metrics = Self.metricNames.compactMap { summary.metric($0, scenario: scenario) }
        guard !metrics.isEmpty else { return "<p class=\"muted\">No completed launch, so there is no spread to show.</p>" }
        let plotWidth = Self.width - Self.labelWidth - Self.rightMargin
        let height = Double(metrics.count) * Self.rowHeight + 8
        var svg = "<svg class=\"spread\" role=\"img\" viewBox=\"0 0 \(Self.width) \(HTMLFormat.px(height))\" aria-label=\"Spread of each phase across launches\">\n"
        for (row, metric) in metrics.enumerated() {
            let y = 4 + Double(row) * Self.rowHeight
            let thresholds = verdicts.filter { $0.rule.metric == metric.name && $0.rule.scenario == scenario }
                .compactMap { verdict in verdict.threshold.map { (verdict, $0) } }
            let stats = metric.statistics
            // The scale spans the samples (and a threshold close to them), padded, so the noise shows.
            let spread = max(stats.max - stats.min, stats.median * 0.02, 1)
            let near = thresholds.map(\.1).filter { $0 >= stats.min - 3 * spread && $0 <= stats.max + 3 * spread }
            var low = min(stats.min, near.min() ?? stats.min), high = max(stats.max, near.max() ?? stats.max)
            let pad = max(high - low, spread) * 0.12
            low = max(0, low - pad)
            high += pad
            func x(_ value: Double) -> Double { Self.labelWidth + (min(max(value, low), high) - low) / (high - low) * plotWidth }
            let mid = y + Self.rowHeight / 2
            if row % 2 == 0 {
                svg += "<rect class=\"band\" x=\"0\" y=\"\(HTMLFormat.px(y))\" width=\"\(Self.width)\" height=\"\(Self.rowHeight)\"/>"
            }
            svg += "<g class=\"spread-row\" data-metric=\"\(metric.name)\">"
            svg += "<text class=\"label\" x=\"4\" y=\"\(HTMLFormat.px(mid + 4))\">\(metric.name)</text>"
            svg += "<line class=\"axis-line\" x1=\"\(Self.labelWidth)\" y1=\"\(HTMLFormat.px(mid))\" x2=\"\(HTMLFormat.px(Self.labelWidth + plotWidth))\" y2=\"\(HTMLFormat.px(mid))\"/>"
            for tickValue in [low, high] {
                let anchor = tickValue == low ? "start" : "end"
                svg += "<text class=\"axis\" x=\"\(HTMLFormat.px(x(tickValue)))\" y=\"\(HTMLFormat.px(y + Self.rowHeight - 2))\" text-anchor=\"\(anchor)\">\(HTMLFormat.ms(tickValue))</text>"
            }
            svg += "<line class=\"range\" x1=\"\(HTMLFormat.px(x(stats.min)))\" y1=\"\(HTMLFormat.px(mid))\" x2=\"\(HTMLFormat.px(x(stats.max)))\" y2=\"\(HTMLFormat.px(mid))\"/>"
            for (verdict, threshold) in thresholds where near.contains(threshold) {
                let tx = HTMLFormat.px(x(threshold))
                svg += "<g class=\"limit limit-\(verdict.status.rawValue)\"><title>\(HTMLText.escape("\(metric.name) \(ReportText.budget(verdict.rule)): \(ReportText.label(verdict.status))"))</title>"
                svg += "<line x1=\"\(tx)\" y1=\"\(HTMLFormat.px(y + 3))\" x2=\"\(tx)\" y2=\"\(HTMLFormat.px(y + Self.rowHeight - 3))\"/></g>"
            }
            for (i, value) in metric.samples.enumerated() {
                let run = metric.launchIndices[i]
                let jitter = Double((run * 7) % 5 - 2) * 2.2
                let cls = run == highlightedRun ? "dot chosen" : "dot"
                svg += "<circle class=\"\(cls)\" cx=\"\(HTMLFormat.px(x(value)))\" cy=\"\(HTMLFormat.px(mid + jitter))\" r=\"3.5\">"
                svg += "<title>launch \(run): \(HTMLFormat.ms(value))</title></circle>"
            }
            let mx = HTMLFormat.px(x(stats.median))
            svg += "<line class=\"median\" x1=\"\(mx)\" y1=\"\(HTMLFormat.px(y + 4))\" x2=\"\(mx)\" y2=\"\(HTMLFormat.px(y + Self.rowHeight - 4))\"/>"
            let text = "median \(HTMLFormat.ms(stats.median)) · \(HTMLFormat.ms(stats.min))–\(HTMLFormat.ms(stats.max)) · n \(stats.n)"
            svg += "<text class=\"value\" x=\"\(HTMLFormat.px(Self.labelWidth + plotWidth + 12))\" y=\"\(HTMLFormat.px(mid + 4))\">\(text)</text></g>\n"
        }
        svg += "</svg>"
        return svg
    }
}
