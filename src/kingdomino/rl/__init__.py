"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel views of every game.

Needs the ``rl`` extra (``pip install 'kingdomino[rl]'``); the engine never imports
this package. The adapters are generic: a game works with all of them as soon as
it has an observation encoder (:mod:`kingdomino.rl.encoders`).
"""

from kingdomino.rl.encoders import ObservationEncoder, encoder_for, encoder_names, register_encoder

__all__ = ["ObservationEncoder", "encoder_for", "encoder_names", "register_encoder"]
