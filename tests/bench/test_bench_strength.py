"""The summary ``bench/bench_strength.py`` prints: a mean score's interval only where there is
a spread of deals to measure (a single deal's ``± 0.0`` read as a mean known exactly)."""

from __future__ import annotations

from tests.bench.scripts import game, load_bench


def test_one_deal_gives_the_means_alone_and_says_how_to_get_an_interval() -> None:
    lines = load_bench("bench_strength").summary_lines(
        [game(0, 5, ["hard", "greedy"], [60, 40], [0]), game(1, 5, ["greedy", "hard"], [45, 55], [1])], 2
    )
    assert lines == [
        "  hard                         win rate 100.0 % [ 34.2, 100.0]  mean score   57.5",
        "  greedy                       win rate   0.0 % [  0.0,  65.8]  mean score   42.5",
        "  one deal only: no interval for the mean scores; --games 4 or more plays two deals",
    ]


def test_two_deals_give_each_mean_its_interval() -> None:
    outcomes = [
        game(0, 5, ["hard", "greedy"], [60, 40], [0]),
        game(1, 5, ["greedy", "hard"], [45, 55], [1]),
        game(2, 6, ["hard", "greedy"], [50, 52], [1]),
        game(3, 6, ["greedy", "hard"], [41, 49], [1]),
    ]
    lines = load_bench("bench_strength").summary_lines(outcomes, 2)
    assert len(lines) == 2 and all(" ± " in line for line in lines)
    assert lines[0].startswith("  hard ") and "mean score   53.5 ± " in lines[0]
