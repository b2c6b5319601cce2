import LaunchTrace

/// The advice's savings as launchprof measured them (`run --package` or `--build`): the build,
/// the two medians, the test's decision and interval, and where the comparison is.
extension PreMainSection {
    /// What the measurement of `advice` found, in a sentence; nil when it was not asked for.
    static func measuredWords(_ advice: PreMainAdvice) -> String? {
        if let reason = advice.notMeasured { return "not measured: \(reason)" }
        guard let measured = advice.measured else { return nil }
        let interval = measured.effectInterval.map {
            ", 95 % interval \(percent($0.lower)) to \(percent($0.upper))"
        }
        let medians =
            "time to main \(ms(measured.baseMedianNs)) -> \(ms(measured.headMedianNs)) "
            + "(\(percent(measured.effect))\(interval ?? ""))"
        let verdict: String
        switch measured.decision {
        case .improved: verdict = "measured: saves \(ms(measured.savingNs)), \(medians)"
        case .regressed: verdict = "measured: no saving, the change made it longer: \(medians)"
        case .same: verdict = "measured: no saving beyond the margin, \(medians)"
        case .inconclusive: verdict = "measured: not decided, \(medians)"
        }
        return verdict + "; \(measured.decision.rawValue) after \(measured.launches) launches of each build "
            + "(built by \(measured.build); the comparison in \(measured.folder))"
    }

    /// A fraction as a signed percentage: `-36.2 %`.
    static func percent(_ fraction: Double) -> String {
        (fraction >= 0 ? "+" : "") + String(format: "%.1f %%", fraction * 100)
    }
}
