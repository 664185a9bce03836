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

>>> mark_of(0.05), mark_of(0.07), mark_of(0.2)
(None, 'inaccuracy', 'mistake')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The agent reviews are computed with: the ``medium`` level (its fixed budget per game).
REVIEW_AGENT = "medium"
INACCURACY = 0.06
MISTAKE = 0.12


def mark_of(loss: float) -> str | None:
    """The mark a move that lost ``loss`` of value earns (None: a good move)."""
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


@dataclass
class Progress:
    """How far a running review is: human decisions valued (``done``) out of ``total``."""

    done: int = 0
    total: int = 0

    def to_json(self) -> dict[str, Any]:
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
        return {"index": index, "seat": seat, "action": played, "forced": True, "mark": None}
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
        "value": round(value, 3),
        "best": best_text,
        "best_value": round(best_value, 3),
        "loss": round(loss, 3),
        "mark": mark_of(loss),
    }


def summary(moves: list[dict[str, Any]]) -> dict[str, int]:
    """How many marks of each kind a review holds."""
    return {
        "inaccuracy": sum(m["mark"] == "inaccuracy" for m in moves),
        "mistake": sum(m["mark"] == "mistake" for m in moves),
    }
