"""A player whose connection dropped, as the others see it, and a real-time game claimed from a
player gone for long (``presence``, ``gone_claims``): Tom, on a desktop, plays Mira, on a phone
on a train. Her socket that stops pinging counts as gone within seconds, though it stays open
until it speaks again; once she has been gone ``claim_seconds``, Tom may end the wait, her seat
then out of time (an AI plays it on, ``timed_out``, a rated game ranks her last)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import QUICK, seeded_secrets, wait_for
from tests.web.sockets import messages_until, within
from tests.web.test_endings import post, refused, view_of
from tests.web.test_players_api import log_in, rated_game
from tests.web.test_presence import presences, until_pong

from kingdomino.web.accounts import Accounts
from kingdomino.web.app import create_app
from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.page_link import silent_after
from kingdomino.web.tables import SeatResultRow

#: A 5 min + 3 s clock whose seats out of time go to the quickest AI.
BLITZ = {"kind": "game", "minutes": 5, "increment": 3, "level": "greedy"}
#: How long a test socket may stay silent before it is closed: two pings missed (a third of it)
#: mark it silent, and leave the test room to say something before the close.
IDLE = 9.0


@pytest.fixture
def quick(database: str) -> Iterator[TestClient]:
    """A server whose sockets go silent after ``silent_after(IDLE)`` seconds."""
    app = create_app(database, secret_seeds=seeded_secrets(), socket_idle_seconds=IDLE)
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    with TestClient(app) as client:
        yield client


def friends(client: TestClient, control: dict[str, Any] | None = None) -> tuple[str, list[str], int, int]:
    """Tom and Mira's game online (with ``control``'s clock): its id, the tokens (the seats', then
    the spectator's), Mira's seat (to act first) and Tom's."""
    body: dict[str, Any] = {
        "game": "kingdomino",
        "players": 2,
        "seats": [{"kind": "human", "online": True}] * 2,
    }
    if control is not None:
        body["time_control"] = control
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    tokens = [seat["token"] for seat in answer.json()["seats"]] + [answer.json()["spectator_token"]]
    game_id = answer.json()["id"]
    mira = view_of(client, game_id, tokens[0])["current_player"]
    return game_id, tokens, mira, 1 - mira


def presence_where(socket: WebSocketTestSession, holds: Any) -> dict[str, Any]:
    """The first presence ``socket`` hears (pinging meanwhile, so it stays at the table) of which
    ``holds`` is true."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for told in presences(until_pong(socket)):
            if holds(told):
                return told
    raise AssertionError("no such presence in 30 s")


@pytest.mark.parametrize("control", [None, BLITZ])
def test_a_socket_that_stops_pinging_is_gone_for_the_others_until_it_speaks(
    quick: TestClient, control: dict[str, Any] | None
) -> None:
    """Mira's socket, to act, goes silent: within two pings Tom hears her connection lost (not at
    the table, awaited while away in a game without clocks, gone in a real-time one), though her
    socket stays open; she speaks again, and Tom hears her back."""
    game_id, tokens, mira, tom = friends(quick, control)
    path = f"/ws/games/{game_id}"
    tom_link = quick.websocket_connect(path, params={"tokens": tokens[tom]})
    with tom_link as tom_page, quick.websocket_connect(path, params={"tokens": tokens[mira]}) as mira_page:
        until_pong(mira_page)
        presence_where(tom_page, lambda told: told["here"] == [0, 1])
        went = time.monotonic()
        told = presence_where(tom_page, lambda told: told["lost"] == [mira])
        assert time.monotonic() - went >= silent_after(IDLE) - 1.0
        assert told["here"] == [tom]
        waited = told["away"] if control is None else told["gone"]
        assert list(waited) == [str(mira)], told
        assert (told["gone"] if control is None else told["away"]) == {}
        until_pong(mira_page)  # her socket was kept open: she answers, and is back
        told = presence_where(tom_page, lambda told: told["lost"] == [])
        assert told["here"] == [0, 1] and told["away"] == {} and told["gone"] == {}


def test_a_rated_game_s_call_off_counts_a_silent_page_as_gone(quick: TestClient) -> None:
    """Mira, to act in a rated game before her first move, has her page open: Tom may not call
    the game off (she is there); her socket goes silent, and his call-off is refused only for the
    wait left, counted from when she was last heard, as if her page had closed then."""
    (_, tom_session), (_, mira_session) = log_in(quick), log_in(quick)
    game_id, tokens = rated_game(quick, [tom_session, mira_session], control=BLITZ)
    mira = view_of(quick, game_id, tokens[0])["current_player"]
    tom = 1 - mira
    path = f"/ws/games/{game_id}"
    tom_link = quick.websocket_connect(path, params={"tokens": tokens[tom]})
    with tom_link as tom_page, quick.websocket_connect(path, params={"tokens": tokens[mira]}) as mira_page:
        until_pong(mira_page)
        refused(post(quick, game_id, "abort", tokens[tom]), 409, "abort_rated")
        presence_where(tom_page, lambda told: told["lost"] == [mira])
        answer = post(quick, game_id, "abort", tokens[tom])
        refused(answer, 409, "abort_wait")
        assert answer.json()["error"]["values"]["n"] <= AWAY_SECONDS - silent_after(IDLE) + 1


def test_a_socket_that_never_speaks_again_is_closed_as_before(quick: TestClient) -> None:
    """Silent for the whole idle figure, the socket is closed (4408), as it was before it counted
    as gone: going silent changes presence only."""
    game_id, tokens, mira, _ = friends(quick, BLITZ)
    with quick.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[mira]}) as page:
        deadline = time.monotonic() + IDLE + 30
        while (message := within(page, deadline - time.monotonic())) is not None:
            if message["type"] == "websocket.close":
                assert message["code"] == 4408
                return
        raise AssertionError("the silent socket was never closed")


def gone_long(client: TestClient, game_id: str, seat: int) -> None:
    """No page of ``seat`` open here for longer than the claim's wait (the clock faked back)."""
    presence = client.app.state.hub.table(game_id).presence  # type: ignore[attr-defined]
    long_ago = time.monotonic() - client.app.state.hub.claim_seconds - 1  # type: ignore[attr-defined]
    presence.loaded_at = long_ago
    presence.left_at[seat] = long_ago


