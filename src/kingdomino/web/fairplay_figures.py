"""The figures of a cheating report's evidence (``fairplay``): how often a player's decisions were
the review's AI's choice and how much win chance they lost (``Figures``), and how long the player
took over them (``Times``).

>>> figures = Figures()
>>> for entry in ({"forced": False, "action": "a", "best": "a", "loss": 0.0},
...               {"forced": False, "action": "b", "best": "c", "loss": 0.1},
...               {"forced": True, "action": "d"}):
...     figures.add(entry)
>>> figures.matched, figures.decisions, figures.share(), figures.mean_loss_points()
(1, 2, 0.5, 5.0)
>>> times = Times([2.0, 4.0, 6.0, 8.0, 100.0])
>>> times.median(), times.quartiles(), times.spread()
(6.0, (4.0, 8.0), 0.67)
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kingdomino.web import review


@dataclass
class Figures:
    """One player's searched decisions (those with a choice the review valued): how many, how
    many were the AI's own choice, the win chance they lost in all and their accuracy points."""

    decisions: int = 0
    matched: int = 0
    lost: float = 0.0
    accuracy_points: float = 0.0

    def add(self, entry: Mapping[str, Any]) -> None:
        """Count a review's entry of a decision (a forced one or one left out counts for nothing)."""
        if entry["forced"] or entry.get("reviewed") is False:
            return
        self.decisions += 1
        self.matched += entry["best"] == entry["action"]
        self.lost += entry["loss"]
        self.accuracy_points += review.decision_accuracy(entry["loss"])

    def merge(self, other: Figures) -> None:
        """Add ``other``'s decisions to these."""
        self.decisions += other.decisions
        self.matched += other.matched
        self.lost += other.lost
        self.accuracy_points += other.accuracy_points

    def share(self) -> float | None:
        """The share of the decisions that were the AI's choice, in [0, 1] (None: none searched)."""
        return self.matched / self.decisions if self.decisions else None

    def mean_loss_points(self) -> float | None:
        """The win chance a decision lost on average, in points (percent of a win chance)."""
        return round(100 * self.lost / self.decisions, 1) if self.decisions else None

    def accuracy(self) -> float | None:
        """The accuracy in percent, as a game's review gives it (``review.accuracy``)."""
        return round(self.accuracy_points / self.decisions, 1) if self.decisions else None


@dataclass
class Times:
    """The seconds a player took over each of its decisions with a choice: from the previous
    action the server took to this one."""

    seconds: list[float] = field(default_factory=list)

    def extend(self, more: Iterable[float]) -> None:
        self.seconds.extend(more)

    def median(self) -> float | None:
        return round(statistics.median(self.seconds), 1) if self.seconds else None

    def quartiles(self) -> tuple[float, float] | None:
        """The first and third quartiles: the middle half of the times lie between them."""
        if len(self.seconds) < 2:
            return None
        first, _, third = statistics.quantiles(self.seconds, n=4, method="inclusive")
        return round(first, 1), round(third, 1)

    def spread(self) -> float | None:
        """The middle half's width over the median (0: every decision took as long; a person's
        times are uneven, an engine user's often even). Quartiles, not the standard deviation:
        one long pause (a phone call) does not move them."""
        quartiles, median = self.quartiles(), self.median()
        if quartiles is None or not median:
            return None
        return round((quartiles[1] - quartiles[0]) / median, 2)


def think_times(at: Mapping[int, float | None], entries: Iterable[Mapping[str, Any]]) -> list[float] | None:
    """The seconds each decision with a choice of ``entries`` took, from the previous action's
    moment to its own (``at``: each action's moment by index); None when the game's moments are
    not stored (a game played before the server kept them)."""
    seconds = []
    for entry in entries:
        if entry["forced"]:
            continue
        now, before = at.get(entry["index"]), at.get(entry["index"] - 1)
        if now is None or before is None:
            return None
        seconds.append(max(0.0, now - before))
    return seconds
