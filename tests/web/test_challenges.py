"""Challenges: an account challenges another by name to a game of two; the challenged player sees
it at once on every lobby page they have open, and accepts (both are in the game) or declines;
the challenger calls it off, or nobody answers in time. None of these ends has a result."""

from __future__ import annotations

from typing import Any, cast

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import wait_for
from tests.web.sockets import close_code, next_message, next_of_type
from tests.web.test_open_games import end_the_wait_now, refusal

from kingdomino.web import challenges
from kingdomino.web.routes.open_games import SESSION_ENDED

#: A day a move: the turn-based game a club's members play by the day, running out in no test.
DAYS = {"kind": "days", "days": 1}


def account(client: TestClient, name: str, bot: bool = False) -> str:
    """A new account's session cookie (the client is left logged in as nobody)."""
    client.cookies.clear()
    made = client.post("/api/accounts", json={"name": name, "password": "password " + name, "bot": bot})
    assert made.status_code == 201, made.text
    session = str(client.cookies.get("kd_session"))
    client.cookies.clear()
    return session


def as_(client: TestClient, session: str | None) -> TestClient:
    """``client`` logged in with ``session`` (None: a guest's)."""
    client.cookies.clear()
    if session is not None:
        client.cookies.set("kd_session", session)
    return client


def challenge(client: TestClient, session: str | None, name: str, **fields: Any) -> Any:
    body = {"name": name, "game": "kingdomino", "players": 2, **fields}
    return as_(client, session).post("/api/challenges", json=body)


def challenged(client: TestClient, session: str, name: str, **fields: Any) -> dict[str, Any]:
    made = challenge(client, session, name, **fields)
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def lobby_of(client: TestClient, session: str | None) -> WebSocketTestSession:
    """A lobby page of ``session``'s account (its cookie is read when the socket opens)."""
    return as_(client, session).websocket_connect("/ws/lobby")


def test_a_challenge_waits_for_its_player_alone_then_both_play(client: TestClient) -> None:
    kira, boris, cleo = (account(client, name) for name in ("Kira", "Boris", "Cleo"))
    with (
        lobby_of(client, boris) as boris_tab,
        lobby_of(client, boris) as other_tab,
        lobby_of(client, kira) as kira_tab,
    ):
        for tab in (boris_tab, other_tab, kira_tab):
            assert next_of_type(tab, "challenges")["challenges"] == []
        made = challenged(client, kira, "boris", time_control=DAYS, rated=True)
        game_id, token = made["id"], made["seats"][0]["token"]
        for tab in (boris_tab, other_tab):
            shown = next_of_type(tab, "challenge")["challenge"]
            assert (shown["id"], shown["creator"], shown["to_you"], shown["rated"]) == (
                game_id,
                "Kira",
                True,
                True,
            )
            assert "token" not in str(shown)
        assert next_of_type(kira_tab, "challenge")["challenge"]["to_you"] is False
        assert as_(client, None).get("/api/open-games").json()["games"] == []
        assert as_(client, cleo).get("/api/challenges").json()["challenges"] == []
        seats = client.get(f"/api/games/{game_id}", params={"token": token}).json()["seats"]
        assert [(s["name"], s["kind"], s.get("challenged")) for s in seats] == [
            ("Kira", "human", None),
            ("Boris", "open", True),
        ]
        waiting = as_(client, boris).get("/api/challenges").json()["challenges"]
        assert [(c["id"], c["to_you"], c["seats"][1]["name"]) for c in waiting] == [(game_id, True, "Boris")]
        assert refusal(as_(client, cleo).post(f"/api/games/{game_id}/join", json={})) == (403, "seat_kept")
        assert refusal(as_(client, None).post(f"/api/games/{game_id}/join", json={"name": "Dan"})) == (
            401,
            "rated_guest",
        )
        assert refusal(as_(client, cleo).post(f"/api/challenges/{game_id}/accept")) == (403, "not_challenged")
        assert refusal(as_(client, kira).post(f"/api/challenges/{game_id}/decline")) == (
            403,
            "not_challenged",
        )
        accepted = as_(client, boris).post(f"/api/challenges/{game_id}/accept")
        assert accepted.status_code == 200, accepted.text
        seat = accepted.json()
        assert (seat["id"], seat["seat"], seat["started"]) == (game_id, 1, True)
        for tab in (boris_tab, other_tab, kira_tab):
            gone = next_of_type(tab, "challenge_gone")
            assert (gone["id"], gone["status"]) == (game_id, "playing")
    for who in (token, seat["token"]):
        view = client.get(f"/api/games/{game_id}", params={"token": who}).json()
        assert view["status"] == "playing" and [s["name"] for s in view["seats"]] == ["Kira", "Boris"]
    assert as_(client, boris).get("/api/challenges").json()["challenges"] == []
    assert refusal(as_(client, boris).post(f"/api/challenges/{game_id}/decline")) == (409, "not_open")


