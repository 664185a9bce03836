"""The encoder's vector cut for convolutional networks: the boards as channels, and the rest.

An encoder's flat vector holds each seat's board (kingdom, Duel's map) as a section of shape
``(players, channels, rows, cols)`` (``encoder.layout``). :class:`Planes` cuts the vector into

* ``"board"``: those sections as ``(players * channels, rows, cols)``, seat after seat from the
  observing seat (the encoder's relative order), every seat's channels in the encoder's order;
* ``"features"``: every other section, flat, in the vector's order,

so a CNN reads the 2-D boards and a dense layer the rest. The position is stated once, by the
encoder: this only reshapes its values.

>>> from kingdomino import make_game
>>> from kingdomino.rl.encoders import encoder_for
>>> game = make_game("kingdomino", players=2)
>>> planes = Planes(encoder_for(game))
>>> planes.board_shape, planes.features_size
((20, 9, 9), 253)
>>> parts = planes.split(encoder_for(game).encode(game.new_initial_state(), 0))
>>> parts["board"].shape, parts["features"].shape
((20, 9, 9), (253,))
"""

from __future__ import annotations

import math

import numpy as np
from gymnasium import spaces

from kingdomino.core.game import GameError
from kingdomino.rl.encoders import FloatArray, ObservationEncoder


class Planes:
    """Cuts ``encoder``'s vectors into ``{"board": (C, H, W), "features": (n,)}``."""

    def __init__(self, encoder: ObservationEncoder) -> None:
        sections = sorted(encoder.layout.values())
        boards = [(offset, shape) for offset, shape in sections if len(shape) >= 3]
        grids = {tuple(shape[-2:]) for _, shape in boards}
        if len(grids) != 1:
            raise GameError(
                "observation='planes': the encoder's layout needs board sections of one grid "
                f"(..., rows, cols); it has {sorted(grids) or 'none'}"
            )
        rows, cols = next(iter(grids))
        channels = sum(math.prod(shape[:-2]) for _, shape in boards)
        #: ``(channels, rows, cols)`` of the ``"board"`` part.
        self.board_shape: tuple[int, int, int] = (channels, rows, cols)
        self._boards = [slice(offset, offset + math.prod(shape)) for offset, shape in boards]
        self._features = [
            slice(offset, offset + math.prod(shape)) for offset, shape in sections if len(shape) < 3
        ]
        #: Length of the ``"features"`` part.
        self.features_size = sum(part.stop - part.start for part in self._features)
        self.bounds = encoder.bounds

    def space(self) -> spaces.Dict:
        """The observation space of :meth:`split`'s dictionaries."""
        low, high = self.bounds
        return spaces.Dict(
            {
                "board": spaces.Box(low, high, self.board_shape, dtype=np.float32),
                "features": spaces.Box(low, high, (self.features_size,), dtype=np.float32),
            }
        )

    def split(self, vector: FloatArray) -> dict[str, FloatArray]:
        """``vector`` (the encoder's) as ``{"board": ..., "features": ...}``, new arrays."""
        board = np.concatenate([vector[part] for part in self._boards]).reshape(self.board_shape)
        features = (
            np.concatenate([vector[part] for part in self._features])
            if self._features
            else np.zeros(0, dtype=np.float32)
        )
        return {"board": board, "features": features}
