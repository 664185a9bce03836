"""The scoring terms a territory's methods are declared as (kingdomino.core.terms) give the
methods' own values, on the territories of random games in every mode, through the compiled
grid and the pure-Python one alike."""

from __future__ import annotations

import random

import pytest

from kingdomino.core.grid import Grid
from kingdomino.core.terms import evaluate
from kingdomino.games.origins.components import BONUSES
from kingdomino.games.origins.kingdom import (
    CAVEMAN_POINTS_TERMS,
    LARGEST_REGION_TERMS,
    RESOURCE_KINDS_TERMS,
    SCORING_TERRAINS,
    TOTAL_FIRES_TERMS,
    Kingdom,
    resource_count_terms,
    terrain_points_terms,
)
from kingdomino.games.origins.state import OriginsState

from .helpers import game_of


class _PythonGrid(Grid):
    """A grid answering through its pure-Python methods (the compiled ones are checked
    against them in tests/core)."""

    def __init__(self, grid: Grid) -> None:
        super().__init__(grid.rows, grid.cols)
        self._compiled = None


def _territories(mode: str, games: int, seed: int) -> list[tuple[OriginsState, Kingdom]]:
    game = game_of(4, mode=mode)
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.2:
                found.extend((state, kingdom.copy()) for kingdom in state.kingdoms)
            if state.is_chance():
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        found.extend((state, kingdom) for kingdom in state.kingdoms)
    return found


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
def test_each_method_equals_its_terms(mode: str) -> None:
    territories = _territories(mode, games=3, seed=5)
    grid = territories[0][1].geometry.grid
    scored = 0
    for python in (False, True):
        on = _PythonGrid(grid) if python else grid
        for _, kingdom in territories:
            for terrain in SCORING_TERRAINS:
                points = kingdom.terrain_points(terrain)
                assert evaluate(terrain_points_terms(terrain), on, kingdom) == points
                scored += points > 0
            assert evaluate(LARGEST_REGION_TERMS, on, kingdom) == kingdom.largest_region()
            assert evaluate(TOTAL_FIRES_TERMS, on, kingdom) == kingdom.total_fires()
            assert evaluate(RESOURCE_KINDS_TERMS, on, kingdom) == kingdom.resource_kinds()
            assert evaluate(resource_count_terms(3), on, kingdom) == 3 * kingdom.resource_count()
            assert evaluate(CAVEMAN_POINTS_TERMS, on, kingdom) == kingdom.caveman_points()
    assert scored > 50


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"mode": "discovery"}, "none"),
        ({"mode": "totem"}, "resources"),
        ({"mode": "tribe"}, "cavemen"),
        ({"mode": "tribe", "homo_habilis": True}, "asked"),
        ({"mode": "totem", "fire_kingdom": True}, "asked"),
    ],
)
def test_kingdom_bonus_terms_give_the_bonus_or_none_when_it_reads_more(
    options: dict[str, bool | str], expected: str
) -> None:
    """Resources (Totem), cavemen (Tribe), nothing (Discovery); with the Fire Kingdom or Homo
    Habilis bonus, which read the bounding box and the discards, no terms."""
    game = game_of(4, **options)
    state = game.new_initial_state()
    terms = state.kingdom_bonus_terms()
    if expected == "asked":
        assert terms is None
        return
    assert terms is not None
    assert {
        "none": (),
        "resources": resource_count_terms(BONUSES["resource"]),
        "cavemen": CAVEMAN_POINTS_TERMS,
    }[expected] == terms
    mode = str(options["mode"])
    for state, kingdom in _territories(mode, games=1, seed=9):
        assert evaluate(terms, kingdom.geometry.grid, kingdom) == state.kingdom_bonus(kingdom)
