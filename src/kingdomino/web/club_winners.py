"""Who won a club's finished tournaments, for its page's list of them (``club_views``): a casual
tournament changes no rating, so the club's leaderboard (rated games only) does not show what its
members did there; its winner on the club's page does. The winners are those in first place of
its final standings, as its own page and its end's inbox entries rank them (``tournament_end``):
an arena's by points (``arena_pairing``), a round tournament's with its tie-breaks; equal first
places are all winners."""

from __future__ import annotations

from kingdomino.web import arena_store
from kingdomino.web import tournament_store as records
from kingdomino.web.arena_pairing import standings
from kingdomino.web.inbox_events import tournament_places
from kingdomino.web.store import Store

#: The finished tournaments of a club, newest first, whose winners its page names: each is read
#: whole (its players and games), so the page's read stays a few queries however old the club.
WINNERS_SHOWN = 10


def winners(store: Store, tournament_id: str) -> list[str]:
    """The names in first place of the finished tournament ``tournament_id`` (none: no such
    tournament, or nobody played)."""
    tournament = records.load(store, tournament_id)
    if tournament is None or not tournament.players:
        return []
    names = tournament.names()
    if tournament.format == "arena":
        state = arena_store.load(store, tournament_id)
        if state is None:
            return []
        return [line.name for line in standings(names, state.results()) if line.rank == 1 and line.played]
    return [names[player] for player, rank in tournament_places(tournament) if rank == 1]


def with_winners(store: Store, tournaments: list[dict[str, object]]) -> list[dict[str, object]]:
    """``tournaments`` (a club page's, newest first), the first ``WINNERS_SHOWN`` finished ones
    each with its ``winners``; the others with none (an empty list)."""
    finished = [found["id"] for found in tournaments if found["status"] == "finished"][:WINNERS_SHOWN]
    named = {tournament_id: winners(store, str(tournament_id)) for tournament_id in finished}
    return [{**found, "winners": named.get(found["id"], [])} for found in tournaments]
