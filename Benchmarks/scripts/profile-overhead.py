#!/usr/bin/env python3
"""The whole-launch profile on against off, on the same SampleApp binary, launch by launch in a
random order within each pair, in one session, so both sides see the same machine.

Each launch is `launchprof trace --profile perf|off --sampler none -- SampleApp`, with every other
instrument the same on both sides: the tracer as by default, and the watchdog timing stalls
without taking stacks (under the profile the app's own sampler is off anyway; without it the
default ptrace stall sampler would stop the app, which is not what is compared here). The measure is the app's time to
first frame from its trace: from the runner's release of the child at exec to the first frame,
so what the runner does before and after (opening the events, reading the ring buffers after the
exit) is outside it, and what the profile costs the app while it runs is inside.

    Benchmarks/scripts/profile-overhead.py [PAIRS] [RATES] [BUILD_DIR]

RATES is a comma-separated list of on-CPU sampling rates (default 1000); each is compared with
off in its own pairs. Prints, per rate, the median ratio on/off with a bootstrap 95 % interval.
"""
import json, os, random, statistics, subprocess, sys, tempfile

pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 100
rates = [int(r) for r in (sys.argv[2] if len(sys.argv) > 2 else "1000").split(",")]
build = sys.argv[3] if len(sys.argv) > 3 else ".build/release"
launchprof, app = os.path.join(build, "launchprof"), os.path.join(build, "SampleApp")
for path in (launchprof, app):
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: run `swift build -c release` first.")
folder = tempfile.mkdtemp()
env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_")}


def launch(profile, rate):
    trace = os.path.join(folder, "launch.trace.json")
    args = [launchprof, "trace", "--profile", profile, "--profile-rate", str(rate), "--sampler", "none", "-o", trace, "--", app]
    subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    t = json.load(open(trace))
    samples = len(t.get("profile", {}).get("samples", [])) if profile == "perf" else 0
    return t["totals"]["timeToFirstFrameNs"] / 1e6, samples


def ratio_ci(on, off, resamples=2000, seed=7):
    rng = random.Random(seed)
    values = sorted(
        statistics.median(rng.choices(on, k=len(on))) / statistics.median(rng.choices(off, k=len(off)))
        for _ in range(resamples)
    )
    return values[int(0.025 * resamples)], values[int(0.975 * resamples)]


for rate in rates:
    for _ in range(3):
        launch("off", rate), launch("perf", rate)
    on, off, counts = [], [], []
    for _ in range(pairs):
        order = ["off", "perf"]
        random.shuffle(order)
        for profile in order:
            value, samples = launch(profile, rate)
            (on if profile == "perf" else off).append(value)
            if profile == "perf":
                counts.append(samples)
    low, high = ratio_ci(on, off)
    ratio = statistics.median(on) / statistics.median(off)
    print(f"rate {rate} Hz, {pairs} pairs: time to first frame median off {statistics.median(off):.1f} ms, "
          f"on {statistics.median(on):.1f} ms; ratio {ratio:.4f} (95 % CI {low:.4f} to {high:.4f}); "
          f"profile samples per launch (median) {statistics.median(counts):.0f}")
