extension ChangePointOptions {
    /// How many more runs a series of `runs` runs needs before a change point can be found in
    /// it (a change holds ``minSegment`` runs on each side); nil when it has enough.
    package func runsNeeded(_ runs: Int) -> Int? {
        runs < 2 * minSegment ? 2 * minSegment - runs : nil
    }

    /// The `--min-segment` that lets a series of `runs` runs show a change now (half of it).
    package func shorterSegment(for runs: Int) -> Int { max(1, runs / 2) }

    /// Why no change point can be found yet in series whose longest has `longest` runs, or nil:
    /// `No change point can be found yet: a change must hold 7 runs on each side
    /// (--min-segment 7), so 14 runs are needed and the longest series has 8: 6 more.`
    package func tooFewRuns(longest: Int) -> String? {
        guard let more = runsNeeded(longest) else { return nil }
        return
            "No change point can be found yet: a change must hold \(minSegment) runs on each side (--min-segment \(minSegment)), so \(2 * minSegment) runs are needed and the longest series has \(longest): \(more) more."
    }
}
