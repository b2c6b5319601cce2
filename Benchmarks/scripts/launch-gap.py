#!/usr/bin/env python3
"""How a pause before each launch changes it, against hyperfine -N, in one session: rounds of
blocks of RUNS launches in a new random order, hyperfine's and launch-gap.c's (the runner's own
spawn, lp_spawn_now) with each pause, asleep and busy. Printed per setting: the median of the
per-round ratios of its block's median to hyperfine's, with a bootstrap 95 % interval.

    bench.py launch-gap [--rounds 20] [--runs 10] [--gaps 0,100,300,1000,3000] -- COMMAND [ARGS]
"""
import json, os, random, statistics, subprocess, tempfile

import harness
from harness import round_interval



def hyperfine_median(command, runs, folder):
    export = os.path.join(folder, "hyperfine.json")
    subprocess.run(["hyperfine", "-N", "--runs", str(runs), "--warmup", "1", "--export-json", export,
                    " ".join(command)], capture_output=True, check=True)
    return statistics.median(json.load(open(export))["results"][0]["times"]) * 1e3


def main():
    parser = harness.parser(__doc__, rounds=20, runs=10, build=False, command=True)
    parser.add_argument("--gaps", default="0,100,300,1000,3000", help="pauses in microseconds, comma-separated")
    args = parser.parse_args()
    command = harness.command_of(args, parser)
    harness.require_tool("hyperfine", "hyperfine")
    folder = tempfile.mkdtemp()
    program = harness.compile_with_runner(folder, "launch-gap", "launch-gap.c")
    settings = {"hyperfine": None}
    for gap in [int(g) for g in args.gaps.split(",")]:
        settings[f"pause {gap} us"] = (gap, 0)
        if gap > 0:
            settings[f"busy {gap} us"] = (gap, 1)
    results = {name: [] for name in settings}
    for _ in range(args.rounds):
        order = list(settings)
        random.shuffle(order)
        for name in order:
            if settings[name] is None:
                results[name].append(hyperfine_median(command, args.runs, folder))
            else:
                gap, busy = settings[name]
                out = subprocess.run([program, str(args.runs), str(gap), str(busy), "--", *command],
                                     capture_output=True, text=True, check=True).stdout
                results[name].append(float(out))
    print(f"{' '.join(command)}: {args.rounds} rounds of {args.runs} launches per setting, in random order")
    for name in settings:
        ratios = [a / b for a, b in zip(results[name], results["hyperfine"])]
        low, high = round_interval(lambda picks: statistics.median([ratios[i] for i in picks]), args.rounds)
        harness.record(name, {"medianMs": statistics.median(results[name]), "ratio": statistics.median(ratios), "low": low, "high": high})
        print(f"  {name:16s} median {statistics.median(results[name]):.3f} ms  ratio to hyperfine "
              f"{statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
