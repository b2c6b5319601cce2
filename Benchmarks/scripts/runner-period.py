#!/usr/bin/env python3
"""The runner's own time between two launches of a short program, against hyperfine's, in one
session: start-stamp.c (it appends the time its main started to a file) launched back to back by
`launchprof run --runs N` and by `hyperfine -N --runs N`, in alternating order for each round.
For each: the median period (start to start) of the measurement launches that follow one another
(launchprof's after its last diagnosis launch; the second half of hyperfine's), the median
wall time of those launches as the tool recorded it, and their difference, the runner's time
per launch outside the launch. The issue's target for the run's own cost (slope <= 1.1,
run-cost.py) asks this difference to be at most a tenth of a launch.

    Benchmarks/scripts/runner-period.py [--rounds 5] [--runs 300] [--launchprof PATH] [-- COMMAND [ARGS]]

With a command, start-stamp stamps its start and then execs the command (an absolute path): each
launch is the command's plus a stamp, and the time between launches is the runner's alone.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def build(folder):
    output = os.path.join(folder, "start-stamp")
    subprocess.run([os.environ.get("CC", "clang"), "-O2", "-o", output,
                    os.path.join(ROOT, "Benchmarks", "scripts", "start-stamp.c")], check=True)
    return output


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
    # (timing launches - diagnosis launches) of the stamps.
    back_to_back = len(manifest["timingLaunches"]) - len(manifest["launches"])
    total = len(open(stamps).read().split())
    walls = [r["wallNs"] / 1e3 for r in manifest["timingLaunches"][-back_to_back:]]
    return statistics.median(periods(stamps, total - back_to_back)), statistics.median(walls)


def hyperfine_round(program, runs, folder):
    stamps, export = os.path.join(folder, "hf.txt"), os.path.join(folder, "hf.json")
    subprocess.run(["hyperfine", "-N", "--runs", str(runs), "--warmup", "3", "--export-json", export,
                    " ".join(program)],
                   env={**os.environ, "STAMP_FILE": stamps}, capture_output=True, check=True)
    times = json.load(open(export))["results"][0]["times"]
    return statistics.median(periods(stamps, 3 + runs // 2)), statistics.median(times[runs // 2:]) * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--launchprof", default=os.path.join(ROOT, ".build", "release", "launchprof"))
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    program = [build(tempfile.mkdtemp())] + command
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load average", os.getloadavg(),
          "command:", " ".join(command) or "(the stamp alone)")
    results = {"launchprof": [], "hyperfine": []}
    for round in range(args.rounds):
        for tool in (["launchprof", "hyperfine"] if round % 2 == 0 else ["hyperfine", "launchprof"]):
            folder = tempfile.mkdtemp()
            if tool == "launchprof":
                results[tool].append(launchprof_round(args.launchprof, program, args.runs, folder))
            else:
                results[tool].append(hyperfine_round(program, args.runs, folder))
            subprocess.run(["rm", "-rf", folder], check=False)
    for tool, rounds in results.items():
        period = statistics.median(r[0] for r in rounds)
        wall = statistics.median(r[1] for r in rounds)
        gaps = sorted(r[0] - r[1] for r in rounds)
        print(f"{tool:10s} period {period:.0f} us, launch {wall:.0f} us, between launches {period - wall:.0f} us "
              f"(rounds {gaps[0]:.0f} to {gaps[-1]:.0f}), {period / wall:.3f} times the launch")


if __name__ == "__main__":
    main()
