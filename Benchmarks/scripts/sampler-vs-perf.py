#!/usr/bin/env python3
"""The cost of sampling a CPU-bound main thread at 1 kHz, side by side with `perf record`.

FixtureApp does a fixed amount of CPU work 30 frames deep on its main thread
(FIXTURE_BEHAVIOR=work:N, in didFinishLaunching) and exits when active. Each way of sampling
runs the same launch; what is compared is how long that work took (the didFinishLaunching
phase from the launch's own trace, so perf's start-up and its writing of perf.data do not
count), median over median without any sampling, in one session, interleaved round by round:

- none:     the launch with phases recorded and no sampler (LAUNCHPROF_SAMPLER=none);
- perf:     `perf record -F 1000 -g` (frame-pointer call graphs, software cpu-clock event);
- signal:   LaunchProbe's in-process sampler, 1 ms interval (LAUNCHPROF_SAMPLER=signal);
- ptrace:   `launchprof run --profile off --sampler ptrace --sample-ms 1`: sampled from outside (with the
            whole-launch profile on, the default, the runner takes no stall samples).

    bench.py sampler-vs-perf [--rounds 8] [--millions 300] [--build DIR]
"""
import json, os, statistics, subprocess, tempfile

import harness

parser = harness.parser(__doc__, rounds=8)
parser.add_argument("--millions", type=harness.positive, default=300, help="millions of steps of CPU work (default 300)")
args = parser.parse_args()
rounds, millions = args.rounds, args.millions
app, tool = harness.built(args.build, "FixtureApp", "launchprof")
harness.require_tool("perf", "linux-perf")
work = tempfile.mkdtemp()
base = {k: v for k, v in os.environ.items() if not k.startswith("LAUNCHPROF_")}
base.update(FIXTURE_BEHAVIOR=f"work:{millions}", LAUNCHPROF_EXIT_AFTER="active")

def work_ms(trace_path):
    trace = json.load(open(trace_path))
    phase = next(p for p in trace["phases"] if p["phase"] == "didFinishLaunching")
    return phase["durationNs"] / 1e6, trace

def timed(command, env):
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return work_ms(env["LAUNCHPROF_TRACE"])[0]

quiet = dict(base, LAUNCHPROF_TRACE=f"{work}/quiet.json", LAUNCHPROF_SAMPLER="none")

def none():
    return timed([app], quiet)

def perf():
    return timed(["perf", "record", "-q", "-F", "1000", "-g", "-o", f"{work}/perf.data", "--", app], quiet)

samples = {"signal": [], "ptrace": []}
def signal():
    env = dict(base, LAUNCHPROF_TRACE=f"{work}/signal.json", LAUNCHPROF_SAMPLER="signal",
               LAUNCHPROF_STALL_MS="10", LAUNCHPROF_SAMPLE_MS="1")
    subprocess.run([app], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    value, trace = work_ms(f"{work}/signal.json")
    samples["signal"].append(trace["mainThread"]["sampler"]["samplesTaken"])
    return value

def ptrace():
    folder = f"{work}/ptrace"
    subprocess.run([tool, "run", "--runs", "1", "--warmup", "0", "--no-tracer", "--profile", "off", "--sampler", "ptrace",
                    "--stall-ms", "10", "--sample-ms", "1", "--output", folder, "--", app],
                   env=base, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    launch = json.load(open(f"{folder}/launches.json"))["launches"][0]
    value, trace = work_ms(f"{folder}/{launch['traceFile']}")
    samples["ptrace"].append(trace["mainThread"]["sampler"]["samplesTaken"])
    return value

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
    harness.record(name, {"workMs": median, "slowdown": median / baseline - 1})
    print(f"{name:7s} work median {median:8.1f} ms   slowdown {100 * (median / baseline - 1):+6.2f} %{extra}")
