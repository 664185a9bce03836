"""A club tournament under attack (attack review of 2026-11-30): a tournament's game keeps its seats
for its two players as a challenge does, so the challenges' requests reach it too, and none of
them may end it without the result the tournament's rules give; and the players steer their
results, so the pairing their results lead to must not hold the server up."""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import zip_longest
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from tests.web.conftest import new_app
from tests.web.test_challenges import account, as_
from tests.web.test_open_games import end_the_wait_now, refusal
from tests.web.test_tournaments import act, create, current_games, paired, seated, tournament, wait_until

from kingdomino.web import tournament_players as entrants
from kingdomino.web.club_pairing import Played, swiss_round


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """An app over a SQLite file of its own, accounts made quickly (as ``test_tournaments``')."""
    app = new_app(database)
    app.state.login_rate = parse("1000/minute")
    with TestClient(app) as test_client:
        yield test_client


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


def test_a_swiss_round_that_cannot_avoid_a_rematch_is_paired_at_once() -> None:
    """28 players whose games so far split them in two odd groups, each player having met every
    player of the other group: no pairing without a rematch exists, and the complete search to
    prove it took seconds of a core (3 s here, 6 s with the players in another order, each two
    more players about three times as long) while every tournament's changes waited on its lock,
    its players' results being theirs to steer. Now a search that long pairs a rematch."""
    odd, other = list(range(1, 14)), list(range(14, 29))
    games = [Played(1, a, b, 0.0, 0.0) for a in odd for b in other]
    ranked = [p for pair in zip_longest(odd, other) for p in pair if p is not None]
    started = time.perf_counter()
    pairings = swiss_round(ranked, games)
    assert time.perf_counter() - started < 1.0
    paired = sorted(p for pairing in pairings for p in (pairing.first, pairing.second) if p is not None)
    assert paired == sorted(ranked), "everyone plays"


def test_a_join_written_meanwhile_by_another_server_is_refused_in_words(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Boris joins through two servers at once: the second insert meets the first's row (the
    tournaments' lock is each server's own) and is told he is in already, not a 500."""
    kira, boris = account(client, "Kira"), account(client, "Boris")
    tournament_id = create(client, kira)["id"]
    joining = entrants.add_player

    def twice(*arguments: Any) -> None:
        joining(*arguments)  # the other server's join, just before this one's
        joining(*arguments)

    monkeypatch.setattr(entrants, "add_player", twice)
    assert refusal(act(client, boris, tournament_id, "join")) == (409, "tournament_joined")
    assert [line["name"] for line in tournament(client, tournament_id)["entrants"]] == ["Kira", "Boris"]
