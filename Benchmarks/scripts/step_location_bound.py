#!/usr/bin/env python3
"""How well can a +5 % step at night 200 of 365 with 3 % noise be located at all?

Regenerates the series of ChangePointTests (Tests/LaunchHistoryTests/Support/SyntheticSeries.swift:
SplitMix64 seeds 1..N, Box-Muller, level 100, a x1.05 step at night 200, 3 % relative noise) and
places one step where the least-squares step fit of the whole series is best (the
maximum-likelihood location of a single mean shift), with 7 nights on each side. What this
places within one night of 200 is what any detector can expect on these seeds.

    bench.py step-location-bound [--seeds 100]
"""
import math

import harness

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def gaussian(self):
        u1 = max((self.next() >> 11) / float(1 << 53), 1e-300)
        u2 = (self.next() >> 11) / float(1 << 53)
        return math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)


def nights(seed, count=365, step=200, factor=1.05, noise=0.03):
    generator = SplitMix64(seed)
    return [100 * (factor if night >= step else 1) * (1 + noise * generator.gaussian()) for night in range(count)]


def best_step(x, min_segment=7):
    prefix = [0.0]
    for value in x:
        prefix.append(prefix[-1] + value)
    n = len(x)

    def fit(k):
        difference = prefix[k] / k - (prefix[n] - prefix[k]) / (n - k)
        return k * (n - k) / n * difference * difference

    return max(range(min_segment, n - min_segment + 1), key=fit)


def main():
    parser = harness.parser(__doc__, build=False)
    parser.add_argument("--seeds", type=harness.positive, default=100, help="series, seeds 1 to N (default 100)")
    seeds = parser.parse_args().seeds
    found = [best_step(nights(seed)) for seed in range(1, seeds + 1)]
    within = sum(abs(index - 200) <= 1 for index in found)
    harness.record("withinOneNight", within)
    harness.record("seeds", seeds)
    print(f"least-squares step location within one night of 200: {within} of {seeds} seeds")
    print(f"seeds 1-10: {found[:10]}")
    print(f"farthest: {max(found, key=lambda index: abs(index - 200))}")


if __name__ == "__main__":
    main()
