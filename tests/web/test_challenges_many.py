"""Challenges of three and four: Kira challenges three members of her club by name to a game of
four. Each sees it at once with the others named, and the game starts once every one of them has
accepted; one decline ends it for all, each told who declined; the bounds of challenges count
every account named."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.sockets import next_of_type
from tests.web.test_challenges import DAYS, account, as_, challenge, challenged, lobby_of
from tests.web.test_open_games import refusal

from kingdomino.web import challenges


def view_of(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    view: dict[str, Any] = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    return view


def accept(client: TestClient, session: str, game_id: str) -> dict[str, Any]:
    accepted = as_(client, session).post(f"/api/challenges/{game_id}/accept")
    assert accepted.status_code == 200, accepted.text
    seat: dict[str, Any] = accepted.json()
    return seat


def test_a_challenge_of_four_starts_once_all_three_accepted(client: TestClient) -> None:
    kira, boris, cleo, dora = (account(client, name) for name in ("Kira", "Boris", "Cleo", "Dora"))
    emil = account(client, "Emil")
    with lobby_of(client, cleo) as cleo_tab, lobby_of(client, kira) as kira_tab:
        for tab in (cleo_tab, kira_tab):
            assert next_of_type(tab, "challenges")["challenges"] == []
        made = challenged(
            client, kira, "", names=["boris", "Cleo", "dora"], players=4, time_control=DAYS, rated=True
        )
        game_id, token = made["id"], made["seats"][0]["token"]
        shown = next_of_type(cleo_tab, "challenge")["challenge"]
        assert (shown["creator"], shown["to_you"], [seat["name"] for seat in shown["seats"]]) == (
            "Kira",
            True,
            ["Kira", "Boris", "Cleo", "Dora"],
        )
        assert next_of_type(kira_tab, "challenge")["challenge"]["to_you"] is False
        assert as_(client, None).get("/api/open-games").json()["games"] == []
        assert refusal(as_(client, emil).post(f"/api/games/{game_id}/join", json={})) == (403, "seat_kept")
        seats = view_of(client, game_id, token)["seats"]
        assert [(s["name"], s["kind"], s.get("challenged")) for s in seats] == [
            ("Kira", "human", None),
            ("Boris", "open", True),
            ("Cleo", "open", True),
            ("Dora", "open", True),
        ]
        first = accept(client, boris, game_id)
        assert (first["seat"], first["started"]) == (1, False)
        # Boris has answered: the challenge is still his (listed to him), no longer to him.
        waiting = as_(client, boris).get("/api/challenges").json()["challenges"]
        assert [(c["id"], c["to_you"]) for c in waiting] == [(game_id, False)]
        again = next_of_type(cleo_tab, "challenge")["challenge"]
        kinds = [seat["kind"] for seat in again["seats"]]
        assert (again["to_you"], kinds) == (True, ["human", "human", "open", "open"])
        assert accept(client, cleo, game_id)["started"] is False
        assert view_of(client, game_id, token)["status"] == "open"
        last = accept(client, dora, game_id)
        assert (last["seat"], last["started"]) == (3, True)
        for tab in (cleo_tab, kira_tab):
            gone = next_of_type(tab, "challenge_gone")
            assert (gone["id"], gone["status"], gone["declined"]) == (game_id, "playing", None)
    view = view_of(client, game_id, token)
    assert (view["status"], view["rated"]) == ("playing", True)
    assert [s["name"] for s in view["seats"]] == ["Kira", "Boris", "Cleo", "Dora"]
    assert all(s.get("account") for s in view["seats"])
    for session in (kira, boris, cleo, dora):
        assert as_(client, session).get("/api/challenges").json()["challenges"] == []


def test_one_decline_ends_a_challenge_of_three_for_all(client: TestClient) -> None:
    kira, boris, cleo = (account(client, name) for name in ("Kira", "Boris", "Cleo"))
    made = challenged(client, kira, "Boris", names=["Cleo"], players=3)
    game_id, token = made["id"], made["seats"][0]["token"]
    boris_token = accept(client, boris, game_id)["token"]
    with lobby_of(client, kira) as kira_tab, lobby_of(client, boris) as boris_tab:
        for tab in (kira_tab, boris_tab):
            assert [c["id"] for c in next_of_type(tab, "challenges")["challenges"]] == [game_id]
        assert as_(client, cleo).post(f"/api/challenges/{game_id}/decline").json() == {"ok": True}
        for tab in (kira_tab, boris_tab):
            gone = next_of_type(tab, "challenge_gone")
            assert (gone["id"], gone["status"], gone["wait_ended"], gone["declined"]) == (
                game_id,
                "expired",
                "declined",
                "Cleo",
            )
    for who in (token, boris_token):
        view = view_of(client, game_id, who)
        assert (view["status"], view["wait_ended"]) == ("expired", "declined")
        assert [s["name"] for s in view["seats"] if s.get("declined")] == ["Cleo"]
    assert refusal(as_(client, boris).post(f"/api/challenges/{game_id}/accept")) == (409, "not_open")
    page = client.get("/api/players/Boris").json()
    assert (page["games"], page["ratings"]) == ([], [])


def test_a_player_who_accepted_may_still_decline_before_the_start(client: TestClient) -> None:
    kira, boris, cleo, emil = (account(client, name) for name in ("Kira", "Boris", "Cleo", "Emil"))
    made = challenged(client, kira, "Boris", names=["Cleo"], players=3)
    game_id, token = made["id"], made["seats"][0]["token"]
    boris_token = accept(client, boris, game_id)["token"]
    # The challenger calls it off, and an account it does not name has nothing to decline.
    assert refusal(as_(client, kira).post(f"/api/challenges/{game_id}/decline")) == (403, "not_challenged")
    assert refusal(as_(client, emil).post(f"/api/challenges/{game_id}/decline")) == (403, "not_challenged")
    with lobby_of(client, kira) as kira_tab, lobby_of(client, cleo) as cleo_tab:
        for tab in (kira_tab, cleo_tab):
            assert [c["id"] for c in next_of_type(tab, "challenges")["challenges"]] == [game_id]
        declined = as_(client, boris).post(f"/api/challenges/{game_id}/decline", json={"reason": "later"})
        assert declined.json() == {"ok": True}
        for tab in (kira_tab, cleo_tab):
            gone = next_of_type(tab, "challenge_gone")
            assert (gone["id"], gone["wait_ended"], gone["declined"], gone["decline_reason"]) == (
                game_id,
                "declined",
                "Boris",
                "later",
            )
    view = view_of(client, game_id, token)
    assert (view["status"], view["wait_ended"], view["decline_reason"]) == ("expired", "declined", "later")
    assert [(s["name"], s["kind"]) for s in view["seats"] if s.get("declined")] == [("Boris", "open")]
    # His seat is kept for him again, so the token he had acts for none.
    assert client.get(f"/api/games/{game_id}", params={"token": boris_token}).status_code == 403
    assert refusal(as_(client, boris).post(f"/api/challenges/{game_id}/decline")) == (409, "not_open")


def test_a_challenged_player_who_gives_back_their_seat_is_awaited_again(client: TestClient) -> None:
    kira, boris, cleo, emil = (account(client, name) for name in ("Kira", "Boris", "Cleo", "Emil"))
    made = challenged(client, kira, "Boris", names=["Cleo"], players=3)
    game_id = made["id"]
    seat = accept(client, boris, game_id)
    given = as_(client, boris).post(f"/api/games/{game_id}/cancel", json={"token": seat["token"]})
    assert given.json() == {"ok": True, "called_off": False}
    assert refusal(as_(client, emil).post(f"/api/games/{game_id}/join", json={})) == (403, "seat_kept")
    waiting = as_(client, boris).get("/api/challenges").json()["challenges"]
    assert [(c["id"], c["to_you"]) for c in waiting] == [(game_id, True)]
    assert accept(client, cleo, game_id)["started"] is False
    assert accept(client, boris, game_id)["started"] is True


def test_the_bounds_of_challenges_count_every_account_named(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    kira, boris, cleo, emil = (account(client, name) for name in ("Kira", "Boris", "Cleo", "Emil"))
    account(client, "Dora")
    account(client, "Fay")
    assert refusal(challenge(client, kira, "", names=[])) == (422, "challenge_names")
    assert refusal(challenge(client, kira, "Boris", names=["Cleo"])) == (422, "challenge_players")
    assert refusal(challenge(client, kira, "", names=["Boris"], players=3)) == (422, "challenge_players")
    twice = challenge(client, kira, "", names=["Boris", "boris"], players=3)
    assert refusal(twice) == (422, "challenge_twice")
    yourself = challenge(client, kira, "", names=["Boris", "Kira"], players=3)
    assert refusal(yourself) == (422, "challenge_yourself")
    assert challenge(client, kira, "", names=["Boris", "Cleo", "Dora", "Emil"], players=5).status_code == 422
    monkeypatch.setattr(challenges, "MAX_CHALLENGED", 1)
    waits = challenged(client, emil, "Cleo")
    # Cleo has one challenge awaiting her answer, the most: one naming her with others is refused.
    assert refusal(challenge(client, kira, "", names=["Boris", "Cleo"], players=3)) == (
        429,
        "challenged_too_often",
    )
    made = challenged(client, kira, "", names=["Boris", "Dora"], players=3)
    assert refusal(challenge(client, kira, "Dora")) == (409, "challenge_pending")
    # Once Boris accepted, Kira's challenge no longer awaits his answer: another may.
    accept(client, boris, made["id"])
    assert refusal(challenge(client, cleo, "Dora")) == (429, "challenged_too_often")
    challenged(client, cleo, "Boris")
    assert as_(client, cleo).post(f"/api/challenges/{waits['id']}/decline").json() == {"ok": True}
    # A challenge of three is one of the challenger's MAX_CHALLENGES, however many it names.
    assert challenges.MAX_CHALLENGES == 3
    challenged(client, kira, "Cleo")
    challenged(client, kira, "Emil")
    assert refusal(challenge(client, kira, "Fay")) == (429, "too_many_challenges")
