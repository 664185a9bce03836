"""A simul's clocks (``simuls``): the clock every board needs, and the host's extra time.

As on lichess, a host at many boards may give their own clock more time than each challenger's:
``host_extra`` minutes, and ``extra_per_challenger`` seconds for each game the simul plays
(a host at thirty boards thinks thirty times as long between two of a challenger's moves). Both
are added once, to the host's seat's time at the start of each game; the increment and the
challenger's clock are the time control's own.

The extra time is given to a clock of the whole game (``game``) only: a clock of a move's time
(``move``, or ``days`` by the day) starts each move afresh, so that time added at the start would
last one move; such a simul with extra time is refused (``simul_extra_clock``), not silently
changed. Nor does a rated simul give any (``simul_extra_rated``): lichess's simuls are never
rated, ours may be, and a rating counts a game as even between its two players.

The host's larger start is the game's stored clock from its first write (``clocks.timing`` goes
on from a stored clock), so it is shown, runs and survives a restart like any seat's time.
"""

from __future__ import annotations

from typing import Any

from kingdomino.web.clocks import TimeControl
from kingdomino.web.refusals import HubError

#: The extra time a host may give themselves: minutes in all, and seconds for each challenger.
HOST_EXTRA_MINUTES = range(0, 61)
EXTRA_PER_CHALLENGER_SECONDS = range(0, 61)


def checked_clock(
    spec: dict[str, Any] | None, host_extra: Any, per_challenger: Any, rated: bool = False
) -> TimeControl:
    """The time control ``spec`` of a new simul, with the host's extra time checked against it,
    or the refusal naming the field: no clock, a figure out of bounds, extra time on a clock of
    a move's time or in a ``rated`` simul."""
    if spec is None:
        raise HubError(
            422,
            "time_control",
            "a simul's games need a clock: its host plays from the simul's page, so without one "
            "a challenger could hand the host's seat to an AI as a player away",
            "simul_clock",
        )
    control = TimeControl.of(spec)
    _check_figure("host_extra", host_extra, HOST_EXTRA_MINUTES, "minutes", "simul_host_extra")
    _check_figure(
        "extra_per_challenger",
        per_challenger,
        EXTRA_PER_CHALLENGER_SECONDS,
        "seconds",
        "simul_extra_per_challenger",
    )
    if control.per_move and (host_extra or per_challenger):
        field = "host_extra" if host_extra else "extra_per_challenger"
        raise HubError(
            422,
            field,
            f"extra time for the host needs a clock of the whole game: a {control.kind} clock "
            "starts each move afresh, so time added at the start would last one move",
            "simul_extra_clock",
        )
    if rated and (host_extra or per_challenger):
        raise HubError(
            422,
            "host_extra" if host_extra else "extra_per_challenger",
            "a rated simul gives the host no extra time: a rating counts each game as even",
            "simul_extra_rated",
        )
    return control


def _check_figure(field: str, value: Any, bounds: range, unit: str, code: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value not in bounds:
        raise HubError(
            422,
            field,
            f"expected a whole number of {unit} from {bounds[0]} to {bounds[-1]}, got {value!r}",
            code,
            {"n": bounds[-1]},
        )


def host_start(control: TimeControl, host_extra: int, per_challenger: int, games: int) -> float:
    """The seconds the host's clock starts each game with: the time control's, the host's extra
    minutes, and ``per_challenger`` seconds for each of the simul's ``games``."""
    return control.start + 60.0 * host_extra + float(per_challenger) * games


def first_clock(
    spec: dict[str, Any] | None, host_extra: int, per_challenger: int, games: int, seat: int, moment: float
) -> dict[str, Any] | None:
    """The clock a simul's game of two starts with at ``moment``, the host at ``seat`` given their
    extra time (``host_start``); None when no extra time is given: the game's first write starts
    its clock as any game's."""
    if spec is None or not (host_extra or per_challenger):
        return None
    control = TimeControl.of(spec)
    remaining = [control.start, control.start]
    remaining[seat] = host_start(control, host_extra, per_challenger, games)
    return {"remaining": remaining, "since": moment}
