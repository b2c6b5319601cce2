import LaunchTrace

extension ReportText {
    /// `time to first window 16.3 ms (p90 18.0 ms), time to first frame 28.6 ms (p90 31.2 ms), the
    /// medians of the measurement launches`, for a program watched on the display (its launches
    /// saw a first window); nil otherwise (a LaunchKit app's first frame is its headline already).
    package static func displayLine(_ scenario: ScenarioSummary) -> String? {
        guard scenario.metrics[MetricName.timeToFirstWindow.rawValue] != nil else { return nil }
        let named: [(MetricName, String)] = [(.timeToFirstWindow, "window"), (.timeToFirstFrame, "frame")]
        let parts = named.compactMap { name, noun -> String? in
            guard let metric = scenario.metrics[name.rawValue] else { return nil }
            let median = MetricKind.time.format(metric.statistics.median)
            let p90 = MetricKind.time.format(metric.statistics.p90)
            return "time to first \(noun) \(median) (p90 \(p90))"
        }
        guard !parts.isEmpty else { return nil }
        let source = scenario.timing == nil ? "launches" : "measurement launches"
        return parts.joined(separator: ", ") + ", the \(parts.count == 1 ? "median" : "medians") of the \(source)"
    }

    /// `the window titled "Main": 5 of 5 launches`, when the launches' window was chosen by its
    /// title; nil otherwise.
    package static func windowTitleLine(_ summary: RunSummary) -> String? {
        let records = summary.launches + (summary.measurementLaunches ?? [])
        let titles = records.compactMap(\.windowTitle)
        guard !titles.isEmpty else { return nil }
        let named = Set(titles).sorted().map { "\"\(TerminalText.escaped($0))\"" }.joined(separator: ", ")
        return "the window titled \(named) (chosen by its title in \(titles.count) of \(records.count) launches)"
    }

    /// `followed: the launcher sh exited 0 (after 7.3 ms, the median) and the launch went on in
    /// xeyes, which it started (5 of 5 launches)`, when launches were followed past their
    /// launcher; nil otherwise.
    package static func followedLine(_ summary: RunSummary) -> String? {
        let records = summary.launches + (summary.measurementLaunches ?? [])
        let followed = records.compactMap(\.followed)
        guard let first = followed.first else { return nil }
        let exits = followed.map { Double($0.launcherExitNs) }.sorted()
        let median = MetricKind.time.format(exits[exits.count / 2])
        let programs = Set(followed.map(\.program)).sorted().map(TerminalText.escaped).joined(separator: ", ")
        return
            "followed: the launcher \(TerminalText.escaped(first.launcher)) exited 0 (after \(median), the median) and the launch went on in \(programs), which it started (\(followed.count) of \(records.count) launches)"
    }
}
