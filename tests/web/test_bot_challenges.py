"""A bot's account is challenged as a person's: it hears the challenge on the lobby's socket,
accepts it and plays, or declines it with a reason (one of ``challenges.DECLINE_REASONS``) that
the challenger's lobby and game page are told (``kingdomino bot --accept-challenges`` is such a
bot: tests/web/test_bot_door.py runs it)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.sockets import next_of_type
from tests.web.test_challenges import account, as_, challenged, lobby_of
from tests.web.test_open_games import refusal


def test_a_bot_hears_its_challenge_accepts_it_and_plays(client: TestClient) -> None:
    """A bot's account was refused as a challenge's player (``challenge_bot``): a researcher could
    not play the bot he runs, nor let a club's members challenge it."""
    kira, robo = account(client, "Kira"), account(client, "Robo", bot=True)
    with lobby_of(client, robo) as bot_socket:
        assert next_of_type(bot_socket, "challenges")["challenges"] == []
        made = challenged(client, kira, "Robo", game="duel")
        heard = next_of_type(bot_socket, "challenge")["challenge"]
        assert (heard["id"], heard["to_you"], heard["game"]) == (made["id"], True, "duel")
        accepted = as_(client, robo).post(f"/api/challenges/{made['id']}/accept")
        assert accepted.status_code == 200, accepted.text
        seat = accepted.json()
        assert seat["started"] is True
        assert next_of_type(bot_socket, "challenge_gone")["status"] == "playing"
    bot_token, kira_token = seat["token"], made["seats"][0]["token"]
    view = client.get(f"/api/games/{made['id']}", params={"token": bot_token}).json()
    assert [s["name"] for s in view["seats"]] == ["Kira", "Robo"] and view["seats"][1]["bot"] is True
    mover = bot_token if view["legal_actions"] else kira_token
    first = client.get(f"/api/games/{made['id']}", params={"token": mover}).json()
    move = {"token": mover, "action": first["legal_actions"][0], "index": first["index"]}
    played = client.post(f"/api/games/{made['id']}/actions", json=move)
    assert played.status_code == 200, played.text


def test_a_bot_declines_with_a_reason_the_challenger_is_told(client: TestClient) -> None:
    kira, robo = account(client, "Kira"), account(client, "Robo", bot=True)
    made = challenged(client, kira, "Robo")
    with lobby_of(client, kira) as kira_tab:
        next_of_type(kira_tab, "challenges")
        declined = as_(client, robo).post(f"/api/challenges/{made['id']}/decline", json={"reason": "rated"})
        assert declined.json() == {"ok": True}, declined.text
        gone = next_of_type(kira_tab, "challenge_gone")
        assert (gone["id"], gone["wait_ended"], gone["decline_reason"]) == (made["id"], "declined", "rated")
    view = client.get(f"/api/games/{made['id']}", params={"token": made["seats"][0]["token"]}).json()
    assert (view["status"], view["wait_ended"], view["decline_reason"]) == ("expired", "declined", "rated")
    # A decline that says no reason (a person's, from the lobby's button) says none.
    silent = challenged(client, kira, "Robo")
    assert as_(client, robo).post(f"/api/challenges/{silent['id']}/decline").json() == {"ok": True}
    view = client.get(f"/api/games/{silent['id']}", params={"token": silent["seats"][0]["token"]}).json()
    assert (view["wait_ended"], view["decline_reason"]) == ("declined", None)


def test_a_reason_not_of_the_list_is_refused_and_the_challenge_still_waits(client: TestClient) -> None:
    kira, robo = account(client, "Kira"), account(client, "Robo", bot=True)
    made = challenged(client, kira, "Robo")
    answer = as_(client, robo).post(f"/api/challenges/{made['id']}/decline", json={"reason": "tooFast"})
    assert answer.status_code == 422 and answer.json()["error"]["field"] == "reason", answer.text
    assert [c["id"] for c in client.get("/api/challenges").json()["challenges"]] == [made["id"]]
    by_challenger = as_(client, kira).post(f"/api/challenges/{made['id']}/decline", json={"reason": "later"})
    assert refusal(by_challenger) == (403, "not_challenged")
