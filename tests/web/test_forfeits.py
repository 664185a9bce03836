"""Forfeits said right: a seat an AI finished (its player ran out of time or left) ranks below
every seat played on, on the end screen, in the kept result, on the players' pages and in the
rating alike (``game_results.final_places``); a game every player forfeited has no winner; a
forfeited game counts among a player's finished games; a provisional rating is said so with
each rating change."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select, update
from tests.web.conftest import wait_for
from tests.web.test_players_api import log_in, rated_game, wait_for_player

from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import rate_game
from kingdomino.web.tables import GameRow, SeatResultRow


def run_out(client: TestClient, game_id: str, token: str, seat: int) -> None:
    """``seat``'s clock runs out on its turn (its deadline moved into the past)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    wait_for(
        client, game_id, token, lambda v: v["current_player"] == seat and v["seats"][seat]["kind"] == "human"
    )
    past = time.time() - 1
    with hub.store.engine.begin() as connection:
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(deadline=past))
    hub.table(game_id).stored.deadline = past
    wait_for(client, game_id, token, lambda v: v["seats"][seat].get("timed_out") is True)


def test_a_game_whose_both_clocks_ran_out_has_no_winner_anywhere(api: TestClient) -> None:
    """Both players of a rated game of two ran out of time and the AIs played on: the rating
    counted a draw for the last place, yet the end screen ranked the AIs' points, its status
    said who "won", and each page said "won: 1". Now both share the last place everywhere."""
    (anna, anna_session), (ben, ben_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna_session, ben_session])
    first = api.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()["current_player"]
    run_out(api, game_id, tokens[0], first)
    run_out(api, game_id, tokens[0], 1 - first)
    view = wait_for(api, game_id, tokens[0], lambda v: v["status"] == "finished", timeout=120)
    assert view["places"] == [2, 2] and view["winners"] == []
    assert all(seat["timed_out"] for seat in view["seats"])
    looked = api.post("/api/games/lookup", json={"games": [{"id": game_id, "token": tokens[0]}]})
    assert looked.json()["games"][0]["winners"] == []
    result = api.get(f"/api/games/{game_id}/record").json()["result"]  # the record saved
    assert (result["winners"], result["places"]) == ([], [2, 2]) and "ended" not in result
    for name in (anna, ben):
        page = wait_for_player(api, name, lambda p: p["ratings"] and p["games"])
        (rating,) = page["ratings"]
        assert rating["rating"] == round(rate_game([Rating(), Rating()], [2, 2])[0].rating, 1) == 1500.0
        assert (rating["games"], rating["wins"]) == (1, 0)
        (game,) = page["games"]
        assert game["place"] == 2 and [p["place"] for p in game["players"]] == [2, 2]
        assert game["left"] and game["why"] == "timed_out"
        # A game lost on time counts among the finished games, never as a win.
        (stats,) = page["stats"]
        assert (stats["games"], stats["wins"]) == (1, 0), stats
    hub = api.app.state.hub  # type: ignore[attr-defined]
    with hub.store.engine.connect() as connection:
        kept = connection.execute(select(SeatResultRow).where(SeatResultRow.game_id == game_id)).all()
    assert sorted(row.place for row in kept) == [2, 2]
    changes = api.get(f"/api/games/{game_id}/ratings").json()["seats"]
    assert [(c["place"], c["provisional"], c["provisional_before"]) for c in changes] == [(2, True, True)] * 2


def test_a_game_lost_on_time_counts_as_played_and_ranks_its_player_last(api: TestClient) -> None:
    """A player ran out of time and their AI played on against the other: the late player is last
    on the end screen and their page, which counts the game among their finished games (it was
    missing)."""
    (anna, anna_session), (ben, ben_session) = log_in(api), log_in(api)
    game_id, tokens = rated_game(api, [anna_session, ben_session])
    late = api.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()["current_player"]
    other = 1 - late
    run_out(api, game_id, tokens[other], late)

    def ready(view: dict[str, Any]) -> bool:
        return bool(view["legal_actions"]) or view["status"] == "finished"

    while True:  # the other plays on against the AI to the end
        view = wait_for(api, game_id, tokens[other], ready, timeout=120)
        if view["status"] == "finished":
            break
        move = {"token": tokens[other], "action": view["legal_actions"][0], "index": view["index"]}
        assert api.post(f"/api/games/{game_id}/actions", json=move).status_code == 200
    assert view["places"][late] == 2 and view["winners"] == [other]
    page = wait_for_player(api, [anna, ben][late], lambda p: p["games"] and p["ratings"])
    (stats,) = page["stats"]
    assert (stats["games"], stats["wins"], stats["mean_score"]) == (1, 0, float(view["scores"][late]))
    assert page["games"][0]["place"] == 2 and page["ratings"][0]["wins"] == 0
