"""The clocks stand still while no server runs (``web/clock_pause.py``): a player to move when the
operator stopped the server for an upgrade, or when it crashed, finds their time as they left it;
while another server runs, the games were served, and their clocks ran on."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, delete, insert, select, update
from tests.web.conftest import POSTGRES, fresh_postgres, new_app

from kingdomino.web.beat_tables import ServerBeatRow, ServerStopRow
from kingdomino.web.clock_pause import ALIVE_SECONDS, resume_clocks
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow

#: How long the server stays stopped: longer than the move clock.
DOWN = 60.0


def timed_game(client: TestClient) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": seats,
        "time_control": {"kind": "move", "seconds": 20},
    }
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def stopped_for(database: str, seconds: float, *, killed: bool = False) -> None:
    """Make the database read as if its server stopped ``seconds`` ago (in order, or ``killed``:
    its row not told), with the game's turn begun as long before (what the stop and the wait do,
    without waiting)."""
    engine = create_engine(database)
    with engine.begin() as connection:
        connection.execute(update(ServerBeatRow).values(at=ServerBeatRow.at - seconds, stopped=not killed))
        connection.execute(update(ServerStopRow).values(at=ServerStopRow.at - seconds))
        for game_id, clock, deadline in list(
            connection.execute(select(GameRow.id, GameRow.clock, GameRow.deadline))
        ):
            clock = {**clock, "since": clock["since"] - seconds}
            connection.execute(
                update(GameRow).where(GameRow.id == game_id).values(clock=clock, deadline=deadline - seconds)
            )
    engine.dispose()


@pytest.mark.parametrize("how", ["in order", "killed", "by an earlier version"])
def test_a_move_clock_does_not_run_out_while_the_server_is_stopped(database: str, how: str) -> None:
    """Stopped in order (its last beat says so), killed (its last beat is its last sign of life),
    or an earlier version's server stopped in order (which noted its stop in ``server_stops``)."""
    with TestClient(new_app(database)) as client:
        created = timed_game(client)
        token = created["seats"][0]["token"]
        before = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
    if how == "by an earlier version":
        engine = create_engine(database)
        with engine.begin() as connection:
            connection.execute(delete(ServerBeatRow))
            connection.execute(insert(ServerStopRow).values(id=1, at=time.time()))
        engine.dispose()
    stopped_for(database, DOWN, killed=how == "killed")
    with TestClient(new_app(database)) as client:
        after = client.get(f"/api/games/{created['id']}", params={"token": token}).json()
        engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
        with engine.connect() as connection:
            deadline = connection.scalar(select(GameRow.deadline).where(GameRow.id == created["id"]))
    acting = before["current_player"]
    assert after["seats"][acting]["kind"] == "human", after["seats"]
    assert after["clock"]["remaining"] == before["clock"]["remaining"] and after["clock"]["running"] == acting
    # The turn begins anew at the start: the clocks' sweep, once a second, finds no one out of time.
    assert deadline > time.time() + 10 and after["clock"]["since"] > time.time() - 10, (
        deadline,
        after["clock"],
    )


def test_while_another_server_runs_the_clocks_run_on(database: str) -> None:
    """A second server started beside a running one gives no time back: the first served the
    games all along (on PostgreSQL, the servers of one database; here two over one file)."""
    with TestClient(new_app(database)) as first:
        created = timed_game(first)
        engine = create_engine(database)
        with engine.begin() as connection:
            before = connection.execute(
                select(GameRow.deadline, GameRow.revision).where(GameRow.id == created["id"])
            ).one()
        with TestClient(new_app(database)), engine.connect() as connection:
            after = connection.execute(
                select(GameRow.deadline, GameRow.revision).where(GameRow.id == created["id"])
            ).one()
            servers = connection.execute(select(ServerBeatRow.server, ServerBeatRow.stopped)).all()
        engine.dispose()
    assert tuple(after) == tuple(before), "no time given: a server ran"
    assert len(servers) == 2 and not any(stopped for _, stopped in servers), servers


def test_a_dead_server_s_beat_is_its_last_sign_of_life(database: str) -> None:
    """A server whose last beat is older than ``ALIVE_SECONDS`` is dead: the next start gives the
    time since that beat back, and forgets its row."""
    with TestClient(new_app(database)) as client:
        created = timed_game(client)
    stopped_for(database, ALIVE_SECONDS + 5, killed=True)
    engine = create_engine(database)
    with engine.connect() as connection:
        deadline = connection.scalar(select(GameRow.deadline).where(GameRow.id == created["id"]))
    store = Store(database, server="next")
    given = resume_clocks(store, time.time())
    with store.engine.connect() as connection:
        later = connection.scalar(select(GameRow.deadline).where(GameRow.id == created["id"]))
        servers = connection.scalars(select(ServerBeatRow.server)).all()
    store.close()
    engine.dispose()
    assert deadline is not None and given == 1
    assert later == pytest.approx(deadline + ALIVE_SECONDS + 5, abs=5)
    assert servers == ["next"]


