#!/usr/bin/env python3
"""What waiting for readiness costs: FixtureServer --phases (a LaunchProbe program that runs
phases database, migrations, routes and bind, then calls ready()) is launched with each
readiness condition, alternating in rounds. For each condition it prints the median of

  in-process ready : the program's own clock at ready() (the probe's `active` event), which the
                     runner's polling or listening could only slow down by taking CPU from it;
  detected after   : the runner's readiness time minus the in-process one (detection latency).

The baseline is no condition (`--exit-after active`: the probe ends the launch at ready() and
the runner only sleeps in poll on the pidfd). The difference of the in-process medians to the
baseline is what the runner's watching adds to the program's own time to ready.

    bench.py readiness-cost [--rounds 3] [--runs 5] [--build DIR]
"""
import json, os, socket, statistics, subprocess, tempfile

import harness

args = harness.parser(__doc__, rounds=3, runs=5).parse_args()
tool, server = harness.built(args.build, "launchprof", "FixtureServer")
rounds, runs, build = args.rounds, args.runs, args.build


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(condition, work):
    port = free_port()
    # A new path each run: the server creates the file under every condition, and the runner
    # refuses a readiness file that exists before the launch.
    flag = os.path.join(work, f"ready-{len(os.listdir(work))}.flag")
    spelled = {"port": f"port:{port}", "stdout": "stdout:^listening", "file": f"file:{flag}", "notify": "notify"}
    phases = True
    args = ["--phases", "--port", str(port), "--file", flag]
    options = ["--exit-after", "active"] if condition is None else ["--ready-when", spelled[condition], "--exit-after", "fullyDrawn"]
    out = os.path.join(work, f"run-{condition}-{len(os.listdir(work))}")
    subprocess.run([tool, "run", "--runs", str(runs), "--warmup", "1", "--sampler", "none", *options, "--output", out, "--", server, *args],
                   check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    summary = json.load(open(os.path.join(out, "summary.json")))
    inside, detected = [], []
    for record in summary["launches"]:
        if record["outcome"] != "completed":
            continue
        trace = json.load(open(os.path.join(out, record["traceFile"])))
        own = trace["totals"].get("timeToReadyNs") if condition is None else None
        if own is None:
            own = next((m["timeNs"] for m in trace["marks"] if m["name"] == "active"), None)
        if own is None and phases and condition is not None:
            own = trace["phases"][-1]["startNs"] + trace["phases"][-1]["durationNs"]
        if own is not None:
            inside.append(own / 1e6)
        if condition is not None and record.get("readyNs") is not None and own is not None:
            detected.append(record["readyNs"] / 1e6 - own / 1e6)
    return inside, detected


results = {}
with tempfile.TemporaryDirectory() as work:
    for _ in range(rounds):
        for condition in (None, "port", "notify", "stdout", "file"):
            inside, detected = launch(condition, work)
            entry = results.setdefault(condition, ([], []))
            entry[0].extend(inside)
            entry[1].extend(detected)
base = statistics.median(results[None][0]) if results[None][0] else float("nan")
print(f"{rounds} rounds x {runs} launches per condition, build {build}")
for condition, (inside, detected) in results.items():
    name = condition or "none (exit point)"
    if not inside:
        print(f"{name:18} no completed launch")
        continue
    m = statistics.median(inside)
    line = f"{name:18} in-process ready median {m:8.2f} ms"
    if condition is not None:
        line += f"  ({m - base:+6.2f} ms vs none)"
    harness.record(name, {"inProcessReadyMs": m, "detectedAfterMs": statistics.median(detected) if detected else None})
    if detected:
        line += f"  detected after {statistics.median(detected):6.3f} ms (median)"
    print(line)
