"""The review of a finished game: each human decision valued against the best alternative.

For every action of a human seat the analysing agent (``REVIEW_AGENT``, a level with a fixed
budget, so the same review on an idle or a busy server) searches the position the move was
chosen in, seeded from the game's seed and the action's index, with the move played always
among the searched ones. A value is the agent's estimate in [0, 1] (0.4 x win share + 0.6 x
squashed margin, see ``agents/playouts.py``), shown to people as a win chance.

``loss`` = value of the agent's best move - value of the move played (0 when they are the same
move or the played one looks better). Marks, chosen above the noise of a medium-sized search
(about 10-20 playouts per candidate):

* ``inaccuracy``: a loss of at least ``INACCURACY`` (0.06, about 6 points of win chance);
* ``mistake``: a loss of at least ``MISTAKE`` (0.12).

A move with a single legal choice is ``forced`` and not searched.

A review spends at most ``SEARCHES_PER_GAME`` searches, so that one game's review is bounded
work whatever the game (a Dynasty match of four human seats on one screen has over 200 decisions
with a choice). When a game's human decisions with a choice are more than that, the budget is
split across the human seats (``allot``: an equal share each, a share a seat cannot use going to
the others), and each seat's share is spread evenly over its decisions (``spread``); the others
are listed as not reviewed (``reviewed: false``).

A ready review gives each reviewed seat an ``accuracy`` in percent (``accuracy``), lichess's
published formula applied to the win chance each decision lost: a decision losing ``L`` points
of win chance (``L = 100 x loss``) scores ``103.1668 x exp(-0.04354 x L) - 3.1669``, clipped to
[0, 100] (0 points lost: 100; 6, an inaccuracy: 76; 12, a mistake: 58), and a seat's accuracy is
the plain mean of its decisions' scores. Forced moves and the decisions left out by the budget
count for nothing; a seat with no decision searched has no accuracy. (lichess blends a harmonic
and a volatility-weighted mean of its moves' scores; the plain mean is simpler to explain, and a
review's values are noisier than a chess engine's.) The figure is worked out from the stored
moves each time the review is served, so reviews stored before it have it too; so are each
seat's marks and the win chance it lost (``by_seat``), a coach reading each player's game apart.

>>> mark_of(0.05), mark_of(0.07), mark_of(0.2)
(None, 'inaccuracy', 'mistake')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kingdomino.core.game import State
from kingdomino.web.stored import StoredAction

#: The agent reviews are computed with: the ``medium`` level (its fixed budget per game).
REVIEW_AGENT = "medium"
INACCURACY = 0.06
MISTAKE = 0.12

#: The searches one game's review spends at most: enough for every decision of one human seat in
#: any game but a Mighty Duel Dynasty (144 decisions) or a 2-player Origins Tribe (about 90); a
#: seat of a 2-player Dynasty decides 72 times.
SEARCHES_PER_GAME = 72

#: lichess's fit of a move's accuracy to the win chance it lost, in points (its ``AccuracyPercent``):
#: ``ACCURACY_SCALE x exp(-ACCURACY_DECAY x points) + ACCURACY_OFFSET``.
ACCURACY_SCALE = 103.1668100711649
ACCURACY_DECAY = 0.04354415386753951
ACCURACY_OFFSET = -3.166924740191411


def mark_of(loss: float) -> str | None:
    """The mark a move that lost ``loss`` of value earns (None: a good move)."""
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def allot(needs: Mapping[int, int], budget: int) -> dict[int, int]:
    """The searches each seat gets of ``budget``, seats needing ``needs`` of them: all it needs if
    that is no more than an equal share, else an equal share of what the others leave (the
    lowest seats one more when it does not divide).

    >>> allot({0: 30, 1: 5, 2: 30}, 40)
    {1: 5, 0: 18, 2: 17}
    """
    given: dict[int, int] = {}
    left = budget
    pending = sorted(needs, key=lambda seat: (needs[seat], seat))
    while pending and needs[pending[0]] <= left // len(pending):
        seat = pending.pop(0)
        given[seat] = needs[seat]
        left -= needs[seat]
    if pending:
        share, extra = divmod(left, len(pending))
        for rank, seat in enumerate(sorted(pending)):
            given[seat] = share + (rank < extra)
    return given


def spread(choices: Sequence[int], count: int) -> list[int]:
    """``count`` of ``choices`` (all if fewer), evenly over them: the middle one of each of
    ``count`` equal runs.

    >>> spread([10, 11, 12, 13, 14, 15, 16, 17, 18, 19], 3)
    [11, 15, 18]
    """
    if count >= len(choices):
        return list(choices)
    return [choices[(2 * run + 1) * len(choices) // (2 * count)] for run in range(count)]


def to_search(choices: Mapping[int, Sequence[int]], budget: int = SEARCHES_PER_GAME) -> set[int]:
    """The decisions a review searches: ``choices`` gives each human seat's decisions with more
    than one legal move (action indices, in order), ``budget`` how many searches it may spend.

    >>> sorted(to_search({0: [1, 3, 5, 7], 1: [2, 4]}, 4))
    [2, 3, 4, 7]
    """
    shares = allot({seat: len(indices) for seat, indices in choices.items()}, budget)
    return {index for seat, indices in choices.items() for index in spread(indices, shares[seat])}


def positions(state: State, actions: Iterable[StoredAction]) -> Iterator[tuple[StoredAction, int, State]]:
    """Each action of a game with its code and the state it was chosen in (``state``, the game's
    initial state, is advanced in place once the caller moves on)."""
    for action in actions:
        code = state.parse_action(action.text)
        yield action, code, state
        state.apply(code)


def choices(state: State, actions: Iterable[StoredAction], humans: set[int]) -> dict[int, list[int]]:
    """The decisions of each human seat (``humans``) with more than one legal move, in order."""
    found: dict[int, list[int]] = {seat: [] for seat in humans}
    for action, _, position in positions(state, actions):
        if action.seat in humans and len(position.legal_actions()) > 1:
            found[action.seat].append(action.index)
    return found


@dataclass
class Progress:
    """How far a review is: human decisions valued (``done``) out of ``total``."""

    done: int = 0
    total: int = 0

    def to_json(self, place: int | None = None) -> dict[str, Any]:
        """``pending`` while it computes; ``queued`` with its ``place`` in line (1: the next to
        start) while it waits for other reviews."""
        if place is not None:
            return {"status": "queued", "place": place, "done": self.done, "total": self.total}
        return {"status": "pending", "done": self.done, "total": self.total}


def entry(
    index: int,
    seat: int,
    played: str,
    candidates: list[tuple[str, float, int]] | None,
) -> dict[str, Any]:
    """One decision's review; ``candidates`` (text, value, visits), best first, the played move
    among them (None: a forced move, not searched)."""
    if not candidates or len(candidates) == 1:
        return {
            "index": index,
            "seat": seat,
            "action": played,
            "forced": True,
            "reviewed": True,
            "mark": None,
        }
    best_text, best_value, _ = candidates[0]
    value = next((v for text, v, _ in candidates if text == played), None)
    if value is None:  # the agent could not search it (it ranks only its own candidates)
        value = min(v for _, v, _ in candidates)
    loss = max(0.0, best_value - value) if best_text != played else 0.0
    return {
        "index": index,
        "seat": seat,
        "action": played,
        "forced": False,
        "reviewed": True,
        "value": round(value, 3),
        "best": best_text,
        "best_value": round(best_value, 3),
        "loss": round(loss, 3),
        "mark": mark_of(loss),
    }


def not_reviewed(index: int, seat: int, played: str) -> dict[str, Any]:
    """A decision with a choice left out of a review by its budget (``SEARCHES_PER_GAME``)."""
    return {"index": index, "seat": seat, "action": played, "forced": False, "reviewed": False, "mark": None}


def summary(moves: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """How many marks of each kind a review holds, and how many decisions it left out."""
    return {
        "inaccuracy": sum(m["mark"] == "inaccuracy" for m in moves),
        "mistake": sum(m["mark"] == "mistake" for m in moves),
        "not_reviewed": sum(m.get("reviewed") is False for m in moves),
    }


def by_seat(moves: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, float]]:
    """Each reviewed seat's marks, by seat number as JSON writes it (``"0"``): its inaccuracies,
    mistakes and decisions left out, and the win chance its searched decisions lost, in points
    (100 x ``loss``, one decimal): in all (``lost``) and on average a decision (``lost_each``,
    comparable between games of any length), so that a coach reads each player's game apart.

    >>> by_seat([{"seat": 0, "forced": False, "reviewed": True, "loss": 0.13, "mark": "mistake"},
    ...          {"seat": 0, "forced": False, "reviewed": True, "loss": 0.07, "mark": "inaccuracy"},
    ...          {"seat": 1, "forced": True, "reviewed": True, "mark": None}])
    {'0': {'inaccuracy': 1, 'mistake': 1, 'not_reviewed': 0, 'lost': 20.0, 'lost_each': 10.0},
     '1': {'inaccuracy': 0, 'mistake': 0, 'not_reviewed': 0, 'lost': 0.0, 'lost_each': 0.0}}
    """
    seats: dict[int, list[Mapping[str, Any]]] = {}
    for move in moves:
        seats.setdefault(move["seat"], []).append(move)
    found: dict[str, dict[str, float]] = {}
    for seat, own in sorted(seats.items()):
        losses = [100 * m["loss"] for m in own if not m["forced"] and m.get("reviewed") is not False]
        lost = sum(losses, 0.0)
        found[str(seat)] = {
            **summary(own),
            "lost": round(lost, 1),
            "lost_each": round(lost / max(1, len(losses)), 1),
        }
    return found


def by_player(moves: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What a review says of each player, worked out from its ``moves`` each time it is served:
    each seat's ``accuracy`` and its marks (``seats``, :func:`by_seat`)."""
    return {"accuracy": accuracy(moves), "seats": by_seat(moves)}


