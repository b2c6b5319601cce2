import Benchmark

/// The frames a sample held, reported next to its cost so a run shows the depth it measured.
enum SampleDepth {
    /// A custom metric: frames in the last sample of an iteration (not scaled).
    static let metric = BenchmarkMetric.custom("Frames in sample", polarity: .prefersLarger, useScalingFactor: false)
}
