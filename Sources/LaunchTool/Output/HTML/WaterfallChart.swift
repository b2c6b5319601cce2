import LaunchTrace

/// The phases of one launch as an inline SVG waterfall, in the spirit of
/// `systemd-analyze plot`: one bar per phase at its start, split into on-CPU, waiting for a
/// CPU (runnable) and blocked time, the app's main-thread spans under their phase, budget
/// limits as dashed lines, the first frame, and lanes of blocking calls and stalls whose
/// marks link to their stacks.
struct WaterfallChart {
    var trace: LaunchTrace
    /// Verdicts of rules on this launch's scenario: their thresholds are drawn.
    var verdicts: [RuleVerdict]

    static let width = 1200.0
    static let labelWidth = 230.0
    static let rightMargin = 110.0
    static let rowHeight = 24.0
    static let top = 34.0

    private enum Row {
        case phase(PhaseRecord)
        case span(Span)
        case lane(String)
    }

    /// The scale of the chart: where a time falls and how tall the chart is.
    private struct Scale {
        var domainEnd: Double
        var height: Double
        var plotWidth: Double { WaterfallChart.width - WaterfallChart.labelWidth - WaterfallChart.rightMargin }
        func x(_ ns: Double) -> Double { WaterfallChart.labelWidth + min(ns, domainEnd) / domainEnd * plotWidth }
        var bottom: String { HTMLFormat.px(height - 28) }
    }

    /// The chart as an SVG element.
    func node() -> HTMLNode {
        let rows = self.rows()
        let traceEnd = Double(max(trace.ending.atNs, trace.phases.last?.endNs ?? 0, 1))
        let limits = limitLines()
        let domainEnd = max(traceEnd, limits.map(\.x).filter { $0 <= traceEnd * 1.6 }.max() ?? 0) * 1.02
        let scale = Scale(domainEnd: domainEnd, height: Self.top + Double(rows.count) * Self.rowHeight + 34)
        var children: [HTMLNode] = [.newline, grid(scale)]
        for (index, row) in rows.enumerated() {
            children.append(rowNode(row, index: index, scale: scale))
        }
        children.append(firstFrame(scale))
        children.append(limitNodes(limits, rows: rows, scale: scale))
        return .el(
            "svg",
            [
                "class": "waterfall", "role": "img", "viewBox": "0 0 \(Self.width) \(HTMLFormat.px(scale.height))",
                "aria-label": "Waterfall of the launch phases of launch \(trace.runIndex ?? 0)",
            ], children: children)
    }

    private func rows() -> [Row] {
        var rows: [Row] = []
        for record in trace.phases {
            rows.append(.phase(record))
            for span in trace.spans where span.onMainThread && span.phase == record.phase {
                rows.append(.span(span))
            }
        }
        if trace.mainThread != nil {
            rows.append(.lane(Self.blockingLane))
            rows.append(.lane(Self.stallLane))
        }
        return rows
    }

    static let blockingLane = "blocking calls"
    static let stallLane = "stalls"

    private func grid(_ scale: Scale) -> HTMLNode {
        let step = HTMLFormat.tickStep(span: scale.domainEnd, count: 10)
        var nodes: [HTMLNode] = []
        var tick = 0.0
        while tick <= scale.domainEnd {
            let tx = HTMLFormat.px(scale.x(tick))
            nodes.append(
                .el("line", ["class": "grid", "x1": tx, "y1": "\(Self.top - 6)", "x2": tx, "y2": scale.bottom]))
            nodes.append(
                .el(
                    "text", ["class": "axis", "x": tx, "y": "\(Self.top - 12)", "text-anchor": "middle"],
                    "\(HTMLFormat.ms(tick))"))
            nodes.append(.newline)
            tick += step
        }
        return .fragment(nodes)
    }

    private func rowNode(_ row: Row, index: Int, scale: Scale) -> HTMLNode {
        let y = Self.top + Double(index) * Self.rowHeight
        var nodes: [HTMLNode] = []
        if index % 2 == 0 {
            nodes.append(
                .el(
                    "rect",
                    [
                        "class": "band", "x": "0", "y": HTMLFormat.px(y), "width": "\(Self.width)",
                        "height": "\(Self.rowHeight)",
                    ]))
        }
        switch row {
        case .phase(let record):
            nodes.append(phaseBar(record, y: y, x: scale.x))
        case .span(let span):
            nodes.append(spanBar(span, y: y, x: scale.x))
        case .lane(let name):
            nodes.append(.el("text", ["class": "label lane-label", "x": "4", "y": HTMLFormat.px(y + 16)], "\(name)"))
            nodes.append(laneMarks(name, y: y, x: scale.x))
        }
        nodes.append(.newline)
        return .fragment(nodes)
    }

