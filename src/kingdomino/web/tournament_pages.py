"""A tournament's page as ``GET /api/tournaments/{id}`` answers it: built and encoded in a worker
thread, and the games of its ended rounds kept between requests.

A round robin of 64 is 2,016 games: its page is 340 KB of JSON, and reading its rows and its
games' seats, building the page and encoding it took 45 ms of CPU, most of it on the event loop
(``bench/bench_tournament_page.py``), for each reader of the page, and every open page of a
running tournament reads it every 10 seconds. An ended round's games no longer change (a result
is written once, and a round is paired once the one before it ended), so they are read once and
kept (:data:`KEPT` tournaments at most, the last read kept longest): a request reads the
tournament's row, its players and its organiser's name (an operator's renaming of an account
changes a name), then only the games of its rounds still played. A finished tournament's guest
page is kept encoded too, while its row, players and organiser's name are those it was built from;
a player's, with their own games' seat tokens, is built for them.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from kingdomino.web import tournament_store as records
from kingdomino.web.arena_views import with_arena
from kingdomino.web.games_moved import unplayed_in
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tournament_store import Tournament
from kingdomino.web.tournament_views import tournament_json

#: Tournaments whose ended rounds are kept (a round robin of 64's: about 3 MB).
KEPT = 16
#: The statuses of a server's game that no longer change.
OVER = frozenset({"finished", "expired", "aborted"})

#: The status and seats of a tournament's server games, by id (``tournament_store.games_now``).
Now = dict[str, tuple[str, list[dict[str, Any]]]]


@dataclass
class Kept:
    """A tournament's ended rounds up to ``through``: their games and the status and seats of
    their server games; a finished tournament's guest page once encoded, with its head."""

    through: int = 0
    games: list[Any] = field(default_factory=list)
    now: Now = field(default_factory=dict)
    guest: tuple[tuple[Any, ...], bytes] | None = None


def head_of(tournament: Tournament) -> tuple[Any, ...]:
    """What a tournament's page shows besides its games: its settings, status and round, its
    organiser's name and its players (names, seeds, withdrawals)."""
    fields = [name for name in Tournament.__dataclass_fields__ if name not in ("players", "games")]
    return (*(getattr(tournament, name) for name in fields), tuple(tuple(p) for p in tournament.players))


def encoded(page: dict[str, Any]) -> bytes:
    """``page`` as FastAPI's ``JSONResponse`` encodes it."""
    return json.dumps(page, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode()


def last_ended(tournament: Tournament) -> int:
    """The last round of ``tournament`` that ended: its round once it is finished, else the one
    before (a round is paired once every game of the one before it ended)."""
    return tournament.round if tournament.status == "finished" else tournament.round - 1


def settled(game: Any, now: Now) -> bool:
    """Whether a tournament's game (a row) has its result and its server game, if any, is over."""
    ended = game.game_id is None or now.get(game.game_id, ("", []))[0] in OVER
    return game.first_points is not None and ended


class TournamentPages:
    """The pages of the tournaments of ``store``; :meth:`page` runs in a worker thread."""

    def __init__(self, store: Store, kept: int = KEPT) -> None:
        self.store = store
        self.most = kept
        self.kept: OrderedDict[str, Kept] = OrderedDict()
        self.lock = threading.Lock()

    def page(self, tournament_id: str, viewer: int | None) -> bytes:
        """The tournament's page for the account ``viewer`` (None: a guest), encoded; refused 404
        when there is no such tournament."""
        head = records.load_head(self.store, tournament_id)
        if head is None:
            raise HubError(404, "tournament", f"no tournament with id {tournament_id!r}", "no_tournament")
        kept = self._kept(tournament_id)
        finished = head.status == "finished"
        if viewer is None and finished and kept.guest is not None and kept.guest[0] == head_of(head):
            return kept.guest[1]
        head.games, now = self._games(tournament_id, head, kept)
        over = [game_id for game_id, (status, _seats) in now.items() if status == "finished"]
        without_play = unplayed_in(self.store, over)
        page = encoded(with_arena(self.store, head, viewer, tournament_json(head, viewer, now, without_play)))
        if viewer is None and finished and kept.through >= head.round:
            kept.guest = (head_of(head), page)
        return page

    def _kept(self, tournament_id: str) -> Kept:
        with self.lock:
            kept = self.kept.setdefault(tournament_id, Kept())
            self.kept.move_to_end(tournament_id)
            while len(self.kept) > self.most:
                self.kept.popitem(last=False)
            return kept

    def _games(self, tournament_id: str, head: Tournament, kept: Kept) -> tuple[list[Any], Now]:
        """The games of the tournament of ``head`` and their server games' status and seats: the
        kept rounds', the others read; the ended rounds read are kept once each game is over."""
        with self.lock:
            through, games, now = kept.through, kept.games, kept.now
        if through >= head.round:  # every round it played is kept
            return games, now
        ended = last_ended(head)
        newer = records.load_games(self.store, tournament_id, after=through)
        newer_now = records.games_now(self.store, [game.game_id for game in newer if game.game_id])
        over = [game for game in newer if game.round <= ended]
        if over and all(settled(game, newer_now) for game in over):
            with self.lock:
                if kept.through == through:  # no other request kept these rounds meanwhile
                    kept.games = games + over
                    kept.now = {**now, **{g.game_id: newer_now[g.game_id] for g in over if g.game_id}}
                    kept.through = ended
        return games + newer, {**now, **newer_now}
