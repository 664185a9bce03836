"""A rematch waiting for its players: both games' views name the seats not joined yet, and the
finished game's pages hear each join at once; a timed rematch some player never joins is called
off (aborted, no result, no rating), not lost on time by whoever was to act, and so is one a player
aborts: the finished game's end screen says so and a new rematch may be offered. On SQLite and
PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, update
from tests.web.test_endings import next_state
from tests.web.test_players_api import log_in, play_out, rated_game
from tests.web.test_rematch import rematch, view

from kingdomino.web import clocks
from kingdomino.web.tables import GameRow, RatingChangeRow, SeatResultRow


def finished_pair(api: TestClient, control: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A finished game of Anna and Ben (timed by ``control``): its id and the seats' tokens."""
    body: dict[str, Any] = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Ben")],
    }
    if control is not None:
        body["time_control"] = control
    created = api.post("/api/games", json=body).json()
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    return created["id"], tokens


def run_out_of_join_time(api: TestClient, game_id: str) -> None:
    """The rematch's wait for its players runs out: its deadline moved into the past, in the
    database and in memory, as the clocks' tests move a player's."""
    hub = api.app.state.hub  # type: ignore[attr-defined]
    past = time.time() - 1
    with hub.store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(deadline=past))
    hub.table(game_id).stored.deadline = past


def wait_view(api: TestClient, game_id: str, token: str, status: str) -> dict[str, Any]:
    """The view of ``game_id`` once its status is ``status`` (the clocks' sweep runs each second)."""
    deadline = time.monotonic() + 60
    while (seen := view(api, game_id, token))["status"] != status:
        assert time.monotonic() < deadline, seen
        time.sleep(0.05)
    return seen


def test_both_games_name_the_players_a_rematch_awaits_until_they_join(api: TestClient) -> None:
    old_id, tokens = finished_pair(api)
    anna = rematch(api, old_id, tokens[0]).json()
    assert view(api, anna["id"], anna["token"])["awaited"] == [1]
    with api.websocket_connect(f"/ws/games/{old_id}?tokens={tokens[0]}") as socket:
        first = next_state(socket)
        assert first["rematch"] == {"id": anna["id"], "by": 0, "awaited": [1], "called_off": None}
        ben = rematch(api, old_id, tokens[1]).json()
        # The end screen's page hears Ben joined, without asking again.
        told = next_state(socket)
        assert told["rematch"]["awaited"] == [] and told["version"] > first["version"]
    assert view(api, anna["id"], ben["token"])["awaited"] == []
    assert view(api, old_id, tokens[1])["rematch"]["awaited"] == []


def test_a_timed_rematch_someone_never_joins_is_called_off_for_nobody(api: TestClient) -> None:
    """It waited JOIN_GRACE past the seat's time and then handed the seat to act to an AI: a
    rated rematch Ben never opened was lost on time by him, or by Anna if she was to act."""
    (_, anna_session), (_, ben_session) = log_in(api), log_in(api)
    old_id, tokens = rated_game(api, [anna_session, ben_session])
    play_out(api, old_id, tokens)
    anna = rematch(api, old_id, tokens[0], **anna_session).json()
    assert anna["rated"]
    table = api.app.state.hub.table(anna["id"])  # type: ignore[attr-defined]
    # A turn-based game's player has a move's time (a day here) to come; a blitz player 20 minutes.
    assert table.stored.deadline == table.stored.created.timestamp() + 86400
    run_out_of_join_time(api, anna["id"])
    seen = wait_view(api, anna["id"], anna["token"], "aborted")
    assert seen["ended"] == {"by": "no_show", "seat": 1} and seen["awaited"] == [1]
    assert [seat["kind"] for seat in seen["seats"]] == ["human", "human"] and seen["winners"] == []
    assert not any(seat.get("timed_out") for seat in table.stored.seats)
    store = api.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        for row in (SeatResultRow, RatingChangeRow):
            assert connection.execute(select(row).where(row.game_id == anna["id"])).all() == []
    old = view(api, old_id, tokens[1])
    assert old["rematch"]["called_off"] == {"by": "no_show", "seat": 1}
    # Too late to join it: Ben's answer is a new rematch, which Anna is asked to join.
    again = rematch(api, old_id, tokens[1], **ben_session).json()
    assert again["offered"] and again["id"] != anna["id"]
    assert view(api, old_id, tokens[0])["rematch"] == {
        "id": again["id"],
        "by": 1,
        "awaited": [0],
        "called_off": None,
    }


def test_a_blitz_rematch_waits_twenty_minutes_for_its_players(api: TestClient) -> None:
    old_id, tokens = finished_pair(api, {"kind": "game", "minutes": 3, "increment": 2})
    anna = rematch(api, old_id, tokens[0]).json()
    stored = api.app.state.hub.table(anna["id"]).stored  # type: ignore[attr-defined]
    assert stored.deadline == stored.created.timestamp() + clocks.JOIN_GRACE
    rematch(api, old_id, tokens[1])
    assert stored.deadline == stored.clock["since"] + 180  # joined: the seat's own time runs


def test_a_rematch_a_player_aborts_is_called_off_on_the_finished_game(api: TestClient) -> None:
    old_id, tokens = finished_pair(api)
    anna = rematch(api, old_id, tokens[0]).json()
    aborted = api.post(f"/api/games/{anna['id']}/abort", json={"token": anna["token"]})
    assert aborted.status_code == 200, aborted.text
    called_off = view(api, old_id, tokens[1])["rematch"]
    assert called_off["called_off"] == {"by": "abort", "seat": 0} and called_off["awaited"] == [1]
    # Ben asks for the rematch: a new one, not the game Anna called off.
    ben = rematch(api, old_id, tokens[1]).json()
    assert ben["offered"] and ben["id"] != anna["id"]


def test_a_rematch_s_wait_given_back_after_an_outage_is_kept_when_a_player_joins(api: TestClient) -> None:
    """Of a rematch of three, Ben joins after a stop of the servers gave its wait ten minutes more
    (``clock_pause``): Cara keeps them, the deadline is not counted from the offer again."""
    created = api.post(
        "/api/games",
        json={
            "game": "kingdomino",
            "players": 3,
            "seats": [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Ben", "Cara")],
            "time_control": {"kind": "game", "minutes": 3, "increment": 2},
        },
    ).json()
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    anna = rematch(api, created["id"], tokens[0]).json()
    hub = api.app.state.hub  # type: ignore[attr-defined]
    stored = hub.table(anna["id"]).stored
    given = stored.created.timestamp() + clocks.JOIN_GRACE + 600
    with hub.store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == anna["id"]).values(deadline=given))
    stored.deadline = given
    rematch(api, created["id"], tokens[1])
    assert view(api, anna["id"], anna["token"])["awaited"] == [2]
    assert hub.table(anna["id"]).stored.deadline == given
