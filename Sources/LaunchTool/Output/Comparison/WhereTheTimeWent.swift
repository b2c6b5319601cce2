import LaunchTrace

/// "Where the time went" of a comparison: the parts of the launch that moved (phases, spans,
/// parts before `main`), each with the change of its median, its effect and interval, in text
/// and in Markdown (a pull-request comment).
package enum WhereTheTimeWent {
    /// One line per part that moved, largest change first, after a heading line; a sentence
    /// when nothing moved; empty when the comparison compared no parts.
    package static func lines(_ outcome: ComparisonOutcome) -> [String] {
        lines(parts: outcome.parts, functions: outcome.functions)
    }

    /// The lines of `parts` and `functions` (a bisect step's), as ``lines(_:)``.
    package static func lines(parts: ComparisonParts?, functions: [FunctionChange]?) -> [String] {
        let partLines = partLines(parts)
        let functionLines = functionLines(functions)
        return partLines + (partLines.isEmpty || functionLines.isEmpty ? [] : [""]) + functionLines
    }

    /// The functions whose cost per launch moved, after a heading line; empty when none did.
    static func functionLines(_ functions: [FunctionChange]?) -> [String] {
        guard let functions, !functions.isEmpty else { return [] }
        let time = MetricKind.time
        return [
            "Functions whose own cost per launch moved (without waits for a CPU; Mann-Whitney, the diagnosis launches):"
        ]
            + functions.prefix(10).map { change in
                let sign = change.shiftNs >= 0 ? "+" : "−"
                let thread = change.thread.map { " on \($0)" } ?? ""
                return
                    "  \(change.function)\(thread) \(sign)\(time.format(abs(change.shiftNs))) per launch: \(time.format(change.baseMedianNs)) → \(time.format(change.headMedianNs)) (p = \(String(format: "%.2g", change.pValue)))"
            }
    }

    /// The parts that moved, after a heading line.
    static func partLines(_ parts: ComparisonParts?) -> [String] {
        guard let parts, parts.count > 0 else { return [] }
        let moved = parts.moved
        let heading =
            "Where the time went (\(parts.count) part\(parts.count == 1 ? "" : "s") of the launch compared on the same blocks):"
        let single = parts.inOneBuild.map(oneBuildLine)
        guard !moved.isEmpty else {
            let likeliest = parts.likeliest.map {
                ["  the one that most likely moved, below what these blocks decide:", line($0)]
            }
            return [heading] + single + ["  no phase, span or part before main moved beyond the margin;"]
                + (likeliest ?? [])
        }
        return [heading] + single + moved.map(line) + ["  nothing else moved beyond the margin."]
    }

    /// `  library.libspin.so.initializers only in head: 20.1 ms (median of 12 launches)`.
    static func oneBuildLine(_ comparison: MetricComparison) -> String {
        let kind = MetricCatalog.kind(of: comparison.metric) ?? .time
        let (build, samples) =
            comparison.baseSamples.isEmpty ? ("head", comparison.headSamples) : ("base", comparison.baseSamples)
        return
            "  \(comparison.metric.rawValue) only in \(build): \(kind.format(Descriptive.median(samples))) (median of \(samples.count) launches)"
    }

    /// `  binaryLoad regressed +10.1 ms (+58.2 %, +50.1 % … +66.0 % (95%)): 17.3 ms → 27.4 ms`.
    static func line(_ comparison: MetricComparison) -> String {
        let row = ComparisonRow(comparison)
        let kind = MetricCatalog.kind(of: comparison.metric) ?? .time
        let sign = comparison.medianChange >= 0 ? "+" : "−"
        let change = sign + kind.format(abs(comparison.medianChange))
        return
            "  \(row.metric) \(row.decision.rawValue) \(change) (\(row.effect), \(row.interval)): \(row.baseMedian) → \(row.headMedian)"
    }

    /// The Markdown sections (the parts, the functions), ending with a newline; empty when there is nothing.
    package static func markdown(_ outcome: ComparisonOutcome) -> String {
        markdown(parts: outcome.parts, functions: outcome.functions)
    }

    /// The Markdown sections of `parts` and `functions` (a bisect step's), as ``markdown(_:)``.
    package static func markdown(parts: ComparisonParts?, functions: [FunctionChange]?) -> String {
        [partLines(parts), functionLines(functions)].map { lines -> String in
            guard let heading = lines.first else { return "" }
            return "\n**\(MarkdownReport.escape(String(heading.dropLast())))**\n\n"
                + lines.dropFirst().map { "- " + MarkdownReport.escape($0.trimmingCharacters(in: .whitespaces)) }
                .joined(separator: "\n") + "\n"
        }
        .joined()
    }
}
