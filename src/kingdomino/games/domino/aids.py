"""Draft aids of a domino game (Kingdomino, Origins): what a strong player keeps in their head.

- *not seen yet*: the box minus every domino shown so far this game, counted by terrain (the
  halves of each terrain and their symbols: crowns, fires), and how many of them will still
  be drawn. In a 2- or 3-player Kingdomino some never will (removed unseen at set-up); which
  ones nobody knows, so the aid says "24 not seen yet, 8 of them still to come" and no more;
- *next round's order*: the kings (chiefs) on the next row, lowest number first, as the claims
  stand; an unclaimed domino's place is ``None``.

Only public facts go in: the box (component data) and the numbers of the dominoes shown face
up so far (every drawn domino is turned face up at once). The state's pool holds every domino
not drawn yet, those that will never be drawn among them and undistinguished from the others
(chance is lazy: no removed set and no draw order exists before a draw), so its complement is
exactly what the table has shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from kingdomino.games.domino.state import FREE, DominoState
from kingdomino.games.domino.territory import DominoLike

#: What one half adds to the counts of its terrain: ``{"halves": 1, "crowns": 2}``.
HalfCounts = Callable[[Any], Mapping[str, int]]


def unseen_by_terrain(
    dominoes: Iterable[DominoLike], terrain_ids: Sequence[str], keys: Sequence[str], counts: HalfCounts
) -> dict[str, dict[str, int]]:
    """Per terrain id (every terrain, in the data's order), the sums of ``counts`` over the halves
    of ``dominoes`` (those not seen yet), each of ``keys`` starting at 0."""
    totals = {terrain: dict.fromkeys(keys, 0) for terrain in terrain_ids}
    for domino in dominoes:
        for half in (domino.first, domino.second):
            line = totals[terrain_ids[half.terrain]]
            for key, value in counts(half).items():
                line[key] += value
    return totals


def unseen_numbers(state: DominoState, box: Iterable[int]) -> list[int]:
    """The numbers of the dominoes of ``box`` not shown yet in the game being played."""
    drawn = set(box) - set(state.pool)
    return [number for number in box if number not in drawn]


def next_order(state: DominoState) -> list[int | None] | None:
    """Who plays first, second... next round as the claims stand: the seat on each domino of the
    next row, lowest number first (``None``: not claimed yet). ``None`` when no next row is out."""
    if not state.next_row:
        return None
    return [owner if owner != FREE else None for owner in state.next_owner]


def domino_aids(
    state: DominoState,
    box: Mapping[int, DominoLike],
    terrain_ids: Sequence[str],
    keys: Sequence[str],
    counts: HalfCounts,
) -> dict[str, Any]:
    """The aids every domino game shows: the dominoes not seen yet by terrain, how many of them
    are still to come, and next round's order."""
    numbers = unseen_numbers(state, box)
    return {
        "unseen": len(numbers),
        "to_come": state.game.deck_size - state.drawn,
        "terrains": unseen_by_terrain((box[n] for n in numbers), terrain_ids, keys, counts),
        "next_order": next_order(state),
    }
