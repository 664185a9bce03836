"""The events a player hears of by Web Push (``push``), with no page of the app open: their move
in a turn-based game (a clock of days a move), their time for it running short, a challenge.

Only games played with other people are told (a game against AI seats alone is played at one
sitting), only to a seat an account plays, and never to a player with a page of the game open at
this server (that page says it itself) or at another server of the database (``push_pages``,
checked as the push is sent). The server that wrote a move tells of it; each server's
sweep looks for short times, and the first to note a turn's revision tells it
(``push_store.claim_told``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from kingdomino.web import inbox_events, push_store, push_texts
from kingdomino.web.clocks import joining
from kingdomino.web.failures import log_failure
from kingdomino.web.push import Pusher
from kingdomino.web.refusals import HubError

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub
    from kingdomino.web.table import Table

#: The time left for a move under which the player is told it runs short, as the lobby marks it
#: (``LOW_HOURS`` of ``static/account-games.js``).
SHORT_SECONDS = 3 * 3600
#: Seconds between two looks for short times.
SHORT_SWEEP_SECONDS = 60.0


def account_to_tell(table: Table, seat: int) -> int | None:
    """The account to tell of ``seat``'s turn in ``table``'s turn-based game, if any: an account
    plays it, another human (or an open seat) is at the table, and no page of it is open here."""
    stored = table.stored
    if stored.status != "playing" or (stored.time_control or {}).get("kind") != "days":
        return None
    if not 0 <= seat < len(stored.seats) or stored.seats[seat]["kind"] != "human":
        return None
    account = stored.seats[seat].get("account")
    with_people = any(info["kind"] in ("human", "open") for i, info in enumerate(stored.seats) if i != seat)
    if account is None or not with_people or seat in table.presence.open_here():
        return None
    return int(account)


def others(seats: list[dict[str, Any]], seat: int) -> list[str]:
    """The names of the other seats (an unnamed one left out)."""
    return [str(info["name"]) for i, info in enumerate(seats) if i != seat and info.get("name")]


def turn_passed(pusher: Pusher | None, table: Table, before: int | None) -> None:
    """Tell the player to act in ``table`` now that it is their turn, if another seat had it
    (``before``, the seat that moved; None: the game has just begun). A player who moves twice in
    a row is not told."""
    inbox_events.turn_passed(table, before)
    seat = table.state.current_player
    if pusher is None or seat == before:
        return
    account = account_to_tell(table, seat)
    if account is None:
        return
    game_id, revision, game = table.id, table.version, table.stored.game
    names = others(table.stored.seats, seat)
    wording = partial(push_texts.your_turn, game_id=game_id, revision=revision, game=game, others=names)
    pusher.tell(account, wording, (game_id, seat))


def seats_written(pusher: Pusher | None, table: Table, status: str, seats: list[dict[str, Any]]) -> None:
    """Tell the player to act in ``table`` if its game has just begun (it was ``status`` with
    ``seats``): its last seat taken, an open one or a rematch's to join. Not the player who took
    it, though: they are at the app."""
    inbox_events.seats_written(table, status, seats)
    seat = table.state.current_player
    began = status != "playing" or (joining(seats) and not joining(table.stored.seats))
    if not began or (
        0 <= seat < len(seats) and (seats[seat]["kind"] == "open" or seats[seat].get("to_join"))
    ):
        return
    turn_passed(pusher, table, None)


def challenge_made(pusher: Pusher | None, table: Table) -> None:
    """Tell each account a seat of ``table``'s new game is kept for (a challenge) who challenges it."""
    inbox_events.challenge_made(table)
    stored = table.stored
    if pusher is None or stored.status != "open":
        return
    creator = stored.creator_seat
    by = str(stored.seats[creator]["name"]) if creator is not None else ""
    for info in stored.seats:
        if info["kind"] == "open" and info.get("for") is not None:
            wording = partial(push_texts.challenged, game_id=table.id, game=stored.game, by=by)
            pusher.tell(int(info["for"]), wording)


async def tell_short_times(hub: Hub, pusher: Pusher) -> None:
    """Every ``SHORT_SWEEP_SECONDS``, tell the players whose time for a move runs short."""
    while True:
        await asyncio.sleep(SHORT_SWEEP_SECONDS)
        try:
            await tell_short_times_once(hub, pusher, time.time())
        except Exception as error:  # the database away for a while: the next look tries again
            log_failure(error, "the push sweep of short times", hub.store.outage)


async def tell_short_times_once(hub: Hub, pusher: Pusher, moment: float) -> None:
    """Tell each player whose move's time runs out within ``SHORT_SECONDS`` of ``moment``, once a turn."""
    due = await asyncio.to_thread(push_store.deadlines_within, hub.store, moment, SHORT_SECONDS)
    for game_id, deadline in due:
        with contextlib.suppress(HubError):  # the game is gone
            table = hub.table(game_id)
            seat = table.state.current_player
            account = account_to_tell(table, seat)
            if account is None or table.stored.deadline != deadline:
                continue
            if not await asyncio.to_thread(push_store.claim_told, hub.store, game_id, table.version):
                continue
            wording = partial(
                push_texts.time_short,
                game_id=game_id,
                revision=table.version,
                game=table.stored.game,
                others=others(table.stored.seats, seat),
                seconds=deadline - moment,
            )
            pusher.tell(account, wording, (game_id, seat))
