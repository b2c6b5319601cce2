import LaunchHistory
import LaunchTrace

extension TrendDashboard {
    /// One series: a title, its chart, and its change points with their bisect commands.
    func section(_ series: MetricSeries, withRelated: Bool = false) -> HTMLNode {
        let marked = changes.filter { $0.series == series.key }
        let related = withRelated ? self.related(to: series.key) : []
        let unit =
            series.key.kind.map {
                " (\($0 == .count ? "count" : $0.unit(for: series.points.last?.median ?? 0).symbol))"
            } ?? ""
        return .el(
            "section",
            [
                "class": "series", "id": Self.anchor(series.key), "data-metric": series.key.metric,
                "data-scenario": series.key.scenario,
            ],
            children: [
                .el("h3", .text(label(series.key) + unit)),
                TrendChart(series: series, changes: marked, limits: limits(for: series.key), related: related).node(),
                .el("ul", ["class": "changes"], children: marked.map(changeItem)),
            ])
    }

    /// The change points of the other series of `key`'s app, scenario and machine class, but
    /// the parts of the launch when a metric of the whole launch changed there too.
    func related(to key: SeriesKey) -> [TrendChange] {
        let others = changes.filter { change in
            change.series != key && change.series.app == key.app && change.series.scenario == key.scenario
                && change.series.machineClass == key.machineClass
        }
        let wholes = others.filter { !Self.isPart($0.series.metric) }
        return others.filter { change in
            !Self.isPart(change.series.metric) || !wholes.contains { $0.index == change.index }
        }
    }

    /// Whether a metric is a part of the launch: a phase, a phase's thread state, a span, a
    /// part of the time before `main`.
    static func isPart(_ metric: String) -> Bool {
        let name = MetricName(rawValue: metric)
        return name.isLaunchPart || (name.phaseMetric != nil && !name.hasReservedPhasePrefix)
    }

    /// A change point: where, how much, and the command that finds its commit.
    func changeItem(_ change: TrendChange) -> HTMLNode {
        let moved = change.movedWith.isEmpty ? "" : "; moved with it: " + change.movedWith.joined(separator: ", ")
        let text =
            "Commits \(TrendChart.shortCommit(change.commitBefore))..\(TrendChart.shortCommit(change.commitAfter)) (from run \(change.index + 1), \(change.recordedAt)): \(change.movement), p = \(String(format: "%.2g", change.pValue))\(moved)."
        var children: [HTMLNode] = [.text(text)]
        if let command = change.bisectCommand(build: bisectBuild, program: bisectProgram) {
            children += [.el("br"), .text("Find the commit: "), .el("code", .text(command))]
        }
        return .el("li", ["class": "change", "data-index": "\(change.index)"], children: children)
    }

    /// Why no change point can be shown yet, when the runs are too few for the minimum segment.
    func changePointNote(_ series: [MetricSeries]) -> HTMLNode {
        let longest = series.map(\.points.count).max() ?? 0
        guard let sentence = options.tooFewRuns(longest: longest), let more = options.runsNeeded(longest) else {
            return .fragment([])
        }
        let shorter = options.shorterSegment(for: longest)
        return .el(
            "p", ["class": "note", "data-runs-needed": "\(more)"], .text(sentence + " "),
            .el("code", .text("launchprof history report --min-segment \(shorter)")),
            .text(" (or history trend) looks for changes that held \(shorter) runs."))
    }

    /// The other series, folded by phase, then the ones that never moved in one line.
    func restSections(_ rest: [MetricSeries]) -> HTMLNode {
        let still = rest.filter { one in Set(one.points.map(\.median)).count <= 1 }
        let moving = rest.filter { one in Set(one.points.map(\.median)).count > 1 }
        var groups: [(name: String, series: [MetricSeries])] = []
        for one in moving {
            let name = Self.group(of: one.key.metric)
            if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].series.append(one)
            } else {
                groups.append((name, [one]))
            }
        }
        let order = Self.groupOrder
        groups.sort {
            (order.firstIndex(of: $0.name) ?? order.count, $0.name) < (
                order.firstIndex(of: $1.name) ?? order.count, $1.name
            )
        }
        var nodes: [HTMLNode] = [.el("h2", "Every other series, by phase")]
        nodes += groups.map { group in
            .el(
                "details", ["class": "group", "data-group": group.name],
                children: [.el("summary", .text("\(group.name): \(group.series.count) series"))]
                    + group.series.map { section($0) })
        }
        if !still.isEmpty {
            let list = still.map { "\(label($0.key)) \($0.key.format($0.points.first?.median ?? 0))" }
            nodes.append(
                .el(
                    "p", ["class": "still"],
                    .text(
                        "Never moved (the same median in every run, not charted): " + list.joined(separator: ", ") + "."
                    )))
        }
        return .fragment(nodes)
    }

    /// The group a metric is folded under: its phase, or what it measures.
    static func group(of metric: String) -> String {
        let name = MetricName(rawValue: metric)
        if name.isPreMainMetric { return "before main" }
        if name.spanName != nil { return "spans" }
        if metric.hasPrefix(MetricName.blockingTimePrefix) || metric.hasPrefix(MetricName.blockingCallsPrefix) {
            return "blocking calls"
        }
        if metric.hasPrefix("mainThread") { return "main thread" }
        if [MetricName.peakMemory, .minorFaults, .majorFaults].contains(name) { return "memory and faults" }
        if let phase = name.phaseMetric?.phase, !name.hasReservedPhasePrefix { return phase.rawValue }
        return "other"
    }

    /// The groups' order: the runner's phases, UIKit's, then what the metrics measure.
    static var groupOrder: [String] {
        ["before main"] + (PhaseName.program + PhaseName.uikitCatalogue).map(\.rawValue)
            + ["main thread", "memory and faults", "blocking calls", "spans", "other"]
    }
}
