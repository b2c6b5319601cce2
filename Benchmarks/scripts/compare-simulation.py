#!/usr/bin/env python3
"""Launches `launchprof compare` needs against a fixed count at the same error rates.

Simulates the sequential test of docs/compare.md (blocks of four launches, the asymptotic
normal-mixture confidence sequence of the mean block log-ratio, the decision rule of
ComparisonDecision) on synthetic launch times: log-normal noise of --noise (default 5 %),
plus a slow drift both builds share. It then finds the smallest fixed number of blocks whose
one-look test (a t interval at the same alpha, the same decision rule) reaches the same
power for the same effect, and prints both.

    bench.py compare-simulation            # the figure in Benchmarks/README.md

With --blocks, the blocks are not synthetic but this machine's: the block log-ratios of real
comparisons (their comparison.json, `launchprof compare` of a program with itself), pooled,
centred and drawn with replacement, head's shifted by the effect:

    bench.py compare-simulation --blocks RUN1/comparison.json RUN2/comparison.json …
"""
import argparse
import json
import math
import random
import statistics

import harness

Z = statistics.NormalDist()


def boundary(t, alpha, planned):
    log_term = -2 * math.log(alpha)
    rho2 = (log_term + math.log(log_term + 1)) / planned
    scale = t * rho2 + 1
    return math.sqrt(2 * scale / (t * t * rho2) * math.log(math.sqrt(scale) / alpha))


def small_sample_factor(t, alpha):
    """Student's t over the normal quantile at t - 1 degrees of freedom (Cornish-Fisher)."""
    z, nu = Z.inv_cdf(1 - alpha / 2), t - 1
    q = z + (z**3 + z) / (4 * nu) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * nu**2)
    q += (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * nu**3)
    return q / z


def decide(lower, upper, margin):
    if lower > -margin and upper < margin:
        return "same"
    if lower > 0 and upper >= margin:
        return "regressed"
    if upper < 0 and lower <= -margin:
        return "improved"
    return "inconclusive"


ARGS = None
POOL = None


def real_blocks(files, metric):
    """The block log-ratios (head's faster launch over base's) of `metric` in comparison.json files, centred."""
    values = []
    for name in files:
        with open(name) as file:
            metrics = json.load(file)["test"]["metrics"]
        chosen = next((m for m in metrics if m["metric"] == metric), metrics[0])
        base, head = chosen["baseSamples"], chosen["headSamples"]
        for i in range(0, min(len(base), len(head)) - 1, 2):
            values.append(math.log(min(head[i], head[i + 1])) - math.log(min(base[i], base[i + 1])))
    centre = statistics.fmean(values)
    return [value - centre for value in values]


def launch(rng, effect, noise, drift):
    time = math.exp(rng.gauss(0, noise) + drift) * (1 + effect)
    if ARGS.interference and rng.random() < 0.25:
        time *= 1 + rng.expovariate(1 / 0.06)
    if ARGS.interference and rng.random() < 0.02:
        time *= 1.9
    return time


def block(rng, effect, noise, index):
    if POOL:
        return rng.choice(POOL) + math.log(1 + effect)
    drift = 0.03 * math.sin(index / 7)
    b1, h1, h2, b2 = (launch(rng, effect if h else 0, noise, drift) for h in (0, 1, 1, 0))
    if ARGS.block == "mean":
        return (math.log(h1) + math.log(h2) - math.log(b1) - math.log(b2)) / 2
    return math.log(min(h1, h2)) - math.log(min(b1, b2))


def sequential(rng, effect, args):
    values = []
    for index in range(args.max_blocks):
        values.append(block(rng, effect, args.noise, index))
        if len(values) < args.min_blocks:
            continue
        mean, sd = statistics.fmean(values), statistics.stdev(values)
        factor = 1 if args.no_small_sample_factor else small_sample_factor(len(values), args.alpha)
        half = sd * boundary(len(values), args.alpha, args.planned) * factor
        decision = decide(mean - half, mean + half, math.log(1 + args.min_effect))
        if decision != "inconclusive":
            return decision, len(values)
    return "inconclusive", args.max_blocks


def fixed(rng, effect, blocks, args):
    values = [block(rng, effect, args.noise, i) for i in range(blocks)]
    mean, sd = statistics.fmean(values), statistics.stdev(values)
    half = sd * Z.inv_cdf(1 - args.alpha / 2) / math.sqrt(blocks)
    return decide(mean - half, mean + half, math.log(1 + args.min_effect))


def main():
    parser = argparse.ArgumentParser(prog=harness.PROG, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--noise", type=float, default=0.05)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--min-effect", type=float, default=0.02)
    parser.add_argument("--min-blocks", type=int, default=4)
    parser.add_argument("--planned", type=int, default=15)
    parser.add_argument("--max-blocks", type=int, default=30)
    parser.add_argument("--repetitions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--no-small-sample-factor", action="store_true", help="the plain asymptotic sequence")
    parser.add_argument("--interference", action="store_true", help="a quarter of launches +6 %% on average, one in fifty +90 %%")
    parser.add_argument("--block", choices=["min", "mean"], default="min", help="block value: faster launch per build (compare's) or the mean")
    parser.add_argument("--blocks", nargs="+", metavar="COMPARISON_JSON", help="draw blocks from real comparisons of a program with itself")
    parser.add_argument("--metric", default="timeToReady", help="the metric whose blocks --blocks reads")
    args = parser.parse_args()
    global ARGS, POOL
    ARGS = args
    if args.blocks:
        POOL = real_blocks(args.blocks, args.metric)
        print(f"{len(POOL)} real blocks of {args.metric} from {len(args.blocks)} comparisons, standard deviation {statistics.stdev(POOL):.1%}")
    rng = random.Random(args.seed)
    print(f"block {args.block}, interference {args.interference}, noise {args.noise:.1%}, alpha {args.alpha}, min effect {args.min_effect:.0%}, {args.repetitions} repetitions each")
    print("| head vs base | decided as expected | false 'regressed' | mean launches, both builds (sequential) | fixed launches for the same power | saved |")
    print("|---|---:|---:|---:|---:|---:|")
    for effect, expected in ((0.0, "same"), (0.05, "regressed"), (-0.05, "improved"), (0.10, "regressed")):
        runs = [sequential(rng, effect, args) for _ in range(args.repetitions)]
        power = sum(d == expected for d, _ in runs) / len(runs)
        false_regressed = sum(d == "regressed" for d, _ in runs) / len(runs)
        mean_blocks = statistics.fmean(b for _, b in runs)
        if effect == 0:
            either = sum(d in ("regressed", "improved") for d, _ in runs) / len(runs)
            print(f"| {effect:+.0%} | {power:.1%} same ({either:.1%} decided either way) | {false_regressed:.1%} | {mean_blocks * 4:.0f} | - | - |")
            continue
        need = next((n for n in range(2, 201) if sum(fixed(rng, effect, n, args) == expected for _ in range(400)) / 400 >= power), None)
        need_text = f"{need * 4}" if need else "> 800"
        saved = f"{1 - mean_blocks / need:.0%}" if need else "-"
        print(f"| {effect:+.0%} | {power:.1%} | {false_regressed:.1%} | {mean_blocks * 4:.0f} | {need_text} | {saved} |")


if __name__ == "__main__":
    main()
