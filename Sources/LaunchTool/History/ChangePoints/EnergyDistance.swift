/// The E-divisive means candidate search (Matteson & James) over one window of a series: the
/// split τ (and end κ) that maximise the energy statistic Q̂ between `x[start..<τ]` and
/// `x[τ..<κ]`, computed from a prefix-summed distance matrix so that each (τ, κ) costs O(1),
/// as Otava's `PairDistanceCalculator` (power 1).
struct EnergyDistance {
    /// The window's values.
    let values: [Double]
    /// `prefix[i * (n + 1) + j]` = Σ |x_a − x_b| over a < i, b < j.
    private let prefix: [Double]

    /// Precomputes the window's distances.
    init(_ values: [Double]) {
        self.values = values
        let n = values.count
        let stride = n + 1
        var prefix = [Double](repeating: 0, count: stride * stride)
        for i in 0..<n {
            var rowSum = 0.0
            for j in 0..<n {
                rowSum += abs(values[i] - values[j])
                prefix[(i + 1) * stride + j + 1] = prefix[i * stride + j + 1] + rowSum
            }
        }
        self.prefix = prefix
    }

    /// Σ |x_a − x_b| over a in `rows`, b in `columns`.
    private func block(_ rows: Range<Int>, _ columns: Range<Int>) -> Double {
        let stride = values.count + 1
        return prefix[rows.upperBound * stride + columns.upperBound]
            - prefix[rows.lowerBound * stride + columns.upperBound]
            - prefix[rows.upperBound * stride + columns.lowerBound]
            + prefix[rows.lowerBound * stride + columns.lowerBound]
    }

    /// The best split of `interval` (at least 2 values): τ and its Q̂.
    func candidate(in interval: Range<Int>) -> (index: Int, qhat: Double) {
        var best = (index: interval.lowerBound + 1, qhat: -Double.infinity)
        let start = interval.lowerBound
        for tau in (start + 1)..<interval.upperBound {
            let n = Double(tau - start)
            let within1 = block(start..<tau, start..<tau) / 2
            for kappa in (tau + 1)...interval.upperBound {
                let m = Double(kappa - tau)
                let cross = block(start..<tau, tau..<kappa)
                let within2 = block(tau..<kappa, tau..<kappa) / 2
                var q = 2 / (m + n) * cross
                if n > 1 { q -= 2 * m / ((m + n) * (n - 1)) * within1 }
                if m > 1 { q -= 2 * n / ((m + n) * (m - 1)) * within2 }
                if q > best.qhat { best = (tau, q) }
            }
        }
        return best
    }
}
