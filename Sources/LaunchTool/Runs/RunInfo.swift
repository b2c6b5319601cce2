import LaunchTrace

/// What was run: the app, the scenario, how many launches, when and where.
package struct RunInfo: Codable, Sendable, Equatable {
    /// Path of the app's executable.
    package var appPath: String
    /// The name the run was given (`launchprof run --name`), when given.
    package var name: String?
    /// Scenario the run was asked for.
    package var scenario: Scenario
    /// Measured launches asked for (warm-up launches excluded).
    package var runs: Int
    /// Warm-up launches run and discarded before the measured ones.
    package var warmup: Int
    /// When the run started, ISO 8601 (e.g. `2025-01-31T09:12:00Z`).
    package var date: String
    /// The machine, from the first completed launch's trace; `nil` when none completed.
    package var machine: MachineInfo?

    /// Creates run information.
    package init(appPath: String, scenario: Scenario, runs: Int, warmup: Int, date: String, machine: MachineInfo? = nil)
    {
        self.appPath = appPath
        self.scenario = scenario
        self.runs = runs
        self.warmup = warmup
        self.date = date
        self.machine = machine
    }

    /// What reports, dashboards and the history call the program: ``name`` when given, else
    /// the executable's file name (`swift-format` for `/usr/bin/swift-format`).
    package var displayName: String {
        if let name { return name }
        return appPath.split(separator: "/").last.map(String.init) ?? appPath
    }
}