def decision_accuracy(loss: float) -> float:
    """The accuracy in percent, in [0, 100], of a decision that lost ``loss`` of value (win
    chance in [0, 1]): lichess's formula on the points of win chance lost.

    >>> [round(decision_accuracy(loss), 1) for loss in (0, 0.06, 0.12, 0.5, 1)]
    [100.0, 76.3, 58.0, 8.5, 0.0]
    """
    points = 100 * loss
    return min(100.0, max(0.0, ACCURACY_SCALE * math.exp(-ACCURACY_DECAY * points) + ACCURACY_OFFSET))


def accuracy(moves: Iterable[Mapping[str, Any]]) -> dict[str, float]:
    """Each seat's accuracy in percent (one decimal), by seat number as JSON writes it (``"0"``):
    the mean of :func:`decision_accuracy` over its searched decisions (not forced, not left out).

    >>> accuracy([{"seat": 0, "forced": False, "reviewed": True, "loss": 0.0},
    ...           {"seat": 0, "forced": False, "reviewed": True, "loss": 0.12},
    ...           {"seat": 0, "forced": True, "reviewed": True, "mark": None},
    ...           {"seat": 1, "forced": False, "reviewed": False, "mark": None}])
    {'0': 79.0}
    """
    scores: dict[int, list[float]] = {}
    for move in moves:
        if move["forced"] or move.get("reviewed") is False:
            continue
        scores.setdefault(move["seat"], []).append(decision_accuracy(move["loss"]))
    return {str(seat): round(sum(found) / len(found), 1) for seat, found in sorted(scores.items())}
