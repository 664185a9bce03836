"""Giving time (``web/time_gift.py``): a player of a real-time game adds 15 s to an opponent's
clock, over HTTP and the socket alike; the gift is a revision of the game, so another server (or
this one after a restart) reads the same clock, and every page hears who gave whom; each refusal
names its reason."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import assert_socket_error, new_app
from tests.web.sockets import next_of_type
from tests.web.test_challenges import account
from tests.web.test_lag import FakeTime, clock_hand, left_of
from tests.web.test_players_api import log_in, rated_game
from tests.web.test_simul_clocks import started
from tests.web.test_tournaments import act, current_games, seated, tournament
from tests.web.test_tournaments import create as create_tournament

from kingdomino.web import time_gift
from kingdomino.web.time_gift import GIFT

__all__ = ["clock_hand"]  # the fixture

BLITZ = {"kind": "game", "minutes": 5, "increment": 3}
TOM_AND_MIRA = [{"kind": "human", "name": "Tom"}, {"kind": "human", "name": "Mira"}]


def made(
    client: TestClient, control: dict[str, Any] | None = BLITZ, seats: Any = None
) -> tuple[str, list[str]]:
    """A new game of ``seats`` (two people if not said) with the clock ``control``: its id and the
    seats' tokens."""
    seats = seats or TOM_AND_MIRA
    body: dict[str, Any] = {"game": "kingdomino", "players": len(seats), "seats": seats}
    if control is not None:
        body["time_control"] = control
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()["id"], [seat.get("token", "") for seat in answer.json()["seats"]]


def give(client: TestClient, game_id: str, token: str, seat: int) -> Any:
    return client.post(f"/api/games/{game_id}/give-time", json={"token": token, "seat": seat})


def refused(answer: Any, status: int, code: str | None) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["field"] == "seat" or code == "not_started", answer.text
    assert answer.json()["error"].get("code") == code, answer.text


def view(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    return dict(client.get(f"/api/games/{game_id}", params={"token": token}).json())


def test_a_gift_adds_its_seconds_to_the_seat_to_acts_clock(client: TestClient, clock_hand: FakeTime) -> None:
    game_id, tokens = made(client)
    acting = view(client, game_id, tokens[0])["current_player"]
    waiting = 1 - acting
    assert view(client, game_id, tokens[waiting])["clock"]["give"] == {"seconds": 15.0, "seats": [acting]}
    clock_hand.now += 10.0
    answer = give(client, game_id, tokens[waiting], acting)
    assert answer.status_code == 200, answer.text
    assert answer.json()["remaining"] == 300.0 + GIFT["seconds"]
    clock = view(client, game_id, tokens[acting])["clock"]
    assert clock["gift"] == {"by": waiting, "to": acting, "seconds": 15.0}
    assert clock["running"] == acting and clock["remaining"][waiting] == 300.0
    deadline = client.app.state.hub.table(game_id).stored.deadline  # type: ignore[attr-defined]
    assert deadline == pytest.approx(clock["since"] + 315.0)  # the sweep reads it: 15 s later
    clock_hand.now += 5.0  # the gift is kept after the move, its note said until then
    play = view(client, game_id, tokens[acting])
    body = {"token": tokens[acting], "action": play["legal_actions"][0]}
    assert client.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
    after = view(client, game_id, tokens[acting])["clock"]
    assert after["remaining"][acting] == pytest.approx(315.0 - 15.0 + 3.0) and "gift" not in after


def test_a_gift_is_a_revision_another_server_reads(client: TestClient, database: str) -> None:
    game_id, tokens = made(client)
    acting = view(client, game_id, tokens[0])["current_player"]
    version = view(client, game_id, tokens[0])["version"]
    assert give(client, game_id, tokens[1 - acting], acting).status_code == 200
    assert view(client, game_id, tokens[0])["version"] == version + 1
    with TestClient(new_app(database)) as other:  # a server reading the game from the database
        clock = view(other, game_id, tokens[acting])["clock"]
        assert clock["remaining"][acting] == 315.0 and clock["gift"]["by"] == 1 - acting


def test_the_socket_gives_as_http_does_and_every_page_hears_it(client: TestClient) -> None:
    game_id, tokens = made(client)
    acting = view(client, game_id, tokens[0])["current_player"]
    with (
        client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[1 - acting]}) as giver,
        client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": tokens[acting]}) as given,
    ):
        next_of_type(giver, "state"), next_of_type(given, "state")
        giver.send_json({"type": "give_time", "seat": acting})
        assert next_of_type(giver, "ack")["remaining"] == 315.0
        heard = next_of_type(given, "state")["clock"]
        assert heard["gift"] == {"by": 1 - acting, "to": acting, "seconds": 15.0}
        given.send_json({"type": "give_time", "seat": acting})
        assert assert_socket_error(next_of_type(given, "error"))["code"] == "gift_self"
        given.send_json({"type": "give_time"})
        assert assert_socket_error(next_of_type(given, "error"))["field"] == "seat"
    assert left_of(client, game_id, tokens[acting], acting) == 315.0


def test_a_rated_game_allows_gifts_as_lichess_does(api: TestClient) -> None:
    sessions = [log_in(api)[1], log_in(api)[1]]
    game_id, tokens = rated_game(api, sessions, control=BLITZ)
    acting = view(api, game_id, tokens[0])["current_player"]
    assert give(api, game_id, tokens[acting], 1 - acting).status_code == 200
    assert view(api, game_id, tokens[0])["clock"]["remaining"][1 - acting] == 315.0


