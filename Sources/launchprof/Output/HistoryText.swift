import Foundation
import LaunchHistory
import LaunchTool
import LaunchTrace

/// The text `history list`, `show` and `trend` print.
enum HistoryText {
    /// One line per run.
    static func list(_ runs: [HistoryRun]) -> String {
        let header = ["recorded", "app", "scenario", "machine class", "commit", "branch", "launches", "key"]
        let rows = runs.map { run in
            [
                run.recordedAt, run.app, run.scenario, run.machine.machineClass, short(run.revision.commit),
                run.revision.branch ?? "-", "\(run.launches)", run.key,
            ]
        }
        return table([header] + rows)
    }

    /// A series, a title then one line per run.
    static func series(_ series: MetricSeries) -> String {
        let rows = series.points.map { point in
            [
                point.recordedAt, short(point.commit), series.key.format(point.median),
                series.key.format(point.p10), series.key.format(point.p90), "\(point.count)",
            ]
        }
        return "\(TerminalText.escaped("\(series.key)"))\n"
            + table([["recorded", "commit", "median", "p10", "p90", "n"]] + rows)
    }

    /// One paragraph per change point.
    static func changes(_ changes: [TrendChange], build: String, program: String?) -> String {
        guard !changes.isEmpty else { return "No change points.\n" }
        return changes.map { change in
            let bisect = change.bisectCommand(build: build, program: program).map { "  find the commit: \($0)\n" } ?? ""
            return """
                \(change.series): \(change.movement), at run \(change.index + 1) (\(change.recordedAt)), \
                commits \(short(change.commitBefore))..\(short(change.commitAfter)), \
                p = \(String(format: "%.2g", change.pValue))\(moved(change))
                \(bisect)
                """
        }.joined()
    }

    /// `; moved with it: binaryLoad +58.2 %`, or nothing.
    static func moved(_ change: TrendChange) -> String {
        change.movedWith.isEmpty ? "" : "; moved with it: " + change.movedWith.joined(separator: ", ")
    }

    /// Sorted, pretty JSON of the change points.
    static func json(_ changes: [TrendChange]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let document = TrendDocument(changes: changes)
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The first 10 characters of a commit, or `-`.
    static func short(_ commit: String?) -> String { commit.map { String($0.prefix(10)) } ?? "-" }

    /// Columns padded to their widest cell.
    static func table(_ rows: [[String]]) -> String {
        // User text (a run's name, a branch) is escaped: a newline or an escape sequence in a
        // cell would break the columns or reach the terminal.
        let rows = rows.map { $0.map { TerminalText.escaped($0) } }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n") + "\n"
    }
}

/// `history trend --json`'s document.
struct TrendDocument: Codable {
    /// The format's version.
    var schemaVersion = 1
    /// The change points.
    var changes: [TrendChange]
}
