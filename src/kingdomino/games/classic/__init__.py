"""Kingdomino (2-4 players) with the Dynasty, Middle Kingdom, Harmony and Mighty Duel variants."""

from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.state import ClassicState

__all__ = ["ClassicGame", "ClassicState"]
