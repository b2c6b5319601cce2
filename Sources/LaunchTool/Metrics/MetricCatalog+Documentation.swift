import LaunchTrace

extension MetricCatalog {
    /// `docs/metrics.md`: every fixed metric and every family with its kind, unit, meaning and
    /// source in the trace, made from the definitions (a test checks the file matches).
    package static func markdownReference() -> String {
        var lines = [
            "# Metrics",
            "",
            "Every metric LaunchProfiler measures, as budgets, summaries and reports name it. This page is",
            "made from the definitions in `Sources/LaunchTool/Metrics/MetricCatalog+Fixed.swift` and",
            "`MetricCatalog+Families.swift` (`swift test --filter MetricReference` checks it; rerun with",
            "`LAUNCHPROF_RECORD_GOLDENS=1` after changing a definition).",
            "",
            "## Fixed metrics",
            "",
            "| metric | kind | unit | meaning | from the trace |",
            "|---|---|---|---|---|",
        ]
        lines += fixed.map { row("`\($0.name)`", $0.kind, $0.summary, $0.source) }
        lines += [
            "", "## Families", "",
            "The names of these metrics come from the launch: its phases, its spans, the kinds of blocking call.",
            "A program's own phases (LaunchProbe's `begin(\"database\")`) are `<phase>` metrics too.",
            "",
            "| metric | kind | unit | meaning | from the trace |",
            "|---|---|---|---|---|",
        ]
        lines += families.map { row("`\($0.pattern)`", $0.kind, $0.summary, $0.source) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ name: String, _ kind: MetricKind, _ summary: String, _ source: String) -> String {
        let unit = kind.baseUnit.isEmpty ? "count" : kind.baseUnit
        return "| \(name) | \(kind.rawValue) | \(unit) | \(summary) | `\(source)` |"
    }
}
