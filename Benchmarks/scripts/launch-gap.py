#!/usr/bin/env python3
"""How a pause before each launch changes it, against hyperfine -N, in one session: rounds of
blocks of RUNS launches in a new random order, hyperfine's and launch-gap.c's (the runner's own
spawn, lp_spawn_now) with each pause, asleep and busy. Printed per setting: the median of the
per-round ratios of its block's median to hyperfine's, with a bootstrap 95 % interval.

    Benchmarks/scripts/launch-gap.py [--rounds 20] [--runs 10] [--gaps 0,100,300,1000,3000] -- COMMAND [ARGS]
"""
import argparse, json, os, random, statistics, subprocess, sys, tempfile

from harness import round_interval  # noqa: E402

from harness import spawn_sources

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def build(folder):
    output = os.path.join(folder, "launch-gap")
    subprocess.run([os.environ.get("CC", "clang"), "-O2", "-o", output,
                    os.path.join(ROOT, "Benchmarks", "scripts", "launch-gap.c"),
                    *spawn_sources(),
                    "-I", os.path.join(ROOT, "Sources", "CLaunchRunner", "include"),
                    "-I", os.path.join(ROOT, "Sources", "CLaunchABI", "include")], check=True)
    return output


def hyperfine_median(command, runs, folder):
    export = os.path.join(folder, "hyperfine.json")
    subprocess.run(["hyperfine", "-N", "--runs", str(runs), "--warmup", "1", "--export-json", export,
                    " ".join(command)], capture_output=True, check=True)
    return statistics.median(json.load(open(export))["results"][0]["times"]) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--gaps", default="0,100,300,1000,3000")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        sys.exit("launch-gap.py: name the command after --")
    folder = tempfile.mkdtemp()
    program = build(folder)
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
        print(f"  {name:16s} median {statistics.median(results[name]):.3f} ms  ratio to hyperfine "
              f"{statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
