"""``kingdomino puzzles make``: seeded games cut into the same file for the same seed, and a
server's finished games (its SQLite file in ``tmp_path``) cut into puzzles as the seeded ones are."""

from __future__ import annotations

import json
import random
import secrets
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path

from sqlalchemy import insert
from sqlalchemy.engine import Connection
from typer.testing import CliRunner

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.cli import app
from kingdomino.puzzles.maker import criteria, cut
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
    assert made == {**shipped, "puzzles": shipped["puzzles"][:2]}
    assert out.read_text() == json.dumps(made, separators=(",", ":")) + "\n"
    refused = runner.invoke(app, ["puzzles", "make", "--game", "chess", "--out", str(tmp_path / "x.json")])
    assert refused.exit_code == 2 and "no set of puzzles is named 'chess'" in refused.output
