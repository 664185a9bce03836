"""Observation encoders: a state, seen by one seat, as a flat ``float32`` vector.

Every game of the family has one encoder, found by :func:`encoder_for`. The RL
adapters (PettingZoo, Gymnasium, OpenSpiel) are generic over games: adding a game
to them is only registering an encoder here with :func:`register_encoder`.

An encoder reads the engine's public state. It never needs hidden parts because
the engines hold none: chance is lazy, so the order of the undrawn dominoes does
not exist until a draw happens. Everything is written from the observing seat's
point of view: *relative seat* ``r`` is absolute seat ``(seat + r) % players``, so
relative seat 0 is always "me" and 1 the next seat in turn order.

The vector is the concatenation of named sections; ``encoder.layout`` maps each
section name to ``(offset, shape)`` so a network can cut the vector back into
planes (``vector[offset:offset + prod(shape)].reshape(shape)``).

Each game states its observation once, in its own folder
(:mod:`kingdomino.games.classic.observation`, :mod:`kingdomino.games.duel.observation`,
:mod:`kingdomino.games.origins.observation`, documented section by section there); an encoder
is that observation as a numpy ``float32`` array.

>>> from kingdomino import make_game
>>> game = make_game("kingdomino", players=2)
>>> encoder = encoder_for(game)
>>> encoder.shape
(1873,)
>>> sorted(encoder.layout)
['global', 'kingdoms', 'next_row', 'players', 'pool', 'row']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast, runtime_checkable

import numpy as np
import numpy.typing as npt

from kingdomino.core.game import Game, GameError, State
from kingdomino.core.observation import Layout
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.observation import ClassicObservation
from kingdomino.games.duel.game import DuelGame
from kingdomino.games.duel.observation import DuelObservation
from kingdomino.games.origins.game import OriginsGame
from kingdomino.games.origins.observation import OriginsObservation

FloatArray = npt.NDArray[np.float32]


@runtime_checkable
class ObservationEncoder(Protocol):
    """Turns ``(state, seat)`` into a fixed-shape ``float32`` vector of what the seat may see."""

    @property
    def game(self) -> Game:
        """The configuration this encoder was built for."""
        ...

    @property
    def shape(self) -> tuple[int, ...]:
        """Shape of :meth:`encode`'s result (a flat vector: ``(size,)``)."""
        ...

    @property
    def layout(self) -> Layout:
        """Section name -> ``(offset, shape)`` inside the flat vector."""
        ...

    @property
    def score_scale(self) -> float:
        """A typical score magnitude; the ``score_diff`` reward is divided by it."""
        ...

    @property
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) of one episode."""
        ...

    @property
    def bounds(self) -> tuple[float, float]:
        """Every entry of an encoding lies in ``[low, high]`` (the observation ``Box``)."""
        ...

    def encode(self, state: State, seat: int) -> FloatArray:
        """The observation of ``seat`` (0-based absolute seat) in ``state``."""
        ...


class GameObservation(Protocol):
    """What ``games/<game>/observation.py`` provides: a game's observation as float32 bytes."""

    @property
    def game(self) -> Game: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def size(self) -> int: ...

    @property
    def score_scale(self) -> float: ...

    @property
    def bounds(self) -> tuple[float, float]: ...

    @property
    def max_game_length(self) -> int: ...

    def encode(self, state: Any, seat: int) -> bytearray: ...


class Encoder:
    """An :class:`ObservationEncoder` made of a game's observation: its values as numpy arrays.

    Any other attribute is the observation's (``kingdom_channels`` of Origins, ...).
    """

    def __init__(self, observation: GameObservation) -> None:
        self.observation = observation
        self.game = observation.game
        self.layout = observation.layout
        self.shape: tuple[int, ...] = (observation.size,)
        self.score_scale = observation.score_scale
        self.bounds = observation.bounds
        self.max_game_length = observation.max_game_length
        self._encode = observation.encode

    def encode(self, state: State, seat: int) -> FloatArray:
        """The observation of ``seat`` (0-based absolute seat) in ``state``: a new writable array."""
        return np.frombuffer(self._encode(state, seat), dtype=np.float32)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "observation":  # not made yet (while unpickling)
            raise AttributeError(name)
        return getattr(self.observation, name)

    def __reduce__(self) -> tuple[type, tuple[GameObservation]]:
        """Pickled as its observation (which is pickled as its game)."""
        return (type(self), (self.observation,))


EncoderFactory = Callable[[Game], ObservationEncoder]

#: The encoder of each game of the package: its observation, made for a configuration.
_ENCODERS: dict[str, EncoderFactory] = {
    "kingdomino": lambda game: Encoder(ClassicObservation(cast(ClassicGame, game))),
    "duel": lambda game: Encoder(DuelObservation(cast(DuelGame, game))),
    "origins": lambda game: Encoder(OriginsObservation(cast(OriginsGame, game))),
}


def register_encoder(name: str, factory: EncoderFactory) -> None:
    """Make the adapters support game ``name``: ``factory(game)`` builds its encoder."""
    _ENCODERS[name] = factory


def encoder_names() -> list[str]:
    """Games that have an encoder (and so work with every RL adapter)."""
    return sorted(_ENCODERS)


def encoder_for(game: Game) -> ObservationEncoder:
    """The observation encoder of ``game``'s configuration."""
    factory = _ENCODERS.get(game.name)
    if factory is None:
        raise GameError(
            f"game {game.name!r} has no observation encoder; known: {', '.join(sorted(_ENCODERS))}"
        )
    return factory(game)
