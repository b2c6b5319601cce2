#!/usr/bin/env python3
"""What a launch profiled with perf events leaves for the launch that follows it at once, with the
runner's own spawn and perf session (perf-aftereffect.c), in one session: rounds of blocks of RUNS
pairs in a new random order, one block per mode (plain: the first launch of each pair not
profiled; before: its events closed before the timed launch starts; after: closed once it has
ended; primer: closed, then an untimed launch with no instruments before the timed one). Printed per mode: the median of the timed launches, and the median of the per-round
ratios to the plain block's median, with a bootstrap 95 % interval.

    bench.py perf-aftereffect [--rounds 20] [--runs 10] -- COMMAND [ARGS]
"""
import random, statistics, subprocess, tempfile

import harness
from harness import round_interval

MODES = ["plain", "before", "after", "primer"]


def main():
    parser = harness.parser(__doc__, rounds=20, runs=10, build=False, command=True)
    args = parser.parse_args()
    command = harness.command_of(args, parser)
    program = harness.compile_with_runner(tempfile.mkdtemp(), "perf-aftereffect", "perf-aftereffect.c", perf=True)
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
        harness.record(mode, {"medianMs": statistics.median(results[mode]), "ratio": statistics.median(ratios), "low": low, "high": high})
        print(f"  {mode:7s} median {statistics.median(results[mode]):.3f} ms  ratio to plain "
              f"{statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