@pytest.mark.parametrize(
    ("control", "code"),
    [
        ({"kind": "move", "seconds": 60}, "gift_clock"),
        ({"kind": "days", "days": 1}, "gift_clock"),
        (None, "gift_clock"),
    ],
)
def test_a_clock_other_than_a_whole_games_takes_no_gift(
    client: TestClient, control: dict[str, Any] | None, code: str
) -> None:
    game_id, tokens = made(client, control)
    refused(give(client, game_id, tokens[0], 1), 409, code)
    assert "give" not in (view(client, game_id, tokens[0])["clock"] or {})


def test_each_refusal_names_its_reason(client: TestClient) -> None:
    game_id, tokens = made(client)
    spectator = client.app.state.hub.table(game_id).stored.spectator_token  # type: ignore[attr-defined]
    refused(give(client, game_id, tokens[0], 0), 409, "gift_self")
    refused(give(client, game_id, tokens[0], 2), 422, None)
    answer = give(client, game_id, spectator, 1)
    assert answer.status_code == 403 and answer.json()["error"]["field"] == "token", answer.text
    ai_game, ai_tokens = made(client, seats=[TOM_AND_MIRA[0], {"kind": "ai", "level": "easy"}])
    refused(give(client, ai_game, ai_tokens[0], 1), 409, "gift_ai")
    for _ in range(GIFT["most_per_seat"]):
        assert give(client, game_id, tokens[0], 1).status_code == 200
    refused(give(client, game_id, tokens[0], 1), 409, "gift_limit")
    assert give(client, game_id, tokens[1], 0).status_code == 200  # the count is the giver's
    assert client.post(f"/api/games/{game_id}/resign", json={"token": tokens[1]}).status_code == 200
    refused(give(client, game_id, tokens[0], 1), 409, "gift_over")


def test_an_open_game_not_started_takes_no_gift(client: TestClient) -> None:
    game_id, tokens = made(client, seats=[TOM_AND_MIRA[0], {"kind": "open"}])
    refused(give(client, game_id, tokens[0], 1), 409, "not_started")


def test_a_simuls_game_takes_no_gift(api: TestClient) -> None:
    """The time of a simul's games is its organiser's (as a tournament's or an arena's)."""
    game = started(api)["games"][0]
    refused(give(api, game["id"], game["token"], 1 - game["host_seat"]), 409, "gift_tournament")


def test_a_tournaments_game_takes_no_gift(client: TestClient) -> None:
    """A club tournament's time is its organiser's, the same for every game (an arena's too)."""
    client = client
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    made = create_tournament(client, sessions["Kira"], format="swiss", rounds=2, time_control=BLITZ)
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], made["id"], "join")
    assert act(client, sessions["Kira"], made["id"], "start").status_code == 200
    game = next(g for g in current_games(tournament(client, made["id"])) if g["second"] is not None)
    token, _ = (seated(client, sessions[name], game["game_id"]) for name in (game["first"], game["second"]))
    mine = view(client, game["game_id"], token)
    assert mine["status"] == "playing" and "give" not in mine["clock"]
    refused(give(client, game["game_id"], token, 1 - mine["your_seats"][0]), 409, "gift_tournament")


def test_a_rated_game_of_three_takes_no_gift(api: TestClient) -> None:
    """Ann, Bea and Cid play a rated game: Ann's gift to Bea would cost Ann nothing and rank Bea
    above Cid, who was given none (two friends against a third). A casual game of three allows
    it. (Attack review of 2026-12-01, evening.)"""
    sessions = [log_in(api)[1] for _ in range(3)]
    game_id, tokens = rated_game(api, sessions, control=BLITZ)
    acting = view(api, game_id, tokens[0])["current_player"]
    giver = (acting + 1) % 3
    refused(give(api, game_id, tokens[giver], acting), 409, "gift_rated_table")
    assert "give" not in view(api, game_id, tokens[giver])["clock"]
    assert view(api, game_id, tokens[0])["clock"]["remaining"][acting] == 300.0
    casual, casual_tokens = made(api, seats=[*TOM_AND_MIRA, {"kind": "human", "name": "Cid"}])
    acting = view(api, casual, casual_tokens[0])["current_player"]
    assert give(api, casual, casual_tokens[(acting + 1) % 3], acting).status_code == 200


def test_a_seat_out_of_time_is_not_brought_back_by_a_gift(
    client: TestClient, clock_hand: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Mira's time ran out a moment ago, before the sweep handed her seat to an AI: Tom's gift
    would have set her deadline 15 s later and kept her seat. It is refused, her clock unchanged
    for the sweep to hand her seat over. (Attack review of 2026-12-01, evening.)"""
    monkeypatch.setattr(time_gift, "time", clock_hand)
    game_id, tokens = made(client)
    acting = view(client, game_id, tokens[0])["current_player"]
    clock_hand.now += 300.0 + 1.0
    answer = give(client, game_id, tokens[1 - acting], acting)
    refused(answer, 409, "gift_flagged")
    assert left_of(client, game_id, tokens[acting], acting) == 300.0
    assert give(client, game_id, tokens[acting], 1 - acting).status_code == 200  # a seat with time left