    private func spanBar(_ span: Span, y: Double, x: (Double) -> Double) -> HTMLNode {
        let x0 = x(Double(span.startNs))
        let x1 = x(Double(span.endNs))
        return .el(
            "g", ["class": "span-bar", "data-span": span.name],
            .el("title", "\(span.name): \(HTMLFormat.ms(span.durationNs)) in \(span.phase.rawValue)"),
            .el(
                "text",
                [
                    "class": "label span-label", "x": HTMLFormat.px(14 + Double(span.depth) * 10),
                    "y": HTMLFormat.px(y + 16),
                ], "\(span.name)"),
            .el(
                "rect",
                [
                    "x": HTMLFormat.px(x0), "y": HTMLFormat.px(y + 8), "width": HTMLFormat.px(max(1, x1 - x0)),
                    "height": "8", "rx": "2",
                ]),
            .el(
                "text", ["class": "value", "x": HTMLFormat.px(x1 + 6), "y": HTMLFormat.px(y + 16)],
                "\(HTMLFormat.ms(span.durationNs))")
        )
    }

    private func laneMarks(_ name: String, y: Double, x: (Double) -> Double) -> HTMLNode {
        guard let activity = trace.mainThread else { return .fragment([]) }
        if name == Self.blockingLane {
            return .fragment(
                activity.blockingCalls.enumerated().map { i, call in
                    eventMark(
                        id: "b\(i)", kind: "blocking \(call.kind.rawValue)", start: call.startNs,
                        duration: call.durationNs, y: y, x: x,
                        title: "\(call.function)() \(call.kind.rawValue) \(HTMLFormat.ms(call.durationNs))"
                            + (call.resource.map { ": \($0)" } ?? ""))
                })
        }
        return .fragment(
            activity.stalls.enumerated().map { i, stall in
                eventMark(
                    id: "s\(i)", kind: "stall", start: stall.startNs, duration: stall.durationNs, y: y, x: x,
                    title: "stall \(HTMLFormat.ms(stall.durationNs)), \(stall.samples.count) samples")
            })
    }

    private func firstFrame(_ scale: Scale) -> HTMLNode {
        guard let firstFrame = trace.totals.timeToFirstFrameNs else { return .fragment([]) }
        let fx = HTMLFormat.px(scale.x(Double(firstFrame)))
        return .fragment([
            .el("line", ["class": "first-frame", "x1": fx, "y1": "\(Self.top - 6)", "x2": fx, "y2": scale.bottom]),
            .el(
                "text",
                ["class": "marker-label", "x": fx, "y": HTMLFormat.px(scale.height - 14), "text-anchor": "middle"],
                "first frame \(HTMLFormat.ms(firstFrame))"),
            .newline,
        ])
    }

    private func limitNodes(_ limits: [LimitLine], rows: [Row], scale: Scale) -> HTMLNode {
        var nodes: [HTMLNode] = []
        var totalLabels = 0
        for line in limits {
            let lx = HTMLFormat.px(scale.x(line.x))
            let (y1, y2) =
                line.row.map { row -> (Double, Double) in
                    let index = rows.firstIndex { if case .phase(let r) = $0 { r.phase == row } else { false } } ?? 0
                    let y = Self.top + Double(index) * Self.rowHeight
                    return (y + 1, y + Self.rowHeight - 1)
                } ?? (Self.top - 6, scale.height - 28)
            if line.x > scale.domainEnd {
                nodes.append(offScaleNode(line, y1: y1, labelRow: line.row == nil ? totalLabels : nil, scale: scale))
                if line.row == nil { totalLabels += 1 }
                nodes.append(.newline)
                continue
            }
            let label = line.label
            var children: [HTMLNode] = [
                .el("title", "\(label)"),
                .el("line", ["x1": lx, "y1": HTMLFormat.px(y1), "x2": lx, "y2": HTMLFormat.px(y2)]),
            ]
            if line.row == nil {
                let atEnd = scale.x(line.x) > Self.width - Self.rightMargin - 200
                let y = HTMLFormat.px(Self.top + 10 + Double(totalLabels) * 13)
                children.append(
                    .el(
                        "text",
                        [
                            "class": "marker-label", "x": lx, "y": y, "text-anchor": atEnd ? "end" : "start",
                            "dx": atEnd ? "-4" : "4",
                        ], "\(label)"))
                totalLabels += 1
            }
            nodes.append(
                .el(
                    "g", ["class": "limit limit-\(line.status.rawValue)", "data-metric": line.metric.rawValue],
                    children: children))
            nodes.append(.newline)
        }
        return .fragment(nodes)
    }

