"""``kingdomino games export`` (``web/game_export.py``): a server's finished games as game records,
one line each, for research; read back as records and decisions (``core/record_sets.py``) and as
arrays of people's moves (``rl/imitation.py``)."""

from __future__ import annotations

import gzip
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import create, new_app
from tests.web.test_old_databases import play_out
from tests.web.test_players_api import rated_game
from typer.testing import CliRunner

from kingdomino.cli import app as cli
from kingdomino.core.record_sets import decisions, people_decided, records_in
from kingdomino.core.records import GameRecord, RecordError, replay
from kingdomino.games.registry import make_game
from kingdomino.web.account_admin import close
from kingdomino.web.game_export import Choice, exported
from kingdomino.web.tables import AccountRow, GameRow


@pytest.fixture
def finished(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A server's SQLite file in ``tmp_path`` (as ``--data-dir`` names it) with two finished
    games: a rated one of two accounts, public, and a guest's against an AI, private; the test
    client and what the games are (ids, names, tokens)."""
    app = new_app(f"sqlite:///{tmp_path / 'kingdomino.sqlite3'}")
    with TestClient(app) as client:
        names = [f"Kira{secrets.token_hex(3)}", f"Bela{secrets.token_hex(3)}"]
        sessions = []
        for name in names:
            _, token = app.state.accounts.create(name, "a long password")
            sessions.append({"Cookie": f"kd_session={token}"})
        rated_id, tokens = rated_game(client, sessions)
        with app.state.hub.store.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == rated_id).values(public=True))
        play_out(client, rated_id, dict(enumerate(tokens)))
        practice = create(client, seats=[{"kind": "human", "name": "Ana"}, {"kind": "ai", "level": "greedy"}])
        play_out(client, practice["id"], {0: practice["seats"][0]["token"]})
        yield client, {"rated": rated_id, "practice": practice["id"], "names": names}


def lines(
    client: TestClient, choice: Choice | None = None, salt: bytes | None = None
) -> list[dict[str, Any]]:
    return list(exported(client.app.state.hub.store, choice or Choice(), salt))  # type: ignore[attr-defined]


def test_the_public_finished_games_are_records_with_their_seats(
    finished: tuple[TestClient, dict[str, Any]],
) -> None:
    client, games = finished
    (line,) = lines(client)
    assert line["id"] == games["rated"] and line["rated"] is True
    assert line["players"] == games["names"]
    assert [seat["account"] for seat in line["seats"]] == games["names"]
    assert all(seat["kind"] == "human" and seat["rating"]["pool"] for seat in line["seats"])
    assert "token" not in json.dumps(line), "no seat's token is written"
    record = GameRecord.from_json(line)
    assert replay(record, make_game(record.game, len(record.players), record.options)).ok
    served = client.get(f"/api/games/{games['rated']}/record").json()
    # The seats' names, as the game shows them: seats left "Player N" bear their accounts' names once claimed.
    assert served["players"] == games["names"]
    assert record.to_json() == {**served, "players": games["names"]}, "the accounts' names instead"


def test_private_games_only_when_asked_and_an_ai_seat_is_said(
    finished: tuple[TestClient, dict[str, Any]],
) -> None:
    client, games = finished
    every = lines(client, Choice(private=True))
    assert [line["id"] for line in every] == [games["rated"], games["practice"]], "oldest first"
    practice = every[1]
    assert [seat["kind"] for seat in practice["seats"]] == ["human", "ai"]
    assert practice["seats"][1]["level"] == "greedy" and practice["seats"][0]["account"] is None
    assert practice["players"][0] == "Ana"
    assert [line["id"] for line in lines(client, Choice(private=True, people=True))] == [games["rated"]]
    assert [line["id"] for line in lines(client, Choice(private=True, rated=True))] == [games["rated"]]
    assert lines(client, Choice(private=True, game="duel")) == []
    assert len(lines(client, Choice(private=True, limit=1))) == 1


def test_a_bot_s_moves_are_not_a_person_s(finished: tuple[TestClient, dict[str, Any]]) -> None:
    """A bot's account plays a seat of kind ``human`` (it joins as people do), but its moves are
    a program's: a data set of people's moves, or of games among people, leaves them out."""
    client, games = finished
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(AccountRow).where(AccountRow.name == games["names"][1]).values(bot=True))
    (line,) = lines(client)
    assert [seat["bot"] for seat in line["seats"]] == [False, True]
    assert lines(client, Choice(people=True)) == [], "a game with a bot is not among people's games"
    record = GameRecord.from_json(line)
    game = make_game(record.game, len(record.players), record.options)
    seats = {state.current_player for state, _ in decisions(record, game, people_decided(line))}
    assert seats == {0}, "the bot's moves are not a person's"


def test_names_become_pseudonyms_for_a_closed_account_and_when_anonymous(
    finished: tuple[TestClient, dict[str, Any]],
) -> None:
    client, games = finished
    kira, bela = games["names"]
    close(client.app.state.hub.store, kira, "spam")  # type: ignore[attr-defined]
    (line,) = lines(client)
    assert line["players"][1] == bela and line["players"][0].startswith("player-")
    assert kira not in json.dumps(line)
    first = lines(client, Choice(private=True), salt=b"pepper")
    again = lines(client, Choice(private=True), salt=b"pepper")
    other = lines(client, Choice(private=True), salt=b"salt")
    assert first == again and first[0]["players"] != other[0]["players"], "one salt, one pseudonym"
    assert bela not in json.dumps(first) and first[1]["players"][0] == "Guest"


def test_the_command_writes_a_compressed_file_read_back_as_people_s_decisions(
    finished: tuple[TestClient, dict[str, Any]], tmp_path: Path
) -> None:
    _, games = finished
    out = tmp_path / "games.jsonl.gz"
    result = CliRunner().invoke(
        cli, ["games", "export", "--private", "--out", str(out), "--data-dir", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "2 games written" in result.output
    read = list(records_in(out))
    assert [line["id"] for _, line in read] == [games["rated"], games["practice"]]
    record, line = read[1]
    game = make_game(record.game, len(record.players), record.options)
    seats = {state.current_player for state, _ in decisions(record, game, people_decided(line))}
    assert seats == {0}, "the AI's moves are not a person's"
    played = sum(1 for _ in decisions(record, game))
    assert played > sum(1 for _ in decisions(record, game, people_decided(line))) > 0


def test_the_command_refuses_what_it_cannot_read_in_words(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["games", "export", "--data-dir", str(tmp_path)], env={"COLUMNS": "200"})
    assert result.exit_code == 2 and "no server database" in result.output
    result = runner.invoke(cli, ["games", "export", "--game", "chess"], env={"COLUMNS": "200"})
    assert result.exit_code == 2 and "--game: expected one of" in result.output
    result = runner.invoke(cli, ["games", "export", "--since", "yesterday"], env={"COLUMNS": "200"})
    assert result.exit_code == 2 and "--since: expected a day" in result.output
    # Days the wrong way round chose nothing and said "0 games written" (the operator's review).
    backwards = ["games", "export", "--since", "2026-12-01", "--until", "2026-01-01"]
    result = runner.invoke(cli, backwards, env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert (
        result.output
        == "error: --since: 2026-12-01 is not before --until 2026-01-01: no game is between them\n"
    )


def test_a_line_that_is_not_a_record_is_refused_naming_its_line(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as stream:
        stream.write('{"game": "kingdomino", "players": 2, "actions": []}\n\n{"game": "kingdomino"}\n')
    with pytest.raises(RecordError, match="line 3: players"):
        list(records_in(path))
