"""A game's clock over a player's vacation (``vacation``), on the clock's model (``clocks``): the
time left when the turn began and the moment it began (``since``). The seats of a player away are
noted in the clock (``away``: seat, the moment its player is back), so that every server, and
every write of the game, knows it from the game alone (``clocks.held``: a turn that comes to the
seat waits for that moment).

Each change sets the clock to what it is, never shifts it by an amount: written twice (a retry,
two servers), it comes out the same. Its player's turn running at the start, the time it used so
far is taken off, and the turn begins again at their return (``since`` later than now: the clock
stands still until then, and its deadline is that much later); back early, the turn begins now.
Nothing is to do at the planned return: the clock runs on by itself, whether a server runs then
or not (``clock_pause`` gives back only the time a running clock lost).
"""

from __future__ import annotations

from typing import Any

from kingdomino.web.clocks import deadline


def gone(
    clock: dict[str, Any],
    away: list[int],
    acting: int,
    seats: list[dict[str, Any]],
    started: float,
    until: float,
) -> dict[str, Any]:
    """The clock once the player of the seats ``away`` went on vacation at ``started`` until ``until``."""
    marked = {**clock.get("away", {}), **{str(seat): until for seat in away}}
    remaining = [float(left) for left in clock["remaining"]]
    since = float(clock["since"])
    if acting in away and deadline(clock, acting, seats) is not None and since < until:
        remaining[acting] = max(0.0, remaining[acting] - max(0.0, started - since))
        since = until
    return {"remaining": remaining, "since": since, "away": marked}


def back(
    clock: dict[str, Any], away: list[int], acting: int, seats: list[dict[str, Any]], moment: float
) -> dict[str, Any]:
    """The clock once the player of the seats ``away`` came back from vacation at ``moment``."""
    kept = {seat: until for seat, until in clock.get("away", {}).items() if int(seat) not in away}
    new: dict[str, Any] = {"remaining": list(clock["remaining"]), "since": float(clock["since"])}
    if kept:
        new["away"] = kept
    if acting in away and deadline(clock, acting, seats) is not None and new["since"] > moment:
        new["since"] = moment
    return new
