"""A rematch offered by two servers at once makes one game: the second asker joins the first's
(the offer and the new game are one write). And a timed rematch's clock waits for its players:
no time runs until every human seat has joined. On SQLite and PostgreSQL."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.web.conftest import QUICK_REVIEW, create, seeded_secrets, session_workers
from tests.web.sockets import messages_until, next_message
from tests.web.test_players_api import play_out
from tests.web.test_rematch import rematch, view

from kingdomino.web import clocks
from kingdomino.web.app import create_app
from kingdomino.web.tables import GameRow


@pytest.fixture
def other_server(either_database: str) -> Iterator[TestClient]:
    """A second server over the database of ``api``, as a second instance behind one address."""
    app = create_app(
        either_database,
        secret_seeds=seeded_secrets(2),
        review_agent=QUICK_REVIEW,
        ai_workers=session_workers(),
    )
    with TestClient(app) as client:
        yield client


def games_of(client: TestClient, name: str) -> int:
    """How many games stored have a seat named ``name`` (the database may be other tests' too)."""
    with client.app.state.hub.store.engine.connect() as connection:  # type: ignore[attr-defined]
        rows = connection.execute(select(GameRow.seats)).scalars()
        return sum(any(seat["name"] == name for seat in seats) for seats in rows)


def test_two_servers_offering_a_rematch_at_once_make_one_game(
    api: TestClient, other_server: TestClient
) -> None:
    names = [f"{name} {secrets.token_hex(3)}" for name in ("Anna", "Ben")]
    seats = [{"kind": "human", "name": name, "online": True} for name in names]
    created = create(api, seats=seats, seed=None)
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    # Ben's server read the finished game before Anna's offer reached it (no offer yet there).
    assert view(other_server, created["id"], tokens[1])["rematch"] is None
    anna = rematch(api, created["id"], tokens[0]).json()
    ben = rematch(other_server, created["id"], tokens[1]).json()
    assert anna["offered"] and not ben["offered"]
    assert (ben["id"], ben["seat"]) == (anna["id"], 1)
    assert games_of(api, names[0]) == 2  # no second game left unplayed
    assert view(other_server, anna["id"], ben["token"])["your_seats"] == [1]


def offered_a_timed_rematch(api: TestClient) -> tuple[dict[str, Any], list[str], dict[str, Any]]:
    """A finished game of Anna and Ben, a minute a move, whose rematch Anna has asked for (Ben
    has not yet): the finished game, its seats' tokens, and Anna's answer (the new game's id, her
    seat and token)."""
    seats = [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Ben")]
    body = {
        "game": "kingdomino",
        "players": 2,
        "seats": seats,
        "time_control": {"kind": "move", "seconds": 60},
    }
    created: dict[str, Any] = api.post("/api/games", json=body).json()
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    anna: dict[str, Any] = rematch(api, created["id"], tokens[0]).json()
    return created, tokens, anna


def test_a_timed_rematch_s_clock_waits_until_every_player_joined(api: TestClient) -> None:
    created, tokens, anna = offered_a_timed_rematch(api)
    # Ben still reads the end screen: nobody's time runs, and no seat runs out within its minute.
    waiting = view(api, anna["id"], anna["token"])
    assert waiting["clock"]["running"] is None and waiting["clock"]["remaining"] == [60.0, 60.0]
    stored = api.app.state.hub.table(anna["id"]).stored  # type: ignore[attr-defined]
    assert stored.deadline is None or stored.deadline > stored.clock["since"] + 60 + 600
    offered = time.time()
    ben = rematch(api, created["id"], tokens[1]).json()
    started = view(api, anna["id"], ben["token"])
    assert started["clock"]["running"] == started["current_player"]
    assert started["clock"]["since"] >= offered
    assert stored.deadline == started["clock"]["since"] + 60


def test_a_rematch_s_player_opening_its_page_has_joined_it(api: TestClient) -> None:
    """A player who opens the rematch from the account's list, not the end screen, has joined it."""
    _, _, anna = offered_a_timed_rematch(api)
    table = api.app.state.hub.table(anna["id"])  # type: ignore[attr-defined]
    ben_token = str(table.stored.seats[1]["token"])
    with api.websocket_connect(f"/ws/games/{anna['id']}?tokens={ben_token}") as socket:
        first = next_message(socket, "the rematch's first view")
        assert first["type"] == "state" and first["clock"]["running"] is None
        # The view once the page opened counts as Ben joining: his clock runs.
        told = messages_until(
            socket,
            lambda told: told["type"] == "state" and told["clock"]["running"] is not None,
            "a view whose clock runs once Ben's page opened",
        )[-1]
    assert not clocks.joining(table.stored.seats)
    assert view(api, anna["id"], ben_token)["clock"]["running"] == told["current_player"]
