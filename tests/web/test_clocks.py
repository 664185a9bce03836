"""Timed games (issue #64): time controls per game with an increment, per move and in days (turn
based), each seat's clock kept with the game's writes, and a player out of time whose seat an AI
plays on."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.conftest import seeded_secrets, session_workers, wait_for
from tests.web.sockets import messages_until, next_message
from tests.web.test_account_games_notify import listed
from tests.web.test_players_api import claim, log_in

from kingdomino.web.app import create_app
from kingdomino.web.clocks import TimeControl, after_move, deadline, started
from kingdomino.web.refusals import HubError
from kingdomino.web.tables import GameRow

HUMANS = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela"}]


def test_a_time_control_is_read_and_checked() -> None:
    blitz = TimeControl.of({"kind": "game", "minutes": 5, "increment": 3})
    assert (blitz.start, blitz.increment, blitz.level, blitz.per_move) == (300.0, 3.0, "medium", False)
    daily = TimeControl.of({"kind": "days", "days": 2, "level": "hard"})
    assert (daily.start, daily.increment, daily.level, daily.per_move) == (172800.0, 172800.0, "hard", True)
    refused_specs: list[tuple[dict[str, Any], str]] = [
        ({"kind": "hourglass"}, "time_control.kind"),
        ({"kind": "game", "minutes": 0}, "time_control.minutes"),
        ({"kind": "game", "minutes": 5, "increment": -1}, "time_control.increment"),
        ({"kind": "move", "seconds": True}, "time_control.seconds"),
        ({"kind": "move", "seconds": 30, "days": 2}, "time_control"),
        ({"kind": "days", "days": 1, "level": "godlike"}, "time_control.level"),
    ]
    for spec, field in refused_specs:
        with pytest.raises(HubError) as refused:
            TimeControl.of(spec)
        assert refused.value.field == field, spec


def test_a_move_spends_the_movers_time_and_gives_back_the_increment() -> None:
    blitz = TimeControl.of({"kind": "game", "minutes": 1, "increment": 2})
    clock = started(blitz, 2, 1000.0)
    clock = after_move(blitz, clock, 0, 1010.0)  # 10 s spent, 2 s back
    assert clock == {"remaining": [52.0, 60.0], "since": 1010.0}
    seats = [{"kind": "human"}, {"kind": "human"}]
    assert (
        deadline(clock, 1, seats) == 1070.0
        and deadline(clock, 1, [{"kind": "human"}, {"kind": "ai"}]) is None
    )
    per_move = TimeControl.of({"kind": "move", "seconds": 30})
    assert after_move(per_move, started(per_move, 2, 0.0), 1, 29.0)["remaining"] == [30.0, 30.0]


def create(client: TestClient, seats: list[dict[str, Any]], control: dict[str, Any]) -> dict[str, Any]:
    body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": control}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def test_the_clock_runs_for_the_human_to_act_and_moves_on_with_each_move(client: TestClient) -> None:
    made = create(client, HUMANS, {"kind": "game", "minutes": 3, "increment": 5})
    tokens = [seat["token"] for seat in made["seats"]]
    view = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
    acting = view["current_player"]
    clock = view["clock"]
    assert view["time_control"] == {"kind": "game", "minutes": 3, "increment": 5}
    assert clock["remaining"] == [180.0, 180.0] and clock["running"] == acting
    assert abs(clock["since"] - time.time()) < 60
    token = tokens[acting]
    action = client.get(f"/api/games/{made['id']}", params={"token": token}).json()["legal_actions"][0]
    assert (
        client.post(f"/api/games/{made['id']}/actions", json={"token": token, "action": action}).status_code
        == 200
    )
    after = client.get(f"/api/games/{made['id']}", params={"token": token}).json()
    spent = after["clock"]["since"] - clock["since"]
    assert after["clock"]["remaining"][acting] == pytest.approx(180.0 - spent + 5.0)
    assert after["clock"]["since"] >= clock["since"] and after["clock"]["running"] == after["current_player"]
    bad = client.post(
        "/api/games", json={"game": "duel", "players": 2, "seats": HUMANS, "time_control": {"kind": "move"}}
    )
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "time_control.seconds"


def run_out(client: TestClient, game_id: str) -> None:
    """A day goes by: the deadline of ``game_id`` is moved into the past, in the database and in
    memory, for the server's sweep to find."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    past = time.time() - 1
    with hub.store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(deadline=past))
    hub.table(game_id).stored.deadline = past


