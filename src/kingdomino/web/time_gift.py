"""Giving time: a player of a real-time game adds seconds to an opponent's clock (lichess's "+15 s").

A player whose opponent is short of time, or was called away for a moment, may give them some:
``give`` adds the figure of ``data/clocks.json`` (``gift``: 15 s, as lichess) to that seat's time
left and writes the clock as a new revision of the game (``Store.truncate`` of no action, as a
vacation's clock is written), so the other servers, a restart and every page see it; the pages
say who gave whom how much (the clock's ``gift``, until the next move).

Only a whole game's clock (``game``: minutes and an increment) takes a gift: a move's clock
(``move``, ``days``) starts afresh each move, so seconds added would last one move and be lost
(lichess has no gift there either). As lichess, a rated game allows it (the time is the giver's
to give); a club tournament's, an arena's or a simul's game does not: its time is the
organiser's, the same for every game of it. A seat gives at most ``most_per_seat`` gifts a game:
each is a write of the game and a message to each of its pages, which a script could repeat.
A rated game of more than two players takes none: time given to one opponent is given to none
of the others, so two players could lift one of them above a third in the ranking. Nor does a
seat to act whose time ran out before the sweep handed it to an AI: no gift brings it back.
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import TYPE_CHECKING, Any

from kingdomino.web import clocks
from kingdomino.web.live import LiveGame, simul_game, tournament_of
from kingdomino.web.refusals import HubError, not_started

if TYPE_CHECKING:
    from kingdomino.web.table import Table

#: The seconds a gift adds, and the most gifts a seat gives in a game.
GIFT: dict[str, int] = json.loads(
    resources.files("kingdomino.web").joinpath("data", "clocks.json").read_text(encoding="utf-8")
)["gift"]


def refusal(live: LiveGame, giver: int, own: set[int], to: int, moment: float) -> HubError | None:
    """Why seat ``giver``, of a page holding the seats ``own``, may not give time to seat ``to``
    at ``moment`` (epoch seconds; None: it may)."""
    stored = live.stored
    if live.over():
        return HubError(409, "seat", "the game is over: no clock runs any more", "gift_over")
    if stored.status != "playing":
        return not_started()
    control, clock = stored.time_control, stored.clock
    if control is None or control.get("kind") != "game" or clock is None:
        message = "only a whole game's clock (minutes and an increment) takes time given"
        return HubError(409, "seat", message, "gift_clock")
    if tournament_of(stored) is not None or simul_game(stored):
        message = "a tournament's, an arena's or a simul's time is its organiser's: none is given"
        return HubError(409, "seat", message, "gift_tournament")
    if stored.rated and len(stored.seats) > 2:
        message = "in a rated game of more than two, time given to one opponent ranks them above the others"
        return HubError(409, "seat", message, "gift_rated_table")
    if not 0 <= to < len(stored.seats):
        return HubError(422, "seat", f"expected a seat from 0 to {len(stored.seats) - 1}, got {to}")
    if to in own:
        return HubError(409, "seat", "time is given to an opponent, not to oneself", "gift_self")
    if stored.seats[to]["kind"] != "human":
        return HubError(409, "seat", "an AI's seat has no clock: it plays within its own time", "gift_ai")
    due = clocks.deadline(clock, to, stored.seats) if to == live.state.current_player else None
    if due is not None and due <= moment and not clocks.joining(stored.seats):
        message = "that player's time ran out: an AI takes their seat, and no time brings it back"
        return HubError(409, "seat", message, "gift_flagged")
    given = clock.get("gifts", [0] * len(stored.seats))[giver]
    if given >= GIFT["most_per_seat"]:
        message = f"you gave time {given} times in this game, the most a player gives"
        return HubError(409, "seat", message, "gift_limit")
    return None


def given(clock: dict[str, Any], by: int, to: int) -> dict[str, Any]:
    """``clock`` with ``GIFT`` seconds added to the time of ``to``, counted to ``by`` and noted
    for the pages (``gift``)."""
    seconds = float(GIFT["seconds"])
    remaining = [float(left) for left in clock["remaining"]]
    remaining[to] += seconds
    gifts = list(clock.get("gifts", [0] * len(remaining)))
    gifts[by] += 1
    return {**clock, "remaining": remaining, "gifts": gifts, "gift": {"by": by, "to": to, "seconds": seconds}}


async def give(
    table: Table, token: str, to: int, client: str = "", held: frozenset[str] = frozenset()
) -> float:
    """The holder of ``token`` gives time to seat ``to`` (refused: ``refusal``); ``held``, the
    other tokens of the page that asks (none may be of seat ``to``). Returns the seat's time left
    when its turn began, the gift included."""
    async with table.lock:
        seat = table.seat_for(token)
        own = {seat, *(s for s in map(table.seat_of, held) if s is not None)}
        refused = refusal(table, seat, own, to, time.time())
        if refused is not None:
            raise refused
        stored = table.stored
        assert stored.clock is not None
        clock = given(stored.clock, seat, to)
        acting = table.state.current_player
        joining = clocks.joining(stored.seats)
        due = stored.deadline if joining else clocks.deadline(clock, acting, stored.seats)
        table.version = table.committed(
            lambda: table.store.truncate(
                table.id, len(table.actions), stored.status, table.version, stored.ai_turn, (clock, due)
            ),
            "seat",
        )
        table.keep_timing((clock, due))
        table.client = client
    await table.publish()
    return float(clock["remaining"][to])


def clock_view(live: LiveGame, mine: tuple[int, ...], acting: int) -> dict[str, Any] | None:
    """The game's clock as the holder of the seats ``mine`` sees it (``clocks.clock_view``), with
    ``give``, the seats it may give time to and how much, when it may give any."""
    view = clocks.clock_view(live.stored.clock, acting, live.stored.seats)
    if view is None or not mine:
        return view
    moment, own = time.time(), set(mine)
    seats = [to for to in range(len(live.stored.seats)) if refusal(live, mine[0], own, to, moment) is None]
    if seats:
        view["give"] = {"seconds": float(GIFT["seconds"]), "seats": seats}
    return view
