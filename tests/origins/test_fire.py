"""Volcanoes: marker ranges (Chebyshev, diagonals included), targets, supply, fire destroying things."""

from __future__ import annotations

import pytest

from kingdomino.core.game import IllegalActionError
from kingdomino.games.origins.components import MARKERS
from kingdomino.games.origins.state import CLAIM, FIRE, NOBODY
from kingdomino.games.origins.text import parse_kingdom

from .helpers import code, game_of, position, texts


def big_desert() -> str:
    """A 7x7 desert with the hut top-left (0,0) and a volcano at 3,3 (its craters set later)."""
    rows = []
    for r in range(7):
        cells = ["H" if (r, c) == (0, 0) else ("V{}" if (r, c) == (3, 3) else "D0") for c in range(7)]
        rows.append(" ".join(cells))
    return "\n".join(rows)


@pytest.mark.parametrize("craters", [1, 2, 3])
def test_marker_range_is_chebyshev_with_diagonals(craters: int) -> None:
    kingdom = parse_kingdom(big_desert().format(craters), frame=7)
    grid, centre = kingdom.geometry.grid, kingdom.geometry.centre
    volcano = grid.index(3 + centre, 3 + centre)
    targets = {(r - centre, c - centre) for r, c in grid.cells(kingdom.fire_targets(volcano, craters))}
    reach = MARKERS[craters - 1].range
    assert reach == {1: 3, 2: 2, 3: 1}[craters]
    expected = {
        (r, c)
        for r in range(7)
        for c in range(7)
        if max(abs(r - 3), abs(c - 3)) <= reach and (r, c) not in ((0, 0), (3, 3))
    }
    assert targets == expected
    # the far diagonal corners are exactly at distance 3
    assert ((6, 6) in targets) == (craters == 1)
    assert ((1, 5) in targets) == (craters <= 2)
    assert (2, 2) in targets and (4, 4) in targets and (2, 4) in targets


def test_no_marker_on_volcano_printed_fire_marker_hut_or_empty() -> None:
    kingdom = parse_kingdom("D1 D0*1 V1 D0\n.  H    D0 V2", frame=5)
    grid, centre = kingdom.geometry.grid, kingdom.geometry.centre
    volcano = grid.index(-1 + centre, 1 + centre)  # the V1 at text row 0, col 2
    targets = {(r - centre, c - centre) for r, c in grid.cells(kingdom.fire_targets(volcano, 1))}
    assert targets == {(-1, 2), (0, 1)}


def test_placing_a_volcano_offers_its_marker_and_the_fire_scores() -> None:
    state = position(game_of(4), ["H"], row=[28])
    state.apply_text("place 0,1 E")  # D0 at 0,1 and a 1-crater volcano at 0,2
    assert state.phase == FIRE
    assert texts(state) == ["fire 0,1", "no-fire"]
    with pytest.raises(IllegalActionError, match="box"):
        state.apply_text("fire-to-box")
    state.apply_text("fire 0,1")
    assert state.supply == [4, 4, 1]
    assert state.phase == CLAIM
    assert state.scores()[0] == 1


def test_the_observation_says_how_far_the_marker_to_put_reaches() -> None:
    """The page's status line ("within 3 squares of the volcano") reads the reach from the data."""
    state = position(game_of(4), ["H"], row=[28])
    assert state.view(0)["fire_range"] is None
    state.apply_text("place 0,1 E")  # a 1-crater volcano: its marker reaches 3 squares
    assert state.view(0)["fire_range"] == MARKERS[0].range == 3
    state.apply_text("no-fire")
    assert state.view(0)["fire_range"] is None


@pytest.mark.parametrize(("domino", "craters"), [(28, 1), (42, 2), (48, 3)])
def test_the_observation_says_how_many_flames_the_marker_to_put_has(domino: int, craters: int) -> None:
    """The page draws the marker where it may go as it will land: as many flames as craters."""
    state = position(game_of(4), ["H"], row=[domino])
    assert state.view(0)["fire_marker"] is None
    state.apply_text("place 0,1 E")  # the volcano half lands at 0,2
    assert state.view(0)["fire_marker"] == MARKERS[craters - 1].fires == craters
    state.apply_text("no-fire")
    assert state.view(0)["fire_marker"] is None


def test_taking_the_marker_is_optional() -> None:
    state = position(game_of(4), ["H"], row=[28])
    state.apply_text("place 0,1 E")
    state.apply_text("no-fire")
    assert state.supply == [5, 4, 1]
    assert state.scores()[0] == 0


def test_out_of_range_is_refused_with_a_reason() -> None:
    state = position(game_of(2), ["D0 D0 D0 D0 H"], row=[48])
    state.apply_text("place 0,1 E")  # Q0k at 0,1, 3-crater volcano at 0,2: range 1
    assert texts(state) == ["fire 0,1", "no-fire"]
    with pytest.raises(IllegalActionError, match="range"):
        state.apply_text("fire 0,-2")


def test_a_marker_with_no_target_goes_to_the_box_and_the_supply_runs_out() -> None:
    game = game_of(4)
    state = position(game, ["H V3"], row=[48])
    kingdom = state.kingdoms[0]
    grid, centre = kingdom.geometry.grid, kingdom.geometry.centre
    state.volcanoes = [(grid.index(centre, centre + 1), 3)]
    state.phase = FIRE
    assert texts(state) == ["no-fire", "fire-to-box"]
    state.apply_text("fire-to-box")
    assert state.supply == [5, 4, 0]
    # the only 3-fire marker is gone: the next 3-crater volcano erupts nothing
    state = position(game, ["H"], row=[48])
    state.supply = [5, 4, 0]
    state.apply_text("place 0,1 E")
    assert state.phase == CLAIM


def test_an_empty_supply_skips_the_fire_step() -> None:
    state = position(game_of(3), ["H"], row=[28])
    state.supply = [0, 4, 1]
    state.apply_text("place 0,1 E")
    assert state.phase == CLAIM and state.volcanoes == []


def test_fire_destroys_a_resource() -> None:
    state = position(game_of(4, mode="totem"), ["G0m H"], row=[28])
    state.holders[0] = 0
    state.apply_text("place 0,1 E")
    assert state.kingdoms[0].resource_count() == 1
    state.apply(code(state, "fire 0,-1"))
    assert state.kingdoms[0].resource_count() == 0
    assert state.holders[0] == NOBODY  # nobody has a mammoth any more
    assert state.scores()[0] == 1  # grassland 1 square x 1 fire


def test_fire_destroys_a_caveman() -> None:
    state = position(game_of(4, mode="tribe"), ["D0@HU H"], row=[28])
    state.apply_text("place 0,1 E")
    state.apply_text("fire 0,-1")
    assert state.kingdoms[0].any_caveman() == 0
