"""Scoring terms (kingdomino.core.terms): what each kind means, and every game's declared
terms giving its methods' values on the boards of random games, through the compiled grid and
the pure-Python one alike."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.core.game import OptionValue, State
from kingdomino.core.grid import Grid
from kingdomino.core.terms import (
    LargestRegion,
    NonEmpty,
    RegionPoints,
    Surrounding,
    Term,
    WeightedCount,
    evaluate,
)
from kingdomino.games.classic import kingdom as classic
from kingdomino.games.duel.board import coat_points_terms
from kingdomino.games.duel.components import NUM_COATS
from kingdomino.games.origins import kingdom as origins
from kingdomino.games.origins.components import BONUSES


def _sampled_states(
    name: str, players: int, options: dict[str, OptionValue], games: int, seed: int
) -> list[State]:
    """About every fifth position of a few random games, and their ends."""
    game = make_game(name, players, options)
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if rng.random() < 0.2:
                found.append(state.clone())
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def _boards(state: State) -> list[Any]:
    """The seats' kingdoms (Kingdomino, Origins) or maps (Duel)."""
    return state.boards if hasattr(state, "boards") else state.kingdoms  # type: ignore[attr-defined]


def _grids(board: Any) -> list[Grid]:
    """The board's grid, then one like it answering through its pure-Python methods (the
    compiled ones are checked against them in test_grid)."""
    grid: Grid = board.grid if hasattr(board, "grid") else board.geometry.grid
    python = Grid(grid.rows, grid.cols)
    python._compiled = None
    return [grid, python]


def test_each_kind_of_term_on_a_small_board() -> None:
    """A 3x3 grid: a 2-square region with a one-crown square and a lone square; counts
    around, within a mask, the largest region, the layers holding a square."""
    grid = Grid(3, 3)
    a, b, c = grid.bit(0, 0), grid.bit(0, 1), grid.bit(2, 2)
    board = SimpleNamespace(terrain=[a | b, c], marks=[a, c], occupied=a | b | c)
    terrain0, terrain1, marks = ("terrain", 0), ("terrain", 1), (("marks", 0), ("marks", 1))
    assert evaluate((RegionPoints((terrain0,), marks, (1, 5)),), grid, board) == 2 * 1
    assert evaluate((RegionPoints((terrain0, terrain1), marks, (1, 5)),), grid, board) == 2 + 5
    assert evaluate((Surrounding((terrain0,), (("occupied", None),), ((3,),)),), grid, board) == 3 * 2
    assert evaluate((LargestRegion((terrain0, terrain1)),), grid, board) == 2
    assert evaluate((WeightedCount((terrain0,), marks, (1, 5)),), grid, board) == 1
    assert evaluate((WeightedCount((), marks, (1, 5)),), grid, board) == 6
    assert evaluate((NonEmpty((terrain0, terrain1, ("marks", 0))),), grid, board) == 3
    both = (LargestRegion((terrain0,)), NonEmpty((terrain1,)))
    assert evaluate(both, grid, board) == 2 + 1


def test_a_surrounding_term_needs_a_row_per_centre_and_a_weight_per_target() -> None:
    with pytest.raises(ValueError, match="expected 1 rows of 2 weights"):
        Surrounding((("terrain", 0),), (("marks", 0), ("marks", 1)), ((1,),))
    with pytest.raises(ValueError, match="expected 1 rows of 1 weights"):
        Surrounding((("terrain", 0),), (("marks", 0),), ())


#: (game, players, options, method, its argument's range, the terms of an argument)
_POINTS: list[
    tuple[str, int, dict[str, OptionValue], str, range | tuple[int, ...], Callable[[int], tuple[Term, ...]]]
] = [
    ("kingdomino", 4, {}, "terrain_points", range(classic.NUM_TERRAINS), classic.terrain_points_terms),
    ("duel", 2, {}, "coat_points", range(NUM_COATS), coat_points_terms),
    (
        "origins",
        4,
        {"mode": "tribe"},
        "terrain_points",
        origins.SCORING_TERRAINS,
        origins.terrain_points_terms,
    ),
]


@pytest.mark.parametrize(
    ("name", "players", "options", "method", "args", "terms"), _POINTS, ids=lambda v: str(v)[:12]
)
def test_points_equal_their_terms(
    name: str,
    players: int,
    options: dict[str, OptionValue],
    method: str,
    args: range | tuple[int, ...],
    terms: Callable[[int], tuple[Term, ...]],
) -> None:
    scored = 0
    for state in _sampled_states(name, players, options, games=2, seed=2):
        for board in _boards(state):
            for arg in args:
                points = getattr(board, method)(arg)
                for grid in _grids(board):
                    assert evaluate(terms(arg), grid, board) == points
                scored += points > 0
    assert scored > 20


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
def test_each_origins_method_equals_its_terms(mode: str) -> None:
    """Largest region, fires, resource kinds and count, caveman points, and the bonus."""
    checked = 0
    for state in _sampled_states("origins", 4, {"mode": mode}, games=2, seed=5):
        bonus = state.kingdom_bonus_terms()  # type: ignore[attr-defined]
        for kingdom in _boards(state):
            for grid in _grids(kingdom):
                assert evaluate(origins.LARGEST_REGION_TERMS, grid, kingdom) == kingdom.largest_region()
                assert evaluate(origins.TOTAL_FIRES_TERMS, grid, kingdom) == kingdom.total_fires()
                assert evaluate(origins.RESOURCE_KINDS_TERMS, grid, kingdom) == kingdom.resource_kinds()
                assert (
                    evaluate(origins.resource_count_terms(3), grid, kingdom) == 3 * kingdom.resource_count()
                )
                assert evaluate(origins.CAVEMAN_POINTS_TERMS, grid, kingdom) == kingdom.caveman_points()
                assert evaluate(bonus, grid, kingdom) == state.kingdom_bonus(kingdom)  # type: ignore[attr-defined]
            checked += kingdom.caveman_points() + kingdom.resource_count() + kingdom.total_fires() > 0
    assert checked > 20


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"mode": "discovery"}, ()),
        ({"mode": "totem"}, origins.resource_count_terms(BONUSES["resource"])),
        ({"mode": "tribe"}, origins.CAVEMAN_POINTS_TERMS),
        ({"mode": "tribe", "homo_habilis": True}, None),
        ({"mode": "totem", "fire_kingdom": True}, None),
    ],
)
def test_origins_bonus_terms_or_none_when_the_bonus_reads_more(
    options: dict[str, OptionValue], expected: tuple[Term, ...] | None
) -> None:
    """Resources (Totem), cavemen (Tribe), nothing (Discovery); with the Fire Kingdom or Homo
    Habilis bonus, which read the bounding box and the discards, no terms."""
    state = make_game("origins", 4, options).new_initial_state()
    assert state.kingdom_bonus_terms() == expected  # type: ignore[attr-defined]
