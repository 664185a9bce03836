"""Presence over two servers on one PostgreSQL database (each an app of its own): a player whose
page of the game is open on the other server is present here too (``push_pages``' rows, read by
``presence``), so their seat is not handed to an AI and their rated game is not called off as if
they were away; once their page closes there, they are away again. Skipped without
``KINGDOMINO_TEST_POSTGRES_URL`` (servers share none but PostgreSQL)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, update
from tests.web.conftest import api_over, create, seeded_secrets, store_of
from tests.web.sockets import messages_until, next_of_type
from tests.web.test_endings import LIVE, post, refused, stayed_away, view_of
from tests.web.test_players_api import log_in, rated_game

from kingdomino.web.app import create_app
from kingdomino.web.pages_heard import PagesHeard
from kingdomino.web.push_pages import FRESH_SECONDS, write
from kingdomino.web.push_tables import PushPageRow
from kingdomino.web.store import Store


def noted(client: TestClient, game_id: str, seat: int, open_: bool) -> None:
    """Wait (10 s at most) until the database says whether a page of ``seat`` is open on a server."""
    query = select(PushPageRow.server).where(PushPageRow.game_id == game_id, PushPageRow.seat == seat)
    deadline = time.monotonic() + 10
    while True:
        with store_of(client).engine.connect() as connection:
            if (connection.execute(query).first() is not None) == open_:
                return
        assert time.monotonic() < deadline, f"seat {seat}'s page never noted {'open' if open_ else 'closed'}"
        time.sleep(0.02)


def ann_and_bea(client: TestClient) -> tuple[str, list[str], int]:
    """A game of Ann and Bea made through ``client``: its id, the seats' tokens and Bea's seat,
    the seat to act."""
    created = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
    tokens = [seat["token"] for seat in created["seats"]]
    return created["id"], tokens, view_of(client, created["id"], tokens[0])["current_player"]


def test_a_seat_whose_page_is_open_on_the_other_server_is_not_handed_to_an_ai(shared_postgres: str) -> None:
    """Bea is to act, her page open on server B: through server A (no wait before an away seat is
    handed over) Ann's page offers no handover and Ann is told she is not away; once Bea's page
    closes, Ann may hand her seat over."""
    one = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets(), away_seconds=0))
    other = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets()))
    with one, other:
        game_id, tokens, bea = ann_and_bea(one)
        ann = 1 - bea
        path = f"/api/games/{game_id}/seats/{bea + 1}/ai"
        with other.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[bea]}):
            noted(one, game_id, bea, True)
            with one.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[ann]}) as page:
                assert next_of_type(page, "presence")["away"] == {}, "no offer to hand Bea's seat over"
            refused(one.post(path, json={"token": tokens[ann]}), 409, "takeover_not_away")
        noted(one, game_id, bea, False)
        deadline = time.monotonic() + 10
        while (answer := one.post(path, json={"token": tokens[ann]})).status_code != 200:
            refused(answer, 409, "takeover_not_away")  # read before her page closed, for a moment
            assert time.monotonic() < deadline, answer.text
            time.sleep(0.05)
        assert view_of(one, game_id, tokens[ann])["seats"][bea]["kind"] == "ai"


def test_a_rated_game_is_not_called_off_while_the_player_to_act_has_a_page_on_the_other_server(
    shared_postgres: str,
) -> None:
    """Bea is to act in a rated game, her page open on server B, none on server A for longer than
    the wait: Ann's call-off through A is refused as while Bea's page is open (she has not left)."""
    with api_over(shared_postgres) as one, api_over(shared_postgres) as other:
        (_, ann_session), (_, bea_session) = log_in(one), log_in(one)
        game_id, tokens = rated_game(one, [ann_session, bea_session], control=LIVE)
        bea = view_of(one, game_id, tokens[0])["current_player"]
        with other.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[bea]}):
            noted(one, game_id, bea, True)
            stayed_away(one, game_id, bea)
            refused(post(one, game_id, "abort", tokens[1 - bea]), 409, "abort_rated")
        assert view_of(one, game_id, tokens[bea])["status"] == "playing"


def test_a_silent_page_on_the_other_server_is_gone_and_its_game_may_be_claimed(shared_postgres: str) -> None:
    """Bea is to act in a real-time game, her page open on server B: Ann's claim through server A
    is refused while B hears Bea's socket; once it stops pinging (two pings missed), B's rows no
    longer hold her seat, and Ann's claim through A succeeds, her seat out of time."""
    one = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets(), claim_seconds=0))
    other = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets(), socket_idle_seconds=9))
    with one, other:
        control = {"kind": "game", "minutes": 5, "increment": 3, "level": "greedy"}
        seats = [{"kind": "human", "online": True}] * 2
        answer = one.post(
            "/api/games", json={"game": "kingdomino", "players": 2, "seats": seats, "time_control": control}
        )
        game_id = answer.json()["id"]
        tokens = [seat["token"] for seat in answer.json()["seats"]]
        bea = view_of(one, game_id, tokens[0])["current_player"]
        with other.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[bea]}) as page:
            next_of_type(page, "state")
            noted(one, game_id, bea, True)
            refused(post(one, game_id, "claim", tokens[1 - bea]), 409, "gone_here")
            noted(one, game_id, bea, False)  # silent: no longer open for the other servers
            deadline = time.monotonic() + 10
            while (claimed := post(one, game_id, "claim", tokens[1 - bea])).status_code != 200:
                refused(claimed, 409, "gone_here")  # read before her row went, for a moment
                assert time.monotonic() < deadline, claimed.text
                time.sleep(0.05)
        view = view_of(one, game_id, tokens[1 - bea])
        assert view["seats"][bea]["kind"] == "ai" and view["seats"][bea]["timed_out"] is True


