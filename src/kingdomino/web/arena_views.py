"""What an arena's page shows besides a tournament's settings (``GET /api/tournaments/{id}``:
``arena``): its window and the seconds left, its standings with each player's sequence of results
and fire mark (``arena_pairing``), its latest games, and for a player their state: paused or not,
and their game not over (its id, whether they took their seat, and their seat's token once they
did), which their page goes to by itself."""

from __future__ import annotations

import time
from typing import Any

from kingdomino.web import arena_store
from kingdomino.web import tournament_store as records
from kingdomino.web.arena_notices import freed_place, held
from kingdomino.web.arena_pairing import standings
from kingdomino.web.arena_store import ArenaState
from kingdomino.web.games_moved import unplayed_in
from kingdomino.web.store import Store
from kingdomino.web.team_battle_views import battle_json
from kingdomino.web.tournament_store import Tournament
from kingdomino.web.tournament_views import result_words

#: The latest games the page lists (the standings hold every player's whole sequence).
SHOWN_GAMES = 30


def with_arena(
    store: Store, tournament: Tournament, viewer: int | None, page: dict[str, Any]
) -> dict[str, Any]:
    """``page`` (``tournament_views.tournament_json``) with its ``arena``, and a team battle's
    ``team_battle`` (``team_battle_views``) (a read: in a thread)."""
    state = arena_store.load(store, tournament.id)
    if state is None:
        return page
    page = {**page, "arena": arena_json(store, tournament, state, viewer)}
    lines = standings(tournament.names(), state.results())
    battle = battle_json(store, tournament.id, tournament.status, lines, viewer)
    return page if battle is None else {**page, "team_battle": battle}


def arena_json(store: Store, tournament: Tournament, state: ArenaState, viewer: int | None) -> dict[str, Any]:
    names = tournament.names()
    withdrew = {p.account_id: p.withdrew is not None for p in tournament.players}
    busy = state.busy()
    lines = [
        {
            "rank": line.rank,
            "name": line.name,
            "points": line.points,
            "sequence": line.sequence,
            "fire": line.fire,
            "played": line.played,
            "playing": line.player in busy,
            "paused": line.player in state.paused,
            "withdrew": withdrew.get(line.player, False),
        }
        for line in standings(names, state.results())
    ]
    latest = state.games[-SHOWN_GAMES:][::-1]
    now = records.games_now(store, [g.game_id for g in latest])
    over = [game_id for game_id, (status, _seats) in now.items() if status == "finished"]
    without_play = unplayed_in(store, over)
    return {
        "minutes": state.minutes,
        "ends_at": state.ends_at,
        "seconds_left": None if state.ends_at is None else max(0.0, state.ends_at - time.time()),
        "standings": lines,
        "games": [
            {
                "number": g.number,
                "first": names.get(g.first),
                "second": names.get(g.second),
                "game_id": g.game_id,
                "status": now.get(g.game_id, ("", []))[0] or None,
                "result": result_words(g.first_points, g.second_points),
                "forfeit": bool(g.forfeit),
                # A game resigned before anyone moved: nothing to replay (``games_moved``).
                "played": g.game_id not in without_play,
            }
            for g in latest
        ],
        "you": _yours(store, tournament.id, state, viewer, withdrew[viewer]) if viewer in names else None,
    }


def _yours(
    store: Store, tournament_id: str, state: ArenaState, viewer: int, withdrew: bool
) -> dict[str, Any]:
    """The viewer's state: ``paused``, ``game``: their game not over (None: none), whether they are
    held back from pairing, and ``freed_place``, once they ``withdrew``: whether it was to free
    their place (``arena_notices``)."""
    going = next((g for g in state.games if g.first_points is None and viewer in (g.first, g.second)), None)
    game = None
    if going is not None:
        status, seats = records.games_now(store, [going.game_id]).get(going.game_id, ("", []))
        seat = next((s for s in seats if s.get("account") == viewer or s.get("for") == viewer), None)
        seated = seat is not None and seat["kind"] != "open"
        token = seat.get("token") if seat is not None and seat["kind"] == "human" else None
        game = {"game_id": going.game_id, "status": status, "seated": seated, "token": token}
    return {
        "paused": viewer in state.paused,
        "game": game,
        **held(store, tournament_id, state, viewer, time.time()),
        "freed_place": freed_place(store, tournament_id, viewer) if withdrew else None,
    }
