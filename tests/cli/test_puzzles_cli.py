"""``kingdomino puzzles make``: seeded games cut into the same file for the same seed, and a
server's finished games (its SQLite file in ``tmp_path``) cut into puzzles as the seeded ones are."""

from __future__ import annotations

import json
import random
import secrets
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

import pytest
from sqlalchemy import insert
from sqlalchemy.engine import Connection
from typer.testing import CliRunner, Result

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.cli import app
from kingdomino.puzzles.maker import Making, criteria, cut, make_more, make_puzzles
from kingdomino.puzzles.set_file import set_so_far, write_set
from kingdomino.web.store import Store
from kingdomino.web.tables import ActionRow, GameRow

runner = CliRunner()


def stored_game(connection: Connection) -> str:
    """A finished game of two guests written into the store (its actions added after): its id."""
    game_id = secrets.token_hex(8)
    seats = [{"name": name, "kind": "human", "token": secrets.token_hex(8)} for name in ("Ann", "Ben")]
    moment = datetime.now(UTC)
    connection.execute(
        insert(GameRow).values(
            id=game_id,
            game="kingdomino",
            players=2,
            options={},
            seed=1,
            seats=seats,
            spectator_token=secrets.token_hex(8),
            status="finished",
            created=moment,
            ended=moment,
        )
    )
    return game_id


