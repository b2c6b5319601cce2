extension ChangePointDetector {
    /// The change points of `points` moved to the maximum-likelihood location of a mean shift
    /// between their neighbours, then re-tested.
    ///
    /// E-divisive picks a split by the energy statistic inside a sliding window, where the
    /// noise of a few nights near the step can pull the best split a few nights away. For a
    /// shift of the mean with Gaussian noise of one variance, the maximum-likelihood location in
    /// a segment `x[lo..<hi]` is the split `k` that maximises the least-squares step fit
    /// `(k − lo)(hi − k) / (hi − lo) · (mean(x[lo..<k]) − mean(x[k..<hi]))²`, which is also the
    /// split with the largest two-sample t statistic (pooled variance). Each point moves there,
    /// keeping ``ChangePointOptions/minSegment`` runs on each side; passes repeat (each point
    /// between its current neighbours) until none moves, at most ``refinementPasses`` times.
    func refined(_ points: [DetectedChangePoint], series: [Double]) -> [DetectedChangePoint] {
        guard !points.isEmpty else { return points }
        let sums = PrefixSums(series)
        var indices = points.map(\.index)
        for _ in 0..<Self.refinementPasses {
            var moved = false
            for position in indices.indices {
                let lower = position == 0 ? 0 : indices[position - 1]
                let upper = position == indices.count - 1 ? series.count : indices[position + 1]
                let best = sums.bestMeanShift(in: lower..<upper, minSegment: options.minSegment) ?? indices[position]
                if best != indices[position] {
                    indices[position] = best
                    moved = true
                }
            }
            if !moved { break }
        }
        return Self.tested(indices, in: series)
    }

    /// How many times the points are refined in turn, at most (one pass usually suffices; a
    /// second settles points whose neighbour moved).
    static let refinementPasses = 5
}
