"""The compiled observation kernels (``kingdomino.rl._fastobs``), when they were built.

Each encoder defines its observation in Python (:mod:`kingdomino.rl.classic_encoder` and
its siblings) and, when the optional C extension is present, hands its layout, tables and
plane channels to a kernel that writes the same float32 values several times faster (the
tests compare the two byte for byte). A kernel reads the engine's state and knows no rule:
what a rule decides about a board (the frame's reach, its points, its largest region) it asks
of the engine, through the methods each encoder declares as :class:`Fact` s, and asks again
only when a layer the fact reads has changed. A fact the engine also states as scoring terms
(:mod:`kingdomino.core.terms`) the kernel evaluates itself, on the layers it follows, with the
arithmetic of the engine's compiled grid (``kingdomino/core/bitscore.h``): no call back into
Python.

``KINGDOMINO_PURE_PYTHON=1`` in the environment, or ``compiled=False`` to an encoder, keeps
the pure-Python path; ``compiled=True`` requires the kernel.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType, SimpleNamespace
from typing import Any

import numpy as np

from kingdomino.core.game import CHANCE, TERMINAL, GameError, State
from kingdomino.core.terms import (
    LargestRegion,
    Layer,
    NonEmpty,
    RegionPoints,
    Surrounding,
    Term,
    WeightedCount,
)
from kingdomino.rl.encoders import FloatArray, Layout
from kingdomino.rl.pieces import LayerBlock

_fastobs: ModuleType | None
try:
    from kingdomino.rl import _fastobs  # type: ignore[attr-defined, unused-ignore]
except ImportError:  # the optional extension was not built (no C compiler)
    _fastobs = None

#: Board attributes the kernel follows: ``(name, length)``; length ``n > 0`` a list of ``n``
#: bitboards, ``0`` one bitboard, ``-1`` an int watched for changes that is no bitboard, ``LAZY``
#: such an int read only once another attribute changed (a bounding box, which only changes
#: with the occupied squares).
Sources = Sequence[tuple[str, int]]
LAZY = -2


def built() -> bool:
    """Whether the optional extension was built (a C compiler at install time)."""
    return _fastobs is not None


def available() -> bool:
    """Whether the compiled kernels were built and may be used (not ``KINGDOMINO_PURE_PYTHON=1``)."""
    return _fastobs is not None and os.environ.get("KINGDOMINO_PURE_PYTHON", "") in ("", "0")


def wanted(compiled: bool | None) -> bool:
    """Whether an encoder made with ``compiled=`` uses its kernel (``None``: when available)."""
    if compiled is None:
        return available()
    if compiled and _fastobs is None:
        raise GameError("compiled=True: the compiled kernels (kingdomino.rl._fastobs) were not built")
    return compiled


def kernel(kind: str, spec: SimpleNamespace) -> Any:
    """A kernel of ``kind`` (``ClassicKernel``, ``OriginsKernel``, ``DuelKernel``) made from ``spec``."""
    assert _fastobs is not None
    return getattr(_fastobs, kind)(spec)


_frombuffer = np.frombuffer
_FLOAT32 = np.dtype(np.float32)


class KernelEncoding:
    """``encode`` for an encoder that defines ``encode_python`` and may have a kernel.

    An encoder calls :meth:`use_kernel` once it is built; ``encode`` then runs the kernel
    (the observation's bytes as a new float32 array), or ``encode_python`` without one.
    ``encode_into`` writes the observation into an array the caller keeps (the kernel writes
    it in place).
    """

    _kernel: Any = None

    def use_kernel(self, compiled: bool | None, kind: str, spec: Callable[[], SimpleNamespace]) -> None:
        """Make the ``kind`` kernel from ``spec()`` when ``compiled`` asks for it (:func:`wanted`)."""
        self._kernel = kernel(kind, spec()) if wanted(compiled) else None

    def encode(self, state: State, seat: int) -> FloatArray:
        """The observation of ``seat`` (0-based absolute seat) in ``state``."""
        made = self._kernel
        if made is not None:
            return _frombuffer(made.encode(state, seat), _FLOAT32)
        return self.encode_python(state, seat)

    def encode_into(self, state: State, seat: int, out: FloatArray) -> None:
        """Write :meth:`encode`'s values into ``out`` (a C-contiguous float32 array of
        ``shape``): for a reader of one buffer again and again (OpenSpiel's observer), no new
        vector and no copy."""
        made = self._kernel
        if made is not None:
            made.encode(state, seat, out)
        else:
            out[...] = self.encode_python(state, seat)

    def writer(self) -> Callable[[State, int, FloatArray], object]:
        """:meth:`encode_into` as the cheapest callable there is: the kernel's own ``encode``
        when there is a kernel (no Python frame between a reader of one buffer and the C)."""
        made = self._kernel
        return made.encode if made is not None else self.encode_into

    def encode_python(self, state: State, seat: int) -> FloatArray:
        """:meth:`encode` in pure Python: the definition a kernel is checked against."""
        raise NotImplementedError


@dataclass(frozen=True)
class Fact:
    """A number the engine says about a board: ``board.method(arg)`` (``board.method()`` when
    ``arg`` is ``None``), or ``state.method(board)`` when ``on_state``.

    A kernel asks it again only when a layer it reads changed: with ``mask_layer``, when that
    layer changed or a ``depends`` layer changed on its squares (a terrain's points: its
    squares and the crowns on them); else when a ``depends`` layer changed; with neither, on
    every change of the board.
    """

    method: str
    arg: int | None = None
    on_state: bool = False
    mask_layer: int = -1
    depends: tuple[int, ...] = ()
    #: The method's value as the engine's scoring terms, when it declares them (``None``: ask).
    terms: tuple[Term, ...] | None = None

    def spec(self, layer_index: Callable[[Layer], int]) -> tuple[Any, ...]:
        terms = None if self.terms is None else tuple(_term_spec(term, layer_index) for term in self.terms)
        return (self.on_state, self.method, self.arg, self.mask_layer, self.depends, terms)


#: The kernel's code of each kind of term.
_TERM_CODES = {RegionPoints: 0, Surrounding: 1, LargestRegion: 2, WeightedCount: 3, NonEmpty: 4}


def _term_spec(
    term: Term, layer_index: Callable[[Layer], int]
) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """``(code, first layers, layers, weights)``: the mask (or centres), the weighed layers
    (or targets, or masks) and their weights (a surrounding count's rows one after another)."""

    def indices(layers: Sequence[Layer]) -> tuple[int, ...]:
        return tuple(layer_index(layer) for layer in layers)

    code = _TERM_CODES[type(term)]
    if isinstance(term, RegionPoints | WeightedCount):
        return (code, indices(term.mask), indices(term.layers), term.weights)
    if isinstance(term, Surrounding):
        return (
            code,
            indices(term.centres),
            indices(term.targets),
            tuple(w for row in term.weights for w in row),
        )
    if isinstance(term, LargestRegion):
        return (code, (), indices(term.masks), ())
    return (code, (), indices(term.layers), ())


def _layer_indices(sources: Sources) -> dict[Layer, int]:
    """Each bitboard of ``sources`` by ``(attribute, index)`` (``None`` for a lone bitboard):
    the follower's layer index."""
    found: dict[Layer, int] = {}
    for name, length in sources:
        indices: list[int | None] = list(range(length)) if length > 0 else [None] if length == 0 else []
        for index in indices:
            found[(name, index)] = len(found)
    return found


def board_spec(
    layout: Layout,
    block: LayerBlock,
    sources: Sources,
    reach: tuple[str, Sequence[str]] | None,
    facts: Sequence[Fact],
    seats: int,
    **fields: Any,
) -> SimpleNamespace:
    """A kernel spec: the vector's size and the offset of each section of ``layout``
    (``off_<name>``), how to follow each seat's board and build its planes, plus ``fields``.

    The board's layers are those of ``sources`` in order, then, with ``reach = (method,
    watched)``, the bitboard ``board.method()`` (the squares in the frame's reach), asked
    again only when one of the ``watched`` sources (ints: the bounding box) changed;
    ``block``'s channels read them.
    """
    planes = block.planes
    bits = planes.rows * planes.stride
    layers = _layer_indices(sources)

    def layer_index(layer: Layer) -> int:
        if layer not in layers:
            raise ValueError(f"kernel spec: a term reads {layer!r}, which no source gives")
        return layers[layer]

    offsets = {f"off_{name}": offset for name, (offset, _) in layout.items()}
    size = max(offset + math.prod(shape) for offset, shape in layout.values())
    return SimpleNamespace(
        sources=list(sources),
        reach=reach,
        seats=seats,
        words=(bits + 63) // 64,
        cell_bits=[row * planes.stride + col for row in range(planes.rows) for col in range(planes.cols)],
        channels=[(channel.layers, b"".join(channel.values), channel.within) for channel in block.channels],
        facts=[fact.spec(layer_index) for fact in facts],
        grid_rows=planes.rows,
        grid_stride=planes.stride,
        error=GameError,
        chance=CHANCE,
        terminal=TERMINAL,
        size=size,
        **offsets,
        **fields,
    )
