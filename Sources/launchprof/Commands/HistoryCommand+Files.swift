import ArgumentParser
import Foundation
import LaunchHistory
import LaunchTool
import LaunchTrace

extension HistoryCommand {
    /// `launchprof history import RUN_FOLDER…`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record run folders made before (each once, however often imported).")

        @OptionGroup var store: HistoryLocationOption

        @Option(help: "The commit the runs measured, if known.")
        var commit: String?

        @Option(help: "The branch the runs measured, if known.")
        var branch: String?

        @Argument(help: "Run folders (each with a summary.json).")
        var folders: [String]

        func run() throws {
            let history = try store.open()
            defer { history.close() }
            for folder in folders {
                let run = try HistoryImport.run(
                    at: URL(filePath: folder), revision: SourceRevision(commit: commit, branch: branch))
                let added = try history.record(run)
                try Terminal.write(
                    "\(folder): \(added ? "recorded" : "already recorded") (\(run.app), \(run.scenario), \(run.recordedAt))."
                )
            }
        }
    }

    /// `launchprof history export`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export the runs as JSON, CSV or OpenMetrics text (the latest run of each series).")

        @OptionGroup var store: HistoryLocationOption
        @OptionGroup var filter: HistoryFilterOptions

        @Option(help: "json (schema: schemas/history-export.schema.json), csv or openmetrics.")
        var format: HistoryExportFormat = .json

        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
        var output: String?

        func run() throws {
            let history = try store.openForReading()
            defer { history.close() }
            let text = HistoryExport.render(
                try history.runs(matching: filter.filter(includeValues: format == .json)), as: format)
            guard let output else { return try Terminal.write(text, terminator: "") }
            try AtomicFile.write(Data(text.utf8), to: URL(filePath: output))
        }
    }

    /// `launchprof history prune`.
    struct Prune: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete old runs: keep those of the last N days and/or the newest N of each series.")

        @OptionGroup var store: HistoryLocationOption

        @Option(help: "Keep runs recorded within this many days.")
        var keepDays: Int?

        @Option(help: "Keep the newest N runs of each app, scenario and machine class.")
        var keepRuns: Int?

        func validate() throws {
            guard keepDays != nil || keepRuns != nil else {
                throw ValidationError("Give --keep-days, --keep-runs or both.")
            }
            guard (keepDays ?? 0) >= 0, (keepRuns ?? 0) >= 0 else {
                throw ValidationError("--keep-days and --keep-runs cannot be negative.")
            }
        }

        func run() throws {
            let history = try store.open()
            defer { history.close() }
            let deleted = try history.prune(HistoryRetention(keepDays: keepDays, keepRuns: keepRuns))
            try Terminal.write("Deleted \(deleted) run\(deleted == 1 ? "" : "s") from \(history.location).")
        }
    }
}

extension HistoryExportFormat: ExpressibleByArgument {}

extension HistoryCommand {
    /// `launchprof history report -o trends.html`.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Write the trend dashboard: the headline metrics' latest runs and verdicts, then per metric the run medians with a p10–p90 band, change points and budget limits, in one offline HTML file."
        )

        @OptionGroup var store: HistoryLocationOption
        @OptionGroup var filter: HistoryFilterOptions

        @OptionGroup var changePoints: ChangePointOptionGroup

        @Option(help: "Budget file whose absolute limits are drawn.")
        var budgets: String?

        @Option(name: .shortAndLong, help: "The HTML file to write.")
        var output: String = "trends.html"

        func run() throws {
            let history = try store.openForReading()
            defer { history.close() }
            let runs = try history.runs(matching: filter.filter())
            let budgetFile = try budgets.map { try BudgetFile.load(from: URL(filePath: $0)) }
            let options = changePoints.options
            let page = TrendDashboard(
                runs: runs, changes: TrendAnalysis(options: options).changes(in: runs), budgets: budgetFile,
                options: options, bisectBuild: changePoints.bisectBuild, bisectProgram: changePoints.bisectProgram
            ).render()
            try AtomicFile.write(Data(page.utf8), to: URL(filePath: output))
            try Terminal.write("Wrote \(output).")
        }
    }
}
