"""The draft aids of Kingdomino Duel: the faces of the dice, all possible every round."""

from __future__ import annotations

from kingdomino.games.duel.aids import draft_aids
from kingdomino.games.duel.components import COATS, DICE, JOKER_ID


def test_the_dice_faces_die_by_die_and_by_coat_of_arms() -> None:
    aids = draft_aids()
    assert len(aids["dice"]) == len(DICE) and all(len(die) == 6 for die in aids["dice"])
    assert list(aids["coats"]) == [*(c.id for c in COATS), JOKER_ID]
    faces = [face for die in aids["dice"] for face in die]
    for coat, line in aids["coats"].items():
        assert line["faces"] == sum(face["coat"] == coat for face in faces)
        assert line["crosses"] == sum(face["crosses"] for face in faces if face["coat"] == coat)
    assert aids["next_order"] is None  # the roles swap every round: no claims order a round
