"""Tournament statistics checked against values computed by hand."""

from __future__ import annotations

import math

import pytest

from kingdomino.arena.stats import (
    clustered_mean_interval,
    elo_ratings,
    mean_interval,
    t_quantile,
    wilson_interval,
)


def test_wilson_interval_matches_hand_computation() -> None:
    # p = 0.8, n = 10, z = 1.96: centre (0.8 + 0.19208) / 1.38415, half 1.96 * 0.16 / 1.38415
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_edges_and_shared_wins() -> None:
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson_interval(20, 20)
    assert high == 1.0 and low == pytest.approx(0.8389, abs=1e-4)
    low, high = wilson_interval(2.5, 5)  # shared wins count as fractions
    assert (low + high) / 2 == pytest.approx(0.5)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_mean_interval_uses_the_sample_deviation_and_students_t() -> None:
    # Three values: 2 degrees of freedom, t = 4.3027 (the normal 1.96 gave a 46 % too narrow
    # interval, which covers the mean in 81 % of samples, not 95 %).
    mean, half = mean_interval([10.0, 12.0, 14.0])
    assert mean == 12.0
    assert half == pytest.approx(4.302653 * 2.0 / math.sqrt(3))
    assert mean_interval([5.0]) == (5.0, 0.0)


@pytest.mark.parametrize(
    ("df", "quantile"),
    [(1, 12.7062), (5, 2.5706), (11, 2.2010), (30, 2.0423), (31, 2.0395), (60, 2.0003), (1000, 1.9623)],
)
def test_t_quantiles_match_the_tables(df: int, quantile: float) -> None:
    assert t_quantile(df) == pytest.approx(quantile, abs=1e-4)


def test_clustered_interval_counts_clusters_not_values() -> None:
    # Two deals played in two rotations each: the interval is that of the two deals' means.
    values, deals = [30.0, 34.0, 20.0, 24.0, 40.0, 42.0], [1, 1, 2, 2, 3, 3]
    mean, half = clustered_mean_interval(values, deals)
    assert mean == pytest.approx(190 / 6)
    assert half == pytest.approx(mean_interval([32.0, 22.0, 41.0])[1])
    assert half > mean_interval(values)[1]  # the games as independent draws: too narrow here
    # One value per cluster: the plain interval.
    assert clustered_mean_interval(values, range(6)) == pytest.approx(mean_interval(values))
    # Unequal clusters: sum over clusters of their summed deviations, squared (by hand).
    mean, half = clustered_mean_interval([1.0, 2.0, 6.0], ["a", "a", "b"])
    assert mean == 3.0
    assert half == pytest.approx(12.706205 * math.sqrt(2 * ((-2 - 1) ** 2 + 3**2) / 9))
    assert clustered_mean_interval([1.0, 2.0], ["a", "a"]) == (1.5, 0.0)


def test_elo_gap_follows_the_odds() -> None:
    # 3 wins, 1 loss, plus one virtual drawn game: 3.5 of 5, odds 7/3 -> 400 log10(7/3) = 147.2
    ratings = elo_ratings([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * math.log10(7 / 3), abs=0.01)
    one_draw = elo_ratings([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)], prior_draws=1.0)
    assert one_draw["a"] - one_draw["b"] == pytest.approx(400 * math.log10(2), abs=0.01)
    assert (ratings["a"] + ratings["b"]) / 2 == pytest.approx(1500)


def test_elo_is_transitive_and_symmetric() -> None:
    outcomes = [("a", "b", 1.0)] * 6 + [("b", "c", 1.0)] * 6 + [("a", "c", 1.0)] * 6
    ratings = elo_ratings(outcomes)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert ratings["a"] - ratings["b"] == pytest.approx(ratings["b"] - ratings["c"], abs=1.0)
    even = elo_ratings([("x", "y", 0.5)] * 10)
    assert even["x"] == pytest.approx(even["y"])
