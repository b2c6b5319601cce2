/// What a launch is for: the one name of each kind of launch a run makes, used by every layer
/// (the runner's session keeps its results by kind, the run folder's lists and journal derive
/// from it, the app is told it through `LAUNCHPROF_PURPOSE`).
///
/// | kind | carries | gives |
/// |---|---|---|
/// | ``warmup`` | what a diagnosis launch carries | nothing: discarded |
/// | ``diagnosis`` | the instruments | findings, profiles, thread state |
/// | ``measurement`` | the probe's marks (an app) or nothing (a program) | every reported time, budgets |
/// | ``preMain`` | the loader's audit module alone | the breakdown of the time before `main` |
/// | ``primer`` | nothing | nothing: a short program's measurement launch follows it |
///
/// A run's `runs` counts its measurement launches (or, in a run that makes none, its diagnosis
/// launches, which then give the reported times).
package enum LaunchKind: String, Sendable, Codable, CaseIterable {
    /// Launches before the others, whose results are discarded (`--warmup`).
    case warmup
    /// A launch with the instruments (tracer, stall sampler, whole-launch profile): findings and
    /// profiles, never the reported times when the run makes measurement launches.
    case diagnosis
    /// A launch with what is nearly free (an app's phase marks and exit point) or nothing at all
    /// (a program's clock from spawn to ready): the reported times.
    case measurement
    /// A launch with the loader's audit module alone: the breakdown before `main`.
    case preMain
    /// A launch with nothing, never measured, just before a short program's measurement launch,
    /// so that it follows a launch with no instruments (as hyperfine's launches do).
    case primer

    /// The key of this kind's list of records in `launches.json`, `summary.json` and the run's
    /// journal (the diagnosis launches are `launches`, kept from the files' first version).
    package var recordsKey: String {
        switch self {
        case .warmup: "warmupLaunches"
        case .diagnosis: "launches"
        case .measurement: "measurementLaunches"
        case .preMain: "preMainLaunches"
        case .primer: "primerLaunches"
        }
    }

    /// The kind whose records are listed under `key` (``recordsKey``), or nil.
    package init?(recordsKey key: String) {
        guard let kind = Self.allCases.first(where: { $0.recordsKey == key }) else { return nil }
        self = kind
    }

    /// How a person reads the kind in a sentence ("measurement launches").
    package var noun: String {
        switch self {
        case .warmup: "warm-up"
        case .diagnosis: "diagnosis"
        case .measurement: "measurement"
        case .preMain: "pre-main"
        case .primer: "primer"
        }
    }
}
