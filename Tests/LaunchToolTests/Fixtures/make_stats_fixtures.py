#!/usr/bin/env python3
"""Computes the reference values LaunchTool's statistics are tested against.

Run once by hand (numpy and scipy needed only here, never in CI):

    python3 Tests/LaunchToolTests/Fixtures/make_stats_fixtures.py \
        > Tests/LaunchToolTests/Fixtures/stats_fixtures.json

Percentiles use numpy's default (linear, type 7); the standard deviation is the
sample one (ddof=1); MAD is scipy's median_abs_deviation (unscaled, and with
scale='normal'); the Mann-Whitney U test is scipy.stats.mannwhitneyu with
alternative='two-sided', method='asymptotic' (tie and continuity corrections).
The bootstrap replicates LaunchTool's SplitMix64 draws exactly, so its
intervals are compared bit for bit.
"""
import json
import numpy as np
from scipy import stats

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def index(self, n):
        # Lemire's multiply-high: the high 64 bits of next() * n.
        return (self.next() * n) >> 64


def bootstrap(samples, statistic, resamples, seed, confidence):
    rng = SplitMix64(seed)
    n = len(samples)
    values = []
    for _ in range(resamples):
        draw = [samples[rng.index(n)] for _ in range(n)]
        values.append(statistic(np.array(draw)))
    alpha = (1 - confidence) / 2
    return [float(np.percentile(values, 100 * alpha)), float(np.percentile(values, 100 * (1 - alpha)))]


STATISTICS = {
    "median": lambda a: float(np.median(a)),
    "p90": lambda a: float(np.percentile(a, 90)),
    "mean": lambda a: float(np.mean(a)),
}

rng = np.random.default_rng(20240601)
samples = {
    "small": [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0, 5.0],
    "single": [42.0],
    "pair": [10.0, 20.0],
    "ties": [7.0, 7.0, 7.0, 8.0, 8.0, 9.0, 12.0, 7.0],
    "launchTimes": [round(float(v)) for v in rng.lognormal(np.log(4.0e8), 0.04, 25)],
    "withOutlier": [100.0, 101.0, 99.0, 102.0, 98.0, 100.0, 103.0, 97.0, 100.0, 160.0],
}
quantiles = [0, 1, 5, 10, 25, 33.3, 50, 75, 90, 95, 99, 100]

descriptive = []
for name, values in samples.items():
    a = np.array(values)
    entry = {
        "name": name,
        "samples": values,
        "n": len(values),
        "min": float(a.min()),
        "max": float(a.max()),
        "mean": float(a.mean()),
        "median": float(np.median(a)),
        "p90": float(np.percentile(a, 90)),
        "p95": float(np.percentile(a, 95)),
        "p99": float(np.percentile(a, 99)),
        "mad": float(stats.median_abs_deviation(a)),
        "scaledMAD": float(stats.median_abs_deviation(a, scale="normal")),
        "percentiles": {str(q): float(np.percentile(a, q)) for q in quantiles},
    }
    if len(values) > 1:
        entry["standardDeviation"] = float(a.std(ddof=1))
    descriptive.append(entry)

pairs = {
    "shifted": (samples["launchTimes"], [round(v * 1.08) for v in samples["launchTimes"][:20]]),
    "same": ([1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0]),
    "ties": ([1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0], [2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0]),
    "disjoint": ([1.0, 2.0, 3.0], [10.0, 11.0, 12.0, 13.0]),
    "unequal": ([12.5, 13.1, 11.8, 12.9, 14.2, 12.2], [15.0, 12.4, 16.1, 15.5, 14.9, 13.8, 17.2, 15.1, 14.4]),
}
mann_whitney = []
for name, (x, y) in pairs.items():
    res = stats.mannwhitneyu(x, y, alternative="two-sided", method="asymptotic")
    shift = float(np.median(np.subtract.outer(np.array(y), np.array(x))))
    mann_whitney.append({"name": name, "x": x, "y": y, "u": float(res.statistic), "p": float(res.pvalue),
                         "hodgesLehmannShift": shift})

seed = 0x5EED
boot = []
for name in ["small", "launchTimes", "withOutlier", "single"]:
    for statistic in ["median", "p90", "mean"]:
        lower, upper = bootstrap(samples[name], STATISTICS[statistic], 500, seed, 0.95)
        boot.append({"samples": name, "statistic": statistic, "resamples": 500, "seed": seed,
                     "confidence": 0.95, "lower": lower, "upper": upper})

first = SplitMix64(seed)
print(json.dumps({
    "schemaVersion": 1,
    "generator": "make_stats_fixtures.py, numpy %s, scipy %s" % (np.__version__, __import__("scipy").__version__),
    "splitMix64": {"seed": seed, "first": [str(first.next()) for _ in range(5)]},
    "descriptive": descriptive,
    "mannWhitney": mann_whitney,
    "bootstrap": boot,
}, indent=2, sort_keys=True))
