"""A rated game is called off only when the player to act never comes (``endings.rated_abort_refusal``):
its deal is on the board from the start, and a player who could call off, at no cost, every game
whose first row they disliked would choose their deals. Unrated games abort as before
(``test_endings``)."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.test_endings import LIVE, post, refused, stayed_away, view_of
from tests.web.test_players_api import log_in, rated_game

from kingdomino.web.live import AWAY_SECONDS


def test_a_rated_game_is_called_off_only_when_the_player_to_act_stays_away(api: TestClient) -> None:
    (_, anna), (_, bela) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna, bela], control=LIVE)
    acting = view_of(api, game_id, tokens[0])["current_player"]
    first, other = tokens[acting], tokens[1 - acting]
    # The first to claim sees the row: calling it off now would choose the deal.
    assert not view_of(api, game_id, first)["can_abort"]
    refused(post(api, game_id, "abort", first), 409, "abort_rated")
    # The other sees it too, and may call it off only if the first never comes.
    assert view_of(api, game_id, other)["can_abort"]
    with api.websocket_connect(f"/ws/games/{game_id}?tokens={first}"):
        refused(post(api, game_id, "abort", other), 409, "abort_rated")  # their page is open
    answer = post(api, game_id, "abort", other)
    refused(answer, 409, "abort_wait")
    assert 0 < answer.json()["error"]["values"]["n"] <= AWAY_SECONDS
    stayed_away(api, game_id, acting)
    assert post(api, game_id, "abort", other).status_code == 200
    view = view_of(api, game_id, other)
    assert view["status"] == "aborted" and view["ended"] == {"by": "abort", "seat": 1 - acting}


def test_a_turn_based_rated_game_is_never_called_off(api: TestClient) -> None:
    (_, anna), (_, bela) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna, bela])  # a day a move
    acting = view_of(api, game_id, tokens[0])["current_player"]
    stayed_away(api, game_id, acting)
    for token in tokens:
        assert not view_of(api, game_id, token)["can_abort"]
        refused(post(api, game_id, "abort", token), 409, "abort_days")
