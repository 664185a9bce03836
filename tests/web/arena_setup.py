"""What the arena tests over the API share (``test_arenas.py``, ``test_arena_notices.py``,
``test_team_battles.py``): an arena made quick to pair again, begun with its players present, its
page as a player reads it, a player's game once paired, and the fairness figures' waits (a second
call-off's hold, a pause's length) put behind the test at once."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from tests.web.test_challenges import account
from tests.web.test_tournaments import act, create, tournament

from kingdomino.web.arena_tables import ArenaCallOffRow, ArenaPauseRow

CLOCK = {"kind": "game", "minutes": 10, "increment": 5}


def arena(client: TestClient, session: str, rematch: float = 0.2, **fields: Any) -> str:
    """A new arena of ``session``'s account (who plays in it), made quick to pair again (two who
    just met meet again after ``rematch`` seconds)."""
    made_quick = client.app.state.tournaments.arena  # type: ignore[attr-defined]
    made_quick.tick, made_quick.rematch_seconds = 0.05, rematch
    made = create(client, session, format="arena", minutes=20, time_control=CLOCK, **fields)
    assert made["format"] == "arena"
    return str(made["id"])


def begun_arena(
    client: TestClient, names: tuple[str, ...], present: tuple[str, ...] | None = None, **fields: Any
) -> tuple[dict[str, str], str]:
    """Accounts of ``names``; the first's arena (``arena`` of ``fields``), which the others join;
    its page read by those ``present`` (everyone unless said), then begun by the first: the
    sessions by name and the arena's id."""
    sessions = {name: account(client, name) for name in names}
    tournament_id = arena(client, sessions[names[0]], **fields)
    for name in names[1:]:
        assert act(client, sessions[name], tournament_id, "join").status_code == 200
    for name in names if present is None else present:
        page(client, tournament_id, sessions[name])
    assert act(client, sessions[names[0]], tournament_id, "start").status_code == 200
    return sessions, tournament_id


def page(client: TestClient, tournament_id: str, session: str | None = None) -> dict[str, Any]:
    """The arena's page as ``session`` reads it (which keeps them present)."""
    found = tournament(client, tournament_id, session)
    assert found["format"] == "arena"
    return found


def game_of(client: TestClient, tournament_id: str, session: str) -> dict[str, Any]:
    """``session``'s game not over, once paired (the page read as theirs until it is)."""
    deadline = time.monotonic() + 30
    while True:
        yours = page(client, tournament_id, session)["arena"]["you"]
        if yours["game"] is not None:
            game: dict[str, Any] = yours["game"]
            return game
        assert time.monotonic() < deadline, "never paired"
        time.sleep(0.02)


def holds_over(client: TestClient) -> None:
    """Every hold a second call-off put on its player ended a moment ago."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(ArenaCallOffRow).values(held_until=time.time() - 1))


def paused_an_hour_ago(client: TestClient) -> None:
    """Every pause under way began an hour ago (longer than a full arena keeps a place)."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(ArenaPauseRow).values(since=time.time() - 3600))
