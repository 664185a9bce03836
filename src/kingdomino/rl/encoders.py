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

Kingdomino sections (``P`` players, ``S`` grid side = ``2 * frame - 1``, i.e. 9
for the 5x5 frame and 13 for Mighty Duel's 7x7; the castle is at the centre
square ``(S // 2, S // 2)``; ``N = 48`` dominoes; ``K`` slots in a row):

``kingdoms`` shape ``(P, 10, S, S)``, per relative seat, one plane per channel:
    0-5  terrain one-hot: wheat, forest, lake, grassland, swamp, mine;
    6    the castle square;
    7    crowns of the square / 3;
    8    empty square;
    9    "free": an empty square a domino may still cover without the kingdom
         leaving its frame.
``row`` shape ``(K, 20 + P)``: the row being placed, slot by slot (ascending
    domino numbers), then ``next_row`` the same shape for the row being claimed.
    Per slot: 0 slot holds a domino; 1 domino number / 48; 2-7 first half terrain
    one-hot; 8 first half crowns / 3; 9-14 second half terrain one-hot; 15 second
    half crowns / 3; 16 no king on it yet; 17 its domino is already placed (or
    discarded) this round; 18 this slot's king acts now; 19 reserved (0);
    20..20+P-1 one-hot relative seat of the king standing on it.
``next_row`` shape ``(K, 20 + P)``, as ``row``.
``pool`` shape ``(N,)``: 1 where domino ``n`` (index ``n - 1``) has not been drawn
    yet in this game (public: every drawn domino was shown face up). In 2- and
    3-player games some of them will never be drawn; which ones is not known to
    anybody (it does not exist yet).
``players`` shape ``(P, 5)``, per relative seat: 0 score / 100 (bonuses and
    earlier Dynasty games included); 1 discarded dominoes / 12; 2 this seat acts
    now; 3 kings still waiting to be drawn at setup / kings per player;
    4 current leader (shares first place now).
``global`` shape ``(17 + P,)``: 0-4 phase one-hot (draw, king, claim, place,
    over); 5 round / rounds; 6 game number / games in the match (Dynasty);
    7 dominoes left to draw / deck size; 8 chance acts now; 9 terminal;
    10-13 variants dynasty, middle kingdom, harmony, mighty duel;
    14-16 reserved (0); 17..17+P-1 one-hot absolute seat of the observer.

>>> from kingdomino import make_game
>>> game = make_game("kingdomino", players=2)
>>> encoder = encoder_for(game)
>>> encoder.shape
(1873,)
>>> sorted(encoder.layout)
['global', 'kingdoms', 'next_row', 'players', 'pool', 'row']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from kingdomino.core.game import Game, GameError, State

FloatArray = npt.NDArray[np.float32]
Layout = dict[str, tuple[int, tuple[int, ...]]]


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


EncoderFactory = Callable[[Game], ObservationEncoder]
_ENCODERS: dict[str, EncoderFactory] = {}


def register_encoder(name: str, factory: EncoderFactory) -> None:
    """Make the adapters support game ``name``: ``factory(game)`` builds its encoder."""
    _ENCODERS[name] = factory


def encoder_names() -> list[str]:
    """Games that have an encoder (and so work with every RL adapter)."""
    _load_builtin()
    return sorted(_ENCODERS)


def encoder_for(game: Game) -> ObservationEncoder:
    """The observation encoder of ``game``'s configuration."""
    _load_builtin()
    factory = _ENCODERS.get(game.name)
    if factory is None:
        raise GameError(
            f"game {game.name!r} has no observation encoder; known: {', '.join(sorted(_ENCODERS))}"
        )
    return factory(game)


def build_layout(sections: list[tuple[str, tuple[int, ...]]]) -> tuple[Layout, int]:
    """Offsets of consecutive sections and the total size."""
    layout: Layout = {}
    offset = 0
    for name, shape in sections:
        layout[name] = (offset, shape)
        offset += math.prod(shape)
    return layout, offset


class BitboardPlanes:
    """Turns bitboard masks of one :class:`~kingdomino.core.grid.Grid` into ``rows x cols`` planes fast.

    All masks are serialised into one byte string, unpacked with numpy in one call
    and gathered at the squares' bit indices (skipping the grid's sentinel column).
    """

    def __init__(self, rows: int, cols: int, stride: int) -> None:
        self.rows, self.cols = rows, cols
        self.nbytes = (stride * rows + 7) // 8
        self.index = np.array([r * stride + c for r in range(rows) for c in range(cols)], dtype=np.intp)

    def planes(self, masks: list[int]) -> npt.NDArray[np.uint8]:
        """Shape ``(len(masks), rows * cols)`` of 0/1."""
        nbytes = self.nbytes
        raw = b"".join([m.to_bytes(nbytes, "little") for m in masks])
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
        return bits.reshape(len(masks), nbytes * 8)[:, self.index]


_BUILTIN_LOADED = False


def _load_builtin() -> None:
    """Register the encoders shipped with the package (once, on first use)."""
    global _BUILTIN_LOADED
    if _BUILTIN_LOADED:
        return
    _BUILTIN_LOADED = True
    from kingdomino.rl.classic_encoder import ClassicEncoder

    register_encoder("kingdomino", ClassicEncoder)
    # Games written alongside Kingdomino; registered when their engine is present.
    try:
        from kingdomino.rl.duel_encoder import DuelEncoder
    except ImportError:
        pass
    else:
        register_encoder("duel", DuelEncoder)
    try:
        from kingdomino.rl.origins_encoder import OriginsEncoder
    except ImportError:
        pass
    else:
        register_encoder("origins", OriginsEncoder)
