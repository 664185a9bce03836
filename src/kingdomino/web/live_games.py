"""The games being played that anyone may watch, as a spectator finds them (``GET /api/live-games``).

A game is public (``StoredGame.public``) when it was opened to the lobby (a seat ``open`` at its
creation, a quick game's too, rated or not) or its creator said so (``public`` at the creation);
a game made with invite links only, or played on one shared screen, is not, unless its creator
says so. A rematch is as public as the game it follows. Anyone may watch a public game without a
token (``admission.watchable``), so its listing and its watch link hold none: not a seat's, nor the
spectator link's, which its creator may have shared for a private game of theirs.

The list is read from the database, the newest ``MAX_CONSIDERED`` public games being played,
ranked by their best player's rating in the game's pool (lichess's "Current games" shows the
strongest first; a guest or an AI seat has no rating), the newest first among equals. A page of
it is then described from each game's table (the state: scores, whose turn, the moves so far,
the clocks), a game read from the database at most ``MAX_PAGE`` at a time.

The ranked list is kept ``KEEP_SECONDS`` per server (``Lists``), the whole list's and each
player's, so that every open lobby asking for it (each every 20 s) costs the database one reading
per window, however many ask: a game that ends meanwhile is left out of the page that describes
it, and a game this server starts, or a player joins here, makes the next request read the list
anew; one started at another server is listed within ``KEEP_SECONDS``.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from kingdomino.core.game import CHANCE
from kingdomino.ratings.glicko2 import Rating
from kingdomino.web.clocks import clock_view
from kingdomino.web.lobby_ratings import Shown, pool_or_none, read_ratings, shown
from kingdomino.web.seats import played_by_account
from kingdomino.web.store import Store
from kingdomino.web.table import Table
from kingdomino.web.tables import GameRow, SeatAccountRow

#: The public games being played that the list ranks, the newest (a server with more lists these).
MAX_CONSIDERED = 500
#: Most games a page of the list describes, and how many when the request does not say.
MAX_PAGE = 50
PAGE = 20
#: Seconds a ranked list is kept, and most lists kept at once (the whole list and players' lists).
KEEP_SECONDS = 5.0
MAX_KEPT = 256


@dataclass(frozen=True)
class Ranked:
    """A public game being played, as the list ranks it: its id, its game's name, by seat, the
    rating of each seat an account plays (None: a guest's or an AI's seat, or a game without a
    pool), and the accounts playing its seats (a reader's blocks leave it out: ``apart``)."""

    id: str
    game: str
    ratings: list[Shown | None]
    accounts: frozenset[int] = frozenset()


def ranked(store: Store, account: int | None = None) -> list[Ranked]:
    """The public games being played (those ``account`` plays a seat of, if named), the best
    player's rating first, the newest first among equals: two queries, whatever their number."""
    query = select(GameRow.id, GameRow.game, GameRow.players, GameRow.seats, GameRow.created).where(
        GameRow.status == "playing", GameRow.public.is_(True)
    )
    if account is not None:
        theirs = select(SeatAccountRow.game_id).where(
            SeatAccountRow.account_id == account, SeatAccountRow.playing.is_(True)
        )
        query = query.where(GameRow.id.in_(theirs))
    with store.engine.connect() as connection:
        rows = connection.execute(query.order_by(GameRow.created.desc()).limit(MAX_CONSIDERED)).all()
    seats = {row.id: _accounts(row.seats, pool_or_none(row.game, row.players)) for row in rows}
    playing = {row.id: frozenset(_players(row.seats)) for row in rows}
    found = read_ratings(store, (pair for pairs in seats.values() for pair in pairs if pair is not None))
    games = []
    for row in rows:
        ratings = [None if pair is None else shown(found.get(pair, Rating())) for pair in seats[row.id]]
        games.append((row.created.timestamp(), Ranked(row.id, row.game, ratings, playing[row.id])))
    games.sort(key=lambda entry: (-_best(entry[1].ratings), -entry[0]))
    return [game for _created, game in games]


def _accounts(seats: list[dict[str, Any]], pool: str | None) -> list[tuple[int, str] | None]:
    """By seat, the (account, pool) whose rating it shows: a seat an account plays now."""
    if pool is None:
        return [None] * len(seats)
    return [(int(seat["account"]), pool) if played_by_account(seat) else None for seat in seats]


def _players(seats: list[dict[str, Any]]) -> list[int]:
    """The accounts playing the seats now."""
    return [int(seat["account"]) for seat in seats if played_by_account(seat)]


def apart(games: list[Ranked], kept_apart: set[int]) -> list[Ranked]:
    """The games of ``games`` where no account of ``kept_apart`` plays: a reader does not see,
    in the list or on TV, the games of an account they block or that blocks them
    (``relations.kept_apart``), as the lobby's open games leave them out."""
    if not kept_apart:
        return games
    return [game for game in games if not game.accounts & kept_apart]


def _best(ratings: list[Shown | None]) -> float:
    """The rating the list ranks a game by: its best player's (none rated: below every rating)."""
    return max((float(rating["value"]) for rating in ratings if rating is not None), default=0.0)


def described(table: Table, ratings: list[Shown | None]) -> dict[str, Any]:
    """How the list shows a game being played: what it is, its players (names, ratings, scores),
    whose turn, the players' moves so far, the clocks, the spectators watching it at this server
    and its watch link. Never a token, never what a spectator's view would not show."""
    stored = table.stored
    state, shown = table.shown()  # a rematch not joined by all yet: no deal, nobody to act
    acting = state.current_player
    scores = state.scores()
    return {
        "id": stored.id,
        "game": stored.game,
        "players": stored.players,
        "options": dict(table.game.options),
        "description": table.game.describe(),
        "rated": stored.rated,
        "pool": pool_or_none(stored.game, stored.players),
        "seats": [
            {
                "name": seat["name"],
                "kind": seat["kind"],
                "level": seat.get("level"),
                "bot": bool(seat.get("bot")),
                "account": played_by_account(seat),
                # As ranked; a seat handed to an AI since shows none.
                "rating": ratings[index] if played_by_account(seat) and index < len(ratings) else None,
                "score": scores[index],
            }
            for index, seat in enumerate(stored.seats)
        ],
        "current_player": acting if acting >= 0 else None,
        "moves": sum(action.seat != CHANCE for action in shown),
        "time_control": stored.time_control,
        "clock": clock_view(stored.clock, acting, stored.seats),
        "watching": table.presence.watching(),
        "created": stored.created.isoformat(),
        "watch": f"/game/{stored.id}/watch",
    }


@dataclass
class _Kept:
    """A ranked list being read or read: when its reading began, the store's ``games_started``
    then, and the reading every request of the window awaits."""

    since: float
    started: int
    reading: asyncio.Future[list[Ranked]]


class Lists:
    """The ranked lists of one store, each read at most once a window of ``seconds`` (``ranked``
    in a thread): the requests that come while it is read await the same reading. A list is read
    again once its window is over, or once a game began being played here since its reading
    began (``Store.games_started``); a reading that failed is forgotten, its error raised to
    those awaiting it. At most ``MAX_KEPT`` lists are kept, the oldest forgotten first."""

    def __init__(
        self, store: Store, seconds: float = KEEP_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.store = store
        self.seconds = seconds
        self.clock = clock
        self.kept: dict[int | None, _Kept] = {}

    async def ranked(self, account: int | None = None) -> list[Ranked]:
        """The public games being played (of ``account`` if named), as ``ranked`` gives them."""
        now = self.clock()
        kept = self.kept.get(account)
        if kept is None or now - kept.since >= self.seconds or kept.started != self.store.games_started:
            reading = asyncio.ensure_future(asyncio.to_thread(ranked, self.store, account))
            kept = _Kept(now, self.store.games_started, reading)
            self.kept.pop(account, None)
            self.kept[account] = kept
            while len(self.kept) > MAX_KEPT:
                del self.kept[next(iter(self.kept))]
        try:
            return await asyncio.shield(kept.reading)
        except Exception:
            if self.kept.get(account) is kept:
                del self.kept[account]
            raise


_LISTS: weakref.WeakKeyDictionary[Store, Lists] = weakref.WeakKeyDictionary()


def lists_of(store: Store) -> Lists:
    """The ranked lists kept for ``store`` (one per server: its hub's store)."""
    found = _LISTS.get(store)
    if found is None:
        found = _LISTS[store] = Lists(store)
    return found