    /// A limit beyond the axis: a marker pointing right at the plot's edge, never a line through
    /// it, with the label (totals only) to its left saying where the limit is.
    private func offScaleNode(_ line: LimitLine, y1: Double, labelRow: Int?, scale: Scale) -> HTMLNode {
        let edge = Self.labelWidth + scale.plotWidth
        let label = "\(line.label), off scale at \(HTMLFormat.ms(line.x)) ›"
        let y = labelRow.map { Self.top + 10 + Double($0) * 13 - 4 } ?? y1 + 11
        let points = [(edge - 8, y - 5), (edge, y), (edge - 8, y + 5)].map {
            "\(HTMLFormat.px($0.0)),\(HTMLFormat.px($0.1))"
        }
        var children: [HTMLNode] = [
            .el("title", "\(label)"),
            .el("polygon", ["class": "off-scale-marker", "points": points.joined(separator: " ")]),
        ]
        if labelRow != nil {
            children.append(
                .el(
                    "text",
                    [
                        "class": "marker-label", "x": HTMLFormat.px(edge - 12), "y": HTMLFormat.px(y + 4),
                        "text-anchor": "end",
                    ], "\(label)"))
        }
        return .el(
            "g", ["class": "limit limit-off-scale limit-\(line.status.rawValue)", "data-metric": line.metric.rawValue],
            children: children)
    }

    private func phaseBar(_ record: PhaseRecord, y: Double, x: (Double) -> Double) -> HTMLNode {
        let state = record.threadState
        let x0 = x(Double(record.startNs))
        let x1 = x(Double(record.endNs))
        let width = max(1, x1 - x0)
        let parts = Double(max(1, max(state.wallNs, state.onCpuNs + state.runnableNs)))
        let cpu = width * Double(state.onCpuNs) / parts
        let runnable = width * Double(state.runnableNs) / parts
        let blocked = max(0, width - cpu - runnable)
        var name = record.phase.rawValue
        if record.phase == .binaryLoad, trace.clock.binaryLoadIsLowResolution { name += " (~10 ms)" }
        let title =
            "\(record.phase.rawValue): \(HTMLFormat.ms(record.durationNs)) from \(HTMLFormat.ms(record.startNs)); "
            + "on-CPU \(HTMLFormat.ms(state.onCpuNs)), runnable \(HTMLFormat.ms(state.runnableNs)), blocked \(HTMLFormat.ms(state.blockedNs))"
            + (state.minorFaults.map { minor in
                "; faults \(minor) minor, \(state.majorFaults.map(String.init) ?? "-") major"
            } ?? "")
        let timeline = stateTimeline(record, y: y, x: x)
        let how =
            timeline == nil
            ? " (a breakdown of the phase's time, not a timeline: the launch has no whole-launch profile)"
            : " (the main thread's state in time order, from the whole-launch profile)"
        var children: [HTMLNode] = [
            .el("title", "\(title)\(how)"),
            .el("text", ["class": "label", "x": "4", "y": HTMLFormat.px(y + 16)], "\(name)"),
        ]
        if let timeline {
            children.append(timeline)
        } else {
            var cursor = x0
            for (cls, w) in [("cpu", cpu), ("runnable", runnable), ("blocked", blocked)] where w > 0 {
                children.append(
                    .el(
                        "rect",
                        [
                            "class": cls, "x": HTMLFormat.px(cursor), "y": HTMLFormat.px(y + 4),
                            "width": HTMLFormat.px(w), "height": "16",
                        ]))
                cursor += w
            }
        }
        children.append(
            .el(
                "text", ["class": "value", "x": HTMLFormat.px(x0 + width + 6), "y": HTMLFormat.px(y + 16)],
                "\(HTMLFormat.ms(record.durationNs))\(timeline == nil ? " (breakdown)" : "")"))
        return .fragment([
            .el(
                "g",
                [
                    "class": "phase-bar", "data-phase": record.phase.rawValue,
                    "data-duration-ns": "\(record.durationNs)", "data-bar": timeline == nil ? "breakdown" : "timeline",
                ], children: children),
            .newline,
        ])
    }

