"""Honest statistics for tournaments: Wilson intervals, mean intervals, Elo from pairwise results.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> mean, half = mean_interval([1.0, 2.0, 3.0, 4.0])
>>> mean, round(half, 4)
(2.5, 1.2652)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion; fractional successes (shared wins) allowed."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, float]:
    """The mean and the half-width of its normal-approximation interval (sample deviation)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, z * math.sqrt(variance / n))


def elo_ratings(
    outcomes: Sequence[tuple[str, str, float]], prior_draws: float = 1.0, iterations: int = 500
) -> dict[str, float]:
    """Elo ratings (mean 1500) fitted to pairwise results by Bradley-Terry maximum likelihood.

    ``outcomes``: ``(a, b, score of a)`` with score 1 (a won), 0.5 (tie) or 0. Every pair of
    players that met also gets ``prior_draws`` virtual draws, so a clean sweep gives a large
    but finite rating gap.

    With one virtual draw, 3 wins in 4 become 4 in 6: odds 2, a gap of 400 log10(2):

    >>> ratings = elo_ratings([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    >>> round(ratings["a"] - ratings["b"])
    120
    """
    names = sorted({n for a, b, _ in outcomes for n in (a, b)})
    if not names:
        return {}
    wins = {n: 0.0 for n in names}
    games: dict[tuple[str, str], float] = {}
    for a, b, score in outcomes:
        wins[a] += score
        wins[b] += 1.0 - score
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + 1.0
    for key in games:
        games[key] += 2 * prior_draws
        wins[key[0]] += prior_draws
        wins[key[1]] += prior_draws
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        updated = {}
        for name in names:
            denominator = 0.0
            for (a, b), count in games.items():
                if name in (a, b):
                    other = b if name == a else a
                    denominator += count / (strength[name] + strength[other])
            updated[name] = wins[name] / denominator if denominator else strength[name]
        log_mean = sum(math.log(v) for v in updated.values()) / len(names)
        strength = {n: v / math.exp(log_mean) for n, v in updated.items()}
    return {n: 1500.0 + 400.0 * math.log10(v) for n, v in strength.items()}
