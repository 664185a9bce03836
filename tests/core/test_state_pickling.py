"""States pickle and unpickle whole (multiprocessing and Ray send them), compiled parts included."""

from __future__ import annotations

import pickle
import random

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.core.game import OptionValue
from kingdomino.core.grid import Grid

GAMES = [("kingdomino", 4, {"middle_kingdom": True}), ("duel", 2, {}), ("origins", 4, {"mode": "tribe"})]


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_pickled_state_plays_on_as_the_original(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    state = make_game(name, players, options).new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(
            state.sample_chance(rng) if state.current_player == CHANCE else legal[rng.randrange(len(legal))]
        )
    copy = pickle.loads(pickle.dumps(state))
    assert copy.view(0) == state.view(0)
    assert copy.legal_actions() == state.legal_actions()
    assert copy.scores() == state.scores()


def test_a_pickled_grid_finds_the_same_regions() -> None:
    grid = Grid(9, 9)
    mask = grid.bit(0, 0) | grid.bit(0, 1) | grid.bit(4, 4) | grid.bit(8, 8) | grid.bit(7, 8)
    copy = pickle.loads(pickle.dumps(grid))
    assert copy.regions(mask) == grid.regions(mask) == grid.regions_holding_python(mask, mask)
    assert (copy._compiled is None) == (grid._compiled is None)
