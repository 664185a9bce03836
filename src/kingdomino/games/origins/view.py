"""What players see of a Kingdomino Origins position beyond the shared domino view
(:mod:`kingdomino.games.domino.view`): halves and squares with fires, resources and cavemen,
the view's fire, totem and tribe fields, the log text of the Origins phases, and the
score sheet with resources, totems, cavemen and bonuses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingdomino.core.game import Bonus, ScoreSheet
from kingdomino.games.domino import view
from kingdomino.games.origins.components import (
    BONUSES,
    CAVEMEN,
    COST_FACE_UP,
    COST_STACK,
    DOMINOES,
    HUT_LETTER,
    MARKERS,
    RESOURCES,
    TERRAINS,
    domino_text,
)
from kingdomino.games.origins.kingdom import Kingdom
from kingdomino.games.origins.phases import CAVEMAN, FIRE, FIRST, NOBODY, PAY, RECRUIT, REVEAL, TOTEM

if TYPE_CHECKING:
    from kingdomino.games.origins.state import OriginsState

#: Terrain letter -> name and colour, for clients that draw territories.
LEGEND = view.legend(TERRAINS)


def halves_json(number: int) -> list[dict[str, Any]]:
    """A domino's two halves (terrain letter, fires, resource, craters) in the order ``place`` uses."""
    domino = DOMINOES[number]
    return [
        {
            "terrain": TERRAINS[half.terrain].letter,
            "fires": half.fires,
            "resource": RESOURCES[half.resource].id if half.resource >= 0 else None,
            "craters": half.craters,
        }
        for half in (domino.first, domino.second)
    ]


def kingdom_json(kingdom: Kingdom) -> dict[str, Any]:
    """A territory as JSON: hut-relative squares with terrain, fires, marker, resource, caveman."""

    def fields(row: int, col: int) -> dict[str, Any]:
        found = kingdom.square(row, col)
        assert found is not None
        terrain = found["terrain"]
        return {
            "terrain": HUT_LETTER if terrain < 0 else TERRAINS[terrain].letter,
            "fires": found["fires"],
            "craters": found["craters"],
            "marker": found["marker"],
            "resource": RESOURCES[found["resource"]].id if found["resource"] >= 0 else None,
            "caveman": CAVEMEN[found["caveman"]].id if found["caveman"] >= 0 else None,
        }

    return view.kingdom_json(kingdom, fields)


def seat_view(state: OriginsState, seat: int | None) -> dict[str, Any]:
    """The public position as JSON (``State.view``): the shared fields, then fire, totems and tribe."""
    game = state.game
    # The fire marker to put now, if any: as many fires as its volcano has craters.
    marker = MARKERS[state.volcanoes[0][1] - 1] if state.phase == FIRE and state.volcanoes else None
    tail = {
        "fire_markers": {str(m.fires): left for m, left in zip(MARKERS, state.supply)},
        "pending_volcanoes": len(state.volcanoes),
        # Its reach (squares in 8 directions from its volcano), and the fires that land where it is put.
        "fire_range": marker.range if marker else None,
        "fire_marker": marker.fires if marker else None,
        "totems": (
            {r.id: (h if h != NOBODY else None) for r, h in zip(RESOURCES, state.holders)}
            if game.totems_on
            else None
        ),
        "cave": [CAVEMEN[k].id if k >= 0 else None for k in state.cave] if game.tribe_on else None,
        "stack_size": state.stack_size() if game.tribe_on else None,
        "recruiting": CAVEMEN[state.recruit_kind].id if state.recruit_kind >= 0 else None,
        "to_pay": state.pay_left if state.phase == PAY else 0,
        # What the cavemen score and cost (component data), so that tables need not restate it;
        # their names are the ones the log's descriptions use (``describe``).
        "tribe": (
            {
                "cost_face_up": COST_FACE_UP,
                "cost_stack": COST_STACK,
                "cavemen": {
                    c.id: {"name": c.name, "points": c.points, "per": c.per, "strength": c.strength}
                    for c in CAVEMEN
                },
            }
            if game.tribe_on
            else None
        ),
    }
    return view.seat_view(state, seat, halves_json, kingdom_json, LEGEND, {}, tail)


