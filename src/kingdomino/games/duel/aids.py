"""Kingdomino Duel's draft aids: the faces of the four dice, die by die, and how many faces of all
the dice show each coat of arms (and the "?"), with their crosses. Every round rolls all four dice
again, so every face stays possible all game: the aid is the box's, the same for everybody.
And what each drawing of the acting seat does to its map's domains (:func:`placement_regions`).

>>> aids = draft_aids()
>>> len(aids["dice"]), len(aids["dice"][0]), sum(line["faces"] for line in aids["coats"].values())
(4, 6, 24)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kingdomino.core.game import RegionChange
from kingdomino.games.duel.board import GRID, Board
from kingdomino.games.duel.components import COATS, DICE, JOKER, JOKER_ID, Face
from kingdomino.games.duel.state import TURN, DuelState, square_cells


def _coat_id(face: Face) -> str:
    return JOKER_ID if face.coat == JOKER else COATS[face.coat].id


def draft_aids() -> dict[str, Any]:
    """The dice faces (``dice[die][face]``: coat id and crosses) and, per coat id in the data's
    order then the "?", the faces showing it and their crosses."""
    coats = {coat: {"faces": 0, "crosses": 0} for coat in (*(c.id for c in COATS), JOKER_ID)}
    for die in DICE:
        for face in die:
            line = coats[_coat_id(face)]
            line["faces"] += 1
            line["crosses"] += face.crosses
    return {
        "dice": [[{"coat": _coat_id(face), "crosses": face.crosses} for face in die] for die in DICE],
        "coats": coats,
        "next_order": None,
    }


def placement_regions(state: DuelState) -> dict[int, tuple[RegionChange, ...]]:
    """By action code, the domains each legal drawing of both dice (``draw``) of the acting seat
    changes (:func:`drawing_regions`); empty when it draws nothing now, or one die at a time
    (the split power)."""
    game = state.game
    if state.phase != TURN or state.split_mode:
        return {}
    draws = {}
    for action in state.legal_actions():
        if game.draw_base <= action < game.die_base:
            squares = game.draw_squares[action - game.draw_base]
            if squares is not None:
                draws[action] = squares
    first, second = (state.face_of(die) for die in state.held[state.player])
    return drawing_regions(state.boards[state.player], (first, second), draws)


def drawing_regions(
    board: Board, faces: tuple[Face, Face], draws: Mapping[int, tuple[int, int]]
) -> dict[int, tuple[RegionChange, ...]]:
    """For each drawing (its two squares' bits, by action code) of two dice showing ``faces``, the
    domains it changes: each die joins the domains of its coat of arms next to its square, two
    dice of one coat make one domain. A "?" joins nothing yet (its coat of arms is chosen after
    the drawing); the +3 per domain power is not a domain's points and is left out. The domains
    are the map's own (``Board.domains``, what the scorer counts); only those touched are looked
    at."""
    by_coat: dict[int, list[tuple[int, int, int, int, tuple[int, int]]]] = {}
    for domain in board.domains():
        where = square_cells(domain.mask & -domain.mask)[0]
        by_coat.setdefault(domain.coat, []).append(
            (domain.mask, domain.squares, domain.crosses, domain.points, where)
        )
    found = {}
    for action, squares in draws.items():
        if faces[0].coat == faces[1].coat:
            groups: list[tuple[tuple[int, ...], int]] = [((0, 1), squares[0] | squares[1])]
        else:
            groups = [((0,), squares[0]), ((1,), squares[1])]
        changes = []
        for dice, bits in groups:
            coat = faces[dice[0]].coat
            if coat == JOKER:
                continue
            touch = GRID.spread(bits)
            size, crosses, before, joined = len(dice), sum(faces[d].crosses for d in dice), 0, []
            for mask, domain_squares, domain_crosses, points, where in by_coat.get(coat, ()):
                if mask & touch:
                    size += domain_squares
                    crosses += domain_crosses
                    before += points
                    joined.append(where)
            kind = COATS[coat].id
            changes.append(RegionChange(kind, size, crosses, size * crosses, before, tuple(joined), dice))
        found[action] = tuple(changes)
    return found
