"""A vacation's games: the clocks of an account's games by the day written as it leaves and comes
back (``vacation_clocks``), its opponents told, and the clocks' sweep holding a turn that ran out
during a vacation its game did not hear of.

Each game is written through its table (its lock, its revision: ``Store.truncate`` of no action
writes the clock alone, and the other servers read the game again as after an undo); a write
another server made first is read and the change made again on it, which comes out the same. A
game the server could not write at the start (it stopped meanwhile) is held by the sweep when its
deadline comes (``held_instead``): the vacation is the database's, not the write's.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from kingdomino.web.clocks import deadline, joining
from kingdomino.web.inbox_events import kept
from kingdomino.web.inbox_store import Event, note
from kingdomino.web.refusals import HubError
from kingdomino.web.store import StaleGame, Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.tables import GameRow, SeatAccountRow
from kingdomino.web.vacation import Vacation, current, standing
from kingdomino.web.vacation_clocks import back, gone

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub
    from kingdomino.web.table import Table

#: A change of a clock: the clock, the seats of the player away, the seat to act, the seats.
Change = Callable[[dict[str, Any], list[int], int, list[dict[str, Any]]], dict[str, Any]]


def waits(control: dict[str, Any] | None) -> bool:
    """Whether a game of the clock ``control`` waits for a player on vacation: one by the day,
    unless it says not (``vacation`` false, a tournament's organiser's choice)."""
    return (control or {}).get("kind") == "days" and (control or {}).get("vacation", True) is not False


def by_the_day(stored: StoredGame) -> bool:
    """Whether ``stored`` is a game being played that a vacation holds."""
    return stored.status == "playing" and stored.clock is not None and waits(stored.time_control)


def _games_of(store: Store, account_id: int) -> list[str]:
    """The games the account plays now that wait for it while it is away (``waits``)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(GameRow.id, GameRow.time_control)
            .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
            .where(
                SeatAccountRow.account_id == account_id,
                SeatAccountRow.playing.is_(True),
                GameRow.status == "playing",
            )
        )
        return sorted({str(game) for game, control in rows if waits(control)})


def _seats_of(stored: StoredGame, account_id: int) -> list[int]:
    return [
        seat
        for seat, info in enumerate(stored.seats)
        if info.get("account") == account_id and info["kind"] == "human"
    ]


async def _rewrite(table: Table, account_id: int, change: Change, away_now: bool, moment: float) -> bool:
    """Write ``table``'s clock as ``change``, decided at ``moment``, makes it for ``account_id``'s
    seats; False: nothing to write (the game ended, the account plays no seat of it, the clock is
    so already, or the account's vacation of ``moment`` no longer stands, or one stands that
    began since its return: ``away_now`` says which it must be; ``vacation.standing``). Whether
    it stands is read under the table's lock: a vacation ended while its start went through the
    games is not written after its end's write of the same game."""
    for _attempt in range(3):
        async with table.lock:
            stored = table.stored
            away = _seats_of(stored, account_id)
            if not by_the_day(stored) or not away or stored.clock is None:
                return False
            if (standing(table.store, account_id, moment) is not None) != away_now:
                return False
            acting = table.state.current_player
            clock = change(stored.clock, away, acting, stored.seats)
            due = stored.deadline if joining(stored.seats) else deadline(clock, acting, stored.seats)
            if (clock, due) == (stored.clock, stored.deadline):
                return False
            try:
                version = table.store.truncate(
                    table.id, len(table.actions), stored.status, table.version, stored.ai_turn, (clock, due)
                )
            except StaleGame:
                table.reload()
                continue
            stored.clock, stored.deadline, table.version = clock, due, version
        await table.publish()
        return True
    return False


async def _each_game(hub: Hub, account_id: int, change: Change, away_now: bool, moment: float) -> list[Table]:
    """Change the clock of each of the account's games by the day, as decided at ``moment``; the
    tables changed."""
    changed = []
    for game_id in await asyncio.to_thread(_games_of, hub.store, account_id):
        with contextlib.suppress(HubError):
            table = hub.table(game_id)
            if await _rewrite(table, account_id, change, away_now, moment):
                changed.append(table)
    return changed


async def went_away(hub: Hub, vacation: Vacation, name: str) -> int:
    """Hold the clocks of the account's games by the day for ``vacation``, and tell its opponents
    in them (one inbox entry each, whatever the number of games); how many games were held."""
    tables = await _each_game(
        hub,
        vacation.account_id,
        lambda clock, away, acting, seats: gone(clock, away, acting, seats, vacation.started, vacation.until),
        True,
        vacation.started,
    )
    opponents = sorted(
        {
            int(info["account"])
            for table in tables
            for info in table.stored.seats
            if info.get("account") not in (None, vacation.account_id) and info["kind"] == "human"
        }
    )
    event = Event("vacation", f"vacation:{vacation.id}", {"name": name, "until": vacation.until})

    def tell() -> None:
        for opponent in opponents:
            note(hub.store, opponent, event)

    await asyncio.to_thread(kept, hub.store, tell, "a vacation")
    return len(tables)


async def came_back(hub: Hub, account_id: int, moment: float) -> int:
    """Start the clocks of the account's games by the day again, its player back at ``moment``;
    how many games changed."""
    changed = await _each_game(
        hub,
        account_id,
        lambda clock, away, acting, seats: back(clock, away, acting, seats, moment),
        False,
        moment,
    )
    return len(changed)


def _gone_for(found: Vacation) -> Change:
    """The change of a clock for the vacation ``found``, its player away."""
    return lambda clock, away, acting, seats: gone(clock, away, acting, seats, found.started, found.until)


async def held_from_the_start(table: Table) -> int:
    """Hold ``table``'s game, which has just begun, for each of its players on vacation now (a
    challenge accepted, an open game or a tournament's game sat at while they are away): its
    clock notes their return at once, as their leaving noted it in their other games, rather than
    running until the sweep holds it at its deadline. How many players were away."""
    stored = table.stored
    if not by_the_day(stored):
        return 0
    accounts = {int(info["account"]) for info in stored.seats if info.get("account") is not None}
    held = 0
    now = time.time()  # one reading: its vacations' returns are midnights
    for account in sorted(accounts):
        found = await asyncio.to_thread(current, table.store, account, now)
        if found is not None and await _rewrite(table, account, _gone_for(found), True, now):
            held += 1
    return held


async def held_instead(table: Table, moment: float) -> bool:
    """Hold the turn of ``table``'s seat to act, out of time at ``moment``, if its player is on
    vacation (a game begun during it, or one whose write at the start did not happen): the
    clock's sweep hands the seat over only if this did not."""
    stored = table.stored
    acting = table.state.current_player
    if stored.deadline is None or stored.deadline > moment:
        return False
    if not by_the_day(stored) or joining(stored.seats) or not 0 <= acting < len(stored.seats):
        return False
    account = stored.seats[acting].get("account")
    if account is None or stored.seats[acting]["kind"] != "human":
        return False
    found = await asyncio.to_thread(current, table.store, int(account), moment)
    if found is None or stored.deadline <= found.started:  # out of time before leaving: it stays so
        return False
    return await _rewrite(
        table,
        int(account),
        lambda clock, away, acting, seats: gone(clock, away, acting, seats, found.started, found.until),
        True,
        moment,
    )