def test_the_same_seed_writes_the_same_puzzles(tmp_path: Path) -> None:
    outs = [tmp_path / "a.json", tmp_path / "b.json"]
    for out in outs:
        result = runner.invoke(app, ["puzzles", "make", "--seed", "7", "--count", "3", "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert "3 puzzles written" in result.output
    first = json.loads(outs[0].read_text())
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert first["seed"] == 7 and len(first["puzzles"]) == 3
    assert first["criteria"]["margin"] == criteria().margin


def test_a_server_s_finished_games_are_cut_into_puzzles(tmp_path: Path) -> None:
    """A finished game of the database: the puzzles of its positions are those the same game
    played from its seed gives (the player's actions read back from the stored texts)."""
    players, seed, specs = 2, 26, ["greedy", "heuristic"]
    game = make_game("kingdomino", players=players)
    agents = [make_agent(spec, seed=seed + i) for i, spec in enumerate(specs)]
    rng = random.Random(seed)
    state, texts = game.new_initial_state(), []
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance(rng) if seat == CHANCE else agents[seat].act(state)
        texts.append((seat, state.action_text(action)))
        state.apply(action)
    expected = list(cut("kingdomino", players, {}, specs, seed, criteria()))[: criteria().per_game]
    assert expected, "the game has a puzzle to find"
    store = Store(f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}")
    try:
        with store.engine.begin() as connection:
            game_id, unfinished = (
                stored_game(connection),
                stored_game(connection),
            )  # the second resigned early
            rows = [
                {"game_id": game_id, "index": i, "seat": s, "text": t, "description": ""}
                for i, (s, t) in enumerate(texts)
            ]
            rows += [{**row, "game_id": unfinished} for row in rows[:60]]
            connection.execute(insert(ActionRow), rows)
    finally:
        store.close()
    out = tmp_path / "stored.json"
    result = runner.invoke(
        app,
        [
            "puzzles",
            "make",
            "--from-database",
            "--data-dir",
            str(tmp_path),
            "--count",
            "50",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    made = json.loads(out.read_text())
    assert made["seed"] is None
    assert made["puzzles"] == expected


def test_a_duel_set_is_made_again_byte_for_byte_and_an_unknown_game_refused(tmp_path: Path) -> None:
    """`--game duel`: the first puzzles of the shipped set, the same bytes but for their number (a
    smaller count makes the first of a larger one's); a game without puzzles is refused."""
    out = tmp_path / "duel.json"
    result = runner.invoke(
        app, ["puzzles", "make", "--game", "duel", "--seed", "1", "--count", "2", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    shipped = json.loads(
        resources.files("kingdomino.puzzles").joinpath("data", "duel.json").read_text("utf-8")
    )
    made = json.loads(out.read_text())
    assert made["set"] == "duel" and made["made"]["whole"] == 2
    assert shipped["set"] == "duel" and shipped["made"]["whole"] == len(shipped["puzzles"])
    assert out.read_text() == json.dumps(made, separators=(",", ":")) + "\n"
    del made["made"], shipped["made"]
    assert made == {**shipped, "puzzles": shipped["puzzles"][:2]}
    refused = runner.invoke(app, ["puzzles", "make", "--game", "chess", "--out", str(tmp_path / "x.json")])
    assert refused.exit_code == 2 and "no set of puzzles is named 'chess'" in refused.output


def make(out: Path, count: int, seed: int = 7) -> Result:
    return runner.invoke(
        app, ["puzzles", "make", "--seed", str(seed), "--count", str(count), "--out", str(out)]
    )


def test_a_set_stopped_or_made_larger_goes_on_to_the_same_file(tmp_path: Path) -> None:
    """The file is written after each game; the same command over it goes on from its whole games
    (a game the count stopped in is played again), and ends as a run made at once does."""
    at_once, grown = tmp_path / "at-once.json", tmp_path / "grown.json"
    assert make(at_once, 3).exit_code == 0
    for count in (1, 2, 3):
        result = make(grown, count)
        assert result.exit_code == 0, result.output
        assert len(json.loads(grown.read_text())["puzzles"]) == count
    assert "going on from the 2 puzzles" in result.output
    assert grown.read_bytes() == at_once.read_bytes()
    again = make(grown, 3)
    assert again.exit_code == 0 and "holds its 3 puzzles already" in again.output
    assert grown.read_bytes() == at_once.read_bytes()


def test_a_set_stopped_between_two_games_goes_on_from_the_last_whole_one(tmp_path: Path) -> None:
    """A run stopped after its second game (Ctrl-C) left the file of two games, and the next run
    plays from the third."""
    rules = criteria()
    whole: list[Making] = []

    def stop_after_two(making: Making) -> None:
        whole.append(making)
        write_set(tmp_path / "stopped.json", "kingdomino", 7, rules, making)
        if len(whole) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        make_more(7, 3, Making([]), rules, "kingdomino", stop_after_two)
    held = json.loads((tmp_path / "stopped.json").read_text())
    assert held["made"] == {"games": 2, "whole": len(whole[1].puzzles)}
    played: list[int] = []
    resumed = make_more(
        7,
        3,
        set_so_far(tmp_path / "stopped.json", "kingdomino", 7, rules, 3),
        rules,
        after_game=lambda making: played.append(making.games),
    )
    assert played[0] == 3, "the two whole games are not played again"
    assert resumed.puzzles == make_puzzles(7, 3)


def test_a_file_that_is_not_this_set_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """Another seed's set, more puzzles than asked, a set without ``made`` (made before runs went
    on) and a file that is no set: each refused in words, the file as it was."""
    out = tmp_path / "set.json"
    assert make(out, 2).exit_code == 0
    before = out.read_bytes()
    other_seed = make(out, 3, seed=8)
    assert other_seed.exit_code == 2 and "another set of puzzles (kingdomino, seed 7" in other_seed.output
    fewer = make(out, 1)
    assert fewer.exit_code == 2 and "holds 2 puzzles, more than --count 1" in fewer.output
    assert out.read_bytes() == before
    body = json.loads(before)
    del body["made"]
    out.write_text(json.dumps(body))
    unrecorded = make(out, 3)
    assert unrecorded.exit_code == 2 and "without how far they were made" in unrecorded.output
    out.write_text("not json")
    broken = make(out, 3)
    assert broken.exit_code == 2 and "is not a set of puzzles" in broken.output
    assert out.read_text() == "not json"
