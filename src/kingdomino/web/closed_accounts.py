"""Calling off what a closed account left waiting: the open games it created or joined, and the
challenges it made or was made, on whichever server closed it (its owner's request, or the
operator's ``kingdomino accounts close`` writing the database alone).

Every server looks each second at the accounts of the games its lobby lists, in one read of the
database, and for each game with a closed account's seat: a game it created is called off (as its
creator would); a challenge it made or was made ends, its seat saying it declined (a challenge
waits for every kept seat, so it could not be played); a seat it took in another's open game is
open again, and the game waits on. Several servers may see it at once: the first write wins, the
others' are refused as stale and let be. Games already started go on: a closed account's seat
there is the game's, not its session's, and its result counts as any.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from sqlalchemy import select

from kingdomino.web.failures import log_failure
from kingdomino.web.hub import Hub
from kingdomino.web.open_seats import given_back
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer, kept_for, open_seat
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow

#: How often each server looks for closed accounts in its lobby's games.
SWEEP_SECONDS = 1.0


def closed_among(store: Store, accounts: set[int]) -> set[int]:
    """The accounts of ``accounts`` that are closed."""
    with store.engine.connect() as connection:
        found = connection.execute(
            select(AccountRow.id).where(AccountRow.id.in_(accounts), AccountRow.closed.is_not(None))
        )
        return {int(row[0]) for row in found}


def _accounts_of(game: dict[str, Any]) -> set[int]:
    return {int(seat["account"]) for seat in game["seats"] if seat.get("account") is not None}


def _seats_without(
    seats: list[dict[str, Any]], closed: set[int], challenge: bool
) -> tuple[list[dict[str, Any]], str]:
    """The seats of an open game once its closed accounts' seats are let go, and its status: a
    challenge ends (``expired``), the closed account's seat declining; another game waits on."""
    kept: list[dict[str, Any]] = []
    for info in seats:
        account = info.get("account", info.get("for"))
        if account is None or int(account) not in closed:
            kept.append(dict(info))
        elif challenge:
            player = SeatPlayer(int(account), str(info["name"]), bool(info.get("bot")))
            kept.append({**open_seat(player), "declined": True})
        else:
            kept.append(given_back(info, seats))
    return kept, "expired" if challenge else "open"


async def let_go(hub: Hub, game_id: str, closed: set[int]) -> None:
    """Call off, end or reopen the seats of ``closed`` accounts in the open game ``game_id``."""
    table = hub.table(game_id)
    async with table.lock:
        stored = table.stored
        if stored.status != "open":
            return
        creator = stored.creator()
        by = stored.seats[creator].get("account") if creator is not None else None
        if by is not None and int(by) in closed:
            table.write_seats(stored.seats, "expired", "game")
        else:
            # A challenge waiting has a seat still kept for someone: it starts once none is.
            seats, status = _seats_without(stored.seats, closed, bool(kept_for(stored.seats)))
            table.write_seats(seats, status, "game", stored.open_until if status == "open" else None)
    await hub.seats_changed(table)


async def sweep(hub: Hub) -> None:
    """Let go of the closed accounts' seats in the games the lobby lists (the module's rule)."""
    games = {game_id: _accounts_of(game) for game_id, game in hub.lobby.games.items()}
    accounts = set().union(*games.values()) if games else set()
    if not accounts:
        return
    closed = await asyncio.to_thread(closed_among, hub.store, accounts)
    for game_id, seated in games.items():
        if seated & closed:
            with contextlib.suppress(HubError):  # started, ended or written elsewhere meanwhile
                await let_go(hub, game_id, seated & closed)


async def watch_closed(hub: Hub) -> None:
    """Sweep every ``SWEEP_SECONDS`` until cancelled (the server's stop)."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        try:
            await sweep(hub)
        except Exception as error:  # the database away for a while: the next look tries again
            log_failure(error, "calling off closed accounts' games", hub.store.outage)
