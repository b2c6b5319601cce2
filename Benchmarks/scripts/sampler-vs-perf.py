#!/usr/bin/env python3
"""The cost of sampling a CPU-bound main thread at 1 kHz, side by side with `perf record`.

FixtureApp does a fixed amount of CPU work 30 frames deep on its main thread
(FIXTURE_BEHAVIOR=work:N) and exits when active. Each way of sampling runs the same launch;
the slowdown is its median launch time over the median without any sampling, all in one
session, interleaved round by round:

- none:     the launch alone (LAUNCHPROF_EXIT_AFTER=active, no profiler);
- perf:     `perf record -F 1000 -g` (frame-pointer call graphs, software cpu-clock event);
- signal:   LaunchProbe's in-process sampler, 1 ms interval (LAUNCHPROF_SAMPLER=signal);
- ptrace:   `launchprof run --sampler ptrace --sample-ms 1`: sampled from outside.

    Benchmarks/scripts/sampler-vs-perf.py [ROUNDS] [MILLIONS] [BUILD_DIR]
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 8
millions = int(sys.argv[2]) if len(sys.argv) > 2 else 300
build = sys.argv[3] if len(sys.argv) > 3 else ".build/release"
app = os.path.abspath(os.path.join(build, "FixtureApp"))
tool = os.path.abspath(os.path.join(build, "launchprof"))
if not shutil.which("perf"):
    sys.exit("perf is not installed: apt-get install -y linux-perf")
work = tempfile.mkdtemp()
base = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_")}
base.update(FIXTURE_BEHAVIOR=f"work:{millions}", LAUNCHPROF_EXIT_AFTER="active")

def timed(command, env):
    start = time.monotonic_ns()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.monotonic_ns() - start) / 1e6

def none():
    return timed([app], base)

def perf():
    return timed(["perf", "record", "-q", "-F", "1000", "-g", "-o", f"{work}/perf.data", "--", app], base)

samples = {"signal": [], "ptrace": []}
def signal():
    env = dict(base, LAUNCHPROF_TRACE=f"{work}/signal.json", LAUNCHPROF_SAMPLER="signal",
               LAUNCHPROF_STALL_MS="10", LAUNCHPROF_SAMPLE_MS="1")
    value = timed([app], env)
    samples["signal"].append(json.load(open(f"{work}/signal.json"))["mainThread"]["sampler"]["samplesTaken"])
    return value

def ptrace():
    folder = f"{work}/ptrace"
    subprocess.run([tool, "run", "--runs", "1", "--warmup", "0", "--no-tracer", "--sampler", "ptrace",
                    "--stall-ms", "10", "--sample-ms", "1", "--output", folder, "--", app],
                   env=base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    launch = json.load(open(f"{folder}/launches.json"))["launches"][0]
    trace = json.load(open(f"{folder}/{launch['traceFile']}"))
    samples["ptrace"].append(trace["mainThread"]["sampler"]["samplesTaken"])
    return launch["wallNs"] / 1e6

ways = {"none": none, "perf": perf, "signal": signal, "ptrace": ptrace}
results = {name: [] for name in ways}
for name, run in ways.items():
    run()  # warm up
for _ in range(rounds):
    for name, run in ways.items():
        results[name].append(run())
baseline = statistics.median(results["none"])
print(f"{rounds} launches each, {millions} million steps of CPU work on the main thread, interleaved")
for name, values in results.items():
    median = statistics.median(values)
    extra = f"   samples per launch: {statistics.median(samples[name]):.0f}" if name in samples else ""
    print(f"{name:7s} median {median:8.1f} ms   slowdown {100 * (median / baseline - 1):+6.2f} %{extra}")
