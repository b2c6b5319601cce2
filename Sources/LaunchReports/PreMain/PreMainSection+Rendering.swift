import LaunchAnalysis
import LaunchTrace

extension PreMainSection {
    /// The section as plain text, ending with a newline.
    public static func text(_ summary: PreMainSummary) -> String {
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
        for (number, advice) in summary.advice.enumerated() {
            out += "  \(number + 1). \(saving(advice)): \(advice.message)\n"
            if let change = advice.change { out += "     -> \(change)\n" }
        }
        return out
    }

    /// The section as Markdown (a heading, the parts, the table, the advice), starting with a
    /// blank line.
    public static func markdown(_ summary: PreMainSummary) -> String {
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
        if !summary.advice.isEmpty { out += "\n" }
        for advice in summary.advice {
            out += "- **\(saving(advice))**: \(MarkdownReport.escape(advice.message))"
            if let change = advice.change { out += " `\(change)`" }
            out += "\n"
        }
        return out
    }

    /// What the advice would remove, as measured.
    static func saving(_ advice: PreMainAdvice) -> String {
        (advice.savingIsLowerBound ? "saves at least " : "saves ") + ms(advice.savingNs)
    }
}
