/// What a launch is for, as the runner tells the app (`LAUNCHPROF_PURPOSE`): a measurement
/// launch carries only what is nearly free (the probe's phase and span marks, totals, the exit
/// point) and gives the reported times; a diagnosis launch carries the instruments (the stall
/// watchdog, the preloaded tracer, the whole-launch profile) and gives findings and profiles.
public enum LaunchPurpose: String, Sendable, Codable, CaseIterable {
    /// Phase and span marks, totals and the exit point only: the probe starts no watchdog.
    case measurement
    /// Every instrument the run asked for (the default when the variable is not set).
    case diagnosis
}
