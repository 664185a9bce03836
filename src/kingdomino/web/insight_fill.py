"""The fill of the statistics' details of games that finished before they were kept at a game's
end (``insight_details``): at a server's start, in the background, a bounded batch at a time.

Each batch takes the newest finished games an account played that have no ``insight_games`` row,
replays each from its stored actions (``replaying.rebuild``), and keeps its seats' details in one
transaction per game: a server that stops midway loses at most the game it was replaying, and
the next start goes on where this one stopped. A game whose record cannot be replayed is kept as
``failed`` (logged), so that no start tries it again; a database that fails stops the fill
(logged) until the next start. Several servers filling at once keep each game once
(``insight_details.keep`` leaves a game kept already as it is). A read of a player's statistics
first fills up to ``ACCOUNT_BATCH`` of that player's games (:func:`fill_account`).
"""

from __future__ import annotations

import asyncio
import logging
import threading

from sqlalchemy import exists, select
from sqlalchemy.exc import SQLAlchemyError

from kingdomino.core.game import ScoreSheet
from kingdomino.web.insight_details import keep, mode_of, sheets_of
from kingdomino.web.insight_tables import InsightGameRow
from kingdomino.web.replaying import rebuild
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow, SeatAccountRow

log = logging.getLogger(__name__)

#: Games a batch replays: a few seconds of one thread at most, between which the others run.
BATCH = 50
#: Games a read of a player's statistics replays at most.
ACCOUNT_BATCH = 10
#: The pause between two batches, so that a large fill leaves the database to the players.
PAUSE = 0.05


def lacking(store: Store, limit: int, account_id: int | None = None) -> list[str]:
    """The newest finished games an account played (``account_id``'s, if said: read through its
    seats) whose details are not kept: their ids."""
    kept = exists().where(InsightGameRow.game_id == GameRow.id)
    if account_id is None:
        query = select(GameRow.id).where(exists().where(SeatAccountRow.game_id == GameRow.id))
    else:
        query = (
            select(GameRow.id)
            .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
            .where(SeatAccountRow.account_id == account_id)
        )
    with store.engine.connect() as connection:
        found = connection.execute(
            query.where(GameRow.status == "finished", ~kept)
            .order_by(GameRow.ended.desc(), GameRow.id)
            .limit(limit)
        )
        return [str(row[0]) for row in found]


def fill_batch(store: Store, limit: int = BATCH, stop: threading.Event | None = None) -> int:
    """Keep the details of up to ``limit`` games that lack them, until ``stop`` is set; how many
    were taken (0: none lacks them any more)."""
    found = lacking(store, limit)
    for game_id in found:
        if stop is not None and stop.is_set():
            break
        fill_game(store, game_id)
    return len(found)


def fill_account(store: Store, account_id: int, limit: int = ACCOUNT_BATCH) -> None:
    """Keep the details of the account's newest ``limit`` games that lack them (a guest's game
    claimed after its end, or one the fill has not reached yet), as its statistics are read."""
    for game_id in lacking(store, limit, account_id):
        fill_game(store, game_id)


def fill_game(store: Store, game_id: str) -> None:
    """Replay a finished game from its stored moves and keep its details (``failed``, logged, if
    its record cannot be replayed)."""
    stored = store.load(game_id)
    if stored is None:  # deleted meanwhile
        return
    mode = mode_of(stored.game, stored.options)
    try:
        sheets: list[ScoreSheet] | None = sheets_of(rebuild(stored)[1])
        with store.engine.begin() as connection:
            keep(connection, game_id, stored.game, mode, sheets)
        return
    except SQLAlchemyError:  # the database's failure, not the record's: the fill stops, logged
        raise
    except Exception:
        log.exception("game %s could not be replayed: its statistics' details stay unknown", game_id)
    with store.engine.begin() as connection:
        keep(connection, game_id, stored.game, mode, None)


async def fill(store: Store, batch: int = BATCH, pause: float = PAUSE) -> int:
    """Fill every game's details that lack them, a batch at a time off the event loop; the games
    filled. Cancelled when the server stops (the batch's thread stops after its game): the next
    start goes on. A database that fails stops the fill, logged, until the next start."""
    filled = 0
    stop = threading.Event()
    try:
        while taken := await asyncio.to_thread(fill_batch, store, batch, stop):
            filled += taken
            await asyncio.sleep(pause)
    except asyncio.CancelledError:
        stop.set()
        raise
    except Exception:
        log.exception("the fill of the statistics' details stopped (the next start goes on)")
    if filled:
        log.info("the statistics' details of %d earlier games were kept", filled)
    return filled
