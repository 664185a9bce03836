"""A tournament's results by seat (``arena/by_seat.py``): each agent's win rate and mean score
from each seat, with the main table's intervals, in the command's table and its JSON."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kingdomino.arena.by_seat import by_seat
from kingdomino.arena.stats import clustered_mean_interval, wilson_interval
from kingdomino.arena.tournament import GameOutcome, summarise
from kingdomino.cli import app, normalise_argv

runner = CliRunner()


def three_seat_games() -> list[GameOutcome]:
    """Two deals of three seats, each in its three rotations: seat 0 wins when ``a`` holds it,
    else seat 1; seat 2 never does."""
    games = []
    for index in range(6):
        shift = index % 3
        seats = [["a", "b", "c"][(seat + shift) % 3] for seat in range(3)]
        scores = [40 + index if seats[0] == "a" else 20, 30, 25]
        winners = [seat for seat, score in enumerate(scores) if score == max(scores)]
        games.append(GameOutcome(index, 10 + index // 3, seats, scores, winners, 90, 1.0))
    return games


def test_each_agent_s_seats_add_up_to_its_row_with_the_table_s_intervals() -> None:
    games = three_seat_games()
    rows = by_seat(reversed(games))  # the order the games finished in changes nothing
    assert rows == by_seat(games)
    assert [(row.agent, row.seat, row.appearances) for row in rows] == [
        (agent, seat, 2) for agent in "abc" for seat in range(3)
    ]
    for total in summarise(games, bootstrap=0):
        own = [row for row in rows if row.agent == total.agent]
        assert sum(row.wins for row in own) == pytest.approx(total.wins)
        assert sum(row.mean_score for row in own) / 3 == pytest.approx(total.mean_score)
    first = rows[0]  # a from seat 0: both games won, at 40 and 43
    assert (first.wins, first.mean_score) == (2.0, 41.5)
    assert (first.win_low, first.win_high) == wilson_interval(2.0, 2)
    assert first.score_half_width == clustered_mean_interval([40.0, 43.0], [10, 11])[1] > 0
    assert [row.wins for row in rows if row.seat == 2] == [0, 0, 0]
    assert [row.wins for row in rows if row.seat == 1] == [2, 0, 2]  # b holds seat 1 only beside a


def test_the_tournament_of_four_prints_and_writes_each_agent_by_seat() -> None:
    args = ["tournament", "--agents", "random", "random", "random", "random", "--games", "8", "--seed", "2"]
    shown = runner.invoke(app, normalise_argv([*args, "--bootstrap", "0", "--json"]))
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout.strip().splitlines()[-1])
    names = ["random", "random#2", "random#3", "random#4"]
    assert [(row["agent"], row["seat"]) for row in data["by_seat"]] == [
        (name, seat) for name in names for seat in range(4)
    ]
    assert all(row["appearances"] == 2 for row in data["by_seat"])
    for total in data["agents"]:
        own = [row for row in data["by_seat"] if row["agent"] == total["agent"]]
        assert sum(row["wins"] for row in own) == pytest.approx(total["wins"])
        assert all(0.0 <= row["win_low"] <= row["wins"] / 2 <= row["win_high"] <= 1.0 for row in own)
    table = runner.invoke(app, normalise_argv([*args, "--bootstrap", "0"]))
    assert table.exit_code == 0, table.output
    said = table.stdout
    assert "By seat: each agent from each seat it played" in said and "seat 0 is a game's first seat" in said
    seat_lines = [line for line in said.splitlines() if line.startswith("│") and "±" in line]
    assert len(seat_lines) == 4 + 16, said  # the main table's rows, then 16 seats' (two deals: ±)
