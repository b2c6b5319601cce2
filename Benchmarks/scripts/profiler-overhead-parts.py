#!/usr/bin/env python3
"""The profiler's cost on SampleApp, part by part: each setting is launched in every round,
in random order, and timed from just before the spawn to its exit (each launch ends at its
first frame).

- off:            LAUNCHPROF_EXIT_AFTER=firstFrame only
- trace:          + LAUNCHPROF_TRACE (phases, thread state, watchdog without a sampler)
- trace+signal:   + the in-process signal sampler
- trace+preload:  + the blocking-call tracer preloaded (no sampler)
- preload-only:   the tracer preloaded, nothing recorded

    Benchmarks/scripts/profiler-overhead-parts.py [ROUNDS] [BUILD_DIR]
"""
import os, random, statistics, subprocess, sys, tempfile, time

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40
build = sys.argv[2] if len(sys.argv) > 2 else ".build/release"
app = os.path.join(build, "SampleApp")
preload = os.path.abspath(os.path.join(build, "LaunchProfiler_CLaunchPreload.resources", "libLaunchPreload.so"))
trace = os.path.join(tempfile.mkdtemp(), "parts.trace.json")
base = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_") and k != "LD_PRELOAD"}
base["LAUNCHPROF_EXIT_AFTER"] = "firstFrame"
settings = {
    "off": dict(base),
    "trace": dict(base, LAUNCHPROF_TRACE=trace, LAUNCHPROF_SAMPLER="none"),
    "trace+signal": dict(base, LAUNCHPROF_TRACE=trace, LAUNCHPROF_SAMPLER="signal"),
    "trace+preload": dict(base, LAUNCHPROF_TRACE=trace, LAUNCHPROF_SAMPLER="none", LD_PRELOAD=preload),
    "preload-only": dict(base, LD_PRELOAD=preload),
}
times = {name: [] for name in settings}
for _ in range(rounds):
    names = list(settings)
    random.shuffle(names)
    for name in names:
        start = time.monotonic_ns()
        subprocess.run([app], env=settings[name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times[name].append((time.monotonic_ns() - start) / 1e6)
off = statistics.median(times["off"])
print(f"{rounds} rounds, spawn to exit, SampleApp ending at its first frame")
for name, values in times.items():
    median = statistics.median(values)
    print(f"{name:14s} median {median:7.1f} ms   {100 * (median / off - 1):+5.1f} %")