    /// The main thread's state during `record` in time order, from the whole-launch profile
    /// (adjacent samples of one state merged; time no sample covers left as the bar's
    /// background), or nil when the launch has no profile with samples.
    private func stateTimeline(_ record: PhaseRecord, y: Double, x: (Double) -> Double) -> HTMLNode? {
        guard let profile = trace.profile, profile.source != .none, !profile.samples.isEmpty else { return nil }
        var runs: [(state: String, start: Int64, end: Int64)] = []
        for sample in profile.mainThreadSamples.sorted(by: { $0.startNs < $1.startNs }) {
            let start = max(sample.startNs, record.startNs)
            let end = min(sample.startNs + sample.durationNs, record.endNs)
            guard end > start else { continue }
            if let last = runs.last, last.state == sample.state.rawValue, start - last.end <= profile.samplePeriodNs {
                runs[runs.count - 1].end = end
            } else {
                runs.append((sample.state.rawValue, start, end))
            }
        }
        let x0 = x(Double(record.startNs))
        let x1 = x(Double(record.endNs))
        var nodes: [HTMLNode] = [
            .el(
                "rect",
                [
                    "class": "unsampled", "x": HTMLFormat.px(x0), "y": HTMLFormat.px(y + 4),
                    "width": HTMLFormat.px(max(1, x1 - x0)), "height": "16",
                ])
        ]
        for run in runs {
            let rx = x(Double(run.start))
            let cls = run.state == "onCPU" ? "cpu" : run.state
            nodes.append(
                .el(
                    "rect",
                    [
                        "class": cls, "x": HTMLFormat.px(rx), "y": HTMLFormat.px(y + 4),
                        "width": HTMLFormat.px(max(0.5, x(Double(run.end)) - rx)), "height": "16",
                    ]))
        }
        return .fragment(nodes)
    }

    private func eventMark(
        id: String, kind: String, start: Int64, duration: Int64, y: Double, x: (Double) -> Double, title: String
    ) -> HTMLNode {
        let x0 = x(Double(start))
        let x1 = x(Double(start + duration))
        return .el(
            "a", ["href": "#event-\(id)", "class": "event-mark", "data-event": id],
            .el("title", "\(title) (click for the stack)"),
            .el(
                "rect",
                [
                    "class": kind.hasPrefix("stall") ? "stall" : "blocking", "x": HTMLFormat.px(x0),
                    "y": HTMLFormat.px(y + 5),
                    "width": HTMLFormat.px(max(2, x1 - x0)), "height": "14", "rx": "2",
                ])
        )
    }

    private struct LimitLine {
        var metric: MetricName
        var row: LaunchPhase?
        var x: Double
        var label: String
        var status: VerdictStatus
    }

    /// Thresholds of rules on a phase (drawn from the phase's start, on its row) or on a
    /// total (drawn from the launch's start, across the chart).
    private func limitLines() -> [LimitLine] {
        verdicts.compactMap { verdict in
            guard verdict.rule.scenario == trace.scenario, let threshold = verdict.threshold else { return nil }
            let label =
                "\(verdict.rule.metric) \(ReportText.budget(verdict.rule)) (\(ReportText.label(verdict.status)))"
            if let record = trace.record(of: PhaseName(verdict.rule.metric.rawValue)) {
                return LimitLine(
                    metric: verdict.rule.metric, row: record.phase, x: Double(record.startNs) + threshold, label: label,
                    status: verdict.status)
            }
            guard MetricName.launchTotals.contains(verdict.rule.metric) else { return nil }
            return LimitLine(metric: verdict.rule.metric, row: nil, x: threshold, label: label, status: verdict.status)
        }
    }
}
