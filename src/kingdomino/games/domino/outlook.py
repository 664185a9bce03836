"""What a domino move (Kingdomino, Origins) does beyond its immediate score: the engine's heuristic.

Greedy play (``State.score_gains``) sees only points scored now. Three
terms look further, each worth a few points, and together they turn a one-ply
player from an even share against three ``greedy`` players into a clear favourite
(``bench/bench_outlook.py`` prints the figures):

- *joined squares*: every existing square of the same terrain a new square
  touches; regions that grow together score more once crowns join them;
- *dead squares*: every empty square inside the frame left with no empty
  neighbour, which no domino can ever cover (a lost square, later a discard);
- *row place*: where the claimed domino stands in the row. Further left
  (a lower number) picks earlier in the next round, which is worth it in
  Kingdomino; in Origins further right is worth more, since the higher
  numbers carry the volcanoes whose fire markers an immediate gain cannot
  see. Each game has its own measured weights (``Game.outlook``).

The search agents use these through ``State.fast_estimates`` (priors,
pruning and the searching seat's playouts); the rules never depend on them.
Kingdomino Origins territories share the geometry and the terrain masks, so
the same functions serve both games (they read only the shared
:class:`~kingdomino.games.domino.territory.DominoKingdom` part).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kingdomino.games.domino.territory import DominoKingdom, DominoLike


@dataclass(frozen=True)
class OutlookWeights:
    """Points per unit of each look-ahead term; each game has its own (``Game.outlook``).

    ``bench/bench_outlook.py`` measures a one-ply player on them, and with each term off.
    """

    #: Points per existing same-terrain square a new square touches.
    join: float
    #: Points lost per empty square no domino can cover any more.
    dead: float
    #: Points lost per place further right in the row a claim stands (negative: further right gains).
    row_place: float


#: Kingdomino: further left in the row picks earlier next round, which is worth it.
KINGDOMINO_OUTLOOK = OutlookWeights(join=1.0, dead=2.0, row_place=0.6)
#: Origins: further right gains, since the higher numbers carry the volcanoes and their fires.
ORIGINS_OUTLOOK = OutlookWeights(join=1.0, dead=2.0, row_place=-1.0)


def dead_squares(kingdom: DominoKingdom, occupied: int, box: tuple[int, int, int, int]) -> int:
    """Empty squares in the frame around bounding ``box`` that have no empty neighbour."""
    grid = kingdom.geometry.grid
    reach = kingdom.geometry.frame - 1
    row_lo, row_hi, col_lo, col_hi = box
    free = grid.rectangle(row_hi - reach, row_lo + reach, col_hi - reach, col_lo + reach) & ~occupied
    return (free & ~grid.spread(free)).bit_count()


def placement_outlook(
    kingdom: DominoKingdom, domino: DominoLike, codes: list[int], weights: OutlookWeights
) -> list[float]:
    """The look-ahead term of each placement code of ``domino`` (joined squares, dead squares)."""
    geometry = kingdom.geometry
    grid = geometry.grid
    neighbours = grid.neighbours
    placements = geometry.placements
    stride, reach = grid.stride, geometry.frame - 1
    first_terrain = kingdom.terrain[domino.first.terrain]
    second_terrain = kingdom.terrain[domino.second.terrain]
    occupied = kingdom.occupied
    row_lo, row_hi, col_lo, col_hi = kingdom.row_lo, kingdom.row_hi, kingdom.col_lo, kingdom.col_hi
    dead_before = dead_squares(kingdom, occupied, (row_lo, row_hi, col_lo, col_hi))
    join_weight, dead_weight = weights.join, weights.dead
    frames: dict[tuple[int, int, int, int], int] = {}  # bounding box -> squares the frame allows
    terms = []
    for code in codes:
        p = placements[code]
        assert p is not None
        joined = (neighbours[p.first_index] & first_terrain).bit_count() + (
            neighbours[p.second_index] & second_terrain
        ).bit_count()
        box = (
            p.row_lo if p.row_lo < row_lo else row_lo,
            p.row_hi if p.row_hi > row_hi else row_hi,
            p.col_lo if p.col_lo < col_lo else col_lo,
            p.col_hi if p.col_hi > col_hi else col_hi,
        )
        allowed = frames.get(box)
        if allowed is None:
            allowed = frames[box] = grid.rectangle(
                box[1] - reach, box[0] + reach, box[3] - reach, box[2] + reach
            )
        free = allowed & ~(occupied | p.first_bit | p.second_bit)
        coverable = (free << 1) | (free >> 1) | (free << stride) | (free >> stride)
        dead = (free & ~coverable).bit_count() - dead_before
        terms.append(join_weight * joined - dead_weight * dead)
    return terms


def valued_placements(
    kingdom: DominoKingdom,
    domino: DominoLike,
    codes: list[int],
    gains: Sequence[float],
    weights: OutlookWeights | None,
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The placement codes and the value of each: its gain, plus the outlook's terms unless
    ``weights`` is ``None`` (what a state remembers for ``score_gains`` and ``fast_estimates``)."""
    if weights is None:
        return tuple(codes), tuple([float(g) for g in gains])
    terms = placement_outlook(kingdom, domino, codes, weights)
    return tuple(codes), tuple([g + t for g, t in zip(gains, terms)])


def claim_outlook(slot: int, weights: OutlookWeights) -> float:
    """The row-place term of claiming the domino in place ``slot`` (0: leftmost) of the row."""
    return -weights.row_place * slot