@pytest.mark.skipif(not POSTGRES, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")
def test_servers_of_postgresql_started_together_after_a_stop_give_the_time_once() -> None:
    """All servers stopped a minute, then four started at once: the time is given back once
    (each looks at the others' rows in turn, under an advisory lock), not four minutes; over a
    database of its own, as the test PostgreSQL's other users' servers would be alive."""
    with fresh_postgres("kd_beats") as url:
        with TestClient(new_app(url)) as client:
            created = timed_game(client)
        stopped = time.time()
        stopped_for(url, DOWN)
        engine = create_engine(url)
        with engine.connect() as connection:
            deadline = connection.scalar(select(GameRow.deadline).where(GameRow.id == created["id"]))
        stores = [Store(url, server=f"s{n}") for n in range(4)]
        with ThreadPoolExecutor(4) as pool:
            given = list(pool.map(lambda store: resume_clocks(store, time.time()), stores))
        # the time from the stop to the start is given too: longer the more loaded the machine
        since_the_stop = time.time() - stopped
        with engine.connect() as connection:
            later = connection.scalar(select(GameRow.deadline).where(GameRow.id == created["id"]))
        for store in stores:
            store.close()
        engine.dispose()
    assert deadline is not None and later is not None and sorted(given) == [0, 0, 0, 1]
    assert deadline + DOWN - 1 <= later <= deadline + DOWN + since_the_stop + 1, "given once, not four times"


def test_an_app_started_again_in_one_process_starts(database: str) -> None:
    """Its store keeps its server's name: its own row, left by its first start, is not another
    running server's, and is written anew."""
    app = new_app(database)
    for _ in range(2):
        with TestClient(app) as client:
            assert client.get("/api/health").status_code == 200
    engine = create_engine(database)
    with engine.connect() as connection:
        assert connection.execute(select(ServerBeatRow.server, ServerBeatRow.stopped)).all() == [
            (app.state.hub.store.server, True)
        ]
    engine.dispose()


def test_a_wait_for_players_does_not_run_out_while_the_server_is_stopped(database: str) -> None:
    """A game waiting for its players (here one open to the lobby; a tournament's game and a
    challenge wait alike) waits the time no server ran longer: its wait's end decides a
    tournament's game by forfeit, and nobody could take a seat meanwhile."""
    with TestClient(new_app(database)) as client:
        body = {
            "game": "kingdomino",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "open"}],
            "wait_minutes": 1,
        }
        created = client.post("/api/games", json=body)
        assert created.status_code == 201, created.text
        game_id = created.json()["id"]
    engine = create_engine(database)
    with engine.begin() as connection:
        connection.execute(update(ServerBeatRow).values(at=ServerBeatRow.at - DOWN * 2, stopped=True))
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(open_until=time.time() - DOWN))
    store = Store(database, server="next")
    given = resume_clocks(store, time.time())
    with store.engine.connect() as connection:
        open_until = connection.scalar(select(GameRow.open_until).where(GameRow.id == game_id))
    store.close()
    engine.dispose()
    assert given == 1 and open_until == pytest.approx(time.time() + DOWN, abs=5), open_until


def test_a_turn_begun_after_the_last_beat_is_given_no_more_than_the_stop(database: str) -> None:
    """A server killed 3 s after a move, its last beat 5 s before: the turn begins again at the
    start, not 3 s later (the clock would show more time than its player had)."""
    with TestClient(new_app(database)) as client:
        created = timed_game(client)
    stopped_for(database, DOWN, killed=True)
    engine = create_engine(database)
    with engine.begin() as connection:
        connection.execute(update(ServerBeatRow).values(at=ServerBeatRow.at - 3))
    store = Store(database, server="next")
    start = time.time()
    assert resume_clocks(store, start) == 1
    with store.engine.connect() as connection:
        clock, deadline = connection.execute(
            select(GameRow.clock, GameRow.deadline).where(GameRow.id == created["id"])
        ).one()
    store.close()
    engine.dispose()
    assert clock["since"] <= start and deadline <= start + 20, (clock, deadline, start)
