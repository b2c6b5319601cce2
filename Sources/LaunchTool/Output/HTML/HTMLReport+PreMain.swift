import LaunchTrace

extension HTMLReport {
    /// Under the waterfall, the first phase (`binaryLoad` or `loader`) opened into its parts:
    /// the time before `main` object by object (the pre-main launches' medians) and its advice.
    func preMainSection(_ input: ReportInput) -> HTMLNode {
        guard let preMain = input.summary.scenarios[input.summary.run.scenario.rawValue]?.preMain else {
            return .fragment([])
        }
        let parts = preMain.parts.map { "\($0.name.words) \(PreMainSection.ms($0.medianNs))" }
        let (shown, hidden) = PreMainSection.rows(preMain)
        var children: [HTMLNode] = [
            .el("summary", "\(PreMainSection.heading(preMain)): \(parts.joined(separator: " · "))"), .newline,
            .el("table", ["class": "premain"], children: [preMainHeader()] + shown.map(preMainRow)), .newline,
        ]
        if hidden > 0 { children.append(.el("p", ["class": "muted"], "\(hidden) more objects in summary.json.")) }
        children += preMainRelocation(preMain)
        if !preMain.advice.isEmpty {
            children.append(.el("ol", children: preMain.advice.map(preMainAdvice)))
        }
        // Folded away when it is a small share of the launch (a GUI program's relocation tables
        // are not what its developer looks for first).
        let attributes: KeyValuePairs<String, String> =
            Self.isSmallShare(preMain, of: input)
            ? ["class": "premain", "id": "before-main"] : ["class": "premain", "id": "before-main", "open": "open"]
        return .fragment([.el("details", attributes, children: children), .newline])
    }

    /// The share of the launch under which the pre-main detail starts folded.
    static let foldedPreMainShare = 0.1

    /// Whether the time before main is under ``foldedPreMainShare`` of the median time to ready.
    static func isSmallShare(_ preMain: PreMainSummary, of input: ReportInput) -> Bool {
        let scenario = input.summary.scenarios[input.summary.run.scenario.rawValue]
        guard let ready = scenario?.metrics[MetricName.timeToReady.rawValue]?.statistics.median, ready > 0 else {
            return false
        }
        return preMain.parts.reduce(0) { $0 + $1.medianNs } < foldedPreMainShare * ready
    }

    private func preMainHeader() -> HTMLNode {
        .el(
            "tr",
            children: ["object", "mapped", "load", "initializers", "slowest initializer"].map { .el("th", "\($0)") })
    }

    private func preMainRow(_ library: PreMainLibrary) -> HTMLNode {
        func number(_ text: String) -> HTMLNode { .el("td", ["class": "num"], "\(text)") }
        return .el(
            "tr",
            .el("td", "\(PreMainSection.label(library))"),
            number(MetricKind.bytes.format(Double(library.mappedBytes))),
            number(PreMainSection.ms(library.loadNs)),
            number(PreMainSection.ms(library.initializersNs)),
            .el("td", "\(PreMainSection.slowest(library))")
        )
    }

    private func preMainAdvice(_ advice: PreMainAdvice) -> HTMLNode {
        .el(
            "li", .el("strong", "\(PreMainSection.savingWords(advice))"), ": \(advice.message) ",
            advice.change.map { .el("code", "\($0)") } ?? .fragment([]),
            PreMainSection.measuredWords(advice).map { .el("span", " \($0)") }
                ?? advice.estimate.map { .el("span", ["class": "muted"], " (\($0))") } ?? .fragment([]))
    }

    /// The relocation line and the table of the costliest objects' relocation.
    private func preMainRelocation(_ preMain: PreMainSummary) -> [HTMLNode] {
        guard let line = PreMainSection.relocationLine(preMain) else { return [] }
        let header = HTMLNode.el("tr", children: PreMainSection.relocationHeader.map { .el("th", "\($0)") })
        let rows = PreMainSection.relocationRows(preMain).map { library in
            HTMLNode.el(
                "tr",
                children: PreMainSection.relocationCells(library).enumerated().map { index, cell in
                    index == 0 || index == 7 ? .el("td", "\(cell)") : .el("td", ["class": "num"], "\(cell)")
                })
        }
        return [
            .el("p", "\(line)."), .newline, .el("table", ["class": "premain"], children: [header] + rows), .newline,
        ]
    }
}