def test_declined_called_off_or_unanswered_a_challenge_ends_unplayed(client: TestClient) -> None:
    kira, boris = account(client, "Kira"), account(client, "Boris")
    declined = challenged(client, kira, "Boris")
    with lobby_of(client, kira) as kira_tab:
        next_of_type(kira_tab, "challenges")
        assert as_(client, boris).post(f"/api/challenges/{declined['id']}/decline").json() == {"ok": True}
        gone = next_of_type(kira_tab, "challenge_gone")
        assert (gone["id"], gone["status"], gone["wait_ended"]) == (declined["id"], "expired", "declined")
        token = declined["seats"][0]["token"]
        view = client.get(f"/api/games/{declined['id']}", params={"token": token}).json()
        assert (view["status"], view["wait_ended"]) == ("expired", "declined")
        off = challenged(client, kira, "Boris", game="duel")
        next_of_type(kira_tab, "challenge")
        cancelled = client.post(f"/api/games/{off['id']}/cancel", json={"token": off["seats"][0]["token"]})
        assert cancelled.json() == {"ok": True, "called_off": True}
        assert next_of_type(kira_tab, "challenge_gone")["wait_ended"] == "called_off"
        late = challenged(client, kira, "Boris", wait_minutes=5)
        next_of_type(kira_tab, "challenge")
        end_the_wait_now(client, late["id"])
        assert next_of_type(kira_tab, "challenge_gone")["wait_ended"] == "expired"
    wait_for(client, late["id"], late["seats"][0]["token"], lambda view: view["status"] == "expired")
    games = as_(client, kira).get("/api/account/games").json()
    assert not games["playing"] and not games["open"]
    page = client.get("/api/players/Kira").json()
    assert (page["games"], page["ratings"]) == ([], [])


def test_a_page_of_another_site_is_told_no_challenge(client: TestClient) -> None:
    """The lobby's socket reads the session cookie: a page of another site that opens it is a guest."""
    kira, boris = account(client, "Kira"), account(client, "Boris")
    challenged(client, kira, "Boris")
    as_(client, boris)
    with client.websocket_connect("/ws/lobby", headers={"origin": "http://elsewhere.example"}) as foreign:
        assert next_of_type(foreign, "open_games")["games"] == []
        foreign.send_json({"type": "ping"})
        assert next_message(foreign, "the pong after the open games")["type"] == "pong"
    with client.websocket_connect("/ws/lobby", headers={"origin": "http://testserver"}) as own:
        assert len(next_of_type(own, "challenges")["challenges"]) == 1


def test_a_challenge_is_refused_with_its_reason(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    kira = account(client, "Kira")
    boris, *others = (account(client, name) for name in ("Boris", "Cleo", "Dora", "Emil"))
    assert refusal(challenge(client, None, "Boris")) == (401, "challenge_guest")
    assert refusal(challenge(client, kira, "kira")) == (422, "challenge_yourself")
    assert refusal(challenge(client, kira, "Nobody")) == (404, "no_player")
    assert refusal(challenge(client, kira, "Boris", players=3)) == (422, "challenge_players")
    assert refusal(challenge(client, kira, "Boris", rated=True)) == (422, "rated_clock")
    challenged(client, kira, "Boris")
    assert refusal(challenge(client, kira, "Boris")) == (409, "challenge_pending")
    challenged(client, kira, "Cleo")
    challenged(client, kira, "Dora")
    assert challenges.MAX_CHALLENGES == 3
    assert refusal(challenge(client, kira, "Emil")) == (429, "too_many_challenges")
    monkeypatch.setattr(challenges, "MAX_CHALLENGED", 2)
    challenged(client, others[0], "Boris")
    assert refusal(challenge(client, others[1], "Boris")) == (429, "challenged_too_often")
    assert refusal(as_(client, None).post("/api/challenges/nosuchgame/accept")) == (401, "session_ended")
    assert refusal(as_(client, boris).post("/api/challenges/nosuchgame/accept")) == (404, "no_game")


def test_a_challenge_is_watched_only_when_its_challenger_says_so(client: TestClient) -> None:
    kira, boris = account(client, "Kira"), account(client, "Boris")
    watched = {}
    for public in (False, True):
        made = challenged(client, kira, "boris", **({"public": True} if public else {}))
        assert as_(client, boris).post(f"/api/challenges/{made['id']}/accept").status_code == 200
        watched[public] = as_(client, None).get(f"/api/games/{made['id']}").status_code
        listed = [game["id"] for game in client.get("/api/live-games").json()["games"]]
        assert (made["id"] in listed) is public, (public, listed)
    assert watched == {False: 403, True: 200}


def test_a_lobby_socket_whose_session_ended_hears_no_more_challenges(client: TestClient) -> None:
    """Boris logs out elsewhere (a new password would do the same): his lobby socket, opened
    with that session, is closed within its next look at it, before a challenge to him is made."""
    kira, boris = account(client, "Kira"), account(client, "Boris")
    cast(Any, client.app).state.session_check_seconds = 0.1
    with lobby_of(client, boris) as boris_tab:
        assert next_of_type(boris_tab, "challenges")["challenges"] == []
        assert as_(client, boris).delete("/api/session").status_code == 200
        assert close_code(boris_tab) == SESSION_ENDED
    assert challenge(client, kira, "Boris").status_code == 201
