#!/usr/bin/env python3
"""What `launchprof run` costs beyond its launches: its wall time for a run against the sum of
the wall times of every launch it made (diagnosis, measurement, primer, pre-main and warm-up launches,
from launches.json), the rest being its fixed setup and finish (finding the instruments, the
symbolization and findings, the reports; `--no-history`, so no history write).

    bench.py run-cost [--runs 20 [--runs 100]] [--rounds 3] [--build DIR] -- PROGRAM [ARGS]

Prints, per round and as medians: the run's wall time, the launches' sum, their ratio, and the
rest (wall minus sum), split where it goes: the setup before the first launch (from the
process's start to the first launch's start, read from its trace on the same monotonic clock,
less the warm-up launch), the launch loop (from the first launch's start to the write of
launches.json after the last launch, against the launches' own wall times: the runner's work
between launches), and the finish after it (the findings and symbolization, the reports).

With two or more sizes (`--runs 20 --runs 100`, each round runs every size in turn), it also
prints what each second of launches added to the run's wall time between the smallest and the
largest size (the difference of the medians of each, over the difference of the launches'
medians), with a 95 % bootstrap interval (runs resampled within each size), the fixed part that
leaves, and the same slope for the launch loop alone: the issue's target is a slope <= 1.1.
"""
import json, os, random, statistics, subprocess, tempfile, time

import harness


def launches_ns(folder):
    manifest = json.load(open(os.path.join(folder, "launches.json")))
    kinds = ["launches", "measurementLaunches", "preMainLaunches", "warmupLaunches", "primerLaunches"]
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


def slope(by_size, wall="wall", total="total"):
    """(wall at the largest size - wall at the smallest) / (launches there - launches there), from
    the medians of each size: robust to one run's slow finish, where a least-squares fit is not."""
    small, large = min(by_size), max(by_size)
    def median(size, key):
        return statistics.median(r[key] for r in by_size[size])
    return (median(large, wall) - median(small, wall)) / (median(large, total) - median(small, total))


def print_fit(by_size):
    def interval(wall, total):
        rng = random.Random(1)
        slopes = sorted(slope({size: rng.choices(runs, k=len(runs)) for size, runs in by_size.items()}, wall, total)
                        for _ in range(2000))
        return slopes[50], slopes[1949]
    small, large = min(by_size), max(by_size)
    fixed = statistics.median(r["wall"] for r in by_size[small]) - slope(by_size) * statistics.median(
        r["total"] for r in by_size[small])
    low, high = interval("wall", "total")
    loop_low, loop_high = interval("loop", "loopLaunches")
    harness.record("slope", {"run": slope(by_size), "runLow": low, "runHigh": high, "fixedMs": fixed / 1e6,
                             "loop": slope(by_size, "loop", "loopLaunches"), "loopLow": loop_low, "loopHigh": loop_high})
    print(f"from --runs {small} to --runs {large} (medians of {len(by_size[small])} runs each): each second of "
          f"launches added {slope(by_size):.3f} s to the run (95 % {low:.3f} to {high:.3f}), "
          f"fixed {fixed / 1e6:.1f} ms; the loop alone: {slope(by_size, 'loop', 'loopLaunches'):.3f} "
          f"(95 % {loop_low:.3f} to {loop_high:.3f})")


def main():
    parser = harness.parser(__doc__, rounds=3, command=True)
    parser.add_argument("--runs", type=harness.positive, action="append",
                        help="`launchprof run --runs N`; repeat the option for several sizes (default 20)")
    args = parser.parse_args()
    program = harness.command_of(args, parser)
    launchprof = harness.built(args.build, "launchprof")
    sizes = args.runs or [20]
    by_size = {size: [] for size in sizes}
    for repeat in range(args.rounds):
        for size in sizes:
            wall, total, parts = one_run(launchprof, size, program)
            by_size[size].append({"wall": wall, "total": total, **parts})
            print(f"  --runs {size}, round {repeat + 1}: wall {wall / 1e6:.1f} ms, launches {total / 1e6:.1f} ms, "
                  f"ratio {wall / total:.3f}, rest {(wall - total) / 1e6:.1f} ms; setup {parts['setup'] / 1e6:.1f} ms, "
                  f"loop {parts['loop'] / 1e6:.1f} ms for {parts['loopLaunches'] / 1e6:.1f} ms of launches "
                  f"(ratio {parts['loop'] / parts['loopLaunches']:.3f}), finish {parts['finish'] / 1e6:.1f} ms")
    for size, results in by_size.items():
        wall = statistics.median(r["wall"] for r in results)
        total = statistics.median(r["total"] for r in results)
        rest = statistics.median(r["wall"] - r["total"] for r in results)
        loop_ratio = statistics.median(r["loop"] / r["loopLaunches"] for r in results)
        setup = statistics.median(r["setup"] for r in results)
        finish = statistics.median(r["finish"] for r in results)
        harness.record(f"runs {size}", {"wallMs": wall / 1e6, "launchesMs": total / 1e6, "restMs": rest / 1e6,
                                        "setupMs": setup / 1e6, "loopRatio": loop_ratio, "finishMs": finish / 1e6})
        print(f"median at --runs {size}: wall {wall / 1e6:.1f} ms, launches {total / 1e6:.1f} ms, "
              f"rest {rest / 1e6:.1f} ms; setup {setup / 1e6:.1f} ms, loop/launches {loop_ratio:.3f}, "
              f"finish {finish / 1e6:.1f} ms")
    if len(sizes) > 1:
        print_fit(by_size)

if __name__ == "__main__":
    main()
