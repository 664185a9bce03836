"""Scoring: regions (squares x crowns), the Middle Kingdom and Harmony bonuses."""

from __future__ import annotations

import pytest

from kingdomino.core.game import GameError
from kingdomino.games.classic.state import score_sheet
from kingdomino.games.classic.text import KingdomTextError, kingdom_text, parse_kingdom

FULL = """
W1 W0 F0 F1 F0
L1 W0 F0 G2 G0
L0 L0 C  G0 S0
M2 L1 W0 W0 S2
M0 M1 W1 S0 S1
"""


def test_regions_score_squares_times_crowns() -> None:
    kingdom = parse_kingdom(FULL)
    sheet = score_sheet(kingdom, False, False)
    by_kind = sorted((r.kind, r.squares, r.multiplier, r.points) for r in sheet.regions if r.points)
    # wheat top-left: 3 squares, 1 crown; forest: 4 squares, 1 crown; lake: 4 squares, 2 crowns;
    # grassland 3 squares 2 crowns; swamp: 4 squares, 3 crowns; mine: 3 squares, 3 crowns;
    # wheat bottom: 3 squares, 1 crown.
    assert by_kind == sorted(
        [
            ("wheat", 3, 1, 3),
            ("forest", 4, 1, 4),
            ("lake", 4, 2, 8),
            ("grassland", 3, 2, 6),
            ("swamp", 4, 3, 12),
            ("mine", 3, 3, 9),
            ("wheat", 3, 1, 3),
        ]
    )
    assert sheet.total == 45
    assert kingdom.region_points() == 45


def test_regions_without_crowns_score_nothing() -> None:
    kingdom = parse_kingdom("W0 W0 W0\n.  C  .\n")
    assert kingdom.region_points() == 0
    sheet = score_sheet(kingdom, False, False)
    assert [(r.kind, r.squares, r.points) for r in sheet.regions] == [("wheat", 3, 0)]


def test_two_regions_of_one_terrain_score_apart() -> None:
    kingdom = parse_kingdom("F1 F0 C  F1 F1")
    assert kingdom.region_points() == 2 * 1 + 2 * 2


def test_a_full_kingdom_scores_every_region() -> None:
    # wheat 3 + 3, forest 4, lake 8, grassland 6, swamp 12, mine 9
    assert parse_kingdom(FULL).region_points() == 45


def test_diagonal_squares_are_not_one_region() -> None:
    kingdom = parse_kingdom("M2 .\n.  M1\nC  .")
    assert kingdom.region_points() == 2 + 1


def test_middle_kingdom_needs_the_castle_in_the_centre() -> None:
    centred = parse_kingdom(FULL)
    assert score_sheet(centred, True, False).total == 45 + 10
    off = parse_kingdom("C  W1 W0 W0 W0")
    (line,) = score_sheet(off, True, False).bonuses
    assert (line.key, line.name, line.points) == ("middle_kingdom", "middle kingdom", 0)
    incomplete = parse_kingdom(". W1 .\n. C .\n. . S1")  # within 2 rows and columns: qualifies
    assert score_sheet(incomplete, True, False).total == 1 + 1 + 10


def test_middle_kingdom_in_7x7_counts_three_rows_and_columns() -> None:
    row = "W1 W0 W0 C  W0 W0 W0"  # the castle splits the wheat: 3 x 1 on the left, 3 x 0 on the right
    assert score_sheet(parse_kingdom(row, frame=7), True, False).total == 3 + 10
    shifted = "W1 W0 W0 W0 C  W0 W0"
    assert score_sheet(parse_kingdom(shifted, frame=7), True, False).total == 4


def test_harmony_needs_a_full_frame_and_no_discard() -> None:
    full = parse_kingdom(FULL)
    assert score_sheet(full, False, True).total == 45 + 5
    full.discards = 1
    assert score_sheet(full, False, True).total == 45
    holes = parse_kingdom(FULL.replace("S1", ".  "))
    (line,) = score_sheet(holes, False, True).bonuses
    assert (line.key, line.name, line.points) == ("harmony", "harmony", 0)


def test_a_bonus_at_zero_says_why() -> None:
    """A sheet's "Middle Kingdom 0" (or "Harmony 0") says why: the engine names the rule missed,
    for a page and in English words."""
    off = score_sheet(parse_kingdom("C  W1 W0 W0 W0"), True, True).bonuses
    assert [(b.points, b.missed and b.missed.to_json()) for b in off] == [
        (0, {"key": "off_centre", "values": {"frame": 5}}),
        (0, {"key": "not_full", "values": {"n": 20}}),
    ]
    assert off[0].words() == "middle kingdom: the castle is not in the centre of the 5x5 square"
    assert off[1].words() == "harmony: the kingdom is not full: 20 squares are empty"
    wide = score_sheet(parse_kingdom("W1 W0 W0 W0 C  W0 W0", frame=7), True, False).bonuses[0]
    assert wide.reason == "the castle is not in the centre of the 7x7 square"
    full = parse_kingdom(FULL)
    full.discards = 2
    discarded = score_sheet(full, True, True).bonuses
    assert discarded[0].missed is None and discarded[0].reason == "" and discarded[0].points == 10
    assert discarded[1].reason == "2 dominoes were discarded" and discarded[1].to_json()["missed"] == {
        "key": "discarded",
        "values": {"n": 2},
        "reason": "2 dominoes were discarded",
    }
    full.discards = 1
    assert score_sheet(full, False, True).bonuses[0].reason == "a domino was discarded"
    one_hole = parse_kingdom(FULL.replace("S1", ".  "))
    assert (
        score_sheet(one_hole, False, True).bonuses[0].reason == "the kingdom is not full: 1 square is empty"
    )


def test_text_round_trip() -> None:
    kingdom = parse_kingdom(FULL)
    assert parse_kingdom(kingdom_text(kingdom)).region_points() == kingdom.region_points()


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("W0 C\nW0 X1", 2, 4, "'X1' is not a cell"),
        ("W0 C\nW0", 2, 1, "expected 2 cells"),
        ("W9 C", 1, 1, "at most 3"),
        ("", 1, 1, "empty"),
    ],
)
def test_malformed_text_names_line_and_column(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(KingdomTextError) as error:
        parse_kingdom(text)
    assert (error.value.line, error.value.column) == (line, column)
    assert words in str(error.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [("W0 W0", "no castle"), ("C W0 C", "a second castle"), ("C W0 W0 W0 W0 W0", "5x5")],
)
def test_impossible_kingdoms_are_refused(text: str, words: str) -> None:
    with pytest.raises(GameError, match=words):
        parse_kingdom(text)
