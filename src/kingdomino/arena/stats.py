"""Honest statistics for tournaments: Wilson intervals, mean intervals, Elo from pairwise results.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 4), round(high, 4)
(0.4902, 0.9433)
>>> mean, half = mean_interval([1.0, 2.0, 3.0, 4.0])
>>> mean, round(half, 4)
(2.5, 2.0543)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

Z_95 = 1.959963984540054

#: Student's t, 97.5th percentile, for 1 to 30 degrees of freedom (a 95 % two-sided interval).
_T_95 = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004, 2.262157,
    2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905, 2.109816, 2.100922,
    2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899, 2.059539, 2.055529, 2.051831,
    2.048407, 2.045230, 2.042272,
)  # fmt: skip


def t_quantile(df: int) -> float:
    """The 97.5th percentile of Student's t with ``df`` degrees of freedom: the factor of a 95 %
    interval of a mean from ``df + 1`` values (the normal 1.96 is too narrow for few games).

    >>> round(t_quantile(11), 4), round(t_quantile(100), 4)
    (2.201, 1.984)
    """
    if df < 1:
        raise ValueError(f"df: expected at least 1, got {df}")
    if df <= len(_T_95):
        return _T_95[df - 1]
    z = Z_95  # Cornish-Fisher expansion in 1/df: within 1e-5 from 31 degrees of freedom on
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


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


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % interval (Student's t, sample deviation)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, 0.0)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, t_quantile(n - 1) * math.sqrt(variance / n))


def clustered_mean_interval(values: Sequence[float], clusters: Sequence[Hashable]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95 % interval when the values of one
    cluster are not independent (the games of one deal: the same dominoes in every rotation;
    an agent's seats in one game).

    The variance is the cluster-robust one: the sum over clusters of the squared sum of their
    deviations from the mean, times G / (G - 1), over N squared; Student's t with G - 1 degrees of
    freedom. With one value per cluster it is :func:`mean_interval`; with equal clusters, the
    interval of the clusters' means. A single cluster has no spread to measure: half-width 0.

    >>> mean, half = clustered_mean_interval([30.0, 34.0, 20.0, 24.0], [1, 1, 2, 2])
    >>> mean, round(half, 4), round(mean_interval([32.0, 22.0])[1], 4)
    (27.0, 63.531, 63.531)
    """
    if len(values) != len(clusters):
        raise ValueError(f"clusters: expected one per value ({len(values)}), got {len(clusters)}")
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    residuals: dict[Hashable, float] = {}
    for value, cluster in zip(values, clusters):
        residuals[cluster] = residuals.get(cluster, 0.0) + value - mean
    groups = len(residuals)
    if groups == 1:
        return (mean, 0.0)
    variance = groups / (groups - 1) * sum(r * r for r in residuals.values()) / (n * n)
    return (mean, t_quantile(groups - 1) * math.sqrt(variance))


#: Under a table where some mean score was the same in every deal (or game): why it has no ±.
ALIKE_MEANS = "A mean score without ± was the same in every {unit}: no spread to measure."


def mean_text(mean: float, half_width: float, draws: int) -> str:
    """A mean with its 95 % half-width as a table shows it, or alone where it has none: a single
    draw, or draws that all gave the same value (a zero-width interval would read as a mean
    known exactly).

    >>> mean_text(29.0, 1.25, 2), mean_text(29.0, 0.0, 2), mean_text(29.0, 0.0, 1)
    ('29.0 ± 1.2', '29.0', '29.0')
    """
    return f"{mean:.1f} ± {half_width:.1f}" if draws > 1 and half_width > 0 else f"{mean:.1f}"


def bradley_terry(
    results: Iterable[tuple[str, str, float]],
    prior: float = 0.5,
    tolerance: float = 1e-10,
    max_iterations: int = 100_000,
) -> dict[str, float]:
    """Maximum-likelihood Bradley-Terry strengths (natural log, mean 0) of pairwise results.

    ``results``: ``(a, b, score of a)``, score 1, 0.5 or 0 (or any share). ``2 * prior`` virtual
    drawn games are added between every two agents that met (``prior`` points to each). With no
    prior, 3 wins in 4 give odds 3:

    >>> strengths = bradley_terry([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)], prior=0.0)
    >>> round(strengths["a"] - strengths["b"], 6) == round(math.log(3), 6)
    True
    """
    wins: dict[str, float] = {}
    meetings: dict[tuple[str, str], float] = {}
    for a, b, score in results:
        wins[a] = wins.get(a, 0.0) + score
        wins[b] = wins.get(b, 0.0) + 1.0 - score
        pair = (a, b) if a < b else (b, a)
        meetings[pair] = meetings.get(pair, 0.0) + 1.0
    names = sorted(wins)
    if not names:
        return {}
    for a, b in meetings:
        meetings[a, b] += 2.0 * prior
        wins[a] += prior
        wins[b] += prior
    opponents: dict[str, list[tuple[str, float]]] = {name: [] for name in names}
    for (a, b), count in meetings.items():
        opponents[a].append((b, count))
        opponents[b].append((a, count))
    strength = dict.fromkeys(names, 1.0)
    for _ in range(max_iterations):
        updated = {}
        for name in names:
            denominator = sum(count / (strength[name] + strength[other]) for other, count in opponents[name])
            # an agent that never scored keeps a tiny strength (its rating is then -infinity-like)
            updated[name] = max(wins[name], 1e-300) / denominator if denominator else strength[name]
        log_mean = sum(math.log(v) for v in updated.values()) / len(names)
        updated = {n: v / math.exp(log_mean) for n, v in updated.items()}
        change = max(abs(math.log(updated[n]) - math.log(strength[n])) for n in names)
        strength = updated
        if change < tolerance:
            break
    return {name: math.log(value) for name, value in strength.items()}


def elo_ratings(outcomes: Sequence[tuple[str, str, float]], prior_draws: float = 0.5) -> dict[str, float]:
    """Elo ratings centred on 1500: the ladder's fit (:func:`bradley_terry`, ``prior_draws`` points
    to each of every two agents that met, in virtual drawn games) without its anchor and intervals.

    With one virtual drawn game (``prior_draws`` 0.5, half a point each), 3 wins in 4 become 3.5
    in 5: odds 7/3, a gap of 400 log10(7/3):

    >>> ratings = elo_ratings([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    >>> round(ratings["a"] - ratings["b"])
    147
    """
    factor = 400.0 / math.log(10.0)
    return {name: 1500.0 + factor * value for name, value in bradley_terry(outcomes, prior_draws).items()}
