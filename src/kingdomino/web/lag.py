"""Lag compensation: a move is charged its player's thinking, not the network's delay.

The server starts a turn's time when it commits the move before it (``clocks``), and stops it
when the next move arrives. Between the two, the new position travels to the player's page and
their move travels back: a player on a slow network (a phone on a train: 300 to 800 ms each way
and back) would pay that round trip on every move, and a player on a fast desktop nothing. So,
as lichess does, the server measures each game socket's round trip and credits a move sent on it
with the round trip estimated (``LagMeter``), within a cap per move and a quota per seat and game
(``credited``), so that a client claiming a slow network (its echo held back) gains at most the
quota: it starts at ``quota_start_seconds``, each move of the seat takes its credit off and gives
``quota_gain_seconds`` back, never above ``quota_max_seconds``.

The round trip is measured by the server alone: each ``pong`` it sends to a page's ping is
answered at once by the page's ``echo`` (and ``kingdomino bot``'s, which moves on the socket too),
and the time between the two, as the server's clock counts it, is one sample. A move with no
measure gets no credit: one made over HTTP (``POST /api/games/{id}/actions``), or on a socket
that has not echoed a pong yet.

The figures are the server's data (``data/clocks.json``, where they come from in ``SOURCES.md``).
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

#: The figures of lag compensation: the most a move is credited, the quota's start, gain and most,
#: and the weight of a new sample in a socket's estimate.
LAG: dict[str, float] = json.loads(
    resources.files("kingdomino.web").joinpath("data", "clocks.json").read_text(encoding="utf-8")
)["lag"]


class LagMeter:
    """One socket's estimate of its round trip (seconds): a moving mean of the samples it took,
    each the time from a ``pong`` sent to its ``echo`` heard."""

    def __init__(self) -> None:
        #: When the pong awaiting its echo was sent (``time.monotonic``), None if none is.
        self.sent: float | None = None
        #: The estimated round trip, None until one was measured.
        self.estimate: float | None = None

    def pong_sent(self) -> None:
        """A pong was sent: its echo's arrival measures the round trip."""
        self.sent = time.monotonic()

    def echo_heard(self) -> None:
        """The page's echo of the last pong came: one sample (an echo with no pong is ignored)."""
        if self.sent is None:
            return
        sample = time.monotonic() - self.sent
        self.sent = None
        weight = LAG["estimate_weight"]
        self.estimate = sample if self.estimate is None else (1 - weight) * self.estimate + weight * sample

    def lag(self) -> float:
        """The round trip a move sent on this socket is credited with before the caps (0: unmeasured)."""
        return self.estimate or 0.0


def credited(clock: dict[str, Any], seat: int, lag: float) -> tuple[float, list[float] | None]:
    """The seconds a move of ``seat`` measured with ``lag`` is credited, and every seat's quota after
    it (None: the clock holds no quota and this move used none, so none is stored)."""
    quotas = clock.get("lag_quota")
    if quotas is None and lag <= 0:
        return 0.0, None
    quota = list(quotas) if quotas is not None else [LAG["quota_start_seconds"]] * len(clock["remaining"])
    credit = min(max(0.0, lag), LAG["move_credit_seconds"], quota[seat])
    quota[seat] = min(LAG["quota_max_seconds"], quota[seat] - credit + LAG["quota_gain_seconds"])
    return credit, quota