def test_a_page_opened_on_the_other_server_is_told_at_once(shared_postgres: str) -> None:
    """Bea is to act and away: Ann's page on server A offers to hand her seat over (no wait on
    A). Bea opens the game on server B: with no move made, Ann's page hears at once that Bea is
    at the table and the offer is withdrawn; once Bea's page closes, that she left and the offer
    is back (``pages_heard``)."""
    one = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets(), away_seconds=0))
    other = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets()))
    with one, other:
        game_id, tokens, bea = ann_and_bea(one)
        ann = 1 - bea
        with one.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[ann]}) as page:
            alone = next_of_type(page, "presence")
            assert bea not in alone["here"] and str(bea) in alone["away"], alone
            with other.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[bea]}):
                came = told(page, lambda presence: bea in presence["here"], "Bea at the table")
                assert came["away"] == {}, "the offer to hand Bea's seat over is withdrawn"
            left = told(page, lambda presence: bea not in presence["here"], "Bea gone")
            assert str(bea) in left["away"], "the offer is back"


def told(page: Any, said: Callable[[dict[str, Any]], bool], awaited: str) -> dict[str, Any]:
    """The first presence ``page`` is told that ``said`` holds of (waiting for it)."""
    return messages_until(page, lambda message: message["type"] == "presence" and said(message), awaited)[-1]


def test_a_seat_of_a_killed_server_is_soon_away(shared_postgres: str) -> None:
    """Bea's page is open on server B, which is then killed (its rows stay, no longer confirmed):
    her seat counts as present for ``FRESH_SECONDS`` at most, not 30 s. B is a store that wrote
    its rows and stopped; its rows are set back 12 s, as if its last beat were that long ago
    (past ``FRESH_SECONDS``, while a live server confirms its rows every ``BEAT_SECONDS``): Ann's
    page on server A hears that Bea left, with no notification (B's is the one that would have
    sent it), and Ann may hand Bea's seat over."""
    assert FRESH_SECONDS < 12
    one = TestClient(create_app(shared_postgres, secret_seeds=seeded_secrets(), away_seconds=0))
    killed = Store(shared_postgres, server="killed")
    with one:
        game_id, tokens, bea = ann_and_bea(one)
        ann = 1 - bea
        with one.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[ann]}) as page:
            next_of_type(page, "presence")
            # Confirmed a minute ahead: fresh however long server A, loaded, takes to read it.
            write(killed, {(game_id, bea)}, set(), time.time() + 60)
            told(page, lambda presence: bea in presence["here"], "Bea at the table, on server B")
            with killed.engine.begin() as connection:
                connection.execute(update(PushPageRow).values(seen=time.time() - 12))
            left = told(page, lambda presence: bea not in presence["here"], "Bea gone with server B")
            assert str(bea) in left["away"], "the offer to hand Bea's seat over is back"
        answer = one.post(f"/api/games/{game_id}/seats/{bea + 1}/ai", json={"token": tokens[ann]})
        assert answer.status_code == 200, answer.text
    killed.close()


def test_a_claim_through_a_server_following_no_page_counts_from_the_last_change_it_heard(
    shared_postgres: str,
) -> None:
    """Server A read Ann and Bea's real-time game long ago (a glance at it there), and has no
    page of it open since: they play on server B. Bea's page there closes (a reload), and Ann's
    claim is sent through A at once: A heard that B's pages changed (``pages_heard``), so Bea
    is gone since then, not since A read the game, and the claim is refused for the wait left.
    (Attack review of 2026-12-01, evening: A claimed the game of a player who left a moment ago.)"""
    control = {"kind": "game", "minutes": 5, "increment": 3, "level": "greedy"}
    with api_over(shared_postgres) as one, api_over(shared_postgres) as other:
        seats = [{"kind": "human", "online": True}] * 2
        body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": control}
        answer = one.post("/api/games", json=body)
        game_id = answer.json()["id"]
        tokens = [seat["token"] for seat in answer.json()["seats"]]
        bea = view_of(one, game_id, tokens[0])["current_player"]
        presence = one.app.state.hub.table(game_id).presence  # type: ignore[attr-defined]
        presence.loaded_at -= 10 * one.app.state.hub.claim_seconds  # type: ignore[attr-defined]
        with other.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[bea]}) as page:
            next_of_type(page, "state")
            noted(one, game_id, bea, True)
        noted(one, game_id, bea, False)
        # The notification B sent with the write, heard now (its delivery is not awaited).
        payload = json.dumps({"id": game_id, "server": store_of(other).server})
        heard = PagesHeard(one.app.state.hub.pusher.pages, one.app.state.hub.tables)  # type: ignore[attr-defined]
        assert one.portal is not None
        one.portal.call(heard.heard, payload)
        claimed = post(one, game_id, "claim", tokens[1 - bea])
        refused(claimed, 409, "gone_wait")
        assert claimed.json()["error"]["values"]["n"] > one.app.state.hub.claim_seconds - 10  # type: ignore[attr-defined]
        assert view_of(one, game_id, tokens[bea])["seats"][bea]["kind"] == "human"
