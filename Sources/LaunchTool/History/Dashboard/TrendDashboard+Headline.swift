import LaunchHistory
import LaunchTrace

extension TrendDashboard {
    /// How many of the largest movers join the headline.
    static let moverCount = 3

    /// The headline metrics: the endpoint metrics, then the budgeted ones, then the largest
    /// movers of the latest run (beyond the previous run's p10–p90), each series once.
    func headline(of series: [MetricSeries]) -> [HeadlineRow] {
        let endpoints = MetricName.launchTotals.flatMap { total in series.filter { $0.key.metric == total.rawValue } }
        var rows = endpoints.map { HeadlineRow(series: $0, reason: .endpoint) }
        let budgeted = series.filter { one in
            !limits(for: one.key).isEmpty && !rows.contains { $0.series.key == one.key }
        }
        rows += budgeted.map { HeadlineRow(series: $0, reason: .budget) }
        let endpointMedian = endpoints.first?.points.last?.median
        let movers = series.filter { one in !rows.contains { $0.series.key == one.key } }
            .map { HeadlineRow(series: $0, reason: .mover) }
            .filter { $0.movement != 0 && $0.matters(against: endpointMedian) }
            .sorted { $0.size > $1.size }
        return rows + movers.prefix(Self.moverCount)
    }

    /// The first table: per headline metric the latest run, the one before, the change and its verdict.
    func headlineTable(_ rows: [HeadlineRow]) -> HTMLNode {
        guard !rows.isEmpty else { return .el("p", ["class": "muted"], "No series to show.") }
        let header: HTMLNode = .el(
            "tr",
            children: ["metric", "latest run", "the run before", "change", "verdict"].map { .el("th", .text($0)) })
        return .el("table", ["class": "headline"], children: [header] + rows.map(headlineRow))
    }

    /// One row of the first table.
    func headlineRow(_ row: HeadlineRow) -> HTMLNode {
        let key = row.series.key
        let ruleLimits = (budgets?.rules ?? []).compactMap { rule -> (Double, String, String)? in
            guard rule.metric.rawValue == key.metric, rule.scenario.rawValue == key.scenario,
                case .absolute(let value, _, let text) = rule.limit,
                rule.statistic == .median || rule.statistic == .p90
            else { return nil }
            return (value, rule.statistic.rawValue, "\(rule.statistic.rawValue) <= \(text)")
        }
        let verdict = row.verdict(limits: ruleLimits.map { (value: $0.0, statistic: $0.1, text: $0.2) })
        let point = { (point: SeriesPoint?) -> String in
            point.map {
                "\(key.format($0.median)) (\(TrendChart.shortCommit($0.commit)), \(TrendChart.shortDate($0.recordedAt)))"
            }
                ?? "-"
        }
        return .el(
            "tr", ["data-metric": key.metric],
            .el(
                "td", .el("a", ["href": "#\(Self.anchor(key))"], .text(label(key))),
                .el("span", ["class": "reason"], .text(" \(row.reason.rawValue)"))),
            .el("td", ["class": "num"], .text(point(row.latest))),
            .el("td", ["class": "num"], .text(point(row.previous))),
            .el("td", ["class": "num"], .text(row.change)),
            .el("td", ["class": "verdict \(verdict.style)"], .text(verdict.text)))
    }

    /// The metric, with its app, scenario and machine class when the page holds several.
    func label(_ key: SeriesKey) -> String {
        let contexts = Set(runs.map { "\($0.app)\u{0}\($0.scenario)\u{0}\($0.machine.machineClass)" })
        return contexts.count > 1 ? key.description : key.metric
    }

    /// The id of a series' section.
    static func anchor(_ key: SeriesKey) -> String {
        "series-"
            + String(
                "\(key.app)-\(key.scenario)-\(key.metric)".map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "-" })
    }

    /// How many change points the first screen lists.
    static let summarizedChanges = 8

    /// The change points on the first screen, each linked to its chart: the endpoint metrics'
    /// first, then the other metrics', then the parts of the launch', latest first in each.
    func changeSummary() -> HTMLNode {
        guard !changes.isEmpty else { return .fragment([]) }
        let rank = { (change: TrendChange) -> Int in
            if MetricName.launchTotals.contains(MetricName(rawValue: change.series.metric)) { return 0 }
            return Self.isPart(change.series.metric) ? 2 : 1
        }
        let ordered = changes.enumerated().sorted { lhs, rhs in
            (rank(lhs.element), -lhs.element.index, lhs.offset) < (rank(rhs.element), -rhs.element.index, rhs.offset)
        }.map(\.element)
        var items: [HTMLNode] = ordered.prefix(Self.summarizedChanges).map { change in
            .el(
                "li", .el("a", ["href": "#\(Self.anchor(change.series))"], .text(label(change.series))),
                .text(
                    ": \(change.movement), commits \(TrendChart.shortCommit(change.commitBefore))..\(TrendChart.shortCommit(change.commitAfter))"
                ))
        }
        if changes.count > Self.summarizedChanges {
            items.append(.el("li", .text("and \(changes.count - Self.summarizedChanges) more, under their charts")))
        }
        return .fragment([.el("h2", "Change points"), .el("ul", ["class": "change-summary"], children: items)])
    }
}
