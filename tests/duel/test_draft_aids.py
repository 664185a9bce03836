"""The draft aids of Kingdomino Duel: the faces of the dice, all possible every round; what a drawing
does to the domains of the map."""

from __future__ import annotations

from kingdomino.core.game import RegionChange
from kingdomino.games.duel.aids import draft_aids, drawing_regions
from kingdomino.games.duel.board import GRID
from kingdomino.games.duel.components import CASTLE_COL, CASTLE_ROW, COATS, DICE, JOKER, JOKER_ID, Face
from kingdomino.games.duel.text import parse_map


def test_the_dice_faces_die_by_die_and_by_coat_of_arms() -> None:
    aids = draft_aids()
    assert len(aids["dice"]) == len(DICE) and all(len(die) == 6 for die in aids["dice"])
    assert list(aids["coats"]) == [*(c.id for c in COATS), JOKER_ID]
    faces = [face for die in aids["dice"] for face in die]
    for coat, line in aids["coats"].items():
        assert line["faces"] == sum(face["coat"] == coat for face in faces)
        assert line["crosses"] == sum(face["crosses"] for face in faces if face["coat"] == coat)
    assert aids["next_order"] is None  # the roles swap every round: no claims order a round


def draw(row: int, col: int, to_row: int, to_col: int) -> tuple[int, int]:
    """The bits of a drawing's two squares, castle-relative."""
    return GRID.bit(row + CASTLE_ROW, col + CASTLE_COL), GRID.bit(to_row + CASTLE_ROW, to_col + CASTLE_COL)


def test_a_drawing_joins_two_domains_and_a_question_mark_joins_nothing_yet() -> None:
    board, _ = parse_map(
        """
        S1 .  S2
        .  C  .
        """
    )
    stripe = next(c.value for c in COATS if c.id == "stripe")
    changes = drawing_regions(board, (Face(stripe, 0), Face(JOKER, 0)), {7: draw(-1, 0, -2, 0)})
    assert changes == {7: (RegionChange("stripe", 3, 3, 9, 3, ((-1, -1), (-1, 1)), (0,)),)}


def test_two_dice_of_one_coat_make_one_domain_and_their_crosses_count() -> None:
    board, _ = parse_map("Q0 C")
    quarters = next(c.value for c in COATS if c.id == "quarters")
    dot = next(c.value for c in COATS if c.id == "dot")
    both = drawing_regions(board, (Face(quarters, 1), Face(quarters, 2)), {1: draw(1, -1, 1, 0)})[1]
    assert both == (RegionChange("quarters", 3, 3, 9, 0, ((0, -1),), (0, 1)),)
    apart = drawing_regions(board, (Face(dot, 1), Face(quarters, 0)), {1: draw(1, 0, 1, -1)})[1]
    assert apart == (
        RegionChange("dot", 1, 1, 1, 0, (), (0,)),
        RegionChange("quarters", 2, 0, 0, 0, ((0, -1),), (1,)),
    )
