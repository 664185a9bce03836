"""A team battle's end told once and for sure (``web.tournament_end``): its inbox entries (each
player's place, the battle's result) are written with the end, so that a server stopped between
the two, or a database away a moment, leaves the battle running, ended and told whole once a
server goes on with it; and of two servers ending it at once, one does. Over SQLite and, when
``KINGDOMINO_TEST_POSTGRES_URL`` is set, a PostgreSQL database of each test's own."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event, func, select
from tests.web.arena_setup import page
from tests.web.deadlines import barrier
from tests.web.test_arenas import end_the_window_now, waited
from tests.web.test_challenges import account
from tests.web.test_clubs import new_club, post
from tests.web.test_inbox import eventually, inbox
from tests.web.test_team_battles import app, battle, join
from tests.web.test_tournaments import act

from kingdomino.web import arena_store, tournament_end
from kingdomino.web import tournament_store as records
from kingdomino.web.inbox_tables import NotificationRow
from kingdomino.web.store import Store


def started_battle(client: TestClient) -> tuple[dict[str, str], str, list[str]]:
    """Kira and Boris of one club, Cleo of another, in a team battle started (nobody paired: no
    page of theirs read): the sessions, the battle and its clubs."""
    s = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    owls, larks = new_club(client, s["Kira"]), new_club(client, s["Cleo"])
    post(client, s["Boris"], f"/api/clubs/{owls}/join")
    tournament_id = battle(client, s["Kira"], [owls, larks]).json()["id"]
    for name in ("Boris", "Cleo"):
        assert join(client, s[name], tournament_id).status_code == 200
    assert act(client, s["Kira"], tournament_id, "start").status_code == 200
    return s, tournament_id, [owls, larks]


def entries_of(store: Store, key: str) -> int:
    with store.engine.connect() as connection:
        return int(connection.scalar(select(func.count()).where(NotificationRow.key == key)) or 0)


def test_a_battle_ended_as_its_server_stopped_is_told_once_a_server_goes_on(own_database: str) -> None:
    with TestClient(app(own_database)) as client:
        s, tournament_id, clubs = started_battle(client)
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        stopped = threading.Event()

        def the_server_stops(_c: Any, _k: Any, statement: str, parameters: Any, *_rest: Any) -> None:
            """The inbox's writes of the end fail, as if the server stopped right before them."""
            if statement.lstrip().upper().startswith("INSERT INTO NOTIFICATIONS") and tournament_id in str(
                parameters
            ):
                stopped.set()
                raise RuntimeError("the server stops here")

        event.listen(store.engine, "before_cursor_execute", the_server_stops)
        end_the_window_now(client, tournament_id)
        assert stopped.wait(30), "the arena came to its end"
    stored = records.load(store, tournament_id)
    assert stored is not None and stored.status == "running", "not ended untold"
    with TestClient(app(own_database)) as client:
        found = waited(client, tournament_id, lambda f: f["status"] == "finished")
        assert found["team_battle"]["winners"] == [], "no club scored"
        for name in ("Kira", "Boris", "Cleo"):
            told = eventually(client, s[name], "team_battle_ended")["params"]
            club = clubs[1] if name == "Cleo" else clubs[0]
            assert (told["club"], told["place"], told["of"]) == (club, 1, 2)
            place = eventually(client, s[name], "tournament_ended")["params"]
            assert (place["place"], place["of"]) == (1, 3)
            kinds = [e["kind"] for e in inbox(client, s[name])["entries"]]
            assert kinds.count("team_battle_ended") == kinds.count("tournament_ended") == 1
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        assert entries_of(store, f"tournament:{tournament_id}:battle") == 3


def test_of_two_servers_ending_a_battle_at_once_one_ends_it_and_tells(own_database: str) -> None:
    with TestClient(app(own_database)) as client:
        s, tournament_id, _ = started_battle(client)
        arena = client.app.state.tournaments.arena  # type: ignore[attr-defined]
        assert client.portal is not None
        client.portal.call(arena.stop)  # its loop still: the two ends below race alone
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        end_the_window_now(client, tournament_id)
        tournament = records.load(store, tournament_id)
        state = arena_store.load(store, tournament_id)
        assert tournament is not None and state is not None and tournament.status == "running"
        at_once = barrier()

        def end() -> bool:
            at_once.wait()
            return tournament_end.finish(store, tournament_id, tournament_end.arena_told(tournament, state))

        with ThreadPoolExecutor(2) as pool:
            ended = sorted(pool.map(lambda _: end(), range(2)))
        assert ended == [False, True], "one ends it, the other finds it ended"
        assert page(client, tournament_id)["status"] == "finished"
        assert entries_of(store, f"tournament:{tournament_id}:battle") == 3
        assert entries_of(store, f"tournament:{tournament_id}:end") == 3
        assert not tournament_end.finish(store, tournament_id, tournament_end.arena_told(tournament, state))
        assert eventually(client, s["Cleo"], "team_battle_ended")["params"]["place"] == 1
