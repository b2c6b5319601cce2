import ArgumentParser
import Foundation
import LaunchHistory
import LaunchTool

/// `launchprof history`: the runs remembered, their series, change points and exports.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, chart, analyse and export the runs `launchprof run` recorded.",
        discussion: """
            Every `launchprof run` is recorded (unless --no-history) in a SQLite file (default \
            \(HistoryLocation.defaultPath)) or, with --history postgres://…, in a PostgreSQL database a team shares.
            """ + "\n\n" + ProfilerExitStatus.helpText,
        subcommands: [List.self, Show.self, Trend.self, Import.self, Export.self, Prune.self, Report.self]
    )

    /// `launchprof history list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the recorded runs, oldest first.")

        @OptionGroup var store: HistoryLocationOption
        @OptionGroup var filter: HistoryFilterOptions

        func run() throws {
            let history = try store.openForReading()
            defer { history.close() }
            let runs = try history.runs(matching: filter.filter())
            try Terminal.write(
                runs.isEmpty ? "No runs recorded in \(history.location)." : HistoryText.list(runs),
                terminator: runs.isEmpty ? "\n" : "")
        }
    }

    /// `launchprof history show METRIC`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one metric's series: each run's median, p10 and p90.")

        @OptionGroup var store: HistoryLocationOption
        @OptionGroup var filter: HistoryFilterOptions

        @Argument(help: "The metric (e.g. timeToFirstFrame).")
        var metric: String

        func run() throws {
            let history = try store.openForReading()
            defer { history.close() }
            let series = try history.series(matching: filter.filter()).filter { $0.key.metric == metric }
            guard !series.isEmpty else {
                throw CLIError("No recorded run has the metric \(metric) in \(history.location).")
            }
            try Terminal.write(series.map(HistoryText.series).joined(separator: "\n"), terminator: "")
        }
    }

    /// `launchprof history trend`.
    struct Trend: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find change points in every metric's series (E-divisive means with a t-test, as Apache Otava).",
            discussion:
                "Defaults are Otava's: a window of \(ChangePointOptions.defaultWindow) runs, a p-value of \(ChangePointOptions.defaultMaxPValue) and no minimum effect; a change must hold \(ChangePointOptions.defaultMinSegment) runs on each side (not in Otava)."
        )

        @OptionGroup var store: HistoryLocationOption
        @OptionGroup var filter: HistoryFilterOptions

        @OptionGroup var changePoints: ChangePointOptionGroup

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func run() throws {
            let history = try store.openForReading()
            defer { history.close() }
            let analysis = TrendAnalysis(options: changePoints.options)
            let series = try history.series(matching: filter.filter())
            let changes = analysis.changes(in: series)
            var text = HistoryText.changes(
                changes, build: changePoints.bisectBuild, program: changePoints.bisectProgram)
            let longest = series.map(\.points.count).max() ?? 0
            if changes.isEmpty, let note = changePoints.options.tooFewRuns(longest: longest) {
                let shorter = changePoints.options.shorterSegment(for: longest)
                text +=
                    "\(note) `launchprof history trend --min-segment \(shorter)` looks for changes that held \(shorter) runs.\n"
            }
            try Terminal.write(json ? HistoryText.json(changes) : text, terminator: "")
        }
    }
}
