"""The tournament's Elo and its intervals on tables small enough to work out by hand.

The fit (``arena/elo.py``) adds one virtual drawn game between every two agents that met (half a
point to each), so 3 wins in 4 are fitted as 3.5 in 5: odds 7/3, a gap of 400 log10(7/3). Its
95 % interval is the bootstrap over deals: with two deals, a resample is both deals (half the
time), the first twice or the second twice (a quarter each), whose gaps are worked out alike.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, replace
from pathlib import Path

from typer.testing import CliRunner

from kingdomino.arena.elo import alike_note, fit, pairwise
from kingdomino.arena.ladder import LadderConfig, ladder_markdown
from kingdomino.arena.stats import ALIKE_MEANS
from kingdomino.arena.tournament import GameOutcome, TournamentConfig, summarise
from kingdomino.cli import app, normalise_argv

runner = CliRunner()


def elo_gap(points: float, games: float) -> float:
    """The Elo gap of ``points`` won in ``games`` between two agents, the virtual draw added."""
    won = points + 0.5
    return 400.0 * math.log10(won / (games + 1.0 - won))


def game(index: int, seats: list[str], scores: list[int], winners: list[int]) -> GameOutcome:
    return GameOutcome(index, 1 + index // len(seats), seats, scores, winners, 50, 0.0)


#: Deal 1: ``a`` wins from both seats; deal 2: each wins from the first seat. ``a`` won 3 of 4.
TABLE = [
    game(0, ["a", "b"], [30, 20], [0]),
    game(1, ["b", "a"], [18, 25], [1]),
    game(2, ["a", "b"], [28, 22], [0]),
    game(3, ["b", "a"], [31, 19], [0]),
]


def test_a_games_pairwise_results_rank_the_winners_then_the_scores() -> None:
    """Three seats give three pairs; the tie-break's winner beats a seat of the same score, and
    winners who share first place draw."""
    tie_broken = GameOutcome(0, 1, ["a", "b", "c"], [30, 30, 10], [1], 60, 0.0)
    assert pairwise(tie_broken) == [("a", "b", 0.0), ("a", "c", 1.0), ("b", "c", 1.0)]
    shared = GameOutcome(0, 1, ["a", "b", "c"], [30, 30, 10], [0, 1], 60, 0.0)
    assert pairwise(shared) == [("a", "b", 0.5), ("a", "c", 1.0), ("b", "c", 1.0)]


def test_the_tournaments_elo_and_interval_are_the_hand_computed_ones() -> None:
    rows = {row.agent: row for row in summarise(TABLE, bootstrap=200, seed=1)}
    a, b = rows["a"], rows["b"]
    assert math.isclose(a.elo or 0, 1500 + elo_gap(3, 4) / 2) and math.isclose(
        b.elo or 0, 1500 - elo_gap(3, 4) / 2
    )
    # The resamples: deal 2 twice (2 of 4: level), both deals (3 of 4), deal 1 twice (4 of 4).
    # Each has a quarter or more of the mass, so the 2.5th and 97.5th percentiles are the extremes.
    assert math.isclose(a.elo_low or 0, 1500) and math.isclose(a.elo_high or 0, 1500 + elo_gap(4, 4) / 2)
    assert math.isclose(b.elo_low or 0, 1500 - elo_gap(4, 4) / 2) and math.isclose(b.elo_high or 0, 1500)
    assert (a.won, a.drawn, a.lost, a.wins, a.appearances) == (3, 0, 1, 3.0, 4)
    assert (a.mean_score, b.mean_score) == (25.5, 22.75)  # (30 + 25 + 28 + 19) / 4, (20 + 18 + 22 + 31) / 4


def test_a_hand_written_results_file_resumes_and_is_summarised_so(tmp_path: Path) -> None:
    """The same table written as a results file: the command plays nothing and prints the hand's
    figures, from the file alone."""
    out = tmp_path / "hand.jsonl"
    config = TournamentConfig("kingdomino", 2, {}, ["random", "greedy"], 4, 1)
    named = {"a": "random", "b": "greedy"}
    games = [replace(outcome, seats=[named[seat] for seat in outcome.seats]) for outcome in TABLE]
    written = "".join(
        json.dumps(line) + "\n" for line in [{"tournament": config.to_json()}, *map(asdict, games)]
    )
    out.write_text(written)
    args = ["tournament", "--agents", "random", "greedy", "--games", "4", "--out", str(out), "--json"]
    shown = runner.invoke(app, normalise_argv(args))
    assert shown.exit_code == 0, shown.output
    said = "".join(shown.stderr.split())  # the line wraps where the terminal ends, the path too
    assert said == "".join(f"Resuming: 4 games already in {out}, 0 to play.".split()), said
    rows = {row["agent"]: row for row in json.loads(shown.stdout.strip().splitlines()[-1])["agents"]}
    assert math.isclose(rows["random"]["elo"], 1500 + elo_gap(3, 4) / 2)
    assert math.isclose(rows["random"]["elo_high"], 1500 + elo_gap(4, 4) / 2)
    assert out.read_text() == written  # nothing played, nothing lost


def test_a_clean_sweep_in_every_deal_gives_no_interval_rather_than_a_zero_width_one() -> None:
    """Every resample of deals that all ended alike is the full table again: the interval was
    [1746, 1746] after 8 games of ``greedy`` against ``random``, which reads as a rating known
    exactly. The rating stays; the interval is ``None`` (``-``), and the table says why."""
    sweep = [game(i, ["a", "b"] if i % 2 == 0 else ["b", "a"], [30, 20], [i % 2]) for i in range(8)]
    result = fit(sweep, anchor=None, bootstrap=50)
    assert result.resamples_alike and not result.elo_intervals
    assert result.interval_text(result.ratings[0]) == "-"
    assert result.missing_intervals(2) == alike_note()
    # 30 and 20 in each deal (seats swapped): the mean scores have no spread, shown alone and said
    # why (not ± 0.0).
    assert result.score_text(result.ratings[0]) == "25.0"
    assert result.alike_scores() == ALIKE_MEANS.format(unit="deal")
    rows = {row.agent: row for row in summarise(sweep, bootstrap=50)}
    assert math.isclose(rows["a"].elo or 0, 1500 + elo_gap(8, 8) / 2)
    assert rows["a"].elo_low is None and rows["a"].elo_high is None
    # One deal that ends otherwise and the resamples differ: the intervals are back.
    varied = fit([*sweep[:6], game(6, ["a", "b"], [20, 30], [1]), sweep[7]], anchor=None, bootstrap=50)
    assert not varied.resamples_alike and varied.elo_intervals
    assert "±" in varied.score_text(varied.ratings[0]) and varied.alike_scores() is None


def test_the_tournament_table_says_why_a_sweep_has_no_elo_interval() -> None:
    args = ["tournament", "--agents", "greedy", "random", "--games", "4", "--seed", "1", "--bootstrap", "20"]
    shown = runner.invoke(app, normalise_argv(args), env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "No Elo intervals: every deal ended alike" in " ".join(shown.output.split())


def test_the_ladder_pages_say_the_virtual_draw_the_fit_adds() -> None:
    """The pages said "0.5 virtual draws per pair" where the fit adds one drawn game (half a point
    to each): a hand computation from the words gave another gap than the table (3 wins in 4: 3.25
    of 4.5, 183 Elo, against the fit's 147). The pages say what the fit does, and so does the
    ladder's doc."""
    docs = Path(__file__).resolve().parents[2] / "docs"
    result = fit(TABLE, anchor=None, bootstrap=0)
    gap = result.ratings[0].elo - result.ratings[1].elo
    assert math.isclose(gap, elo_gap(3, 4)) and round(gap) == 147
    config = LadderConfig("kingdomino", 2, {}, ["a", "b"], 4, 1)
    said = "1 virtual drawn game per pair, 0.5 point to each"
    assert said in ladder_markdown(config, result, "hand")
    for page in sorted(docs.glob("ladder-*.md")):
        assert said in page.read_text(encoding="utf-8"), page.name
    assert "3 wins in 4 are\n  fitted as 3.5 in 5, odds 7/3, 147 Elo" in (docs / "ladder.md").read_text(
        encoding="utf-8"
    )
