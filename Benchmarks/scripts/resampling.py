"""The bootstrap the benchmark scripts share: an interval over rounds, each round resampled
whole, so a slow stretch of the machine moves every setting of a round together."""
import random


def round_interval(statistic, rounds, resamples=2000, seed=17):
    """The 95 % percentile interval of `statistic(picks)` over `resamples` draws of `rounds`
    round indices with replacement (seeded: the same data give the same interval)."""
    generator = random.Random(seed)
    values = sorted(statistic([generator.randrange(rounds) for _ in range(rounds)]) for _ in range(resamples))
    return values[int(0.025 * resamples)], values[int(0.975 * resamples) - 1]
