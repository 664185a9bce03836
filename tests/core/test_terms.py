"""Scoring terms (kingdomino.core.terms): what each kind means, and Kingdomino's and Duel's
declared terms giving their methods' values on the boards of random games (Origins':
tests/origins/test_terms.py)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.core.game import State
from kingdomino.core.grid import Grid
from kingdomino.core.terms import LargestRegion, NonEmpty, RegionPoints, Surrounding, WeightedCount, evaluate
from kingdomino.games.classic.kingdom import NUM_TERRAINS, terrain_points_terms
from kingdomino.games.duel.board import coat_points_terms
from kingdomino.games.duel.components import NUM_COATS


def _end_states(name: str, players: int, games: int, seed: int) -> list[State]:
    """Positions of random games, about every fifth, and their ends."""
    game = make_game(name, players)
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


def test_kingdomino_terrain_points_equal_their_terms() -> None:
    scored = 0
    for state in _end_states("kingdomino", 4, games=3, seed=2):
        for kingdom in state.kingdoms:  # type: ignore[attr-defined]
            for terrain in range(NUM_TERRAINS):
                points = kingdom.terrain_points(terrain)
                assert evaluate(terrain_points_terms(terrain), kingdom.geometry.grid, kingdom) == points
                scored += points > 0
    assert scored > 50


def test_duel_coat_points_equal_their_terms() -> None:
    scored = 0
    for state in _end_states("duel", 2, games=3, seed=2):
        for board in state.boards:  # type: ignore[attr-defined]
            for coat in range(NUM_COATS):
                points = board.coat_points(coat)
                assert evaluate(coat_points_terms(coat), board.grid, board) == points
                scored += points > 0
    assert scored > 20
