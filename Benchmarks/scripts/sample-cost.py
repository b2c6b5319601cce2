#!/usr/bin/env python3
"""What one sample of the whole-launch profile costs the profiled program, on this machine.

A program of fixed CPU work (busy-loop.c: no system call, frame pointers, 31 frames deep) is
launched through overhead-harness.c (the runner's own spawn and perf-event C, app pinned to
CPU 1) with the profile off and at several rates, each round in a new random order. Printed
per rate: the median time to the exit point, the median of the per-round ratios to off with a
bootstrap 95 % interval, and the cost per sample: the added time over the samples the rate
takes in that time (rate x time off). Because the program does nothing but compute, the added
time is the samples' own cost: the timer interrupt, the user call chain and 2 KiB of user stack
copied into the ring. `--stack-bytes 0` leaves the stack out, to show how much of it is the copy.

`--app PATH` launches a LaunchKit app instead (to its first frame, `LAUNCHPROF_EXIT_AFTER`),
not pinned unless `--cpu N`: an app waits as well as computes, so its samples are not rate x
time; printed then is the added time per hertz of rate, which is what choosing a rate trades.

    bench.py sample-cost [--rounds 40] [--rates 250,1000,4000] [--stack-bytes N] [--app PATH [--cpu N]]
"""
import os, random, statistics, tempfile

import harness
from harness import APP_ASSIGNMENTS, compile_harness, round_interval, run_launch


def build(folder):
    """The harness (with the runner's C) and the busy loop, compiled into `folder`."""
    busy = harness.compile_c(folder, "busy-loop", ["busy-loop.c"], ["-fno-omit-frame-pointer"])
    return compile_harness(folder), busy


def launch(tool, program, rate, args):
    environment = dict(os.environ, LP_HARNESS_STACK_BYTES=str(args.stack_bytes))
    assignments = APP_ASSIGNMENTS if args.app else ()
    return run_launch(tool, args.cpu, rate, program, assignments, environment)["exitPointNs"] / 1e6


def print_per_rate(rates, times, args):
    """Per rate: median, paired ratio with its interval, and (busy loop) the samples it took."""
    off = statistics.median(times[0])
    added, samples = [], []
    for rate in rates[1:]:
        paired = statistics.median(a / b for a, b in zip(times[rate], times[0]))
        low, high = round_interval(lambda picks: statistics.median(times[rate][i] / times[0][i] for i in picks), args.rounds)
        added.append((paired - 1) * off)
        samples.append(rate * off / 1e3)
        about = "" if args.app else f" for about {samples[-1]:.0f} samples"
        harness.record(f"{rate}Hz", {"medianMs": statistics.median(times[rate]), "pairedRatio": paired, "low": low,
                                    "high": high, "addedMs": added[-1]})
        print(f"{rate:5d} Hz  median {statistics.median(times[rate]):8.2f} ms   ratio {paired:.4f} (95 % CI {low:.4f} to {high:.4f})"
              f"   +{added[-1]:.3f} ms{about}")
    return added, samples


def main():
    parser = harness.parser(__doc__, rounds=40, build=False)
    parser.add_argument("--rates", type=harness.rates, default=[250, 1000, 4000], help="rates in Hz (default 250,1000,4000)")
    parser.add_argument("--stack-bytes", type=int, default=2048)
    parser.add_argument("--app", help="a LaunchKit app to launch instead of the busy loop")
    parser.add_argument("--cpu", type=int, help="the CPU the program is pinned to (-1: not pinned); default 1, or -1 with --app")
    args = parser.parse_args()
    if args.cpu is None:
        args.cpu = -1 if args.app else 1
    rates = [0] + args.rates
    tool, busy = build(tempfile.mkdtemp())
    program = args.app or busy
    times = {rate: [] for rate in rates}
    for _ in range(args.rounds):
        order = rates[:]
        random.shuffle(order)
        for rate in order:
            times[rate].append(launch(tool, program, rate, args))
    where = "not pinned" if args.cpu < 0 else f"pinned to CPU {args.cpu}"
    print(f"{args.rounds} rounds, {os.path.basename(program)} {where}, user stack {args.stack_bytes} bytes; off {statistics.median(times[0]):.2f} ms")
    added, samples = print_per_rate(rates, times, args)
    if args.app and len(added) >= 2:
        slope, intercept = statistics.linear_regression([float(rate) for rate in rates[1:]], added)
        harness.record("perHertzUs", slope * 1e3)
        print(f"per hertz of rate {slope * 1e3:.2f} us; per launch, whatever the rate, {intercept * 1e3:.0f} us")
    elif not args.app and len(samples) >= 2:
        # added time = fixed per launch + per sample x samples (least squares over the rates)
        slope, intercept = statistics.linear_regression(samples, added)
        harness.record("perSampleUs", slope * 1e3)
        print(f"per sample {slope * 1e3:.1f} us; per launch, whatever the rate, {intercept * 1e3:.0f} us"
              " (opening the events, the mapping records, the exit)")


if __name__ == "__main__":
    main()
