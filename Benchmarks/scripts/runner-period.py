#!/usr/bin/env python3
"""The runner's own time between two launches of a short program, against hyperfine's, in one
session: start-stamp.c (it appends the time its main started to a file) launched back to back by
`launchprof run --runs N` and by `hyperfine -N --runs N`, in alternating order for each round.
For each: the median period (start to start) of the measurement launches that follow one another
(launchprof's after its last diagnosis launch; the second half of hyperfine's), the median
wall time of those launches as the tool recorded it, and their difference, the runner's time
per launch outside the launch. The issue's target for the run's own cost (slope <= 1.1,
bench.py run-cost) asks this difference to be at most a tenth of a launch.

    bench.py runner-period [--rounds 5] [--runs 300] [--build DIR] [-- COMMAND [ARGS]]

With a command, start-stamp stamps its start and then execs the command (an absolute path): each
launch is the command's plus a stamp, and the time between launches is the runner's alone.
"""
import json, os, statistics, subprocess, tempfile

import harness


def periods(stamps, skip):
    """Start-to-start periods (us) of the launches after the first `skip`."""
    starts = [int(x) for x in open(stamps).read().split()][skip:]
    return [(b - a) / 1e3 for a, b in zip(starts, starts[1:])]


def launchprof_round(launchprof, program, runs, folder):
    """`program` is the stamp program and its command, a list."""
    stamps, run = os.path.join(folder, "lp.txt"), os.path.join(folder, "run")
    subprocess.run([launchprof, "run", "--runs", str(runs), "--no-history", "--output", run, "--", *program],
                   env={**os.environ, "STAMP_FILE": stamps}, capture_output=True, check=True)
    manifest = json.load(open(os.path.join(run, "launches.json")))
    # After the last diagnosis launch, only measurement launches, back to back: the last
    # (measurement launches - diagnosis launches) of the stamps.
    back_to_back = len(manifest["measurementLaunches"]) - len(manifest["launches"])
    total = len(open(stamps).read().split())
    walls = [r["wallNs"] / 1e3 for r in manifest["measurementLaunches"][-back_to_back:]]
    return statistics.median(periods(stamps, total - back_to_back)), statistics.median(walls)


def hyperfine_round(program, runs, folder):
    stamps, export = os.path.join(folder, "hf.txt"), os.path.join(folder, "hf.json")
    subprocess.run(["hyperfine", "-N", "--runs", str(runs), "--warmup", "3", "--export-json", export,
                    " ".join(program)],
                   env={**os.environ, "STAMP_FILE": stamps}, capture_output=True, check=True)
    times = json.load(open(export))["results"][0]["times"]
    return statistics.median(periods(stamps, 3 + runs // 2)), statistics.median(times[runs // 2:]) * 1e6


def main():
    parser = harness.parser(__doc__, rounds=5, runs=300, command=True)
    args = parser.parse_args()
    command = harness.command_of(args, parser, required=False)
    launchprof = harness.built(args.build, "launchprof")
    harness.require_tool("hyperfine", "hyperfine")
    program = [harness.compile_c(tempfile.mkdtemp(), "start-stamp", ["start-stamp.c"])] + command
    print("command:", " ".join(command) or "(the stamp alone)")
    results = {"launchprof": [], "hyperfine": []}
    for round in range(args.rounds):
        for tool in (["launchprof", "hyperfine"] if round % 2 == 0 else ["hyperfine", "launchprof"]):
            folder = tempfile.mkdtemp()
            if tool == "launchprof":
                results[tool].append(launchprof_round(launchprof, program, args.runs, folder))
            else:
                results[tool].append(hyperfine_round(program, args.runs, folder))
            subprocess.run(["rm", "-rf", folder], check=False)
    for tool, rounds in results.items():
        period = statistics.median(r[0] for r in rounds)
        wall = statistics.median(r[1] for r in rounds)
        gaps = sorted(r[0] - r[1] for r in rounds)
        harness.record(tool, {"periodUs": period, "launchUs": wall, "betweenUs": period - wall})
        print(f"{tool:10s} period {period:.0f} us, launch {wall:.0f} us, between launches {period - wall:.0f} us "
              f"(rounds {gaps[0]:.0f} to {gaps[-1]:.0f}), {period / wall:.3f} times the launch")


if __name__ == "__main__":
    main()
