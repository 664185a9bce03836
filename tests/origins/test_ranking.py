"""Ranking: score, then the largest region of any terrain (volcanoes included), then fires."""

from __future__ import annotations

from kingdomino.games.origins.text import parse_kingdom

from .helpers import game_of, position

#: 13 points (grassland 3 x 2, forest 3 x 2, desert 1 x 1), 5 fires; no scoring region above 3
#: squares, but 6 connected volcano squares.
VOLCANOES = """
V1 V1 V1 G2 G0 G0
V1 V1 V1 H  F2 F0
.  .  .  D1 F0 .
"""
#: 13 points (grassland 4 x 2, five single squares with 1 fire each), 7 fires; largest region 4.
FOUR = """
G1 G1 G0 G0
L1 H  D1 .
F1 Q1 L1 .
"""


def test_a_volcano_region_counts_for_the_largest_region() -> None:
    kingdom = parse_kingdom(VOLCANOES, 7)
    assert kingdom.region_points() == 13  # the volcano region scores 0 ...
    assert kingdom.largest_region() == 6  # ... but is the largest region


def test_a_tie_is_won_by_the_largest_region_even_a_volcano_one() -> None:
    # Seed 004: "on a tie, the player with the largest region wins, whether or not it has fire";
    # a group of volcano squares is a region of its own terrain (RULES.md). Seat 1 has more fires
    # (the next tie-break), so only the volcano region gives seat 0 the win.
    state = position(game_of(2), [VOLCANOES, FOUR])
    assert state.scores() == [13, 13]
    assert [k.total_fires() for k in state.kingdoms] == [5, 7]
    assert state.winners() == [0]
    assert state.score_sheet(0).tiebreaks == (6, 5)
    assert state.score_sheet(1).tiebreaks == (4, 7)


def test_equal_largest_regions_go_to_the_most_fires() -> None:
    # Both largest regions are the 6 volcano squares; single squares give seat 1 13 fires.
    singles = """
V1 V1 V1 G2 L2 F1
V1 V1 V1 H  D1 Q1
G1 L1 F1 D1 Q1 G1
"""
    state = position(game_of(2), [VOLCANOES, singles])
    assert state.scores() == [13, 13]
    assert [k.largest_region() for k in state.kingdoms] == [6, 6]
    assert state.winners() == [1]
