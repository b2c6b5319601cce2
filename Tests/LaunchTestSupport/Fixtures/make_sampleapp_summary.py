#!/usr/bin/env python3
"""Writes sampleapp-summary.json: the summary.json of a real `launchprof run` of SampleApp, made
smaller for the text report's tests (what a report renders is kept: every metric, finding,
reason, breakdown and the before-main summary).

Its run: `.build/debug/launchprof run --runs 20 --budgets budgets.json --no-history --
.build/debug/SampleApp` on a 2-core machine busy with builds (a verdict fails, the launch waited
for a CPU): the longest default text report SampleApp gives. sampleapp-budgets.json is the
repository's budgets.json of that run.

What is dropped: the per-launch records of the pre-main launches and each finding's stack past
its first frame. Paths under the checkout are made to start with /src/LaunchProfiler.

Run from this folder: python3 make_sampleapp_summary.py RUN_FOLDER/summary.json CHECKOUT
"""
import json
import sys

source, checkout = sys.argv[1], sys.argv[2].rstrip("/")
text = open(source, encoding="utf-8").read().replace(checkout + "/", "/src/LaunchProfiler/")
summary = json.loads(text)
summary.pop("preMainLaunches", None)
for finding in summary["findings"]["findings"]:
    finding["stack"] = finding["stack"][:1]
with open("sampleapp-summary.json", "w", encoding="utf-8") as out:
    json.dump(summary, out, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    out.write("\n")
