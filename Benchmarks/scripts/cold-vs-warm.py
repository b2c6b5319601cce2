#!/usr/bin/env python3
"""Cold against warm launches of SampleApp: `launchprof run --scenario warm` and `--scenario cold`
alternating in rounds, and the medians of binaryLoad, time to first frame and major faults, and
how much each cold launch evicted from the page cache.

A cold launch drops SampleApp's files from the page cache first: other work on the machine
reads its own files again afterwards.

    bench.py cold-vs-warm [--rounds 2] [--runs 10] [--build DIR]
"""
import json, os, statistics, subprocess, tempfile

import harness


def run(launchprof, app, scenario, runs, output):
    result = subprocess.run([launchprof, "run", "--runs", str(runs), "--warmup", "1", "--scenario", scenario,
                             "--no-history", "--output", output, "--", app], capture_output=True, text=True)
    if not os.path.exists(os.path.join(output, "summary.json")):
        raise SystemExit(f"launchprof run --scenario {scenario} wrote no summary: {result.stderr.strip()[-400:]}")
    metrics = json.load(open(os.path.join(output, "summary.json")))["scenarios"][scenario]["metrics"]
    launches = json.load(open(os.path.join(output, "launches.json")))["launches"]
    return {"binaryLoad": metrics["binaryLoad"]["samples"], "timeToFirstFrame": metrics["timeToFirstFrame"]["samples"],
            "majorFaults": metrics["majorFaults"]["samples"],
            "evicted": [launch.get("evictedBytes") or 0 for launch in launches]}


def main():
    args = harness.parser(__doc__, rounds=2, runs=10).parse_args()
    launchprof, app = harness.built(args.build, "launchprof", "SampleApp")
    values = {scenario: {} for scenario in ("warm", "cold")}
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.rounds):
            for scenario in values:
                measured = run(launchprof, app, scenario, args.runs, os.path.join(folder, f"{scenario}-{index}"))
                for key, samples in measured.items():
                    values[scenario].setdefault(key, []).extend(samples)
    for scenario, measured in values.items():
        medians = {key: statistics.median(samples) for key, samples in measured.items()}
        harness.record(scenario, {"binaryLoadMs": medians["binaryLoad"] / 1e6,
                                  "timeToFirstFrameMs": medians["timeToFirstFrame"] / 1e6,
                                  "majorFaults": medians["majorFaults"], "evictedMB": medians["evicted"] / 1e6})
        print(f"{scenario}: n={len(measured['binaryLoad'])}  binaryLoad median {medians['binaryLoad'] / 1e6:6.1f} ms"
              f"  first frame median {medians['timeToFirstFrame'] / 1e6:6.1f} ms"
              f"  major faults median {medians['majorFaults']:4.0f}"
              f"  evicted per launch median {medians['evicted'] / 1e6:5.1f} MB")


if __name__ == "__main__":
    main()
