"""An operator's upgrade: this version's server started on a database an earlier version made and
used (``tests/web/data/*.sql``, each made as its header says) updates its tables to a new
database's, and every game goes on: mid-play ones to their end, the open game once joined, the
rematch once its other player joins; accounts log in with their ratings, and the finished games'
records, replays and reviews open. On SQLite, and on PostgreSQL when its fixture and the test
PostgreSQL (``KINGDOMINO_TEST_POSTGRES_URL``) are there.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, inspect, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.pool import NullPool
from tests.web.conftest import POSTGRES, QUICK, fresh_postgres, new_app
from tests.web.data.old_database import PASSWORD
from tests.web.finished import ai, finished_game, person

from kingdomino.web.accounts import Accounts
from kingdomino.web.insight_details import keep
from kingdomino.web.insight_tables import InsightGameRow
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, ActionRow, Base, GameRow

DATA = Path(__file__).parent / "data"
FIXTURES = sorted(DATA.glob("*.sql"), key=lambda path: path.name)


def fixture_id(path: Path) -> str:
    return path.name.removesuffix(".sql")


@pytest.fixture(params=FIXTURES, ids=fixture_id)
def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of a database loaded from a fixture, its moments moved to now (``as_if_just_stopped``)."""
    fixture: Path = request.param
    if fixture.name.endswith(".postgresql.sql"):
        if not POSTGRES:
            pytest.skip("KINGDOMINO_TEST_POSTGRES_URL is not set")
        with postgres_database(fixture) as url:
            as_if_just_stopped(url)
            yield url
        return
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as database:
        database.executescript(fixture.read_text())
    url = f"sqlite:///{path}"
    as_if_just_stopped(url)
    yield url


@contextmanager
def postgres_database(fixture: Path) -> Iterator[str]:
    """The URL of a new database on the test PostgreSQL, loaded from ``fixture``; dropped after."""
    with fresh_postgres("kd_old") as url:
        loader = create_engine(url, poolclass=NullPool)
        with loader.begin() as connection:
            connection.exec_driver_sql(fixture.read_text())
        loader.dispose()
        yield url


def as_if_just_stopped(url: str) -> None:
    """Move the moments of the database's clocks and open games forward by the time since its
    last game was made, as if its server stopped a moment ago: they are wall-clock seconds, and
    the clocks of a fixture made days before would have run out (an open game stopped waiting)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        columns = {column["name"] for column in inspect(engine).get_columns("games")}
        if "clock" not in columns:
            return
        with engine.begin() as connection:
            latest = max(connection.scalars(select(GameRow.created)))
            shift = time.time() - (latest if latest.tzinfo else latest.replace(tzinfo=UTC)).timestamp()
            rows = connection.execute(select(GameRow.id, GameRow.clock, GameRow.deadline, GameRow.open_until))
            for game_id, clock, deadline, open_until in list(rows):
                connection.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id)
                    .values(
                        clock=clock and {**clock, "since": clock["since"] + shift},
                        deadline=deadline and deadline + shift,
                        open_until=open_until and open_until + shift,
                    )
                )
    finally:
        engine.dispose()


def stored_games(engine: Engine) -> list[dict[str, Any]]:
    """Each game as stored: its id, status, seats, rematch note and how many actions it holds."""
    with engine.connect() as connection:
        counted = connection.execute(select(ActionRow.game_id, func.count()).group_by(ActionRow.game_id))
        counts = {game_id: count for game_id, count in counted}
        rows = connection.execute(select(GameRow.id, GameRow.status, GameRow.seats, GameRow.rematch))
        return [
            {
                "id": game_id,
                "status": status,
                "seats": seats,
                "rematch": rematch,
                "actions": counts.get(game_id, 0),
            }
            for game_id, status, seats, rematch in rows
        ]


def play_out(client: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play the seats of ``tokens`` (their first legal action) until the game ends, the AI seats
    moving in between; the last view."""
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, f"{game_id} stopped moving"
        view = client.get(f"/api/games/{game_id}", params={"token": next(iter(tokens.values()))}).json()
        if view["status"] != "playing":
            return dict(view)
        if view["current_player"] not in tokens:
            time.sleep(0.02)
            continue
        token = tokens[view["current_player"]]
        mine = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if mine["legal_actions"]:
            body = {"token": token, "action": mine["legal_actions"][0], "index": mine["index"]}
            answer = client.post(f"/api/games/{game_id}/actions", json=body)
            assert answer.status_code in (200, 409), answer.text


