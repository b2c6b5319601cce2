import LaunchAnalysis
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

    func render() -> String {
        var rows: [Row] = []
        for record in trace.phases {
            rows.append(.phase(record))
            for span in trace.spans where span.onMainThread && span.phase == record.phase {
                rows.append(.span(span))
            }
        }
        let activity = trace.mainThread
        if activity != nil {
            rows.append(.lane("blocking calls"))
            rows.append(.lane("stalls"))
        }
        let traceEnd = Double(max(trace.ending.atNs, trace.phases.last?.endNs ?? 0, 1))
        let limits = limitLines()
        let domainEnd = max(traceEnd, limits.map(\.x).filter { $0 <= traceEnd * 1.6 }.max() ?? 0) * 1.02
        let plotWidth = Self.width - Self.labelWidth - Self.rightMargin
        func x(_ ns: Double) -> Double { Self.labelWidth + min(ns, domainEnd) / domainEnd * plotWidth }
        let height = Self.top + Double(rows.count) * Self.rowHeight + 34

        var svg = "<svg class=\"waterfall\" role=\"img\" viewBox=\"0 0 \(Self.width) \(HTMLFormat.px(height))\" "
            + "aria-label=\"Waterfall of the launch phases of launch \(trace.runIndex ?? 0)\">\n"
        // Grid and axis.
        let step = HTMLFormat.tickStep(span: domainEnd, count: 10)
        var tick = 0.0
        while tick <= domainEnd {
            let tx = HTMLFormat.px(x(tick))
            svg += "<line class=\"grid\" x1=\"\(tx)\" y1=\"\(Self.top - 6)\" x2=\"\(tx)\" y2=\"\(HTMLFormat.px(height - 28))\"/>"
            svg += "<text class=\"axis\" x=\"\(tx)\" y=\"\(Self.top - 12)\" text-anchor=\"middle\">\(HTMLFormat.ms(tick))</text>\n"
            tick += step
        }
        for (index, row) in rows.enumerated() {
            let y = Self.top + Double(index) * Self.rowHeight
            if index % 2 == 0 {
                svg += "<rect class=\"band\" x=\"0\" y=\"\(HTMLFormat.px(y))\" width=\"\(Self.width)\" height=\"\(Self.rowHeight)\"/>"
            }
            switch row {
            case .phase(let record):
                svg += phaseBar(record, y: y, x: x)
            case .span(let span):
                let x0 = x(Double(span.startNs)), x1 = x(Double(span.endNs))
                let label = HTMLText.escape(span.name)
                svg += "<g class=\"span-bar\" data-span=\"\(label)\"><title>\(label): \(HTMLFormat.ms(span.durationNs)) in \(span.phase.rawValue)</title>"
                svg += "<text class=\"label span-label\" x=\"\(HTMLFormat.px(14 + Double(span.depth) * 10))\" y=\"\(HTMLFormat.px(y + 16))\">\(label)</text>"
                svg += "<rect x=\"\(HTMLFormat.px(x0))\" y=\"\(HTMLFormat.px(y + 8))\" width=\"\(HTMLFormat.px(max(1, x1 - x0)))\" height=\"8\" rx=\"2\"/>"
                svg += "<text class=\"value\" x=\"\(HTMLFormat.px(x1 + 6))\" y=\"\(HTMLFormat.px(y + 16))\">\(HTMLFormat.ms(span.durationNs))</text></g>\n"
            case .lane(let name):
                svg += "<text class=\"label lane-label\" x=\"4\" y=\"\(HTMLFormat.px(y + 16))\">\(name)</text>"
                if name == "blocking calls", let activity {
                    for (i, call) in activity.blockingCalls.enumerated() {
                        svg += eventMark(id: "b\(i)", kind: "blocking \(call.kind.rawValue)", start: call.startNs, duration: call.durationNs, y: y, x: x,
                                         title: "\(call.function)() \(call.kind.rawValue) \(HTMLFormat.ms(call.durationNs))" + (call.resource.map { ": \($0)" } ?? ""))
                    }
                } else if let activity {
                    for (i, stall) in activity.stalls.enumerated() {
                        svg += eventMark(id: "s\(i)", kind: "stall", start: stall.startNs, duration: stall.durationNs, y: y, x: x,
                                         title: "stall \(HTMLFormat.ms(stall.durationNs)), \(stall.samples.count) samples")
                    }
                }
                svg += "\n"
            }
        }
        let bottom = HTMLFormat.px(height - 28)
        if let firstFrame = trace.totals.timeToFirstFrameNs {
            let fx = HTMLFormat.px(x(Double(firstFrame)))
            svg += "<line class=\"first-frame\" x1=\"\(fx)\" y1=\"\(Self.top - 6)\" x2=\"\(fx)\" y2=\"\(bottom)\"/>"
            svg += "<text class=\"marker-label\" x=\"\(fx)\" y=\"\(HTMLFormat.px(height - 14))\" text-anchor=\"middle\">first frame \(HTMLFormat.ms(firstFrame))</text>\n"
        }
        var totalLabels = 0
        for line in limits {
            let clipped = line.x > domainEnd
            let lx = HTMLFormat.px(x(line.x))
            let (y1, y2) = line.row.map { row -> (Double, Double) in
                let index = rows.firstIndex { if case .phase(let r) = $0 { r.phase == row } else { false } } ?? 0
                let y = Self.top + Double(index) * Self.rowHeight
                return (y + 1, y + Self.rowHeight - 1)
            } ?? (Self.top - 6, height - 28)
            let label = HTMLText.escape(line.label) + (clipped ? " ›" : "")
            svg += "<g class=\"limit limit-\(line.status.rawValue)\" data-metric=\"\(HTMLText.escape(line.metric.rawValue))\"><title>\(label)</title>"
            svg += "<line x1=\"\(lx)\" y1=\"\(HTMLFormat.px(y1))\" x2=\"\(lx)\" y2=\"\(HTMLFormat.px(y2))\"/>"
            if line.row == nil {
                let anchor = x(line.x) > Self.width - Self.rightMargin - 200 ? "end\" dx=\"-4" : "start\" dx=\"4"
                svg += "<text class=\"marker-label\" x=\"\(lx)\" y=\"\(HTMLFormat.px(Self.top + 10 + Double(totalLabels) * 13))\" text-anchor=\"\(anchor)\">\(label)</text>"
                totalLabels += 1
            }
            svg += "</g>\n"
        }
        svg += "</svg>"
        return svg
    }

    private func phaseBar(_ record: PhaseRecord, y: Double, x: (Double) -> Double) -> String {
        let state = record.threadState
        let x0 = x(Double(record.startNs)), x1 = x(Double(record.endNs))
        let width = max(1, x1 - x0)
        let parts = Double(max(1, max(state.wallNs, state.onCpuNs + state.runnableNs)))
        let cpu = width * Double(state.onCpuNs) / parts
        let runnable = width * Double(state.runnableNs) / parts
        let blocked = max(0, width - cpu - runnable)
        var name = record.phase.rawValue
        if record.phase == .binaryLoad, trace.clock.binaryLoadIsLowResolution { name += " (~10 ms)" }
        let title = "\(record.phase.rawValue): \(HTMLFormat.ms(record.durationNs)) from \(HTMLFormat.ms(record.startNs)); "
            + "on-CPU \(HTMLFormat.ms(state.onCpuNs)), runnable \(HTMLFormat.ms(state.runnableNs)), blocked \(HTMLFormat.ms(state.blockedNs)); "
            + "faults \(state.minorFaults) minor, \(state.majorFaults) major"
        var svg = "<g class=\"phase-bar\" data-phase=\"\(record.phase.rawValue)\" data-duration-ns=\"\(record.durationNs)\"><title>\(title)</title>"
        svg += "<text class=\"label\" x=\"4\" y=\"\(HTMLFormat.px(y + 16))\">\(name)</text>"
        var cursor = x0
        for (cls, w) in [("cpu", cpu), ("runnable", runnable), ("blocked", blocked)] where w > 0 {
            svg += "<rect class=\"\(cls)\" x=\"\(HTMLFormat.px(cursor))\" y=\"\(HTMLFormat.px(y + 4))\" width=\"\(HTMLFormat.px(w))\" height=\"16\"/>"
            cursor += w
        }
        svg += "<text class=\"value\" x=\"\(HTMLFormat.px(x0 + width + 6))\" y=\"\(HTMLFormat.px(y + 16))\">\(HTMLFormat.ms(record.durationNs))</text></g>\n"
        return svg
    }

    private func eventMark(id: String, kind: String, start: Int64, duration: Int64, y: Double, x: (Double) -> Double, title: String) -> String {
        let x0 = x(Double(start)), x1 = x(Double(start + duration))
        return "<a href=\"#event-\(id)\" class=\"event-mark\" data-event=\"\(id)\"><title>\(HTMLText.escape(title)) (click for the stack)</title>"
            + "<rect class=\"\(kind.hasPrefix("stall") ? "stall" : "blocking")\" x=\"\(HTMLFormat.px(x0))\" y=\"\(HTMLFormat.px(y + 5))\" "
            + "width=\"\(HTMLFormat.px(max(2, x1 - x0)))\" height=\"14\" rx=\"2\"/></a>"
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
            let label = "\(verdict.rule.metric) \(ReportText.budget(verdict.rule)) (\(ReportText.label(verdict.status)))"
            if let phase = LaunchPhase(rawValue: verdict.rule.metric.rawValue) {
                guard let record = trace.record(of: phase) else { return nil }
                return LimitLine(metric: verdict.rule.metric, row: phase, x: Double(record.startNs) + threshold, label: label, status: verdict.status)
            }
            guard MetricName.launchTotals.contains(verdict.rule.metric) else { return nil }
            return LimitLine(metric: verdict.rule.metric, row: nil, x: threshold, label: label, status: verdict.status)
        }
    }
}
