// What the main-thread instruments cost (docs/instruments.md, "Measured costs"):
//
// - the in-process stall sample: tgkill to the sampled thread, frame-pointer walk in its signal
//   handler, sem_post, as the watchdog sees it;
// - the runner's ptrace sample of a child (SEIZE, INTERRUPT, waitpid, unwind, DETACH), with
//   libunwind-ptrace, or with the frame-pointer fallback when LAUNCHPROF_NO_LIBUNWIND=1;
// - the blocking-call tracer's cost per short intercepted call: write(2) of 0 bytes to
//   /dev/null in a helper process (this executable again), without and with libLaunchPreload.so.
//
// Targets (docs/architecture.md section 6): one stall sample at depth 50 in at most 25 us in-process and
// 400 us by ptrace. Samples keep at most LP_SAMPLE_MAX_FRAMES (128) frames, so depth 200 is
// the cost of a walk cut at 128 frames.
import Benchmark
import CBenchSupport
import CLaunchProbe
import Glibc

let benchmarks: @Sendable () -> Void = {
    // Started again as the tracer benchmark's helper: serve write batches, never return.
    if WriterHelper.isRequested {
        WriterHelper.serve()
    }

    // Names have no spaces: package-benchmark reads static thresholds back by the raw name.
    // Regression check: a median more than 50 % worse than the checked-in static threshold
    // (Thresholds/, written by `benchmark thresholds update`) fails `benchmark thresholds check`.
    // The DESIGN targets are compared in Benchmarks/README.md.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, SampleDepth.metric],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 2_000,
        thresholds: [.wallClock: .init(relative: [.p50: 50.0]), SampleDepth.metric: .init(relative: [.p50: 25.0])]
    )

    let depths: [Int32] = [10, 50, 200]

    for depth in depths {
        let sample = SampleBuffer()
        Benchmark(
            "SignalSample-depth-\(depth)",
            configuration: .init()
        ) { benchmark in
            var signals: Int64 = 0
            var answered: Int32 = 0
            for _ in benchmark.scaledIterations {
                // Let the sampled thread run between samples, as the watchdog does.
                usleep(200)
                benchmark.startMeasurement()
                answered = lp_sampler_sample(sample.pointer, 50_000_000, &signals)
                benchmark.stopMeasurement()
            }
            guard answered == 1 else {
                benchmark.error("the sampled thread did not answer (lp_sampler_sample returned \(answered))")
                return
            }
            benchmark.measurement(SampleDepth.metric, Int(sample.pointer.pointee.frame_count))
        } setup: {
            guard lp_sampler_install() >= 0 else { throw InstrumentsBenchmarkError.noSignalHandler }
            guard lp_bench_sampled_thread_start(depth) == 0 else { throw InstrumentsBenchmarkError.noThread }
        } teardown: {
            lp_bench_sampled_thread_stop()
        }
    }

    let unwinder = SpinningChild.unwinderName
    for depth in depths {
        let child = SpinningChild.Slot()
        Benchmark(
            "PtraceSample-\(unwinder)-depth-\(depth)",
            configuration: .init(maxIterations: 1_000)
        ) { benchmark in
            guard let target = child.value else {
                benchmark.error("no child to sample")
                return
            }
            for _ in benchmark.scaledIterations {
                // A millisecond between samples, as the runner's sampler at most samples.
                usleep(1_000)
                benchmark.startMeasurement()
                let result = target.sample()
                benchmark.stopMeasurement()
                if let failure = result.failure {
                    benchmark.error(failure)
                    return
                }
                benchmark.measurement(SampleDepth.metric, Int(result.frames))
            }
        } setup: {
            child.value = try SpinningChild(depth: depth)
        } teardown: {
            child.value = nil
        }
    }

    // The tracer: one million 0-byte writes per iteration, reported per call (scaling factor).
    let writerConfiguration = Benchmark.Configuration(
        metrics: [.wallClock],
        timeUnits: .nanoseconds,
        scalingFactor: .mega,
        maxDuration: .seconds(5),
        maxIterations: 20
    )
    for traced in [false, true] {
        let name =
            traced
            ? "ShortCall-with-tracer"
            : "ShortCall-without-tracer"
        var configuration = writerConfiguration
        var preload: String?
        if traced {
            preload = WriterProcess.preloadLibraryPath()
            if preload == nil {
                WriterProcess.reportMissingPreload(benchmark: name)
                configuration.skip = true
            }
        }
        let writer = WriterProcess.Slot()
        Benchmark(name, configuration: configuration) { benchmark in
            guard let process = writer.value else {
                benchmark.error("no writer process")
                return
            }
            benchmark.startMeasurement()
            let intercepted = process.write(count: benchmark.scaledIterations.count)
            benchmark.stopMeasurement()
            if let failure = process.check(intercepted: intercepted, count: benchmark.scaledIterations.count) {
                benchmark.error(failure)
            }
        } setup: {
            writer.value = try WriterProcess(preload: preload)
        } teardown: {
            writer.value = nil
        }
    }
}