def log_in(client: TestClient, name: str) -> dict[str, str]:
    """Log ``name`` in with the fixture's password: its session's headers (the client keeps no cookie)."""
    answer = client.post("/api/session", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 200, answer.text
    client.cookies.clear()
    return {"Cookie": f"kd_session={answer.cookies['kd_session']}"}


def ratings_of(client: TestClient, name: str) -> dict[str, int]:
    page = client.get(f"/api/players/{name}")
    assert page.status_code == 200, page.text
    return {rating["pool"]: rating["games"] for rating in page.json()["ratings"]}


def test_a_new_server_on_an_old_database_plays_every_game_on(old_database: str) -> None:
    """The tables are a new database's, every game opens where it was and plays to its end, the
    accounts log in and their rated games (the earlier version's and those ended now) count."""
    with TestClient(new_app(old_database)) as client:
        engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
        assert_schema_as_new(engine)
        games = stored_games(engine)
        with engine.connect() as connection:
            accounts = bool(connection.scalar(select(func.count()).select_from(AccountRow)))
        before = {name: ratings_of(client, name) for name in ("Anna", "Ben")} if accounts else {}
        for game in games:
            tokens = {s: seat["token"] for s, seat in enumerate(game["seats"]) if seat["kind"] == "human"}
            view = client.get(f"/api/games/{game['id']}", params={"token": next(iter(tokens.values()))})
            assert view.status_code == 200, view.text
            if game["status"] == "playing":
                assert view.json()["index"] >= game["actions"], (game, view.json()["index"])
        rematches = {game["rematch"]["id"] for game in games if game["rematch"]}
        for game in games:
            if game["id"] not in rematches:  # a rematch is played once its players join it
                play_on(client, game)
        for game in games:
            finished = client.get(f"/api/games/{game['id']}", params={"token": any_token(game)}).json()
            assert finished["status"] == "finished", (game["id"], finished["status"])
            for part in ("record", "replay"):
                answer = client.get(f"/api/games/{game['id']}/{part}")
                assert answer.status_code == 200, (part, answer.text)
            if game["status"] == "finished":  # stored by the earlier version, or made now
                assert review_of(client, game["id"])["moves"]
            assert_moments(engine, game)
        if accounts:
            sessions = {name: log_in(client, name) for name in ("Anna", "Ben")}
            for name, session in sessions.items():
                assert client.get("/api/account", headers=session).json()["account"]["name"] == name
                # Their preferences, a table the earlier version had not: the defaults, then kept.
                assert (
                    client.get("/api/account/preferences", headers=session).json()["challenges"] == "everyone"
                )
                changed = client.put("/api/account/preferences", headers=session, json={"chat_off": True})
                assert changed.status_code == 200 and changed.json()["chat_off"] is True, changed.text
                after = ratings_of(client, name)
                assert all(after[pool] > games for pool, games in before[name].items()), (before, after)
                assert_archived(client, name)
            # The accounts made before look-alike names were refused have their key now: "Ᏼen" in
            # Cherokee letters is refused beside the old "Ben".
            look_alike = client.post("/api/accounts", json={"name": "\u13f4en", "password": PASSWORD})
            assert look_alike.status_code == 409, look_alike.text
            assert look_alike.json()["error"]["code"] == "name_look_alike"


def assert_moments(engine: Engine, game: dict[str, Any]) -> None:
    """The earlier version's actions have no moment (a cheating report's evidence says their move
    times are not stored); those played now have theirs."""
    with engine.connect() as connection:
        moments = connection.execute(
            select(ActionRow.index, ActionRow.at)
            .where(ActionRow.game_id == game["id"])
            .order_by(ActionRow.index)
        ).all()
    assert all(at is None for index, at in moments if index < game["actions"]), game["id"]
    assert all(at is not None for index, at in moments if index >= game["actions"]), game["id"]


def assert_archived(client: TestClient, name: str) -> None:
    """The player's archive lists every finished game its page counts, the earlier version's
    too (their end taken from their ratings' change, else their creation), newest ended first."""
    page = client.get(f"/api/players/{name}").json()
    archive = client.get(f"/api/players/{name}/games").json()
    counted = sum(stats["games"] for stats in page["stats"])
    assert counted and archive["total"] == len(archive["games"]) == counted, (page["stats"], archive)
    ended = [game["ended_at"] for game in archive["games"]]
    assert None not in ended and ended == sorted(ended, reverse=True), ended


def play_on(client: TestClient, game: dict[str, Any]) -> None:
    """Play a stored game to its end: an open game once a guest joins it, a finished game's
    rematch once its other player joins it."""
    tokens = {s: seat["token"] for s, seat in enumerate(game["seats"]) if seat["kind"] == "human"}
    if game["status"] == "open":
        joined = client.post(f"/api/games/{game['id']}/join", json={"name": "Late"})
        assert joined.status_code == 200, joined.text
        tokens[joined.json()["seat"]] = joined.json()["token"]
    if game["status"] in ("open", "playing"):
        assert play_out(client, game["id"], tokens)["status"] == "finished"
    if game["rematch"]:
        offered = game["rematch"]
        rematch = {}
        for seat, token in tokens.items():
            answer = client.post(f"/api/games/{game['id']}/rematch", json={"token": token})
            assert answer.status_code == 200, answer.text
            assert answer.json()["id"] == offered["id"]
            rematch[seat] = answer.json()["token"]
        assert play_out(client, offered["id"], rematch)["status"] == "finished"


def review_of(client: TestClient, game_id: str) -> dict[str, Any]:
    """The finished game's review, once it is ready (202 while it is computed)."""
    deadline = time.monotonic() + 120
    while (answer := client.get(f"/api/games/{game_id}/review")).status_code == 202:
        assert time.monotonic() < deadline, "the review never came"
        time.sleep(0.1)
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def any_token(game: dict[str, Any]) -> str:
    return next(str(seat["token"]) for seat in game["seats"] if seat.get("token"))


def assert_schema_as_new(engine: Engine) -> None:
    """Every table, column (with its nullability) and index of a new database is there."""
    found = inspect(engine)
    for table in Base.metadata.sorted_tables:
        columns = {column["name"]: column for column in found.get_columns(table.name)}
        for column in table.columns:
            assert column.name in columns, (table.name, column.name)
            assert columns[column.name]["nullable"] == column.nullable, (table.name, column.name)
        indexes = {index["name"] for index in found.get_indexes(table.name)}
        assert {index.name for index in table.indexes} <= indexes, (table.name, indexes)


def test_the_kept_details_of_an_earlier_version_are_given_their_game_and_end(tmp_path: Path) -> None:
    """A database whose statistics' details were kept before their game and end were kept with
    them (``insight_games`` without ``game`` and ``ended``): the server's start adds the columns
    and fills them from the games, and the statistics group and order by them."""
    url = f"sqlite:///{tmp_path / 'insights.sqlite3'}"
    store = Store(url)
    ended = datetime(2026, 11, 20, 18, 30, tzinfo=UTC)
    kira, _ = Accounts(store, QUICK).create("Kira", "a long password")
    game_id = finished_game(store, [person(kira.id, "Kira"), ai()], [1, 2], game="duel", ended=ended)
    with store.engine.begin() as connection:
        keep(connection, game_id, "duel", "standard", None)
    store.engine.dispose()
    with closing(sqlite3.connect(tmp_path / "insights.sqlite3")) as database:
        database.execute("ALTER TABLE insight_games DROP COLUMN game")
        database.execute("ALTER TABLE insight_games DROP COLUMN ended")
        database.commit()
    again = Store(url)
    with again.engine.connect() as connection:
        row = connection.execute(select(InsightGameRow.game, InsightGameRow.ended)).one()
    assert row.game == "duel" and row.ended.replace(tzinfo=UTC) == ended
