#!/usr/bin/env python3
"""Profiler on against profiler off, on the same SampleApp binary, alternating launch by
launch in one session so both see the same machine.

- off: LAUNCHPROF_EXIT_AFTER=firstFrame only: the probe records nothing and the app exits at
  its first frame.
- on:  the same, plus LAUNCHPROF_TRACE (phases, thread state, spans, image map, trace written
  before exit), the blocking-call tracer preloaded (LD_PRELOAD=libLaunchPreload.so) and the
  stall watchdog running (LAUNCHPROF_SAMPLER=signal, the standalone sampler).

Each launch is timed from just before the spawn to its exit. The "on" time also includes
writing the trace after the first frame, so the ratio is an upper bound of what the profiler
adds to time to first frame.

    Benchmarks/scripts/profiler-overhead.py [PAIRS] [BUILD_DIR]
"""
import json, os, random, statistics, subprocess, sys, tempfile, time

pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 60
build = sys.argv[2] if len(sys.argv) > 2 else ".build/release"
app = os.path.join(build, "SampleApp")
preload = os.path.join(build, "LaunchProfiler_CLaunchPreload.resources", "libLaunchPreload.so")
for path in (app, preload):
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: run `swift build -c release` first.")

trace = os.path.join(tempfile.mkdtemp(), "overhead.trace.json")
base = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_") and k != "LD_PRELOAD"}
off_env = dict(base, LAUNCHPROF_EXIT_AFTER="firstFrame")
on_env = dict(off_env, LAUNCHPROF_TRACE=trace, LD_PRELOAD=os.path.abspath(preload), LAUNCHPROF_SAMPLER="signal")

def launch(env):
    start = time.monotonic_ns()
    subprocess.run([app], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.monotonic_ns() - start) / 1e6

for _ in range(3):  # warm up both
    launch(off_env); launch(on_env)
off, on, own, ttff = [], [], [], []
for _ in range(pairs):
    order = [("off", off_env), ("on", on_env)]
    random.shuffle(order)
    for name, env in order:
        value = launch(env)
        (on if name == "on" else off).append(value)
        if name == "on":
            t = json.load(open(trace))
            own.append(t["profiler"]["mainThreadNs"] / 1e6)
            ttff.append(t["totals"]["timeToFirstFrameNs"] / 1e6)

def ratio_ci(a, b, resamples=2000, seed=7):
    rng = random.Random(seed)
    values = []
    for _ in range(resamples):
        ra = [rng.choice(a) for _ in a]
        rb = [rng.choice(b) for _ in b]
        values.append(statistics.median(ra) / statistics.median(rb))
    values.sort()
    return values[int(0.025 * resamples)], values[int(0.975 * resamples)]

ratio = statistics.median(on) / statistics.median(off)
low, high = ratio_ci(on, off)
print(f"pairs: {pairs}, alternating in random order")
print(f"profiler off  spawn to exit  median {statistics.median(off):7.2f} ms")
print(f"profiler on   spawn to exit  median {statistics.median(on):7.2f} ms   (time to first frame median {statistics.median(ttff):.2f} ms)")
print(f"ratio on/off of the medians: {ratio:.4f}  (95 % bootstrap CI {low:.4f} to {high:.4f}; target <= 1.01)")
print(f"profiler's own main-thread time per launch (from the traces): median {statistics.median(own):.3f} ms "
      f"= {100 * statistics.median(own) / statistics.median(ttff):.2f} % of time to first frame")
