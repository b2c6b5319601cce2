import ArgumentParser
import LaunchHistory
import LaunchTool
import LaunchTrace

/// `--history`: the store every `history` command reads (and `run` writes).
struct HistoryLocationOption: ParsableArguments {
    @Option(
        help:
            "Run history: a SQLite file or a postgres://user@host:port/database URL (default: $\(ToolVariable.history.rawValue), else \(HistoryLocation.defaultPath))."
    )
    var history: String?

    /// The location the option or the environment names.
    func location() throws -> HistoryLocation { try HistoryLocation.resolve(history) }

    /// The open store.
    func open() throws -> any HistoryStore { try location().open() }

    /// Opens the store for a command that only reads it (nothing created, nothing left behind).
    func openForReading() throws -> any HistoryStore { try location().openForReading() }
}

/// `run`'s history options: where the run is recorded and the source it measured.
struct RunHistoryOptions: ParsableArguments {
    @Flag(help: "Do not record the run in the history.")
    var noHistory = false

    @OptionGroup var store: HistoryLocationOption

    @Option(help: "The commit measured (default: git rev-parse HEAD, else the CI's variable).")
    var commit: String?

    @Option(help: "The branch measured (default: git's current branch, else the CI's variable).")
    var branch: String?

    @Option(help: "The app's version, recorded with the run.")
    var appVersion: String?

    /// The recording, `nil` with `--no-history`.
    func recording() throws -> HistoryRecording? {
        guard !noHistory else { return nil }
        return HistoryRecording(
            location: try store.location(), revision: .detect(commit: commit, branch: branch), appVersion: appVersion)
    }
}

/// `--app`, `--scenario`, `--machine-class`, `--last`: which runs a `history` command reads.
struct HistoryFilterOptions: ParsableArguments {
    @Option(help: "Only this app's runs.")
    var app: String?

    @Option(help: "Only this scenario's runs.")
    var scenario: String?

    @Option(help: "Only runs on this machine class (as `history list` shows it).")
    var machineClass: String?

    @Option(help: "Only the newest N runs.")
    var last: Int?

    /// The filter.
    func filter(includeValues: Bool = false) -> HistoryFilter {
        HistoryFilter(
            app: app, scenario: scenario, machineClass: machineClass, lastRuns: last, includeValues: includeValues)
    }
}
