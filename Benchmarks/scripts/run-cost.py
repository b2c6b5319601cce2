#!/usr/bin/env python3
"""What `launchprof run` costs beyond its launches: its wall time for a run against the sum of
the wall times of every launch it made (diagnosis, measurement, pre-main and warm-up launches,
from launches.json), the rest being its fixed setup and finish (finding the instruments, the
symbolization and findings, the reports; `--no-history`, so no history write).

    Benchmarks/scripts/run-cost.py [--runs 20] [--repeats 3] [--launchprof PATH] -- PROGRAM [ARGS]

Prints, per repeat and as medians: the run's wall time, the launches' sum, their ratio, and the
rest (wall minus sum).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def launches_ns(folder):
    manifest = json.load(open(os.path.join(folder, "launches.json")))
    kinds = ["launches", "timingLaunches", "preMainLaunches", "warmupLaunches"]
    return sum(record["wallNs"] for kind in kinds for record in (manifest.get(kind) or []))


def one_run(launchprof, runs, program):
    folder = tempfile.mkdtemp(prefix="run-cost-")
    os.rmdir(folder)
    start = time.monotonic_ns()
    subprocess.run([launchprof, "run", "--runs", str(runs), "--no-history", "--output", folder, "--"] + program,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.monotonic_ns() - start
    total = launches_ns(folder)
    subprocess.run(["rm", "-rf", folder], check=False)
    return wall, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--launchprof", default=os.path.join(ROOT, ".build", "release", "launchprof"))
    parser.add_argument("program", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    program = args.program[1:] if args.program[:1] == ["--"] else args.program
    if not program:
        sys.exit("run-cost.py: name the program after --")
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load average", os.getloadavg())
    results = []
    for repeat in range(args.repeats):
        wall, total = one_run(args.launchprof, args.runs, program)
        results.append((wall, total))
        print(f"  run {repeat + 1}: wall {wall / 1e6:.1f} ms, launches {total / 1e6:.1f} ms, "
              f"ratio {wall / total:.3f}, rest {(wall - total) / 1e6:.1f} ms")
    wall = statistics.median(r[0] for r in results)
    total = statistics.median(r[1] for r in results)
    rest = statistics.median(r[0] - r[1] for r in results)
    print(f"median: wall {wall / 1e6:.1f} ms, launches {total / 1e6:.1f} ms, rest {rest / 1e6:.1f} ms")


if __name__ == "__main__":
    main()
