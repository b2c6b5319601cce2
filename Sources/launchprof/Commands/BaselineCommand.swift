import ArgumentParser
import Foundation
import LaunchAnalysis

/// `launchprof baseline`: saves and lists the runs relative budgets compare against.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Save a run as a named baseline, or list the saved ones.",
        subcommands: [Save.self, List.self]
    )

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a run (default: the latest) as baseline NAME.")

        @Option(help: "Folder of saved baselines.")
        var baselines: String = ".launchprof/baselines"

        @Argument(help: "Baseline name: letters, digits, '.', '_' and '-'.")
        var name: String

        @Argument(help: "A run folder or a summary.json; default: the latest run.")
        var runFolder: String?

        func run() throws {
            let store = BaselineStore(directory: URL(filePath: baselines))
            let summary = try SummaryLoader.load(try RunFolderLocation.existing(runFolder))
            try store.save(name: name, summary: summary)
            let completed = summary.launches.filter { $0.outcome == .completed }.count
            print("Saved baseline \(name) (\(completed) completed launches) to \(store.url(of: name).path).")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the saved baselines.")

        @Option(help: "Folder of saved baselines.")
        var baselines: String = ".launchprof/baselines"

        func run() throws {
            let names = BaselineStore(directory: URL(filePath: baselines)).names()
            print(names.isEmpty ? "No baselines saved in \(baselines)." : names.joined(separator: "\n"))
        }
    }
}
