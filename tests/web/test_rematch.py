"""A finished game's rematch over HTTP: offered by one player, heard of in every player's view
(no token, no seed in it), joined by each for the seat they had; AI seats stay AI; a rated game's
rematch is rated between the same accounts; refused for a spectator, a seat an AI took over, a
game not over and a club tournament's game. And a logged-in player's invited seat claimed for the
account by its token only. On SQLite and PostgreSQL."""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi.testclient import TestClient
from tests.web import test_tournaments as tournaments
from tests.web.conftest import (
    assert_error_shape,
    create,
)
from tests.web.test_challenges import account
from tests.web.test_open_games import refusal
from tests.web.test_players_api import claim, log_in, play_out, rated_game


def rematch(client: TestClient, game_id: str, token: str, **headers: str) -> Any:
    return client.post(f"/api/games/{game_id}/rematch", json={"token": token}, headers=headers)


def view(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    return dict(client.get(f"/api/games/{game_id}", params={"token": token}).json())


def humans_play_out(client: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play the first legal move of each human seat of ``tokens`` when it is to act, the AI seats
    playing theirs meanwhile, until the game ends; the last view."""
    deadline = time.monotonic() + 300
    while True:
        seen = view(client, game_id, next(iter(tokens.values())))
        if seen["status"] == "finished":
            return seen
        token = tokens.get(seen["current_player"])
        mine = view(client, game_id, token) if token else {"legal_actions": []}
        if not mine["legal_actions"]:
            assert time.monotonic() < deadline, seen
            time.sleep(0.05)
            continue
        answer = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "action": mine["legal_actions"][0], "index": mine["index"]},
        )
        assert answer.status_code in (200, 409), answer.text


def test_a_rematch_is_offered_to_every_player_and_each_joins_the_seat_they_had(api: TestClient) -> None:
    seats = [{"kind": "human", "name": n, "online": True} for n in ("Anna", "Ben", "Cleo")]
    created = create(api, players=3, seats=seats, seed=None)
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    refused = rematch(api, game_id, tokens[0])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "rematch_unfinished"
    assert_error_shape(refused.json())
    # Cleo leaves at once: an AI plays her seat to the end, and in the rematch.
    left = api.post(f"/api/games/{game_id}/leave", json={"token": tokens[2], "level": "greedy"})
    assert left.status_code == 200, left.text
    end = humans_play_out(api, game_id, {0: tokens[0], 1: tokens[1]})
    assert end["rematch"] is None
    for token, code, status in (
        (created["spectator_token"], "rematch_spectator", 403),
        (tokens[2], "rematch_seat_ai", 409),
        ("made-up", "not_a_seat", 403),
    ):
        refused = rematch(api, game_id, token)
        assert (refused.status_code, refused.json()["error"]["code"]) == (status, code), refused.text
    offer = rematch(api, game_id, tokens[1])
    assert offer.status_code == 200, offer.text
    ben = offer.json()
    assert ben["offered"] and ben["seat"] == 1 and not ben["rated"] and ben["claimed"] is None
    assert ben["token"] not in tokens
    # Every page of the finished game hears of it: who offered it and where, nothing secret.
    for token in (tokens[0], created["spectator_token"], tokens[2]):
        told = api.get(f"/api/games/{game_id}", params={"token": token})
        assert told.json()["rematch"] == {"id": ben["id"], "by": 1, "awaited": [0], "called_off": None}
        assert ben["token"] not in told.text
    hub = api.app.state.hub  # type: ignore[attr-defined]
    new = hub.table(ben["id"]).stored
    old = hub.table(game_id).stored
    assert str(new.seed) not in api.get(f"/api/games/{game_id}", params={"token": tokens[0]}).text
    anna = rematch(api, game_id, tokens[0]).json()
    assert (anna["id"], anna["seat"], anna["offered"]) == (ben["id"], 0, False)
    assert anna["token"] not in (ben["token"], *tokens)
    assert rematch(api, game_id, tokens[0]).json()["token"] == anna["token"]  # asked again: the same seat
    # The same players in the same seats, AI seats still AI's; a new deal.
    seen = view(api, ben["id"], anna["token"])
    assert seen["your_seats"] == [0] and seen["status"] == "playing" and not seen["rated"]
    assert [(s["name"], s["kind"], s["level"]) for s in seen["seats"]] == [
        ("Anna", "human", None),
        ("Ben", "human", None),
        ("Cleo (AI, greedy)", "ai", "greedy"),
    ]
    assert new.seed != old.seed and new.options == old.options
    assert view(api, ben["id"], ben["token"])["your_seats"] == [1]
    # A foreign page may not ask it with the player's cookie.
    foreign = rematch(api, game_id, tokens[0], Origin="https://elsewhere.example")
    assert foreign.status_code == 403 and foreign.json()["error"]["code"] == "foreign_origin"


def test_a_rated_game_s_rematch_is_rated_between_the_same_accounts(api: TestClient) -> None:
    (_, anna), (_, ben), (_, other) = log_in(api), log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna, ben])
    play_out(api, game_id, tokens)
    offer = rematch(api, game_id, tokens[0], **anna).json()
    assert offer["rated"] and offer["claimed"] is True and offer["offered"]
    # Ben's seat is his account's already: his list holds the rematch, before he joins it.
    listed = api.get("/api/account/games", headers=ben).json()
    assert [(g["id"], g["seat"], g["rated"]) for g in listed["playing"]] == [(offer["id"], 1, True)]
    # Another account logged in with Ben's token gets the seat's token, never the seat's account.
    taken = rematch(api, game_id, tokens[1], **other).json()
    assert taken["claimed"] is False and taken["seat"] == 1
    assert api.get("/api/account/games", headers=other).json()["playing"] == []
    joined = rematch(api, game_id, tokens[1], **ben).json()
    assert joined["claimed"] is True and joined["token"] == listed["playing"][0]["token"]


def test_a_rated_game_stored_without_a_clock_has_an_unrated_rematch(api: TestClient) -> None:
    """A rated game needs a clock (a losing player could stall one without forever): a rated game
    stored before that rule keeps playing as it is, but its rematch is not rated."""
    (_, anna), (_, ben) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna, ben], clock=False)
    play_out(api, game_id, tokens)
    offer = rematch(api, game_id, tokens[0], **anna).json()
    assert offer["claimed"] is True and not offer["rated"]


def test_a_guest_s_seat_of_the_rematch_is_claimed_for_the_account_logged_in(api: TestClient) -> None:
    seats = [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Ben")]
    created = create(api, seats=seats, seed=None)
    tokens = [seat["token"] for seat in created["seats"]]
    play_out(api, created["id"], tokens)
    offer = rematch(api, created["id"], tokens[0]).json()
    assert offer["claimed"] is None and not offer["rated"]
    _, ben = log_in(api)
    joined = rematch(api, created["id"], tokens[1], **ben).json()
    assert joined["claimed"] is True
    listed = api.get("/api/account/games", headers=ben).json()
    entries = [(g["id"], g["seat"], g["token"]) for g in listed["playing"]]
    assert entries == [(offer["id"], 1, joined["token"])]


def test_an_invited_seat_is_claimed_by_its_token_only(api: TestClient) -> None:
    """What the page asks when a logged-in player opens an invite link: the seat of the link's
    token becomes the account's; the spectator link, another game's seat or a made-up token
    claims nothing."""
    seats: list[dict[str, Any]] = [
        {"kind": "human", "name": "Anna"},
        {"kind": "human", "name": "Ben", "online": True},
    ]
    created = create(api, seats=seats, seed=None)
    other = create(api, seats=seats, seed=None)
    _, ben = log_in(api)
    for token in (created["spectator_token"], other["seats"][1]["token"], "made-up"):
        answer = claim(api, ben, created["id"], token)
        assert answer["claimed"] == [] and answer["refused"][0]["error"]["code"] == "not_a_seat"
    assert api.get("/api/account/games", headers=ben).json()["playing"] == []
    assert claim(api, ben, created["id"], created["seats"][1]["token"])["claimed"] == [
        {"id": created["id"], "seat": 1, "already": False}
    ]
    assert [g["seat"] for g in api.get("/api/account/games", headers=ben).json()["playing"]] == [1]


def test_a_club_tournament_s_game_is_not_played_again(api: TestClient) -> None:
    """A rematch of a tournament's game would be a game outside the tournament, which its
    standings would not count: refused to either player, and the view offers none."""
    suffix = secrets.token_hex(3)
    kira, boris, cleo = (f"{who}{suffix}" for who in ("Kira", "Boris", "Cleo"))
    sessions = {name: account(api, name) for name in (kira, boris, cleo)}
    tournament_id = tournaments.create(api, sessions[kira])["id"]
    for name in (boris, cleo):
        assert tournaments.act(api, sessions[name], tournament_id, "join").status_code == 200
    assert tournaments.act(api, sessions[kira], tournament_id, "start").status_code == 200
    found = tournaments.wait_until(api, tournament_id, tournaments.paired(1))
    game = next(g for g in tournaments.current_games(found) if g["second"] is not None)
    game_id = game["game_id"]
    tokens = [tournaments.seated(api, sessions[game[side]], game_id) for side in ("first", "second")]
    resigned = api.post(f"/api/games/{game_id}/resign", json={"token": tokens[1]})
    assert resigned.status_code == 200, resigned.text
    for token in tokens:
        refused = rematch(api, game_id, token)
        assert refusal(refused) == (409, "tournament_rematch"), refused.text
        assert_error_shape(refused.json())
        seen = view(api, game_id, token)
        assert seen["status"] == "finished" and seen["rematch"] is None and not seen["same_deal"]
