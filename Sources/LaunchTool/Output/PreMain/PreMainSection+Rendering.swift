import LaunchTrace

extension PreMainSection {
    /// The section as plain text, ending with a newline.
    package static func text(_ summary: PreMainSummary) -> String {
        var out = heading(summary) + ":\n  " + partsLine(summary) + "\n"
        var table = TextTable(header: ["object", "mapped", "load", "initializers", "slowest initializer"])
        let (shown, hidden) = rows(summary)
        for library in shown {
            table.append([
                label(library), MetricKind.bytes.format(Double(library.mappedBytes)), ms(library.loadNs),
                ms(library.initializersNs), slowest(library),
            ])
        }
        out += table.render().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"
        if hidden > 0 { out += "  … \(hidden) more objects in the JSON report.\n" }
        out += relocationText(summary)
        for (number, advice) in summary.advice.enumerated() {
            out += "  \(number + 1). \(savingWords(advice)): \(advice.message)\n"
            if let change = advice.change { out += "     -> \(change)\n" }
            if let measured = measuredWords(advice) {
                out += "     \(measured)\n"
            } else if let estimate = advice.estimate {
                out += "     (\(estimate))\n"
            }
        }
        return out
    }

    /// The section in a few lines for the short text report, starting with a blank line: the
    /// time to main and its three largest parts, the first advice, and where the tables are.
    package static func briefText(_ summary: PreMainSummary) -> String {
        let largest = summary.parts.filter { $0.medianNs > 0 }.sorted { $0.medianNs > $1.medianNs }.prefix(3)
            .map { "\($0.name.words) \(ms($0.medianNs))" }
        let launches = summary.launches == 1 ? "1 launch" : "\(summary.launches) launches, medians"
        var out = "\nBefore main: \(ms(summary.totalNs)) to main (\(launches))"
        if !largest.isEmpty { out += ", most of it " + largest.joined(separator: ", ") }
        if let first = summary.advice.first {
            let count = summary.advice.count == 1 ? "its advice" : "advice 1 of \(summary.advice.count)"
            out += "; \(count) \(savingWords(first))" + (first.change.map { ": \($0)" } ?? "")
        }
        return out + ". The objects, their relocation and every advice with --verbose and in report.html.\n"
    }

    /// The section as Markdown (a heading, the parts, the table, the advice), starting with a
    /// blank line.
    package static func markdown(_ summary: PreMainSummary) -> String {
        var out = "\n**\(MarkdownReport.escape(heading(summary)))**\n\n"
        out += MarkdownReport.escape(partsLine(summary)) + "\n\n"
        out += "| Object | Mapped | Load | Initializers | Slowest initializer |\n|---|---:|---:|---:|---|\n"
        let (shown, hidden) = rows(summary)
        for library in shown {
            let cells = [
                MarkdownReport.escape(label(library)), MetricKind.bytes.format(Double(library.mappedBytes)),
                ms(library.loadNs), ms(library.initializersNs), MarkdownReport.escape(slowest(library)),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if hidden > 0 { out += "\n\(hidden) more objects in the JSON report.\n" }
        out += relocationMarkdown(summary)
        if !summary.advice.isEmpty { out += "\n" }
        for advice in summary.advice {
            out += "- **\(savingWords(advice))**: \(MarkdownReport.escape(advice.message))"
            if let change = advice.change { out += " `\(change)`" }
            if let measured = measuredWords(advice) {
                out += " \(MarkdownReport.escape(measured))"
            } else if let estimate = advice.estimate {
                out += " (\(MarkdownReport.escape(estimate)))"
            }
            out += "\n"
        }
        return out
    }

    /// The relocation line and table as plain text, or nothing without relocation counts.
    static func relocationText(_ summary: PreMainSummary) -> String {
        guard let line = relocationLine(summary) else { return "" }
        var table = TextTable(header: relocationHeader)
        for library in relocationRows(summary) { table.append(relocationCells(library)) }
        return "  " + line + ":\n" + table.render().split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            + "\n"
    }

    /// The relocation line and table as Markdown, or nothing without relocation counts.
    static func relocationMarkdown(_ summary: PreMainSummary) -> String {
        guard let line = relocationLine(summary) else { return "" }
        var out = "\n" + MarkdownReport.escape(line) + ":\n\n"
        out += "| " + relocationHeader.joined(separator: " | ") + " |\n|---|---:|---:|---:|---:|---:|---:|---|\n"
        for library in relocationRows(summary) {
            out += "| " + relocationCells(library).map(MarkdownReport.escape).joined(separator: " | ") + " |\n"
        }
        return out
    }

    /// What the advice would remove, as measured.
    static func saving(_ advice: PreMainAdvice) -> String {
        (advice.savingIsLowerBound ? "saves at least " : "saves ") + ms(advice.savingNs)
    }
}
