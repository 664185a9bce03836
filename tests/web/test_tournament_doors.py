"""Doors into a club tournament's games that other features open (attack review of 2026-11-30):
a tournament's game keeps its seats for its two players as a challenge does, so the challenges'
requests reach it too; none of them may end it without the result the tournament's rules give."""

from __future__ import annotations

from fastapi.testclient import TestClient
from tests.web.test_challenges import account, as_
from tests.web.test_open_games import end_the_wait_now, refusal
from tests.web.test_tournaments import (
    act,
    client,
    create,
    current_games,
    paired,
    seated,
    tournament,
    wait_until,
)

__all__ = ["client"]


def test_a_tournament_game_is_not_declined_as_a_challenge(client: TestClient) -> None:
    """Declined as a challenge, a tournament's game ended 0-0 at once: a player paired with a
    stronger one took the other's point away (a game, or its win by forfeit once its wait ran out)."""
    sessions = {name: account(client, name) for name in ("Kira", "Boris", "Cleo")}
    tournament_id = create(client, sessions["Kira"], format="swiss", rounds=2)["id"]
    for name in ("Boris", "Cleo"):
        act(client, sessions[name], tournament_id, "join")
    act(client, sessions["Kira"], tournament_id, "start")
    game = next(g for g in current_games(tournament(client, tournament_id)) if g["second"] is not None)
    for side in ("first", "second"):
        declined = as_(client, sessions[game[side]]).post(
            f"/api/challenges/{game['game_id']}/decline", json={"reason": "later"}
        )
        assert refusal(declined) == (409, "tournament_game")
    seated(client, sessions[game["first"]], game["game_id"])
    declined = as_(client, sessions[game["second"]]).post(f"/api/challenges/{game['game_id']}/decline")
    assert refusal(declined) == (409, "tournament_game")
    still = next(
        g for g in current_games(tournament(client, tournament_id)) if g["game_id"] == game["game_id"]
    )
    assert (still["status"], still["result"]) == ("open", None)
    end_the_wait_now(client, game["game_id"])
    found = wait_until(client, tournament_id, paired(2))
    result = next(g for g in found["rounds_played"][0]["games"] if g["game_id"] == game["game_id"])
    assert (result["result"], result["forfeit"]) == ("1-0", True), "the one who came wins by forfeit"
