#!/usr/bin/env python3
"""Does `launchprof compare` place a regression? SampleApp against a copy started 10 ms later
(a small C program that sleeps 10 ms, then execs SampleApp: the 10 ms fall before main, in
`binaryLoad`), compared --comparisons times; each comparison counts as placed when the comparison says
"regressed" and its parts ("Where the time went") name `binaryLoad` as moved (or, when no part
is decided, as the part whose time grew most).

    bench.py localisation [--comparisons 10] [--delay-ms 10] [--max-runs 60] [--build DIR] [--busy]

--busy keeps one core busy with a shell loop meanwhile. Every comparison gets its own --seed (its
number). The build's SampleApp is used (`swift build -c release`).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import harness

DELAY = r"""
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
    (void)argc;
    struct timespec pause = {0, %d * 1000000L};
    while (nanosleep(&pause, &pause) != 0) {}
    argv[0] = "%s";
    execv(argv[0], argv);
    return 127;
}
"""


def build_delayed(folder, sample, delay_ms):
    """The copy started later: a C program that sleeps, then execs SampleApp."""
    source = os.path.join(folder, "delayed.c")
    with open(source, "w") as file:
        file.write(DELAY % (delay_ms, sample))
    program = os.path.join(folder, "SampleApp-delayed")
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", program, source], check=True)
    return program


def placed(outcome):
    """(decided regressed, the part named: the moved one nearest binaryLoad, or the likeliest)."""
    regressed = any(metric["decision"] == "regressed" for metric in outcome["test"]["metrics"])
    parts = (outcome.get("parts") or {}).get("test", {}).get("metrics", [])
    moved = [part["metric"] for part in parts if part["decision"] == "regressed"]
    if moved:
        return regressed, moved
    # None decided: the part whose mean log-ratio grew most (a simpler pick than the report's
    # ComparisonParts.likeliest, which weighs it by its interval), marked as not decided.
    likeliest = max(parts, key=lambda part: part["sequence"]["mean"], default=None)
    return regressed, [f"{likeliest['metric']} (not decided)"] if likeliest else []


def main():
    parser = harness.parser(__doc__)
    parser.add_argument("--comparisons", type=harness.positive, default=10, help="comparisons (default 10)")
    parser.add_argument("--delay-ms", type=int, default=10)
    parser.add_argument("--max-runs", type=int, default=60)
    parser.add_argument("--busy", action="store_true")
    args = parser.parse_args()
    args.launchprof, sample = harness.built(args.build, "launchprof", "SampleApp")
    hits = 0
    with harness.busy_core(args.busy):
        with tempfile.TemporaryDirectory(prefix="place-") as folder:
            head = build_delayed(folder, sample, args.delay_ms)
            print(f"load {os.getloadavg()[0]:.2f}, {'one core kept busy' if args.busy else 'no core kept busy'}, "
                  f"SampleApp against a copy started {args.delay_ms} ms later\n")
            print("| comparison | decision | effect on timeToFirstFrame | launches per build | parts named |")
            print("|---:|---|---|---:|---|")
            for seed in range(1, args.comparisons + 1):
                output = os.path.join(folder, f"cmp-{seed}")
                subprocess.run([args.launchprof, "compare", "--base", sample, "--head", head, "--seed", str(seed),
                                "--max-runs", str(args.max_runs), "--output", output, "--format", "json"],
                               capture_output=True, text=True)
                with open(os.path.join(output, "comparison.json")) as file:
                    outcome = json.load(file)
                regressed, parts = placed(outcome)
                metric = outcome["test"]["metrics"][0]
                effect = 100 * (2.718281828459045 ** metric["sequence"]["mean"] - 1)
                ok = regressed and any(part.startswith("binaryLoad") for part in parts)
                hits += ok
                print(f"| {seed} | {metric['decision']} | {effect:+.1f} % | {outcome['base']['launches']} | "
                      f"{', '.join(parts) or 'none'} |", flush=True)
                shutil.rmtree(output, ignore_errors=True)
    harness.record("placed", {"hits": hits, "comparisons": args.comparisons})
    print(f"\nregressed and placed in binaryLoad: {hits} of {args.comparisons}")
    return 0 if hits == args.comparisons else 1


if __name__ == "__main__":
    sys.exit(main())
