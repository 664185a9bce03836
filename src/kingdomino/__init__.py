"""Kingdomino family: exact, fast rules engines, agents and front ends.

>>> from kingdomino import make_game
>>> game = make_game("kingdomino", players=4)
>>> state = game.new_initial_state()
>>> state.is_chance()
True
"""

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, IllegalActionError, State
from kingdomino.games.registry import game_names, make_game

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameError",
    "IllegalActionError",
    "State",
    "game_names",
    "make_game",
]
__version__ = "0.1.0"
