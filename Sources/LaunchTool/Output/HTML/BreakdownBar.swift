import LaunchTrace

/// One launch's exclusive breakdown (``LaunchBreakdown``) as one SVG bar from exec to ready, a
/// band per interval coloured by its reason, with a legend of every reason's time.
struct BreakdownBar {
    var breakdown: LaunchBreakdown

    static let width = 1200.0
    static let labelWidth = 230.0
    static let rightMargin = 110.0

    /// The colour of each reason's bands.
    static func colour(_ reason: BreakdownReason) -> String {
        switch reason {
        case .exec, .loaderStartup, .loading, .relocation, .initializers: "#8c8c8c"
        case .earlierPrograms: "#5e5e5e"
        case .programCode: "#2f6fd0"
        case .library: "#6fa8f5"
        case .waitingForCPU: "#e9a21b"
        case .fileIO: "#d0463c"
        case .majorFault: "#e07b39"
        case .lock: "#a3357b"
        case .sleep: "#7a5cc7"
        case .displayRoundTrip: "#1f8a8a"
        case .ipc: "#3fa36b"
        case .otherThread: "#c7a27a"
        case .unattributed: "#dddddd"
        }
    }

    /// The bar and its legend.
    func node() -> HTMLNode {
        let plot = Self.width - Self.labelWidth - Self.rightMargin
        let total = Double(max(1, breakdown.totalNs))
        let bands: [HTMLNode] = breakdown.intervals.map { interval in
            let x = Self.labelWidth + Double(interval.startNs) / total * plot
            let width = max(0.5, Double(interval.durationNs) / total * plot)
            let title =
                "\(interval.reason.words)\(interval.detail.map { " (\($0))" } ?? ""): "
                + "\(HTMLFormat.ms(interval.durationNs)) from \(HTMLFormat.ms(interval.startNs))"
            return .el(
                "rect",
                [
                    "class": "band", "data-reason": interval.reason.rawValue, "x": HTMLFormat.px(x), "y": "4",
                    "width": HTMLFormat.px(width), "height": "18", "fill": Self.colour(interval.reason),
                ], .el("title", "\(title)"))
        }
        let label = "launch \(breakdown.runIndex.map(String.init) ?? "?"): exec to ready"
        let svg: HTMLNode = .el(
            "svg",
            [
                "class": "breakdown", "role": "img", "viewBox": "0 0 \(Self.width) 28",
                "aria-label": "Exclusive breakdown of \(label)",
            ],
            children: [.el("text", ["class": "label", "x": "4", "y": "18"], "\(label)")] + bands + [
                .el(
                    "text", ["class": "value", "x": HTMLFormat.px(Self.labelWidth + plot + 6), "y": "18"],
                    "\(HTMLFormat.ms(breakdown.totalNs))")
            ])
        return .fragment([svg, .newline, legend(), .newline])
    }

    /// Every reason with time: a swatch, its words and its time.
    private func legend() -> HTMLNode {
        let times = breakdown.timeByReason
        let items: [HTMLNode] = BreakdownReason.allCases.compactMap { reason in
            guard let ns = times[reason], ns > 0 else { return nil }
            return .el(
                "span", ["data-reason": reason.rawValue],
                .el("i", ["style": "background:\(Self.colour(reason))"]), "\(reason.words) \(HTMLFormat.ms(ns))")
        }
        return .el("div", ["class": "legend breakdown-legend"], children: items)
    }
}
