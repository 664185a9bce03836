"""The tournament and analyse commands."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kingdomino.agents import make_agent
from kingdomino.arena.match import play_game
from kingdomino.arena.tournament import GameOutcome, ResultsFile, TournamentConfig
from kingdomino.cli import app, normalise_argv
from kingdomino.games.registry import make_game

runner = CliRunner()


def test_tournament_table_and_resume(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = normalise_argv(
        [
            "tournament",
            "--agents",
            "greedy",
            "random",
            "random",
            "--games",
            "3",
            "--seed",
            "2",
            "--out",
            str(out),
        ]
    )
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "win rate" in first.output and "greedy" in first.output
    assert len(out.read_text().splitlines()) == 4
    more = normalise_argv(
        [
            "tournament",
            "--agents",
            "greedy",
            "random",
            "random",
            "--games",
            "6",
            "--seed",
            "2",
            "--out",
            str(out),
            "--json",
        ]
    )
    second = runner.invoke(app, more)
    assert second.exit_code == 0, second.output
    summary = json.loads(second.stdout.strip().splitlines()[-1])
    assert sum(row["appearances"] for row in summary["agents"]) == 18
    assert len(out.read_text().splitlines()) == 7


def test_the_tournament_says_which_elo_scale_it_prints() -> None:
    args = normalise_argv(["tournament", "--agents", "greedy", "random", "heuristic", "--games", "3"])
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    words = " ".join(shown.output.split())
    assert "Elo: the ladder's Bradley-Terry fit to the pairwise results within games, mean 1500" in words
    assert "kingdomino ladder puts random at 0" in words


def test_the_tournament_table_gives_elo_intervals_and_won_drawn_lost() -> None:
    # greedy wins 3 of 4 against heuristic on these deals (a sweep would have no interval)
    args = ["tournament", "--agents", "greedy", "heuristic", "--games", "4", "--bootstrap", "20", "--json"]
    shown = runner.invoke(app, normalise_argv(args))
    assert shown.exit_code == 0, shown.output
    rows = json.loads(shown.stdout.strip().splitlines()[-1])["agents"]
    for row in rows:
        assert row["elo_low"] <= row["elo"] <= row["elo_high"]
        assert row["record"] == f"{row['won']}-{row['drawn']}-{row['lost']}"
        assert row["won"] + row["drawn"] + row["lost"] == 4  # with 2 seats: the games
    table = runner.invoke(app, normalise_argv(args[:-1]))
    assert table.exit_code == 0, table.output
    for words in ("Elo", "95 % CI", "W-D-L", "intervals from 20 bootstrap resamples of the deals"):
        assert words in " ".join(table.output.split()), words


def test_a_single_deal_has_no_score_interval_in_json_as_in_the_table() -> None:
    """--json gave ``score_half_width`` 0.0 for one deal (the table shows the mean alone): read as
    a mean known exactly. It is null there, in the agents' rows and the seats' alike."""
    args = ["tournament", "--agents", "greedy", "random", "--games", "2", "--json"]
    one_deal = json.loads(runner.invoke(app, normalise_argv(args)).stdout.strip().splitlines()[-1])
    rows = one_deal["agents"] + one_deal["by_seat"]
    assert len(rows) == 6 and all(row["score_half_width"] is None for row in rows)
    two_deals = runner.invoke(app, normalise_argv([*args[:-2], "4", "--json"]))
    rows = json.loads(two_deals.stdout.strip().splitlines()[-1])["agents"]
    assert all(row["score_half_width"] > 0 for row in rows)


def test_tournament_refuses_bad_input() -> None:
    result = runner.invoke(app, ["tournament", "--agents", "greedy", "--agents", "wizard", "--games", "2"])
    assert result.exit_code == 2
    assert "wizard" in result.output
    result = runner.invoke(
        app, ["tournament", "--agents", "greedy", "--agents", "greedy", "--executor", "gpu"]
    )
    assert result.exit_code == 2
    assert "--executor" in result.output
    result = runner.invoke(app, normalise_argv(["tournament", "--agents", "greedy", "random", "-p", "3"]))
    assert result.exit_code == 2
    assert "--agents: expected 3 agents (one per seat of --players 3), got 2" in result.output
    for command in ("tournament", "ladder"):
        args = [command, "--agents", "greedy", "random", "--address", "10.0.0.1:6379", "--games", "2"]
        result = runner.invoke(app, normalise_argv(args))
        assert result.exit_code == 2
        assert "--address: only with --executor ray" in result.output


def test_analyse_prints_ranked_candidates(tmp_path: Path) -> None:
    game = make_game("kingdomino", 2)
    _, record = play_game(game, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=4)
    path = tmp_path / "game.json"
    record.dump(path)
    decision = next(i for i, text in enumerate(record.actions) if text.startswith("place"))
    result = runner.invoke(
        app, ["analyse", str(path), "--at", str(decision), "--agent", "mcts:iterations=50"]
    )
    assert result.exit_code == 0, result.output
    assert "rank" in result.output and "places" in result.output
    chance = runner.invoke(app, ["analyse", str(path), "--at", "0", "--agent", "greedy"])
    assert chance.exit_code == 2 and "chance" in chance.output
    beyond = runner.invoke(app, ["analyse", str(path), "--at", "100000"])
    assert beyond.exit_code == 2 and "--at" in beyond.output


def test_a_position_where_no_player_decides_names_the_nearest_that_do(tmp_path: Path) -> None:
    """``--at 3`` said "chance acts there" and no more: a newcomer tried position after position
    (a record opens with draws); the refusal now names the nearest decisions on either side."""
    game = make_game("kingdomino", 2)
    _, record = play_game(game, [make_agent("greedy", 1), make_agent("greedy", 2)], seed=4)
    path = tmp_path / "game.json"
    record.dump(path)
    state, decisions = game.new_initial_state(), []
    for index, text in enumerate(record.actions):
        if not state.is_chance():
            decisions.append(index)
        state.apply(state.parse_action(text))
    chance = next(i for i in range(decisions[0], len(record.actions)) if i not in decisions)
    before = max(i for i in decisions if i < chance)
    after = min(i for i in decisions if i > chance)
    refused = runner.invoke(app, ["analyse", str(path), "--at", str(chance), "--agent", "greedy"])
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert said == (
        f"error: --at {chance}: no player decides at that position (chance acts there); "
        f"the nearest where a player decides: --at {before} or {after}"
    ), said
    end = runner.invoke(app, ["analyse", str(path), "--at", str(len(record.actions)), "--agent", "greedy"])
    assert f"(the game is over); the nearest where a player decides: --at {decisions[-1]}" in end.output


def test_a_mean_score_alike_in_every_deal_has_no_zero_width_interval(tmp_path: Path) -> None:
    """``greedy`` scored 29 from seat 0 in both deals: the seat table read ``29.0 ± 0.0``, an
    interval of zero width that reads as a mean known exactly; it shows the mean alone, and why."""
    config = TournamentConfig("kingdomino", 2, {}, ["greedy", "random"], 4, 1)
    out = tmp_path / "t.jsonl"
    results = ResultsFile(out, config)
    results.start([])
    for index, (own, other) in enumerate([(29, 10), (26, 12), (29, 15), (30, 11)]):
        scores = [own, other] if index % 2 == 0 else [other, own]
        seats = ["greedy", "random"] if index % 2 == 0 else ["random", "greedy"]
        results.append(GameOutcome(index, 1 + index // 2, seats, scores, [index % 2], 50, 0.1))
    words = ["tournament", "--agents", "greedy", "random", "--games", "4", "--seed", "1", "--out", str(out)]
    shown = runner.invoke(app, normalise_argv(words), env={"COLUMNS": "200"}, terminal_width=200)
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.output.split())
    assert "± 0.0" not in text, text
    assert "│ greedy │ 0 │ 2 │ 2 │ 100.0 % [34.2, 100.0] │ 29.0 │" in text, text
    assert "28.5 ± " in text  # over the deals' means, 27.5 and 29.5
    assert "A mean score without ± was the same in every deal: no spread to measure." in text


def test_an_interrupted_tournament_says_its_games_are_kept_and_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C ended a tournament with no word: it now says how many games the file keeps, that
    the same command resumes, and exits with 130; the next run plays only the rest."""
    import kingdomino.cli.research as research
    from kingdomino.arena.executors import run_games as real

    def cut_after_two(*args: Any, **kwargs: Any) -> Iterator[GameOutcome]:
        for made, outcome in enumerate(real(*args, **kwargs)):
            if made == 2:
                raise KeyboardInterrupt
            yield outcome

    out = tmp_path / "t.jsonl"
    args = normalise_argv(["tournament", "--agents", "greedy", "random", "--games", "4", "--out", str(out)])
    monkeypatch.setattr(research, "run_games", cut_after_two)
    cut = runner.invoke(app, args)
    assert cut.exit_code == 130
    said = "".join(cut.stderr.split())  # rich wraps the line at the terminal's width
    assert f"Interrupted:2of4gamesarein{out};thesamecommandresumesfromthere." in said
    monkeypatch.setattr(research, "run_games", real)
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0 and "Resuming: 2 games already in" in resumed.stderr
    unsaved = normalise_argv(["tournament", "--agents", "greedy", "random", "--games", "4"])
    monkeypatch.setattr(research, "run_games", cut_after_two)
    assert "notkept(--outFILEkeepsthemandresumes)" in "".join(runner.invoke(app, unsaved).stderr.split())


def test_a_labelled_agent_is_shown_by_its_label_and_its_results_keep_the_spec(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = ["tournament", "--agents", "mine=greedy", "random", "--games", "4", "--out", str(out)]
    table = runner.invoke(app, normalise_argv(args), env={"COLUMNS": "120"})
    assert table.exit_code == 0, table.output
    assert "│ mine " in table.output and "mine=" not in table.output
    assert json.loads(out.read_text().splitlines()[0])["tournament"]["agents"] == ["mine=greedy", "random"]
    plain = runner.invoke(app, normalise_argv([*args[:-2], "--json"]))
    labelled = {row["agent"]: row for row in json.loads(plain.stdout.strip().splitlines()[-1])["agents"]}
    unlabelled = runner.invoke(
        app, normalise_argv(["tournament", "--agents", "greedy", "random", "--games", "4", "--json"])
    )
    rows = {row["agent"]: row for row in json.loads(unlabelled.stdout.strip().splitlines()[-1])["agents"]}
    assert labelled["mine=greedy"]["mean_score"] == rows["greedy"]["mean_score"]  # the same games
    assert labelled["mine=greedy"]["label"] == "mine" and rows["greedy"]["label"] == "greedy"
