"""The results of the games accounts play, and the ratings the rated ones move.

When a game ends at a server (``Hub.game_over``, once, from the engine's final state, or the
state when a player resigned: ``endings``), :meth:`GameResults.record` keeps each seat's final
score and place (``seat_results``) if an account plays one of its seats, and for a rated game
moves its players' Glicko-2 ratings in the game's pool (``ratings.pools``) and notes each change
(``rating_changes``). Only the server records, at a game's end: no request carries a result, so
none can be replayed or forged.

How a rated game counts: each account's place is the engine's (``State.places``: the score, then
the game's tie-break; a full tie shares the place), among the seats their accounts still play. A
seat handed to an AI (its player left, or was away and another player handed it over) ranks
last, below every seat still played by its account, whatever the AI scored there; several such
seats share the last place. A player who resigned a game ranks last in it (:func:`final_places`).
``ratings.pools.rate_game`` then rates the places pairwise.

Recorded once: ``rating_changes`` holds one row per (game, account), the pair unique. The
ratings are read and written in one transaction that first locks the players' rating rows (``FOR
UPDATE`` on PostgreSQL; SQLite has one writer at a time) and looks for the game's changes again,
so two servers recording one game (or two games of one player) at once never both count it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import exists, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from kingdomino.core.game import State
from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import pool_of, rate_game
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.tables import Base, GameRow, RatingChangeRow, RatingRow, SeatResultRow

log = logging.getLogger(__name__)


def rated_places(places: Sequence[int], seats: Sequence[dict[str, Any]]) -> list[int]:
    """The places a rated game counts: the engine's ``places`` re-ranked among the seats their
    accounts still play (kind ``human``), and every seat handed to an AI sharing the last place.

    >>> rated_places([2, 1, 3], [{"kind": "ai"}, {"kind": "human"}, {"kind": "human"}])
    [3, 1, 2]
    >>> rated_places([1, 1, 3, 4], [{"kind": "human"}] * 2 + [{"kind": "ai"}] * 2)
    [1, 1, 3, 3]
    """
    kept = [place for place, seat in zip(places, seats) if seat["kind"] == "human"]
    last = len(kept) + 1
    return [
        1 + sum(other < place for other in kept) if seat["kind"] == "human" else last
        for place, seat in zip(places, seats)
    ]


def ended_by(seats: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """How a game ended before its last move (``endings``): ``{"by": "resign" | "abort", "seat"}``,
    read from the seat that ended it (its ``ended``); None for a game played to its end or on.

    >>> ended_by([{"kind": "human"}, {"kind": "human", "ended": "resign"}])
    {'by': 'resign', 'seat': 1}
    """
    for seat, info in enumerate(seats):
        if info.get("ended"):
            return {"by": str(info["ended"]), "seat": seat}
    return None


def final_places(seats: Sequence[dict[str, Any]], state: State) -> list[int]:
    """Each seat's final place: the engine's ``State.places()``, but a seat that resigned
    (``ended_by``) placed last, below every other seat, whatever the points, the others ranked
    among themselves by the engine's places as they stood when the game ended.

    Rated games then rank the seats handed to an AI last too (:func:`rated_places`).
    """
    places = state.places()
    resigned = {seat for seat, info in enumerate(seats) if info.get("ended") == "resign"}
    if not resigned:
        return places
    kept = [place for seat, place in enumerate(places) if seat not in resigned]
    last = len(kept) + 1
    return [
        last if seat in resigned else 1 + sum(other < place for other in kept)
        for seat, place in enumerate(places)
    ]


def _insert_missing(connection: Connection, table: type[Base], rows: list[dict[str, Any]]) -> None:
    """Insert ``rows`` into ``table``, leaving out those whose key is there already."""
    if not rows:
        return
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(dialect.insert(table).on_conflict_do_nothing(), rows)


class GameResults:
    """The results and ratings in ``store``'s database (the reads: ``standings``)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: The records running in threads (the hub's ``stop`` waits for them).
        self.recording: set[asyncio.Task[bool]] = set()

    def game_over(self, game: StoredGame, state: State) -> None:
        """Record the end of ``game`` (its final ``state``) in a thread, off the event loop, if an
        account played it: a short write, which the hub waits for when it stops."""
        if all(seat.get("account") is None for seat in game.seats):
            return
        kept = replace(game, seats=[dict(seat) for seat in game.seats], actions=[])
        task = asyncio.get_running_loop().create_task(
            asyncio.to_thread(self.record, kept, state.scores(), final_places(game.seats, state))
        )
        self.recording.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[bool]) -> None:
        self.recording.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a game's result was not recorded", exc_info=task.exception())

    def record(self, game: StoredGame, scores: Sequence[int], places: Sequence[int]) -> bool:
        """Keep the end of ``game`` (its seats' final ``scores`` and ``places``, as the engine
        counts them) if an account played it, and rate it if it is rated; True if this call moved
        ratings (False: unrated, or recorded before). Offered again, it changes nothing."""
        if all(seat.get("account") is None for seat in game.seats):
            return False
        self.keep_results(game.id, scores, places)
        return self._rate(game, places) if game.rated else False

    def keep_results(self, game_id: str, scores: Sequence[int], places: Sequence[int]) -> None:
        """Each seat's final score and place (kept once: the end of a game never changes)."""
        rows = [
            {"game_id": game_id, "seat": seat, "score": int(score), "place": int(place)}
            for seat, (score, place) in enumerate(zip(scores, places))
        ]
        with self.store.engine.begin() as connection:
            _insert_missing(connection, SeatResultRow, rows)

    def _rate(self, game: StoredGame, places: Sequence[int]) -> bool:
        accounts = [seat.get("account") for seat in game.seats]
        if None in accounts or len(set(accounts)) != len(accounts):
            log.warning("game %s is rated but its seats are not one account each: not rated", game.id)
            return False
        ids = [int(str(account)) for account in accounts]
        pool = pool_of(game.game, game.players)
        counted = rated_places(places, game.seats)
        moment = now()
        try:
            with self.store.engine.begin() as connection:
                # The players' rows exist first (a new player's at the start), then are locked.
                fresh = Rating()
                _insert_missing(
                    connection,
                    RatingRow,
                    [
                        {
                            "account_id": account,
                            "pool": pool,
                            "rating": fresh.rating,
                            "deviation": fresh.deviation,
                            "volatility": fresh.volatility,
                            "games": 0,
                            "wins": 0,
                            "updated": moment,
                        }
                        for account in sorted(ids)
                    ],
                )
                rows = {
                    row.account_id: row
                    for row in connection.execute(
                        select(RatingRow)
                        .where(RatingRow.pool == pool, RatingRow.account_id.in_(ids))
                        .order_by(RatingRow.account_id)
                        .with_for_update()
                    )
                }
                done = exists().where(RatingChangeRow.game_id == game.id)
                if connection.execute(select(done)).scalar():
                    return False
                before = [Rating(rows[a].rating, rows[a].deviation, rows[a].volatility) for a in ids]
                after = rate_game(before, counted)
                for account, old, new, place in zip(ids, before, after, counted):
                    connection.execute(
                        update(RatingRow)
                        .where(RatingRow.account_id == account, RatingRow.pool == pool)
                        .values(
                            rating=new.rating,
                            deviation=new.deviation,
                            volatility=new.volatility,
                            games=RatingRow.games + 1,
                            wins=RatingRow.wins + (1 if place == 1 else 0),
                            updated=moment,
                        )
                    )
                    connection.execute(
                        insert(RatingChangeRow).values(
                            game_id=game.id,
                            account_id=account,
                            pool=pool,
                            place=place,
                            before=old.rating,
                            after=new.rating,
                            deviation=new.deviation,
                            at=moment,
                        )
                    )
        except IntegrityError:  # another server recorded the game first
            return False
        return True

    def unrecorded_rated(self, limit: int = 100) -> list[str]:
        """Rated games that finished without their ratings recorded (their server stopped between
        the last move and the record): the ids, for the hub to record at its start."""
        recorded = exists().where(RatingChangeRow.game_id == GameRow.id)
        with self.store.engine.connect() as connection:
            found = connection.execute(
                select(GameRow.id)
                .where(GameRow.rated.is_(True), GameRow.status == "finished", ~recorded)
                .limit(limit)
            )
            return [str(row[0]) for row in found]
