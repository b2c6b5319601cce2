import CLaunchABI

/// One lp_sample (about 1 KB) for the in-process sampler to fill, allocated once per benchmark.
final class SampleBuffer: @unchecked Sendable {
    /// The sample; only the benchmark's own thread reads or writes it.
    let pointer: UnsafeMutablePointer<lp_sample>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: lp_sample())
    }

    deinit {
        pointer.deallocate()
    }
}
