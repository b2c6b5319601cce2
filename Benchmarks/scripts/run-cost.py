#!/usr/bin/env python3
"""What `launchprof run` costs beyond its launches: its wall time for a run against the sum of
the wall times of every launch it made (diagnosis, measurement, primer, pre-main and warm-up launches,
from launches.json), the rest being its fixed setup and finish (finding the instruments, the
symbolization and findings, the reports; `--no-history`, so no history write).

    Benchmarks/scripts/run-cost.py [--runs 20] [--repeats 3] [--launchprof PATH] -- PROGRAM [ARGS]

Prints, per repeat and as medians: the run's wall time, the launches' sum, their ratio, and the
rest (wall minus sum), split where it goes: the setup before the first launch (from the
process's start to the first launch's start, read from its trace on the same monotonic clock,
less the warm-up launch), the launch loop (from the first launch's start to the last rewrite of
launches.json, against the launches' own wall times: the runner's work between launches), and the
finish after it (the findings and symbolization, the reports).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def launches_ns(folder):
    manifest = json.load(open(os.path.join(folder, "launches.json")))
    kinds = ["launches", "timingLaunches", "preMainLaunches", "warmupLaunches", "primerLaunches"]
    return sum(record["wallNs"] for kind in kinds for record in (manifest.get(kind) or []))


def first_launch_start_ns(folder):
    """The first diagnosis launch's start (CLOCK_MONOTONIC), from its trace."""
    trace = json.load(open(os.path.join(folder, "launch-001.trace.json")))
    return trace["clock"]["launchStartNs"]


def one_run(launchprof, runs, program):
    """Wall time, launches' sum, and the parts: setup, loop, finish (ns)."""
    folder = tempfile.mkdtemp(prefix="run-cost-")
    os.rmdir(folder)
    start, start_real = time.monotonic_ns(), time.time_ns()
    subprocess.run([launchprof, "run", "--runs", str(runs), "--no-history", "--output", folder, "--"] + program,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.monotonic_ns() - start
    total = launches_ns(folder)
    manifest = json.load(open(os.path.join(folder, "launches.json")))
    warmup = sum(record["wallNs"] for record in (manifest.get("warmupLaunches") or []))
    first = first_launch_start_ns(folder) - start
    loop_end = os.stat(os.path.join(folder, "launches.json")).st_mtime_ns - start_real
    subprocess.run(["rm", "-rf", folder], check=False)
    return wall, total, {"setup": first - warmup, "loop": loop_end - first, "finish": wall - loop_end,
                         "loopLaunches": total - warmup}


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
        wall, total, parts = one_run(args.launchprof, args.runs, program)
        results.append((wall, total, parts))
        print(f"  run {repeat + 1}: wall {wall / 1e6:.1f} ms, launches {total / 1e6:.1f} ms, "
              f"ratio {wall / total:.3f}, rest {(wall - total) / 1e6:.1f} ms; setup {parts['setup'] / 1e6:.1f} ms, "
              f"loop {parts['loop'] / 1e6:.1f} ms for {parts['loopLaunches'] / 1e6:.1f} ms of launches "
              f"(ratio {parts['loop'] / parts['loopLaunches']:.3f}), finish {parts['finish'] / 1e6:.1f} ms")
    wall = statistics.median(r[0] for r in results)
    total = statistics.median(r[1] for r in results)
    rest = statistics.median(r[0] - r[1] for r in results)
    loop_ratio = statistics.median(r[2]["loop"] / r[2]["loopLaunches"] for r in results)
    setup = statistics.median(r[2]["setup"] for r in results)
    finish = statistics.median(r[2]["finish"] for r in results)
    print(f"median: wall {wall / 1e6:.1f} ms, launches {total / 1e6:.1f} ms, rest {rest / 1e6:.1f} ms; "
          f"setup {setup / 1e6:.1f} ms, loop/launches {loop_ratio:.3f}, finish {finish / 1e6:.1f} ms")


if __name__ == "__main__":
    main()