def test_each_refusal_of_a_claim_says_why(api: TestClient) -> None:
    """Too soon (with the wait left), Mira's page open, Mira claiming her own turn, a spectator, a
    stranger, a game with no clock or a turn-based one, a game over: each refused by its code."""
    game_id, tokens, mira, tom = friends(api, BLITZ)
    answer = post(api, game_id, "claim", tokens[tom])
    refused(answer, 409, "gone_wait")
    assert 0 < answer.json()["error"]["values"]["n"] <= api.app.state.hub.claim_seconds  # type: ignore[attr-defined]
    gone_long(api, game_id, mira)
    with api.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[mira]}) as page:
        until_pong(page)
        refused(post(api, game_id, "claim", tokens[tom]), 409, "gone_here")
    refused(post(api, game_id, "claim", tokens[mira]), 409, "gone_own_turn")
    refused(post(api, game_id, "claim", tokens[2]), 403, "spectator_acts")
    refused(post(api, game_id, "claim", "x" * 32), 403, "not_a_seat")
    for control in (None, {"kind": "days", "days": 1}):
        other, others, late, claimant = friends(api, control)
        gone_long(api, other, late)
        refused(post(api, other, "claim", others[claimant]), 409, "gone_clock")
    # A rematch that waits for its players to join is called off if they never do: not claimed.
    other, others, late, claimant = friends(api, BLITZ)
    api.app.state.hub.table(other).stored.seats[late]["to_join"] = True  # type: ignore[attr-defined]
    gone_long(api, other, late)
    refused(post(api, other, "claim", others[claimant]), 409, "not_started")
    assert post(api, game_id, "resign", tokens[tom]).status_code == 200
    refused(post(api, game_id, "claim", tokens[mira]), 409, "game_over")


def test_a_claimed_rated_game_is_a_timeout_and_ranks_the_gone_player_last(api: TestClient) -> None:
    """Mira, to act in a rated 5 + 3 game, is gone long: Tom's claim (over the socket) hands her
    seat to the time control's AI, marked out of time; the AI plays it to the end, and the
    rating ranks Mira last whatever the score."""
    (_, tom_session), (_, mira_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [tom_session, mira_session], control=BLITZ)
    mira = view_of(api, game_id, tokens[0])["current_player"]
    tom = 1 - mira
    gone_long(api, game_id, mira)
    with api.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[tom]}) as page:
        told = presence_where(page, lambda told: str(mira) in told["gone"])
        assert told["gone"][str(mira)] >= told["claim_after"]
        page.send_json({"type": "claim"})
        answer = messages_until(
            page, lambda message: message["type"] in ("ack", "error"), "the claim's answer"
        )
        assert answer[-1] == {**answer[-1], "type": "ack", "claim": mira}, answer[-1]
    view = view_of(api, game_id, tokens[tom])
    assert view["seats"][mira]["kind"] == "ai" and view["seats"][mira]["timed_out"] is True
    assert view["seats"][mira]["level"] == "greedy" and view["status"] == "playing"
    while (view := view_of(api, game_id, tokens[tom]))["status"] != "finished":
        if view["current_player"] == tom and view["legal_actions"]:
            action = view["legal_actions"][0]
            moved = api.post(f"/api/games/{game_id}/actions", json={"token": tokens[tom], "action": action})
            assert moved.status_code in (200, 409), moved.text
        else:
            wait_for(
                api, game_id, tokens[tom], lambda v: v["current_player"] == tom or v["status"] == "finished"
            )
    deadline = time.monotonic() + 60
    while api.get(f"/api/games/{game_id}/ratings").status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    store = api.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        places = connection.execute(
            select(SeatResultRow.seat, SeatResultRow.place).where(SeatResultRow.game_id == game_id)
        )
        assert dict(tuple(row) for row in places) == {tom: 1, mira: 2}
    ratings = api.get(f"/api/games/{game_id}/ratings").json()["seats"]
    assert ratings[tom]["after"] > ratings[tom]["before"] and ratings[mira]["after"] < ratings[mira]["before"]
