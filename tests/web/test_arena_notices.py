"""An arena's player told why the arena leaves them out (``arena_notices``): held back from pairing
after a second call-off by pausing, with the moment they are paired again; withdrawn to free
their place, in their inbox and in the arena's view."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from tests.web.arena_setup import begun_arena, game_of, holds_over, page, paused_an_hour_ago
from tests.web.test_challenges import account, as_
from tests.web.test_inbox import eventually, inbox
from tests.web.test_tournaments import act, client

from kingdomino.web.arena import FAIRNESS

__all__ = ["client"]


def test_a_player_held_back_after_a_second_call_off_is_told_until_when(client: TestClient) -> None:
    """Kira calls off two games by pausing before she sat: the first is free, the second holds her
    back, and her arena's view says so (how many, until when) until the hold is over; Boris, who
    called nothing off, is told of no hold."""
    sessions, tournament_id = begun_arena(client, ("Kira", "Boris"))
    for call_offs in (1, 2):
        game_of(client, tournament_id, sessions["Kira"])
        before = time.time()
        assert act(client, sessions["Kira"], tournament_id, "pause").status_code == 200
        page(client, tournament_id, sessions["Boris"])
        assert act(client, sessions["Kira"], tournament_id, "rejoin").status_code == 200
        kira = page(client, tournament_id, sessions["Kira"])["arena"]["you"]
        assert kira["call_offs"] == call_offs
        if call_offs == 1:
            assert kira["held_until"] is None, "the first call-off is free"
    wait = FAIRNESS["call_off_wait_seconds"]
    assert before + wait <= kira["held_until"] <= time.time() + wait
    assert kira["game"] is None
    boris = page(client, tournament_id, sessions["Boris"])["arena"]["you"]
    assert (boris["held_until"], boris["call_offs"]) == (None, 0)
    holds_over(client)
    game_of(client, tournament_id, sessions["Kira"])
    assert page(client, tournament_id, sessions["Kira"])["arena"]["you"]["held_until"] is None


def test_a_player_withdrawn_to_free_their_place_is_told_in_the_inbox_and_on_the_page(
    client: TestClient,
) -> None:
    """Cleo, paused longer than the figure's minutes in a full arena, is withdrawn when Dan asks to
    join: her inbox says so with the arena and the minutes, her arena's view says it was to free
    her place; Boris, who withdrew himself, is told nothing of the kind."""
    names, present = ("Kira", "Boris", "Cleo"), ("Kira", "Boris")
    sessions, tournament_id = begun_arena(client, names, present, max_players=3, name="Friday arena")
    sessions["Dan"] = account(client, "Dan")
    game_of(client, tournament_id, sessions["Kira"])
    assert act(client, sessions["Cleo"], tournament_id, "pause").status_code == 200
    paused_an_hour_ago(client)
    assert act(client, sessions["Dan"], tournament_id, "join").status_code == 200
    told = eventually(client, sessions["Cleo"], "arena_withdrawn")
    minutes = FAIRNESS["place_kept_minutes"]
    assert told["params"] == {"tournament": tournament_id, "name": "Friday arena", "minutes": minutes}
    assert not told["read"]
    cleo = page(client, tournament_id, sessions["Cleo"])["arena"]["you"]
    assert cleo["freed_place"] == {"minutes": minutes}
    assert places(client, tournament_id, sessions["Dan"]) == (3, 3), "Cleo's place counted still"
    assert page(client, tournament_id, sessions["Kira"])["arena"]["you"]["freed_place"] is None
    assert act(client, sessions["Boris"], tournament_id, "leave").status_code == 200
    assert page(client, tournament_id, sessions["Boris"])["arena"]["you"]["freed_place"] is None
    assert places(client, tournament_id, sessions["Dan"]) == (2, 2), "Boris's place counted still"
    assert "arena_withdrawn" not in [e["kind"] for e in inbox(client, sessions["Boris"])["entries"]]


def places(client: TestClient, tournament_id: str, session: str) -> tuple[int, int]:
    """The players an arena counts against its most, on its page and in the lists."""
    listed = as_(client, session).get("/api/tournaments").json()
    entry = next(t for t in listed["running"] if t["id"] == tournament_id)
    return page(client, tournament_id, session)["players"], entry["players"]
