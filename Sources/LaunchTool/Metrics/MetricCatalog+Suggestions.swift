import LaunchTrace

extension MetricCatalog {
    /// The valid name closest to `name` by edit distance (case-insensitive), when it is
    /// close enough to be a likely typo: at most a third of the name's length, and at least 3.
    ///
    /// ```swift
    /// MetricCatalog.suggestion(for: "timeToFirstFram")   // "timeToFirstFrame"
    /// ```
    package static func suggestion(for name: String) -> MetricName? {
        let lowered = name.lowercased()
        var best: (name: MetricName, distance: Int)?
        for candidate in listableNames {
            let distance = EditDistance.levenshtein(lowered, candidate.rawValue.lowercased())
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        guard let best else { return nil }
        return best.distance <= Swift.max(3, name.count / 3) ? best.name : nil
    }
}
