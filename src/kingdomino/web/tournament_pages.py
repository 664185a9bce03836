"""A tournament's page as ``GET /api/tournaments/{id}`` answers it: built and encoded in a worker
thread, and a finished tournament's games kept between requests.

A round robin of 64 is 2,016 games: its page is 340 KB of JSON, and reading its rows and its
games' seats, building the page and encoding it took 70 ms of a core, 50 ms of it on the event
loop (``bench/bench_tournament_page.py``), for each reader of the page. A finished tournament's
games no longer change (a result is written once, and no round is paired after the last), so
they are read once and kept (:data:`KEPT` tournaments at most, the last read kept longest); each
request still reads the tournament's row, its players and its organiser's name, which an
operator's renaming of an account changes, and the kept page is used while those are the same.
A guest's page is kept encoded; a player's, with their own games' seat tokens, is built from the
kept games.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from kingdomino.web import tournament_store as records
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tournament_store import Tournament
from kingdomino.web.tournament_views import tournament_json

#: Finished tournaments whose games are kept (a round robin of 64's: about 3 MB).
KEPT = 8
#: The statuses of a server's game that no longer change.
OVER = frozenset({"finished", "expired", "aborted"})


@dataclass
class Kept:
    """A finished tournament's games as its page reads them, the head (row, players, organiser's
    name) they were read with, and its guest's page once encoded."""

    head: tuple[Any, ...]
    games: list[Any]
    now: dict[str, tuple[str, list[dict[str, Any]]]]
    guest: bytes | None = None


def head_of(tournament: Tournament) -> tuple[Any, ...]:
    """What a tournament's page shows besides its games: its settings, status and round, its
    organiser's name and its players (names, seeds, withdrawals)."""
    fields = [name for name in Tournament.__dataclass_fields__ if name not in ("players", "games")]
    return (*(getattr(tournament, name) for name in fields), tuple(tuple(p) for p in tournament.players))


def encoded(page: dict[str, Any]) -> bytes:
    """``page`` as FastAPI's ``JSONResponse`` encodes it."""
    return json.dumps(page, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")).encode()


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
            raise _missing(tournament_id)
        kept = self._kept(tournament_id, head)
        if kept is None:
            kept = self._read(tournament_id, head)
        head.games = kept.games
        if viewer is not None:
            return encoded(tournament_json(head, viewer, kept.now))
        if kept.guest is None:
            kept.guest = encoded(tournament_json(head, None, kept.now))
        return kept.guest

    def _kept(self, tournament_id: str, head: Tournament) -> Kept | None:
        if head.status != "finished":
            return None
        with self.lock:
            kept = self.kept.get(tournament_id)
            if kept is not None and kept.head == head_of(head):
                self.kept.move_to_end(tournament_id)
                return kept
        return None

    def _read(self, tournament_id: str, head: Tournament) -> Kept:
        """The games of the tournament of ``head``, read from the store; a finished one's kept
        for the next requests once each of its games is over."""
        games = records.load_games(self.store, tournament_id)
        now = records.games_now(self.store, [game.game_id for game in games if game.game_id])
        read = Kept(head_of(head), games, now)
        if head.status == "finished" and all(status in OVER for status, _ in now.values()):
            with self.lock:
                self.kept[tournament_id] = read
                self.kept.move_to_end(tournament_id)
                while len(self.kept) > self.most:
                    self.kept.popitem(last=False)
        return read


def _missing(tournament_id: str) -> HubError:
    return HubError(404, "tournament", f"no tournament with id {tournament_id!r}", "no_tournament")
