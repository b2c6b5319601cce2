import ArgumentParser
import LaunchTool

/// `launchprof baseline`: saves and lists the runs relative budgets compare against.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Save a run as a named baseline, or list the saved ones.",
        subcommands: [Save.self, List.self]
    )

    /// `launchprof baseline save NAME [RUN]`.
    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a run (default: the latest) as baseline NAME.")

        @OptionGroup var baselines: BaselineStoreOption

        @Argument(help: "Baseline name: letters, digits, '.', '_' and '-'.")
        var name: String

        @Argument(help: "A run folder or a summary.json; default: the latest run.")
        var runFolder: String?

        func run() throws {
            let store = baselines.store
            let summary = try SummaryLoader.load(try RunFolder.locate(runFolder))
            try store.save(name: name, summary: summary)
            try Terminal.write(
                "Saved baseline \(name) (\(summary.completedLaunchCount) completed launches) to \(store.url(of: name).path)."
            )
        }
    }

    /// `launchprof baseline list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the saved baselines.")

        @OptionGroup var baselines: BaselineStoreOption

        func run() throws {
            let names = baselines.store.names()
            try Terminal.write(
                names.isEmpty ? "No baselines saved in \(baselines.baselines)." : names.joined(separator: "\n"))
        }
    }
}
