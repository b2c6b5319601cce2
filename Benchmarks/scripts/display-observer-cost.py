#!/usr/bin/env python3
"""What watching the display costs a GUI program (the runner's side of --ready-when window|frame),
in one session: ROUNDS rounds of two launches of COMMAND in a random order, one watched (X11: the
X observer with DAMAGE on the program's windows; Wayland: the program's connection through the
proxy socket), one not, each timed from spawn to exit on the same headless display. Printed: the
medians, and the median of the per-round ratios watched/plain with a bootstrap 95 % interval.

    bench.py display-observer-cost [--rounds 40] --display x11 -- .build/release/FixtureWindow --map-ms 0 --draw-ms 0 --frames 200 --exit
    bench.py display-observer-cost [--rounds 40] --display wayland -- weston-info
"""
import os, statistics, subprocess, tempfile

import harness
from harness import round_interval


def build(folder):
    """display-observer-cost.c with the runner's display observer and Wayland proxy (lp_display.c,
    lp_x*.c, lp_wl*.c, lp_interrupt.c: the files they are split into)."""
    prefixes = ("lp_display", "lp_x", "lp_wl", "lp_interrupt")
    sources = ["display-observer-cost.c"] + sorted(os.path.join(harness.RUNNER, name) for name in os.listdir(harness.RUNNER)
                                                   if name.startswith(prefixes) and name.endswith(".c"))
    return harness.compile_c(folder, "display-observer-cost", sources, ["-lpthread", *harness.RUNNER_INCLUDES])


def main():
    parser = harness.parser(__doc__, rounds=40, build=False, command=True)
    parser.add_argument("--display", choices=["x11", "wayland"], required=True, help="the display watched")
    args = parser.parse_args()
    command = harness.command_of(args, parser)
    program = build(tempfile.mkdtemp())
    lines = subprocess.run([program, args.display, str(args.rounds), "--", *command], capture_output=True, text=True,
                           check=True).stdout.split("\n")
    times = {"watched": [], "plain": []}
    for line in filter(None, lines):
        setting, ms = line.split()
        times[setting].append(float(ms))
    ratios = [w / p for w, p in zip(times["watched"], times["plain"])]
    low, high = round_interval(lambda picks: statistics.median([ratios[i] for i in picks]), len(ratios))
    print(f"{' '.join(command)} on {args.display}: {args.rounds} rounds, watched and plain in random order")
    print(f"  plain   median {statistics.median(times['plain']):.3f} ms")
    print(f"  watched median {statistics.median(times['watched']):.3f} ms")
    harness.record(args.display, {"plainMs": statistics.median(times["plain"]), "watchedMs": statistics.median(times["watched"]),
                                  "ratio": statistics.median(ratios), "low": low, "high": high})
    print(f"  watched/plain per round: median {statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
