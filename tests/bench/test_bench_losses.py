"""The loss summary of ``bench/bench_losses.py``: figures from results alone, checked by hand."""

from __future__ import annotations

from tests.bench.scripts import game, load_bench


def test_losses_are_summed_up_by_score_seat_and_deal() -> None:
    bench_losses = load_bench("bench_losses")
    outcomes = [
        # deal 7, both rotations: won once, lost once by 3 (a close loss)
        game(0, 7, ["hard", "fg", "fg"], [70, 60, 50], [0]),
        game(1, 7, ["fg", "hard", "fg"], [63, 60, 40], [0]),
        # deal 8: lost in every game, once by 20, once in a tie for first (a shared win is no loss)
        game(2, 8, ["hard", "fg", "fg"], [50, 70, 40], [1]),
        game(3, 8, ["fg", "hard", "fg"], [80, 55, 60], [0]),
        game(4, 9, ["fg", "fg", "hard"], [66, 40, 66], [0, 2]),
    ]
    lines = bench_losses.loss_summary("hard", outcomes)
    assert lines == [
        "mean score 60.2 over all games, 55.0 in the 3 lost; the winners there 71.0 (63 to 80)",
        "lost by 5 points or less: 1 of 3",
        "wins by seat: seat 0 1/2, seat 1 0/2, seat 2 0.5/1",
        "deals lost in every one of their games: 1 of 3; deals never lost: 1",
        "win rate with every score higher by 0, 2, 4, 6, 8, 10 points: 30, 40, 60, 60, 60, 60 %",
    ]
    # 3 points more: game 1 ties for first (shared), game 4's tie becomes a win, deal 8 stays lost.
    assert bench_losses.win_share_if_higher("hard", outcomes, 3) == (1 + 0.5 + 0 + 0 + 1) / 5


def test_an_agent_that_never_lost_or_never_played() -> None:
    bench_losses = load_bench("bench_losses")
    outcomes = [game(0, 1, ["a", "b"], [60, 50], [0])]
    assert bench_losses.loss_summary("a", outcomes)[0] == "mean score 60.0; no game lost"
    assert bench_losses.loss_summary("c", outcomes) == ["c played no game here"]
