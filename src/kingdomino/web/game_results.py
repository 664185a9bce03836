"""The results of the games accounts play, and the ratings the rated ones move.

When a game ends at a server (``Hub.game_over``, once, from the engine's final state, or the
state when a player resigned: ``endings``), :meth:`GameResults.record` keeps each seat's final
score and place (``seat_results``) if an account plays one of its seats, and for a rated game
moves its players' Glicko-2 ratings in the game's pool (``ratings.pools``) and notes each change
(``rating_changes``). Only the server records, at a game's end: no request carries a result, so
none can be replayed or forged.

The places kept and rated are :func:`final_places`, the one statement of a finished game's
ranking that its end screen (``views``) and players' pages show too: the engine's
(``State.places``: the score, then the game's tie-break; a full tie shares the place), among the
seats still played by their players. A seat that resigned, or was handed to an AI (its player
ran out of time, left, or was away and another player handed it over), ranks last, below every
seat still played, whatever the AI scored there; several such seats share the last place (a draw
between them).
``ratings.pools.rate_game`` then rates the places pairwise.

Recorded once: ``rating_changes`` holds one row per (game, account), the pair unique. The
ratings are read and written in one transaction that first locks the players' rating rows (``FOR
UPDATE`` on PostgreSQL; SQLite has one writer at a time) and looks for the game's changes again,
so two servers recording one game (or two games of one player) at once never both count it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import exists, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from kingdomino.core.game import ScoreSheet, State
from kingdomino.ratings.glicko2 import Rating
from kingdomino.ratings.pools import pool_of, rate_game
from kingdomino.web import inbox_events
from kingdomino.web.insight_details import keep_details, sheets_of
from kingdomino.web.live import LiveGame
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.tables import Base, GameRow, RatingChangeRow, RatingRow, SeatResultRow

log = logging.getLogger(__name__)


def forfeited(seat: dict[str, Any]) -> bool:
    """Whether ``seat``'s player gave the game up: they resigned (``ended``: ``endings``), or an
    AI finished their seat (``ai_since``): they ran out of time, left, or were away and another
    player handed it over."""
    return seat.get("ai_since") is not None or seat.get("ended") == "resign"


def final_places(places: Sequence[int], seats: Sequence[dict[str, Any]]) -> list[int]:
    """The places of a finished game as every page, its kept result and its rating count them:
    the engine's ``places`` re-ranked among the seats still played (not :func:`forfeited`), and
    every forfeited seat sharing the last place, numbered as the number of seats, below every
    seat still played whatever its AI scored. A forfeited seat is thus never placed first:
    ``place == 1`` is a win, and a game whose every player forfeited has no winner. Places of a
    game without forfeits are the engine's; given its own answer back, it answers the same.

    >>> final_places([2, 1, 3], [{"ai_since": 9}, {}, {}])
    [3, 1, 2]
    >>> final_places([1, 1, 3, 4], [{}] * 2 + [{"ai_since": 9}] * 2)
    [1, 1, 4, 4]
    >>> final_places([1, 2], [{"ai_since": 30}, {"ai_since": 31}])
    [2, 2]
    >>> final_places([1, 2], [{"kind": "ai"}, {"kind": "human"}])
    [1, 2]
    >>> final_places([2, 1], [{}, {"ended": "resign"}])  # the leader resigned
    [1, 2]
    """
    kept = [place for place, seat in zip(places, seats) if not forfeited(seat)]
    last = len(seats)
    return [
        last if forfeited(seat) else 1 + sum(other < place for other in kept)
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


def resigned_seats(seats: Sequence[dict[str, Any]]) -> list[int]:
    """The seats whose players resigned: the one whose resignation ended the game, and those an
    AI plays on since (a game of three or four), for the lists of games to say who resigned.

    >>> resigned_seats([{"resigned": True}, {"kind": "human"}, {"ended": "resign"}])
    [0, 2]
    """
    return [seat for seat, info in enumerate(seats) if info.get("resigned") or info.get("ended") == "resign"]


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
            asyncio.to_thread(self.record, kept, state.scores(), state.places(), sheets_of(state))
        )
        self.recording.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[bool]) -> None:
        self.recording.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a game's result was not recorded", exc_info=task.exception())

    def record(
        self,
        game: StoredGame,
        scores: Sequence[int],
        places: Sequence[int],
        sheets: Sequence[ScoreSheet] | None = None,
    ) -> bool:
        """Keep the end of ``game`` (its seats' final ``scores`` and ``places``, as the engine
        counts them, and the details of their ``sheets`` for the players' statistics) if an
        account played it, and rate it if it is rated; True if this call moved ratings (False:
        unrated, or recorded before). Offered again, it changes nothing."""
        if all(seat.get("account") is None for seat in game.seats):
            return False
        self.keep_results(game, scores, places)
        inbox_events.game_ended(self.store, game, final_places(places, game.seats))
        moved = self._rate(game, places) if game.rated else False
        if sheets is not None:
            keep_details(self.store, game, sheets)
        return moved

    def keep_results(self, game: StoredGame, scores: Sequence[int], places: Sequence[int]) -> None:
        """Each seat's final score and place (:func:`final_places` of the engine's ``places``),
        kept once: the end of a game never changes; and the moment it ended (``games.ended``)."""
        game_id = game.id
        places = final_places(places, game.seats)
        rows = [
            {"game_id": game_id, "seat": seat, "score": int(score), "place": int(place)}
            for seat, (score, place) in enumerate(zip(scores, places))
        ]
        with self.store.engine.begin() as connection:
            _insert_missing(connection, SeatResultRow, rows)
            connection.execute(
                update(GameRow).where(GameRow.id == game_id, GameRow.ended.is_(None)).values(ended=now())
            )

    def _rate(self, game: StoredGame, places: Sequence[int]) -> bool:
        accounts = [seat.get("account") for seat in game.seats]
        if None in accounts or len(set(accounts)) != len(accounts):
            log.warning("game %s is rated but its seats are not one account each: not rated", game.id)
            return False
        ids = [int(str(account)) for account in accounts]
        pool = pool_of(game.game, game.players)
        counted = final_places(places, game.seats)
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
        the last move and the record): the ids, recorded at a server's start (``record_unrecorded``)."""
        recorded = exists().where(RatingChangeRow.game_id == GameRow.id)
        with self.store.engine.connect() as connection:
            found = connection.execute(
                select(GameRow.id)
                .where(GameRow.rated.is_(True), GameRow.status == "finished", ~recorded)
                .limit(limit)
            )
            return [str(row[0]) for row in found]

    async def record_unrecorded(self, read: Callable[[str], LiveGame | None]) -> None:
        """Rate the rated games whose ratings a server stopped too soon left unrecorded (twice:
        once), each ``read`` again from the store (None: it is gone), at a server's start."""
        for game_id in await asyncio.to_thread(self.unrecorded_rated):
            try:
                live = read(game_id)
                if live is not None and live.stored.status == "finished":
                    self.game_over(live.stored, live.state)
            except Exception:  # one game that cannot be read stops none of the others
                log.exception("the rated game %s could not be recorded", game_id)
            await asyncio.sleep(0)
