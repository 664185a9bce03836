"""Claiming a real-time game whose player is gone (as lichess's "claim victory"): in a game with a
``game`` or ``move`` clock, once the seat to act has had no page open on any server for
``CLAIM_SECONDS`` (``presence.Presence.gone_for``), another player of the game may end the wait
at once rather than watch the gone player's clock run down. The seat is then handled exactly as
a seat out of time (``out_of_time``): an AI of the time control's level plays it on, it is marked
``timed_out``, and a rated game ranks its player last. Nothing else about results is new.

A tournament's or an arena's game is claimed alike: a claim is a timeout, which they handle.
A turn-based game (``days``) is never claimed: away is its rule, and its clock ends the wait.
Nor is a simul's: its host plays from the simul's page, away from each board's page but the one
they are at, so every board where the host is to act would be claimed the moment it came to them;
each seat's clock (the host's with its extra time) is what ends the wait for it.

The figure is data (``data/clocks.json``, ``gone.claim_after_seconds``; where it comes from in
``data/SOURCES.md``).
"""

from __future__ import annotations

import json
import math
from importlib import resources

from kingdomino.web.clocks import joining
from kingdomino.web.live import simul_game
from kingdomino.web.out_of_time import timed_out
from kingdomino.web.presence import real_time
from kingdomino.web.refusals import HubError
from kingdomino.web.table import Table

#: Seconds the seat to act of a real-time game has had no page open before the others may claim.
CLAIM_SECONDS: float = json.loads(
    resources.files("kingdomino.web").joinpath("data", "clocks.json").read_text(encoding="utf-8")
)["gone"]["claim_after_seconds"]


def claim_refusal(table: Table, by: int, gone: float | None, after: float) -> HubError | None:
    """Why the seat ``by`` may not claim ``table``'s game now (None: it may): the game must be a
    real-time one being played, and its seat to act another human's, gone (``gone``: for how
    long, ``presence.Presence.gone_for``; None: a page of it is open) for ``after`` seconds."""
    stored = table.stored
    if table.over():
        return HubError(409, "game", "the game is over", "game_over")
    if not real_time(stored):
        message = "only a game with a clock in minutes or seconds is claimed: a turn-based one waits"
        return HubError(409, "game", message, "gone_clock")
    if simul_game(stored):
        message = "a simul's host plays from the simul's page, away from each board: its clocks end a wait"
        return HubError(409, "game", message, "gone_simul")
    if stored.status != "playing" or joining(stored.seats):  # a rematch's wait ends on its own
        return HubError(409, "game", "the game has not started: it waits for its players", "not_started")
    if table.state.current_player == by:
        return HubError(409, "token", "it is your own turn: play it", "gone_own_turn")
    if gone is None:
        message = "the player to act is not gone: a page of theirs is open, or an AI plays the seat"
        return HubError(409, "seat", message, "gone_here")
    if gone < after:
        wait = math.ceil(after - gone)
        message = f"the player to act may still come back: wait {wait} s more"
        return HubError(409, "seat", message, "gone_wait", {"n": wait})
    return None


async def claim(table: Table, token: str, client: str = "") -> int:
    """The holder of ``token`` claims ``table``'s game from its gone seat to act (see the module):
    that seat is out of time from now; the seat claimed, or the refusal."""
    async with table.lock:
        by = table.seat_for(token)
        acting = table.state.current_player
        await table.presence.look_elsewhere(acting)
        refused = claim_refusal(table, by, table.presence.gone_for(acting), table.host.claim_seconds)
        if refused is not None:
            raise refused
        table.write_seats(timed_out(table, acting), "playing", "token")
        table.client = client
    await table.publish()
    table.host.start_ai_turn(table)
    return acting
