#!/usr/bin/env python3
"""What watching the display costs a GUI program (the runner's side of --ready-when window|frame),
in one session: ROUNDS rounds of two launches of COMMAND in a random order, one watched (X11: the
X observer with DAMAGE on the program's windows; Wayland: the program's connection through the
proxy socket), one not, each timed from spawn to exit on the same headless display. Printed: the
medians, and the median of the per-round ratios watched/plain with a bootstrap 95 % interval.

    Benchmarks/scripts/display-observer-cost.py [--rounds 40] x11 -- .build/release/FixtureWindow --map-ms 0 --draw-ms 0 --frames 200 --exit
    Benchmarks/scripts/display-observer-cost.py [--rounds 40] wayland -- weston-info
"""
import argparse, os, statistics, subprocess, sys, tempfile

from harness import round_interval  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def build(folder):
    output = os.path.join(folder, "display-observer-cost")
    sources = [os.path.join(ROOT, "Benchmarks", "scripts", "display-observer-cost.c")] + [
        os.path.join(ROOT, "Sources", "CLaunchRunner", name) for name in (
            "lp_display.c", "lp_xobserver.c", "lp_xframe.c", "lp_xcb.c", "lp_xprobe.c", "lp_interrupt.c",
            "lp_wlproxy.c")]
    subprocess.run([os.environ.get("CC", "clang"), "-O2", "-o", output, *sources, "-lpthread",
                    "-I", os.path.join(ROOT, "Sources", "CLaunchRunner", "include")], check=True)
    return output


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("display", choices=["x11", "wayland"])
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        sys.exit("display-observer-cost.py: name the command after --")
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
    print(f"  watched/plain per round: median {statistics.median(ratios):.3f} (95 % CI {low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
