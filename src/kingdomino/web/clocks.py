"""Clocks: a game's time control, each seat's time, and when the seat to act runs out.

Three time controls, as online boards play them:

* ``{"kind": "game", "minutes": 5, "increment": 3}``: each player has 5 minutes for the whole game,
  and 3 seconds more after each of their moves (Fischer);
* ``{"kind": "move", "seconds": 30}``: 30 seconds for each move;
* ``{"kind": "days", "days": 2}``: a turn-based game, 2 days for each move; ``"vacation": false``
  (a tournament's organiser's choice): its clock does not wait for a player on vacation (``vacation``).

Each may say who plays a seat whose time ran out (``level``, an AI level: ``medium`` if not said).
A player out of time does not lose the game for the others: an AI of that level plays their
seat on, so the game goes to its end; a rated game ranks them last whatever their seat scores.

Only a human seat's time runs: an AI seat answers within its own budget. The clock is stored with
every write of the game, with the moment the seat to act runs out (``deadline``), which the
server's sweep reads from the database: a turn-based game runs out days later, on whichever server
is up then. Times are wall-clock seconds (epoch): they survive a restart and hold across servers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kingdomino.web.lag import credited as lag_credited
from kingdomino.web.refusals import HubError
from kingdomino.web.seat_agents import check_level
from kingdomino.web.stored import StoredGame, Timing

#: The bounds a time control's figures are checked against, by kind and field.
LIMITS: dict[str, dict[str, range]] = {
    "game": {"minutes": range(1, 181), "increment": range(0, 121)},
    "move": {"seconds": range(5, 3601)},
    "days": {"days": range(1, 15)},
}
#: The AI that takes the seat of a player out of time, unless the time control says another.
TIMEOUT_LEVEL = "medium"
#: How long a timed rematch waits for its players to join it (``joining``) after it was offered,
#: or a turn-based game the time of a move if longer: then it is called off, aborted with no
#: result (``endings.no_show``), not lost on time by whoever was to act.
JOIN_GRACE = 20 * 60.0


@dataclass(frozen=True)
class TimeControl:
    """A checked time control: the seconds a seat starts with, those it gets back after each of its
    moves (added to what is left: ``game``) or that each move starts afresh with (``move``,
    ``days``), and the level of the AI that plays a seat out of time."""

    kind: str
    start: float
    increment: float
    level: str

    @property
    def per_move(self) -> bool:
        return self.kind != "game"

    @classmethod
    def of(cls, spec: dict[str, Any]) -> TimeControl:
        """The time control ``spec`` writes (the module's forms), or the refusal naming the field."""
        kind = spec.get("kind")
        if kind not in LIMITS:
            raise HubError(422, "time_control.kind", f"expected one of {', '.join(LIMITS)}, got {kind!r}")
        figures = {}
        for field, bounds in LIMITS[kind].items():
            value = spec.get(field, 0 if field == "increment" else None)
            if not isinstance(value, int) or isinstance(value, bool) or value not in bounds:
                raise HubError(
                    422,
                    f"time_control.{field}",
                    f"expected a whole number from {bounds[0]} to {bounds[-1]}, got {value!r}",
                )
            figures[field] = value
        extra = set(spec) - {"kind", "level", *LIMITS[kind], *(["vacation"] if kind == "days" else [])}
        if extra:
            unknown = ", ".join(sorted(extra))
            raise HubError(422, "time_control", f"a {kind} clock (time_control) has no {unknown}")
        level = spec.get("level", TIMEOUT_LEVEL)
        if not isinstance(level, str):
            raise HubError(422, "time_control.level", f"expected a level name, got {level!r}")
        check_level(level, "time_control.level")
        if not isinstance(spec.get("vacation", True), bool):
            raise HubError(422, "time_control.vacation", f"expected true or false, got {spec['vacation']!r}")
        if kind == "game":
            return cls(kind, figures["minutes"] * 60.0, float(figures["increment"]), level)
        seconds = figures["seconds"] if kind == "move" else figures["days"] * 86400
        return cls(kind, float(seconds), float(seconds), level)


def started(control: TimeControl, players: int, moment: float) -> dict[str, Any]:
    """The clock of a game starting at ``moment``: every seat's full time, the first turn begun."""
    return {"remaining": [control.start] * players, "since": moment}


def after_move(
    control: TimeControl, clock: dict[str, Any], seat: int, moment: float, lag: float = 0.0
) -> dict[str, Any]:
    """The clock once ``seat`` moved at ``moment``: its time used taken off (and its increment
    given), or the next move's time afresh; the next turn begun. ``lag``, the round trip measured
    on the socket the move came by, is given back within its caps (``lag.credited``): the time
    used is the player's thinking, not the network's delay."""
    remaining = list(clock["remaining"])
    kept = _quota(clock)
    if control.per_move:
        remaining[seat] = control.increment
    else:
        credit, quota = lag_credited(clock, seat, lag)
        kept = {**kept, "lag_quota": quota} if quota is not None else kept
        used = max(0.0, moment - clock["since"] - credit)
        remaining[seat] = max(0.0, remaining[seat] - used) + control.increment
    return {"remaining": remaining, "since": moment, **_still_away(clock, moment), **kept}


def restarted(clock: dict[str, Any], moment: float) -> dict[str, Any]:
    """The clock with the turn begun anew at ``moment`` (a seat handed over: the AI's time does not run)."""
    kept = {**_still_away(clock, moment), **_quota(clock)}
    return {"remaining": list(clock["remaining"]), "since": moment, **kept}


def _quota(clock: dict[str, Any]) -> dict[str, Any]:
    """The clock's lag quotas (``lag``) and each seat's count of gifts (``time_gift``), kept as
    they are; nothing of what it holds none of. The last gift's note is not kept: it is said
    until the next write."""
    return {key: list(clock[key]) for key in ("lag_quota", "gifts") if key in clock}


def _still_away(clock: dict[str, Any], moment: float) -> dict[str, Any]:
    """The clock's ``away`` (seat: the end of its player's vacation, ``vacation``) without the
    vacations over by ``moment``; nothing if none is left."""
    away = {seat: back for seat, back in clock.get("away", {}).items() if back > moment}
    return {"away": away} if away else {}


def held(clock: dict[str, Any], acting: int, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The clock with the turn of ``acting`` waiting for the end of its player's vacation (``away``):
    a turn that comes to a player away begins when they are back, so its time runs from then."""
    back = clock.get("away", {}).get(str(acting))
    if back is None or not 0 <= acting < len(seats) or seats[acting]["kind"] != "human":
        return clock
    return {**clock, "since": max(float(clock["since"]), float(back))}


def deadline(clock: dict[str, Any] | None, acting: int, seats: list[dict[str, Any]]) -> float | None:
    """When the seat to act runs out of time (None: no clock runs, no seat or an AI's is to act)."""
    if clock is None or not 0 <= acting < len(seats) or seats[acting]["kind"] != "human":
        return None
    return float(clock["since"]) + float(clock["remaining"][acting])


def joining(seats: list[dict[str, Any]]) -> bool:
    """Whether a human seat's player has not joined the game yet (a rematch's seat: ``to_join``):
    no time runs until every one has, so that reading the end screen costs nobody time."""
    return any(info["kind"] == "human" and info.get("to_join") for info in seats)


def join_deadline(stored: StoredGame, control: TimeControl) -> float:
    """When a timed rematch not joined by every player yet is called off: ``JOIN_GRACE`` after
    it was offered (its creation), or a move's time after if longer (a turn-based game's player
    comes back once a day), whoever is to act. A deadline already stored while it waited is kept
    when later: the time no server ran, given back to it (``clock_pause``), counts for the
    players still to join, as it does for a seat's clock."""
    grace = stored.created.timestamp() + max(JOIN_GRACE, control.start if control.per_move else 0.0)
    if stored.deadline is not None and joining(stored.seats):
        return max(grace, stored.deadline)
    return grace


def clock_view(
    clock: dict[str, Any] | None, acting: int, seats: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The clock as a page shows it: each seat's seconds left when the turn began (``since``, epoch
    seconds) and whose time runs since then (None: nobody's), for the page to count down. The
    view is built once per version of the game, so it says when the turn began, not how long ago.
    ``away`` (when a player is): by seat, when its player's vacation ends (None: not away); while it
    lasts for the seat to act, ``since`` is that moment, later than now: its clock stands still.
    ``gift``: the time one seat gave another since the last move (``time_gift``)."""
    if clock is None:
        return None
    running = acting if deadline(clock, acting, seats) is not None and not joining(seats) else None
    view: dict[str, Any] = {
        "remaining": [float(left) for left in clock["remaining"]],
        "since": float(clock["since"]),
        "running": running,
    }
    away = clock.get("away", {})
    if away:
        view["away"] = [away.get(str(seat)) for seat in range(len(clock["remaining"]))]
    if "gift" in clock:  # time given since the last move (``time_gift``): the pages say it
        view["gift"] = dict(clock["gift"])
    return view


def timing(
    stored: StoredGame,
    seats: list[dict[str, Any]],
    status: str,
    acting: int,
    moment: float,
    mover: int | None = None,
    lag: float = 0.0,
) -> Timing | None:
    """The clock and deadline a write of ``stored`` stores (None: the game has no clock): the
    clock starts with the game (``status`` playing), ``mover`` (a human seat) used its time, and
    the turn of ``acting`` begins at ``moment``; ``lag``, the round trip measured on the mover's
    socket, is credited to the mover (``after_move``). While a player has not joined (``joining``), no
    seat's time is used, and the deadline is the rematch's to be joined by (``join_deadline``)."""
    if stored.time_control is None:
        return None
    if status != "playing":
        return stored.clock, None
    control = TimeControl.of(stored.time_control)
    clock = stored.clock or started(control, len(seats), moment)
    if joining(seats):
        return restarted(clock, moment), join_deadline(stored, control)
    if mover is not None and 0 <= mover < len(seats) and seats[mover]["kind"] == "human":
        clock = after_move(control, clock, mover, moment, lag)
    else:
        clock = restarted(clock, moment)
    clock = held(clock, acting, seats)
    return clock, deadline(clock, acting, seats)
