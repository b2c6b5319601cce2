#!/usr/bin/env python3
"""What a launch profiled with perf events leaves for the launch that follows it at once, with the
runner's own spawn and perf session (perf-aftereffect.c), in one session: rounds of blocks of RUNS
pairs in a new random order, one block per mode (plain: the first launch of each pair not
profiled; before: its events closed before the timed launch starts; after: closed once it has
ended; primer: closed, then an untimed launch with no instruments before the timed one). Printed per mode: the median of the timed launches, and the median of the per-round
ratios to the plain block's median, with a bootstrap 95 % interval.

    Benchmarks/scripts/perf-aftereffect.py [--rounds 20] [--runs 10] -- COMMAND [ARGS]
"""
import argparse, os, random, statistics, subprocess, sys, tempfile

from harness import round_interval  # noqa: E402

from harness import spawn_sources

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
MODES = ["plain", "before", "after", "primer"]


def build(folder):
    output = os.path.join(folder, "perf-aftereffect")
    runner = os.path.join(ROOT, "Sources", "CLaunchRunner")
    subprocess.run([os.environ.get("CC", "clang"), "-O2", "-o", output,
                    os.path.join(ROOT, "Benchmarks", "scripts", "perf-aftereffect.c"),
                    *spawn_sources(), os.path.join(runner, "lp_perf.c"),
                    "-I", os.path.join(runner, "include"),
                    "-I", os.path.join(ROOT, "Sources", "CLaunchABI", "include")], check=True)
    return output


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        sys.exit("perf-aftereffect.py: name the command after --")
    program = build(tempfile.mkdtemp())
    results = {mode: [] for mode in MODES}
    for _ in range(args.rounds):
        order = list(MODES)
        random.shuffle(order)
        for mode in order:
            out = subprocess.run([program, str(args.runs), mode, "--", *command],
                                 capture_output=True, text=True, check=True).stdout
            results[mode].append(float(out))
    print(f"{' '.join(command)}: {args.rounds} rounds of {args.runs} pairs per mode, in random order")
    for mode in MODES:
        ratios = [a / b for a, b in zip(results[mode], results["plain"])]
        low, high = round_interval(lambda picks: statistics.median([ratios[i] for i in picks]), args.rounds)
        print(f"  {mode:7s} median {statistics.median(results[mode]):.3f} ms  ratio to plain "
              f"{statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
