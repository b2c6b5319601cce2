extension TrendChange {
    /// `up` or `down`: the sign of `medianAfter − medianBefore` (a change from zero has no
    /// relative effect, but still a direction).
    package var direction: String { medianAfter >= medianBefore ? "up" : "down" }

    /// The relative change, or what it is when there is none to give: `+345.0 %`,
    /// `from 0 to 3.1 ms`, `from 3.1 ms to 0`.
    package var relativeText: String {
        guard medianBefore != 0, medianAfter != 0 else {
            return "from \(series.formatChange(medianBefore)) to \(series.formatChange(medianAfter))"
        }
        return Self.percent(effect)
    }

    /// The change as a person reads it: `up +345.0 %, median 0.9 ms -> 3.9 ms`, or
    /// `up from 0 to 3.1 ms` when either side is zero.
    package var movement: String {
        guard medianBefore != 0, medianAfter != 0 else { return "\(direction) \(relativeText)" }
        return
            "\(direction) \(relativeText), median \(series.format(medianBefore)) -> \(series.format(medianAfter))"
    }

    /// `+5.1 %`.
    package static func percent(_ effect: Double) -> String { String(format: "%+.1f %%", effect * 100) }
}
