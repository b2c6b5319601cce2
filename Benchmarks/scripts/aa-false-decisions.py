#!/usr/bin/env python3
"""The false-decision rate of `launchprof compare` on real noise: A/A comparisons (a program
against an identical copy of itself) of a sub-millisecond C program, `git --version` and
SampleApp, on a quiet machine and with one core kept busy by another process (a shell busy
loop), each rate of "regressed" or "improved" decisions with its 95 % Wilson interval. The
sequential test promises at most --alpha (5 %) in both.

    bench.py aa-false-decisions [--comparisons 200] [--max-runs 60] [--build DIR] \
        [--programs tiny,git,sampleapp] [--conditions quiet,busy] [--first-seed 1]

It refuses to start when the one-minute load average is 1.5 or more (other work on the machine
is not the noise it measures), unless --force. Every comparison gets its own --seed (its
number, from --first-seed), so a row can be rerun comparison by comparison, or extended: a
second run from --first-seed 101 adds comparisons 101 to 200 to a first run of 100. Identical copies: the C program is
compiled once and copied byte for byte; git and SampleApp are copied too, so base and head are
two files, as two builds are.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

import harness


def wilson(successes, trials, z=1.959964):
    """The 95 % Wilson score interval of a binomial proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def programs(folder, launchprof):
    """name -> (base, head, arguments): two identical files of each program."""
    tiny = os.path.join(folder, "tiny.c")
    with open(tiny, "w") as source:
        source.write("int main(void) { return 0; }\n")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", os.path.join(folder, "tiny-base"), tiny], check=True)
    shutil.copy2(os.path.join(folder, "tiny-base"), os.path.join(folder, "tiny-head"))
    # git finds its command by the name it was started as: each copy is named git, in a folder of its own.
    git = shutil.which("git")
    for side in ("base", "head"):
        os.makedirs(os.path.join(folder, side), exist_ok=True)
        shutil.copy2(git, os.path.join(folder, side, "git"))
    made = {
        "tiny": (os.path.join(folder, "tiny-base"), os.path.join(folder, "tiny-head"), []),
        "git": (os.path.join(folder, "base", "git"), os.path.join(folder, "head", "git"), ["--version"]),
    }
    sample = os.path.join(os.path.dirname(launchprof), "SampleApp")
    if os.path.exists(sample):
        # Two copies alike in all but their folder (base/ and head/, each with the resource
        # bundle SampleApp finds beside its executable): the build's own file against a copy
        # named SampleApp-aa-copy was about 1 % slower to launch than the copy (120 interleaved
        # pairs), which an A/A comparison must not contain.
        resources = os.path.join(os.path.dirname(launchprof), "LaunchProfiler_SampleApp.resources")
        for side in ("base", "head"):
            shutil.copy2(sample, os.path.join(folder, side, "SampleApp"))
            if os.path.isdir(resources):
                shutil.copytree(resources, os.path.join(folder, side, os.path.basename(resources)))
        made["sampleapp"] = (os.path.join(folder, "base", "SampleApp"), os.path.join(folder, "head", "SampleApp"), [])
    return made


def compare(launchprof, base, head, arguments, seed, max_runs, folder):
    """One comparison: its decision ("same", "regressed", "improved", "inconclusive") and the
    measured launches per build."""
    output = os.path.join(folder, f"cmp-{seed}")
    command = [launchprof, "compare", "--base", base, "--head", head, "--seed", str(seed), "--max-runs",
               str(max_runs), "--output", output, "--format", "json", "--", *arguments]
    subprocess.run(command, capture_output=True, text=True)
    with open(os.path.join(output, "comparison.json")) as file:
        outcome = json.load(file)
    shutil.rmtree(output, ignore_errors=True)
    decisions = {metric["decision"] for metric in outcome["test"]["metrics"]}
    for decision in ("regressed", "inconclusive", "improved"):
        if decision in decisions:
            return decision, outcome["base"]["launches"]
    return "same", outcome["base"]["launches"]


def row(launchprof, name, program, condition, args, folder):
    base, head, arguments = program
    with harness.busy_core(condition == "busy"):
        results = []
        for seed in range(args.first_seed, args.first_seed + args.comparisons):
            results.append(compare(launchprof, base, head, arguments, seed, args.max_runs, folder))
            # A running tally on stderr: a row stopped early still says what it saw.
            decided = sum(1 for decision, _ in results if decision in ("regressed", "improved"))
            print(f"{name} {condition}: {decided} of {len(results)} decided either way", file=sys.stderr, flush=True)
    false = sum(1 for decision, _ in results if decision in ("regressed", "improved"))
    low, high = wilson(false, len(results))
    counts = {kind: sum(1 for decision, _ in results if decision == kind)
              for kind in ("same", "regressed", "improved", "inconclusive")}
    launches = sum(n for _, n in results) / len(results)
    print(f"| {name} | {condition} | {len(results)} | {false / len(results):.1%} ({low:.1%} … {high:.1%}) | "
          f"{counts['same']} / {counts['regressed']} / {counts['improved']} / {counts['inconclusive']} | "
          f"{launches:.0f} |", flush=True)
    return false / len(results) <= args.alpha


def main():
    parser = harness.parser(__doc__)
    parser.add_argument("--comparisons", type=harness.positive, default=200, help="comparisons per row (default 200)")
    parser.add_argument("--first-seed", type=int, default=1, help="the seed of the first comparison")
    parser.add_argument("--max-runs", type=int, default=60)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--programs", default="tiny,git,sampleapp")
    parser.add_argument("--conditions", default="quiet,busy")
    parser.add_argument("--force", action="store_true", help="run even when the machine is busy already")
    args = parser.parse_args()
    args.launchprof = harness.built(args.build, "launchprof")
    load = os.getloadavg()[0]
    if load >= 1.5 and not args.force:
        sys.exit(f"The load average is {load:.2f}: other work on the machine is not the noise this measures. "
                 "Run it on a quiet machine (under 1.5), or with --force.")
    with tempfile.TemporaryDirectory(prefix="aa-") as folder:
        made = programs(folder, args.launchprof)
        print(f"launchprof {args.launchprof}, load {load:.2f}, {os.cpu_count()} CPUs, --max-runs {args.max_runs}\n")
        print("| program | machine | comparisons | decided either way (95 % Wilson) | same / regressed / improved / inconclusive | launches per build (mean) |")
        print("|---|---|---:|---|---|---:|")
        held = True
        for name in args.programs.split(","):
            if name not in made:
                print(f"(no {name}: not built beside {args.launchprof})", file=sys.stderr)
                continue
            for condition in args.conditions.split(","):
                held = row(args.launchprof, name, made[name], condition, args, folder) and held
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
