"""Web Push with two servers over one database: a move written on one server pushes no "your
turn" to a player whose page of the game is open on the other (``push_pages``), and does once
that page has closed; nor does a challenge accepted on one server to its challenger waiting on
the other. A push service of the test's own records the posts (``test_push.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable

from fastapi.testclient import TestClient
from sqlalchemy import select
from tests.web import test_push
from tests.web.sockets import next_of_type
from tests.web.test_challenges import DAYS, account, as_, challenged
from tests.web.test_push import (
    ANNA_FIRST,
    Browser,
    PushService,
    all_sent,
    play_until_the_turn_passes,
    push_app,
    started_days_game,
    subscribe,
    to_act,
)

from kingdomino.web.push_tables import PushPageRow
from kingdomino.web.store import Store

#: The push service of the test's own (a fixture).
service = test_push.service

#: Seconds a test waits for a server to write its pages, at most.
WRITTEN_WITHIN = 30.0


def pages_of(store: Store) -> set[tuple[str, int]]:
    """The seats with a page open on ``store``'s server, as the database holds them."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(PushPageRow.game_id, PushPageRow.seat).where(PushPageRow.server == store.server)
        )
        return {(str(game_id), int(seat)) for game_id, seat in rows}


def wait_for(holds: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WRITTEN_WITHIN
    while not holds():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def test_no_push_to_a_player_whose_page_is_open_on_another_server(
    database: str, service: PushService
) -> None:
    with TestClient(push_app(database)) as here, TestClient(push_app(database)) as there:
        here.app.state.push_base = service.base  # type: ignore[attr-defined]
        game_id, tokens, _browsers = started_days_game(here)
        all_sent(here)
        first = to_act(here, game_id, tokens)[0]
        other = "Bela" if first == "Anna" else "Anna"
        seat = {"Anna": 0, "Bela": 1}[other]
        store: Store = there.app.state.hub.store  # type: ignore[attr-defined]
        before = len(service.posts)
        with there.websocket_connect(f"/ws/games/{game_id}?tokens={tokens[other]}") as page:
            next_of_type(page, "state")
            wait_for(lambda: pages_of(store) == {(game_id, seat)}, "the other server's page noted")
            assert play_until_the_turn_passes(here, game_id, tokens) == (first, other)
            all_sent(here)
            assert service.posts[before:] == [], "the page open on the other server says it itself"
        wait_for(lambda: not pages_of(store), "the other server's page closed")
        assert play_until_the_turn_passes(here, game_id, tokens) == (other, first)
        assert play_until_the_turn_passes(here, game_id, tokens) == (first, other)
        all_sent(here)
        # Two pushes sent by two threads may arrive in either order.
        told = sorted(post.path for post in service.posts[before:])
        assert told == sorted([f"/{first.lower()}", f"/{other.lower()}"])


def test_a_challenge_accepted_on_one_server_pushes_nothing_to_its_challenger_waiting_on_the_other(
    database: str, service: PushService
) -> None:
    """Anna's page waits for Bela on one server while he accepts on the other: the game begins
    with her turn, which her page says; her page was noted while the game waited."""
    with TestClient(push_app(database, seed=ANNA_FIRST)) as here, TestClient(push_app(database)) as there:
        anna, bela = account(here, "Anna"), account(here, "Bela")
        subscribe(here, anna, Browser(f"{service.base}/anna"))
        subscribe(here, bela, Browser(f"{service.base}/bela"))
        made = challenged(here, anna, "bela", time_control=DAYS)
        game_id = made["id"]
        store: Store = there.app.state.hub.store  # type: ignore[attr-defined]
        with there.websocket_connect(f"/ws/games/{game_id}?tokens={made['seats'][0]['token']}") as page:
            next_of_type(page, "state")
            wait_for(lambda: pages_of(store) == {(game_id, 0)}, "the waiting page noted")
            accepted = as_(here, bela).post(f"/api/challenges/{game_id}/accept")
            assert accepted.status_code == 200, accepted.text
            tokens = {"Anna": made["seats"][0]["token"], "Bela": accepted.json()["token"]}
            assert to_act(here, game_id, tokens)[0] == "Anna"
            all_sent(here)
        assert [post.path for post in service.posts] == ["/bela"], "the challenge alone"
