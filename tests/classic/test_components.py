"""The tile data against the rulebook's component list."""

from __future__ import annotations

from collections import Counter

from kingdomino.games.classic.components import DOMINOES, NUM_DOMINOES, TERRAINS

# Seed 002 ends with the square counts per terrain and crowns: x21, x12, x5, x6, x10, x6, x2, x2,
# x2, x2, x16, x6, x1, x1, x3, x1 (the pictures naming each terrain are lost in the text).
RULEBOOK_COUNTS = [21, 12, 5, 6, 10, 6, 2, 2, 2, 2, 16, 6, 1, 1, 3, 1]


def test_48_dominoes_numbered_1_to_48() -> None:
    assert NUM_DOMINOES == 48
    assert sorted(DOMINOES) == list(range(1, 49))


def test_square_counts_match_the_rulebook() -> None:
    counts = Counter((half.terrain, half.crowns) for d in DOMINOES.values() for half in (d.first, d.second))
    assert sorted(counts.values()) == sorted(RULEBOOK_COUNTS)
    assert sum(counts.values()) == 96


def test_crown_totals_per_terrain() -> None:
    crowns: Counter[str] = Counter()
    for domino in DOMINOES.values():
        for half in (domino.first, domino.second):
            crowns[TERRAINS[half.terrain].id] += half.crowns
    assert crowns == {"wheat": 5, "forest": 6, "lake": 6, "grassland": 6, "swamp": 6, "mine": 10}