def describe(state: OriginsState, action: int) -> str:
    """How an action of a phase Origins adds reads in the log (``DominoFlow.describe_action``)."""
    game = state.game
    who = f"seat {state.player}"
    phase = state.phase
    if phase == FIRST:
        positions = game.first_pairs[action - game.pair_base]
        numbers = [domino_text(state.next_row[p - 1]) for p in positions]
        return f"{who} makes the first claim: {' and '.join(numbers)}"
    if phase == FIRE:
        craters = state.volcanoes[0][1]
        if action == game.no_fire:
            return f"{who} leaves the {craters}-fire marker in the supply"
        if action == game.fire_to_box:
            return f"{who} takes the {craters}-fire marker, which finds no square and goes to the box"
        return f"{who} puts the {craters}-fire marker on {game.square_text(action - game.fire_base)}"
    if phase == TOTEM:
        totem = RESOURCES[state.totem_next].id
        return f"{who} hands the {totem} totem to seat {action - game.totem_base}"
    if phase == RECRUIT:
        if action == game.no_recruit:
            return f"{who} recruits nobody"
        if action < game.stack_base:
            kind = state.cave[action - game.recruit_base]
            return f"{who} recruits the face-up {CAVEMEN[kind].name}"
        return f"{who} recruits a {CAVEMEN[action - game.stack_base].name} from the stack"
    if phase == PAY:
        bit = game.cell_bits[action - game.pay_base]
        held = state.kingdoms[state.player].resource_at(bit)
        what = RESOURCES[held].id if held >= 0 else "nothing"
        return f"{who} pays the {what} on {game.square_text(action - game.pay_base)}"
    if phase == CAVEMAN:
        square = game.square_text(action - game.caveman_base)
        return f"{who} puts the {CAVEMEN[state.recruit_kind].name} on {square}"
    if phase == REVEAL:
        return f"a {CAVEMEN[action - game.reveal_base].name} is turned face up in the cave"
    return game.action_text(action)


def score_sheet(
    kingdom: Kingdom,
    mode: str,
    fire_kingdom: bool,
    homo_habilis: bool,
    totems: list[int] | None = None,
) -> ScoreSheet:
    """Explain a territory's score: every region, resources, totems, cavemen, bonuses, the total."""
    grid = kingdom.geometry.grid
    centre = kingdom.geometry.centre

    def where(index: int) -> tuple[int, int]:
        row, col = grid.square(index)
        return row - centre, col - centre

    bonuses: list[Bonus] = []
    if mode == "totem":
        count = kingdom.resource_count()
        bonuses.append(Bonus("resources", BONUSES["resource"] * count, "resources", {"n": count}))
        for r in totems or []:
            resource = RESOURCES[r].id
            bonuses.append(Bonus("totem", RESOURCES[r].totem, f"{resource} totem", {"resource": resource}))
    elif mode == "tribe":
        for kind, index, points in kingdom.caveman_scores():
            if index >= 0:
                row, col = where(index)
                caveman: dict[str, int | str] = {"caveman": CAVEMEN[kind].id, "row": row, "col": col}
                bonuses.append(Bonus("caveman", points, f"{CAVEMEN[kind].name} at {row},{col}", caveman))
            else:
                bonuses.append(Bonus("warrior_horde", points, "warrior horde"))
    if fire_kingdom:
        bonuses.append(view.centred_bonus(kingdom, "fire_kingdom", BONUSES["fire_kingdom"], "hut"))
    if homo_habilis:
        bonuses.append(view.complete_bonus(kingdom, "homo_habilis", BONUSES["homo_habilis"], "territory"))
    return view.sheet(kingdom, TERRAINS, bonuses)
