"""Paired comparison of two tournaments: pairing by game index and seat, refusals, the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino.arena.compare import compare
from kingdomino.arena.executors import run_games
from kingdomino.arena.tournament import GameOutcome, ResultsFile, TournamentConfig, read_results
from kingdomino.cli import app
from kingdomino.core.game import GameError

FIRST = TournamentConfig("kingdomino", 3, {}, ["greedy", "mce:iterations=200", "random"], 6, 4)
SECOND = TournamentConfig("kingdomino", 3, {}, ["greedy", "mce:iterations=800", "random"], 6, 4)


def outcome(config: TournamentConfig, index: int, scores: list[int], winners: list[int]) -> GameOutcome:
    """Game ``index`` of ``config`` with the agent list rotated as the tournament seats it."""
    shift = index % config.players
    seats = [config.agents[(seat + shift) % config.players] for seat in range(config.players)]
    return GameOutcome(index, config.seed + index // config.players, seats, scores, winners, 100, 1.0)


# The compared agent (position 1) sits at seat 1, 0, 2 in games 0, 1, 2.
FIRST_GAMES = [
    outcome(FIRST, 0, [30, 50, 20], [1]),  # 50, wins
    outcome(FIRST, 1, [40, 35, 40], [0, 2]),  # 40, shares the win with seat 2: 1/2
    outcome(FIRST, 2, [45, 20, 30], [0]),  # 30, loses
]
SECOND_GAMES = [
    outcome(SECOND, 0, [30, 56, 20], [1]),  # 56 (+6), wins (+0)
    outcome(SECOND, 1, [44, 35, 40], [0]),  # 44 (+4), wins alone (+1/2)
    outcome(SECOND, 2, [45, 20, 25], [0]),  # 25 (-5), loses (+0)
    outcome(SECOND, 3, [60, 20, 25], [0]),  # not in the first tournament: unpaired
]


def test_games_are_paired_by_index_and_the_compared_agents_seat() -> None:
    result = compare(FIRST, FIRST_GAMES, SECOND, SECOND_GAMES)
    assert (result.position, result.first, result.second) == (1, "mce:iterations=200", "mce:iterations=800")
    assert result.games == 3
    assert (result.first_mean, result.second_mean) == pytest.approx((40.0, 125 / 3))
    assert result.score_difference == pytest.approx(5 / 3)
    # The three games are the three rotations of one deal (seed 4): one independent draw, so
    # no spread to measure (two deals in the test below).
    assert result.score_half_width == 0.0
    assert (result.first_win_rate, result.second_win_rate) == pytest.approx((0.5, 2 / 3))
    assert result.win_difference == pytest.approx(1 / 6)
    assert (result.second_better, result.second_worse) == (2, 1)


def test_the_intervals_count_deals_not_games() -> None:
    # Two players: games 0-1 are deal 4, games 2-3 deal 5. The compared agent (position 1) sits
    # at seat 1, 0, 1, 0. Differences 6, 2 on deal 4 and -4, -2 on deal 5: the deal means 4, -3.
    first = TournamentConfig("kingdomino", 2, {}, ["greedy", "mce:iterations=200"], 4, 4)
    second = TournamentConfig("kingdomino", 2, {}, ["greedy", "mce:iterations=800"], 4, 4)
    a = [outcome(first, i, s, [0]) for i, s in enumerate([[50, 30], [30, 40], [50, 30], [30, 40]])]
    b = [outcome(second, i, s, [0]) for i, s in enumerate([[50, 36], [32, 40], [50, 26], [28, 40]])]
    result = compare(first, a, second, b)
    assert result.score_difference == pytest.approx(0.5)
    # Two deals: t with 1 degree of freedom on the deal means 4 and -3 (sd 4.95), over sqrt(2).
    assert result.score_half_width == pytest.approx(12.706205 * (49 / 2) ** 0.5 / 2**0.5)


def test_a_named_position_compares_that_agent() -> None:
    result = compare(FIRST, FIRST_GAMES, SECOND, SECOND_GAMES, position=0)
    assert (result.first, result.second) == ("greedy", "greedy")
    # greedy sits at seats 0, 2, 1 of games 0-2: 30, 40, 20 in both tournaments.
    means = (result.first_mean, result.second_mean, result.score_difference)
    assert means == pytest.approx((30.0, 30.0, 0.0))


@pytest.mark.parametrize(
    ("second", "message"),
    [
        (TournamentConfig("kingdomino", 3, {}, SECOND.agents, 6, 5), "seed: the tournaments differ"),
        (TournamentConfig("origins", 3, {}, SECOND.agents, 6, 4), "game: the tournaments differ"),
        (TournamentConfig("kingdomino", 3, {"harmony": True}, SECOND.agents, 6, 4), "options: the"),
        (TournamentConfig("kingdomino", 3, {}, ["random", "mcts", "random"], 6, 4), "at positions 0, 1"),
        (FIRST, "differ at no position"),
    ],
)
def test_tournaments_on_other_deals_or_agents_are_refused(second: TournamentConfig, message: str) -> None:
    with pytest.raises(GameError, match=message):
        compare(FIRST, FIRST_GAMES, second, SECOND_GAMES)


def test_a_changed_agent_is_not_paired_against_changed_opponents() -> None:
    # Position 1 changes from mce 200 to 800, and its opponent at 2 from random to heuristic.
    other = TournamentConfig("kingdomino", 3, {}, ["greedy", "mce:iterations=800", "heuristic"], 6, 4)
    with pytest.raises(GameError, match="agent at 1 differs, and so do the opponents at 2"):
        compare(FIRST, FIRST_GAMES, other, SECOND_GAMES, position=1)
    with pytest.raises(GameError, match="positions 1, 2; name the position"):
        compare(FIRST, FIRST_GAMES, other, SECOND_GAMES)


def test_nothing_to_pair_and_foreign_seating_are_refused() -> None:
    with pytest.raises(GameError, match="no game index in common"):
        compare(FIRST, FIRST_GAMES, SECOND, SECOND_GAMES[3:])
    shuffled = [GameOutcome(0, 4, ["mce:iterations=800", "greedy", "random"], [1, 2, 3], [2], 9, 1.0)]
    with pytest.raises(GameError, match="game 0: seat 1 holds 'greedy'"):
        compare(FIRST, FIRST_GAMES, SECOND, shuffled)
    with pytest.raises(GameError, match=r"position: expected 0\.\.2, got 3"):
        compare(FIRST, FIRST_GAMES, SECOND, SECOND_GAMES, position=3)


def test_two_played_tournaments_compare_from_their_files(tmp_path: Path) -> None:
    configs = [
        TournamentConfig("kingdomino", 2, {}, [spec, "greedy"], 4, 3)
        for spec in ("mce:iterations=3,playout=random", "mce:iterations=3,playout=greedy")
    ]
    paths = []
    for number, config in enumerate(configs):
        path = tmp_path / f"{number}.jsonl"
        results = ResultsFile(path, config)
        results.start([])
        for game in run_games(config, range(4), "local", 1):
            results.append(game)
        paths.append(path)
    with paths[1].open("a") as out:
        out.write('{"index": 4, "se')  # a torn last line is left out
    loaded = [read_results(path) for path in paths]
    assert [len(games) for _, games in loaded] == [4, 4]
    result = compare(*loaded[0], *loaded[1])
    own = [[g.scores[g.seats.index(config.agents[0])] for g in games] for config, games in loaded]
    assert result.games == 4
    assert result.score_difference == pytest.approx(sum(b - a for a, b in zip(*own)) / 4)

    shown = CliRunner().invoke(app, ["compare", str(paths[0]), str(paths[1])])
    assert shown.exit_code == 0, shown.output
    assert "4 paired games, agent 0 of the list" in shown.output
    assert f"{result.score_difference:+.2f}" in shown.output
    as_json = CliRunner().invoke(app, ["compare", str(paths[0]), str(paths[1]), "--json"])
    assert json.loads(as_json.output)["games"] == 4


def test_the_command_names_a_bad_file(tmp_path: Path) -> None:
    missing = CliRunner().invoke(app, ["compare", str(tmp_path / "none.jsonl"), str(tmp_path / "none.jsonl")])
    assert missing.exit_code != 0
    assert "none.jsonl: No such file or directory" in missing.output
    not_results = tmp_path / "other.jsonl"
    not_results.write_text('{"record": 1}\n')
    refused = CliRunner().invoke(app, ["compare", str(not_results), str(not_results)])
    assert refused.exit_code != 0
    assert "other.jsonl: the first line is not a tournament header" in refused.output


def compared(tmp_path: Path, first: list[tuple[int, int]], second: list[tuple[int, int]]) -> str:
    """The ``compare`` command's words for two 2-seat tournaments of 4 games (2 deals) whose
    agent 0 scored ``(own, opponent's)`` in each game, the higher score winning."""
    paths = []
    for number, (spec, scores) in enumerate((("random", first), ("heuristic", second))):
        config = TournamentConfig("kingdomino", 2, {}, [spec, "greedy"], 4, 1)
        path = tmp_path / f"{number}.jsonl"
        results = ResultsFile(path, config)
        results.start([])
        for index, (own, other) in enumerate(scores):
            seat = index % 2  # agent 0 sits at seat 0, then 1
            pair = [own, other] if seat == 0 else [other, own]
            results.append(outcome(config, index, pair, [seat if own > other else 1 - seat]))
        paths.append(path)
    shown = CliRunner().invoke(app, ["compare", *map(str, paths)], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    return " ".join(shown.output.split())


def test_a_column_alike_in_every_game_or_deal_has_no_zero_width_interval(tmp_path: Path) -> None:
    """Both agents lost every game, on other scores: the win column read ``+0.0 ± 0.0 points``,
    a zero-width interval that reads as a difference known exactly; it says in words that the
    win shares were the same in every game."""
    text = compared(
        tmp_path, [(10, 30), (12, 30), (14, 30), (16, 30)], [(11, 30), (15, 30), (14, 30), (24, 30)]
    )
    assert "± 0.0" not in text, text
    assert "The win share was the same for both agents in every game: no difference to measure." in text
    assert "+3.00 ± " in text, text

    swept = tmp_path / "swept"
    swept.mkdir()
    text = compared(swept, [(10, 30), (12, 30), (14, 30), (16, 30)], [(31, 30), (33, 30), (35, 30), (37, 30)])
    assert "+100.0 points" in text and "± 0.0" not in text, text
    assert "No interval for the win share difference: every deal gave the same difference" in text
