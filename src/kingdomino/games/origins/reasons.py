"""Why an action is illegal in the phases Kingdomino Origins adds: first claim, fire, totem,
recruit, pay and caveman (placements and claims: :class:`~kingdomino.games.domino.state.DominoState`).

Each message names the rule broken and the actions expected, word for word as players read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kingdomino.games.origins.components import COST_FACE_UP, COST_STACK, MARKERS, RESOURCES, VOLCANO
from kingdomino.games.origins.phases import FIRE, FIRST, PAY, RECRUIT, TOTEM

if TYPE_CHECKING:
    from kingdomino.games.origins.state import OriginsState


def rule_reason(state: OriginsState, action: int, text: str) -> str:
    """Why ``action`` (written ``text``) is illegal in a phase Origins adds to the domino flow."""
    game = state.game
    phase = state.phase
    expected = f"expected {state._expected()}"
    who = f"seat {state.player}"
    if phase == FIRST:
        return f"{text!r}: {who} makes the first claim of the game, a pair of positions; {expected}"
    if phase == FIRE:
        return _fire_reason(state, action, text, expected)
    if phase == TOTEM:
        resource = RESOURCES[state.totem_next].id
        return (
            f"{text!r}: {who} holds the {resource} totem and is no longer alone in the lead; "
            f"it must hand it to one of the tied leaders: {expected}"
        )
    if phase == RECRUIT:
        return _recruit_reason(state, action, text, expected)
    if phase == PAY:
        if not game.pay_base <= action < game.caveman_base:
            return f"{text!r}: {who} must pay {state.pay_left} more resource(s) now; {expected}"
        bit = game.cell_bits[action - game.pay_base]
        held = state.kingdoms[state.player].resource_at(bit)
        if held < 0:
            return f"{text!r}: there is no resource on that square; {expected}"
        return f"{text!r}: a {RESOURCES[held].id} was already paid; the kinds must differ; {expected}"
    if not game.caveman_base <= action < game.draw_base:
        return f"{text!r}: {who} must put the recruited caveman on a square now; {expected}"
    return (
        f"{text!r}: a caveman needs a domino square without printed fire, fire marker, resource "
        f"or other caveman; {expected}"
    )


def _fire_reason(state: OriginsState, action: int, text: str, expected: str) -> str:
    """Why a fire marker may not go there (or back to the box)."""
    game = state.game
    index, craters = state.volcanoes[0]
    if action == game.fire_to_box:
        return f"'fire-to-box': the marker can be placed, so it cannot go back to the box; {expected}"
    if not game.fire_base <= action < game.no_fire:
        return f"{text!r}: seat {state.player} must place or leave the fire marker now; {expected}"
    bit = game.cell_bits[action - game.fire_base]
    kingdom = state.kingdoms[state.player]
    reach = MARKERS[craters - 1].range
    if not bit & kingdom.occupied or bit == game.geometry.castle:
        return f"{text!r}: a fire marker goes on a domino square of the territory; {expected}"
    if bit & kingdom.terrain[VOLCANO]:
        return f"{text!r}: fire cannot land on a volcano; {expected}"
    if bit & kingdom.any_fire():
        return f"{text!r}: that square already shows a fire; {expected}"
    row, col = game.geometry.grid.square(index)
    centre = game.geometry.centre
    return (
        f"{text!r}: out of range: a {craters}-crater volcano (at {row - centre},{col - centre}) "
        f"reaches {reach} square(s) in any of 8 directions; {expected}"
    )


def _recruit_reason(state: OriginsState, action: int, text: str, expected: str) -> str:
    """Why that recruit is refused: its cost, an empty slot or an empty kind."""
    game = state.game
    kinds = state.kingdoms[state.player].resource_kinds()
    if game.recruit_base <= action < game.stack_base:
        if kinds < COST_FACE_UP:
            return f"{text!r}: a face-up caveman costs {COST_FACE_UP} different resources, seat has {kinds}"
        return f"{text!r}: that cave slot is empty; {expected}"
    if game.stack_base <= action < game.no_recruit:
        if kinds < COST_STACK:
            return f"{text!r}: a stack caveman costs {COST_STACK} different resources, seat has {kinds}"
        return f"{text!r}: no caveman of that kind is left in the stack; {expected}"
    return f"{text!r}: seat {state.player} may recruit a caveman now or pass; {expected}"