def test_the_account_s_list_says_its_time_ran_out(client: TestClient) -> None:
    """A turn-based player coming back to the lobby is told that her time ran out in a game (an AI
    plays her seat on): her list of games says so (``timed_out``), not only the game's page."""
    made = create(client, HUMANS, {"kind": "days", "days": 1})
    tokens = [seat["token"] for seat in made["seats"]]
    late = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()["current_player"]
    _, session = log_in(client)
    claim(client, session, made["id"], tokens[late])
    assert listed(client, session, made["id"])["timed_out"] is False
    run_out(client, made["id"])
    wait_for(client, made["id"], tokens[1 - late], lambda v: v["seats"][late]["kind"] == "ai")
    entry = listed(client, session, made["id"])
    assert (entry["timed_out"], entry["left"], entry["your_turn"]) == (True, True, False), entry


def test_a_player_out_of_time_has_an_ai_play_their_seat_on(client: TestClient) -> None:
    made = create(client, HUMANS, {"kind": "days", "days": 1, "level": "greedy"})
    tokens = [seat["token"] for seat in made["seats"]]
    view = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
    late = view["current_player"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    run_out(client, made["id"])
    view = wait_for(client, made["id"], tokens[1 - late], lambda v: v["seats"][late]["kind"] == "ai")
    assert view["seats"][late]["level"] == "greedy" and view["status"] == "playing"
    assert hub.store.load(made["id"]).seats[late]["timed_out"] is True
    assert view["seats"][late]["timed_out"] is True and view["seats"][late]["ai_since"] <= view["index"]
    # The AI plays the seat on: the game moves past it without the late player.
    wait_for(client, made["id"], tokens[1 - late], lambda v: v["current_player"] != late)
    late_token = tokens[late]
    refused = client.post(f"/api/games/{made['id']}/actions", json={"token": late_token, "action": "claim 1"})
    assert refused.status_code == 403
    # A bot's own client is told why its token stopped acting, not that it is a spectator's.
    assert f"seat {late + 1} ran out of time" in refused.json()["error"]["message"]


def test_in_a_timed_game_only_the_clock_hands_an_away_player_s_seat_to_an_ai(database: str) -> None:
    """In a rated game of 3 days a move, Anna could hand Bela's seat to an AI a minute after
    Bela's page closed on her turn, and the rating counted Bela last. With clocks, a seat is
    handed over when its time runs out; its player being away for a while is how such a game is
    played. The pages are told of nobody away, so none offers it."""
    app = create_app(database, secret_seeds=seeded_secrets(), ai_workers=session_workers(), away_seconds=0)
    with TestClient(app) as client:
        for control in ({"kind": "days", "days": 3}, {"kind": "game", "minutes": 5, "increment": 3}):
            made = create(client, HUMANS, control)
            tokens = [seat["token"] for seat in made["seats"]]
            view = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
            away = view["current_player"]
            here = tokens[1 - away]
            with client.websocket_connect(f"/ws/games/{made['id']}", params={"tokens": here}) as socket:
                assert next_message(socket, "the page's first view")["type"] == "state"
                socket.send_json({"type": "ping"})
                heard = messages_until(socket, lambda m: m["type"] == "pong", "the pong of the ping")
                assert all(not m.get("away") for m in heard if m["type"] == "presence"), heard
            refused = client.post(f"/api/games/{made['id']}/seats/{away + 1}/ai", json={"token": here})
            assert refused.status_code == 409 and refused.json()["error"]["code"] == "takeover_clock"
            view = client.get(f"/api/games/{made['id']}", params={"token": here}).json()
            assert view["seats"][away]["kind"] == "human"
        # Without clocks, the same player away may be handed over (``away_seconds`` is 0 here).
        made = client.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": HUMANS}).json()
        tokens = [seat["token"] for seat in made["seats"]]
        away = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()["current_player"]
        taken = client.post(f"/api/games/{made['id']}/seats/{away + 1}/ai", json={"token": tokens[1 - away]})
        assert taken.status_code == 200, taken.text
