/// Prefix sums of a series: any segment's sum in O(1), for the mean-shift fit.
struct PrefixSums {
    /// `sums[i]` = x[0] + … + x[i − 1].
    let sums: [Double]

    /// The prefix sums of `series`.
    init(_ series: [Double]) {
        var sums = [Double](repeating: 0, count: series.count + 1)
        for (offset, value) in series.enumerated() { sums[offset + 1] = sums[offset] + value }
        self.sums = sums
    }

    /// The sum of `range`.
    func sum(_ range: Range<Int>) -> Double { sums[range.upperBound] - sums[range.lowerBound] }

    /// The split `k` of `segment` (at least `minSegment` values on each side) that maximises the
    /// least-squares step fit `n₁n₂/n · (mean₁ − mean₂)²`, the first such on ties; `nil` when
    /// the segment is too short to have one.
    func bestMeanShift(in segment: Range<Int>, minSegment: Int) -> Int? {
        let first = segment.lowerBound + max(1, minSegment)
        let last = segment.upperBound - max(1, minSegment)
        guard first <= last else { return nil }
        let total = sum(segment)
        let count = Double(segment.count)
        var best: (index: Int, fit: Double)?
        for split in first...last {
            let before = Double(split - segment.lowerBound)
            let after = count - before
            let difference =
                sum(segment.lowerBound..<split) / before - (total - sum(segment.lowerBound..<split)) / after
            let fit = before * after / count * difference * difference
            if fit > best?.fit ?? -1 { best = (split, fit) }
        }
        return best?.index
    }
}
