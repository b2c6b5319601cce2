#!/usr/bin/env python3
"""Whole launches of SampleApp timed by hyperfine and by `launchprof run`, alternating in rounds
within one session so both see the same machine: both medians and spreads.

Both time the same thing: spawn to exit of the same launch, with the same profiler setting
(phases and thread state recorded, trace written, no tracer preloaded, no stall sampler) and the
launch ending after `active` (LAUNCHPROF_EXIT_AFTER=active). Printed: per tool the median, the
median absolute deviation and the standard deviation of spawn to exit, launchprof's time to
active, the median difference (target: within 3 %) and the ratio of the MADs (target: at most 1).

    bench.py sampleapp-vs-hyperfine [--rounds 4] [--runs 15] [--build DIR]
"""
import json, os, statistics, subprocess, tempfile

import harness


def hyperfine_block(app, runs, folder, index):
    export = os.path.join(folder, f"hyperfine-{index}.json")
    environment = dict(harness.clean_environment(), LAUNCHPROF_TRACE=os.path.join(folder, "hyperfine.trace.json"),
                       LAUNCHPROF_EXIT_AFTER="active", LAUNCHPROF_SAMPLER="none")
    subprocess.run(["hyperfine", "-N", "--style", "none", "--warmup", "2", "--runs", str(runs), "--export-json", export,
                    app], env=environment, stdout=subprocess.DEVNULL, check=True)
    return [t * 1e3 for t in json.load(open(export))["results"][0]["times"]]


def launchprof_block(launchprof, app, runs, folder, index):
    output = os.path.join(folder, f"launchprof-{index}")
    subprocess.run([launchprof, "run", "--runs", str(runs), "--warmup", "2", "--no-tracer", "--sampler", "none",
                    "--no-history", "--output", output, "--", app], capture_output=True)
    launches = json.load(open(os.path.join(output, "launches.json")))["launches"]
    summary = json.load(open(os.path.join(output, "summary.json")))
    active = summary["scenarios"]["warm"]["metrics"]["timeToActive"]["samples"]
    return [l["wallNs"] / 1e6 for l in launches if l["outcome"] == "completed"], [a / 1e6 for a in active]


def describe(values):
    median = statistics.median(values)
    return median, statistics.median(abs(v - median) for v in values), statistics.stdev(values)


def main():
    args = harness.parser(__doc__, rounds=4, runs=15).parse_args()
    launchprof, app = harness.built(args.build, "launchprof", "SampleApp")
    harness.require_tool("hyperfine", "hyperfine")
    hyper, prof, active = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.rounds):
            hyper += hyperfine_block(app, args.runs, folder, index)
            walls, actives = launchprof_block(launchprof, app, args.runs, folder, index)
            prof, active = prof + walls, active + actives
    (hm, hmad, hsd), (pm, pmad, psd), (am, amad, asd) = describe(hyper), describe(prof), describe(active)
    harness.record("hyperfine", {"medianMs": hm, "madMs": hmad, "stdevMs": hsd})
    harness.record("launchprof", {"medianMs": pm, "madMs": pmad, "stdevMs": psd, "timeToActiveMs": am})
    print(f"launches per tool: {len(hyper)} (hyperfine), {len(prof)} (launchprof), alternating in {args.rounds} rounds")
    print(f"hyperfine          spawn to exit   median {hm:8.2f} ms   MAD {hmad:6.2f} ms   stdev {hsd:6.2f} ms")
    print(f"launchprof run     spawn to exit   median {pm:8.2f} ms   MAD {pmad:6.2f} ms   stdev {psd:6.2f} ms")
    print(f"launchprof run     time to active  median {am:8.2f} ms   MAD {amad:6.2f} ms   stdev {asd:6.2f} ms")
    print(f"median difference (launchprof - hyperfine): {100 * (pm - hm) / hm:+.2f} %  (target: within 3 %)")
    print(f"spread ratio (launchprof MAD / hyperfine MAD): {pmad / hmad if hmad else float('nan'):.2f}  (target: at most 1)")


if __name__ == "__main__":
    main()
