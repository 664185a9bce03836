"""Draft aids of a domino game (Kingdomino, Origins): what a strong player keeps in their head.

- *not seen yet*: the box minus every domino shown so far this game, counted by terrain (the
  halves of each terrain and their symbols: crowns, fires), and how many of them will still
  be drawn. In a 2- or 3-player Kingdomino some never will (removed unseen at set-up); which
  ones nobody knows, so the aid says "24 not seen yet, 8 of them still to come" and no more;
- *next round's order*: the kings (chiefs) on the next row, lowest number first, as the claims
  stand; an unclaimed domino's place is ``None``;
- *what a placement does to the regions* (:func:`placement_regions`): for each legal placement
  of the acting seat, each region its halves join or make, before and after. The acting seat's
  own domino is public, so this too is.

Only public facts go in: the box (component data) and the numbers of the dominoes shown face
up so far (every drawn domino is turned face up at once). The state's pool holds every domino
not drawn yet, those that will never be drawn among them and undistinguished from the others
(chance is lazy: no removed set and no draw order exists before a draw), so its complement is
exactly what the table has shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from kingdomino.core.game import RegionChange
from kingdomino.games.domino.state import FREE, PLACE, DominoState
from kingdomino.games.domino.territory import DominoKingdom, DominoLike

#: What one half adds to the counts of its terrain: ``{"halves": 1, "crowns": 2}``.
HalfCounts = Callable[[Any], Mapping[str, int]]
#: What one half weighs in its region's points: its crowns, its printed fires.
HalfWeight = Callable[[Any], int]


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


def placement_regions(
    kingdom: DominoKingdom,
    domino: DominoLike,
    codes: Iterable[int],
    terrain_ids: Sequence[str],
    weight: HalfWeight,
) -> dict[int, tuple[RegionChange, ...]]:
    """For each placement code of ``domino`` in ``kingdom``, the regions it changes
    (:class:`RegionChange`): each half joins every region of its terrain next to its square, the
    two halves of one terrain make one region; a terrain that never scores (Origins' volcano) is
    left out. The regions are the kingdom's own (``scoring_regions``, what the greedy players'
    gains merge), so the points are the scorer's; only the regions touched are looked at."""
    grid, centre = kingdom.geometry.grid, kingdom.geometry.centre
    first, second = domino.first, domino.second
    halves = (first, second)
    regions = {terrain: kingdom.scoring_regions(terrain) for terrain in {first.terrain, second.terrain}}
    # A square of each region, castle-relative, as the score sheet's cells name it.
    where: dict[int, tuple[int, int]] = {}
    for listed in regions.values():
        for mask, *_ in listed or ():
            row, col = grid.square((mask & -mask).bit_length() - 1)
            where[mask] = (row - centre, col - centre)
    neighbours, placements = grid.neighbours, kingdom.geometry.placements
    found = {}
    for code in codes:
        p = placements[code]
        assert p is not None
        if first.terrain == second.terrain:
            groups: list[tuple[tuple[int, ...], int]] = [
                ((0, 1), neighbours[p.first_index] | neighbours[p.second_index])
            ]
        else:
            groups = [((0,), neighbours[p.first_index]), ((1,), neighbours[p.second_index])]
        changes = []
        for placed, touch in groups:
            terrain = halves[placed[0]].terrain
            listed = regions[terrain]
            if listed is None:
                continue
            squares, weight_sum, before, joined = len(placed), sum(weight(halves[h]) for h in placed), 0, []
            for mask, region_squares, region_weight, points in listed:
                if mask & touch:
                    squares += region_squares
                    weight_sum += region_weight
                    before += points
                    joined.append(where[mask])
            change = RegionChange(
                terrain_ids[terrain], squares, weight_sum, squares * weight_sum, before, tuple(joined), placed
            )
            changes.append(change)
        found[code] = tuple(changes)
    return found


def acting_placement_regions(
    state: DominoState, box: Mapping[int, DominoLike], terrain_ids: Sequence[str], weight: HalfWeight
) -> dict[int, tuple[RegionChange, ...]]:
    """:func:`placement_regions` of each legal placement of the domino the acting seat places now,
    by action code (a placement's code is its action's); empty outside the placing phase."""
    if state.phase != PLACE:
        return {}
    kingdom = state.kingdoms[state.player]
    domino = box[state.row[state.slot]]
    return placement_regions(kingdom, domino, kingdom.legal_placements(domino), terrain_ids, weight)
