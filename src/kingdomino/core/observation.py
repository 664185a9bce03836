"""The pieces every game's observation is built from: float32 bytes, sections, board planes.

An observation (``games/<game>/observation.py``) is a flat vector of ``float32`` values, the
concatenation of named sections; :func:`build_layout` gives each section's ``(offset,
shape)``. It is written with the standard library alone, as the native bytes of the values
(``struct`` rounds a Python float to float32 with the same C cast as numpy's assignment), so
the rules need no numpy: ``numpy.frombuffer(vector, numpy.float32)`` reads it as an array
(the RL adapters do). A board's planes are per-square functions of its bitboard layers
(:class:`Channel`), joined row by row from a table (:class:`PlaneBytes`).

>>> bytes(float_bytes([0.5, True])) == struct.pack("2f", 0.5, 1.0)
True
>>> build_layout([("board", (2, 3)), ("flags", (4,))])
({'board': (0, (2, 3)), 'flags': (6, (4,))}, 10)
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

#: Section name -> ``(offset, shape)`` inside the flat vector.
Layout = dict[str, tuple[int, tuple[int, ...]]]
#: Bytes of one native ``float32``.
FLOAT_BYTES = 4
_FLOAT32 = struct.Struct("f")


def build_layout(sections: Iterable[tuple[str, tuple[int, ...]]]) -> tuple[Layout, int]:
    """Offsets of consecutive sections and the total size (in floats)."""
    layout: Layout = {}
    offset = 0
    for name, shape in sections:
        layout[name] = (offset, shape)
        offset += math.prod(shape)
    return layout, offset


def float32(value: float) -> float:
    """``value`` rounded to the nearest float32 (as a Python float)."""
    found: float = _FLOAT32.unpack(_FLOAT32.pack(value))[0]
    return found


def float_bytes(values: Sequence[float]) -> bytes:
    """The native ``float32`` bytes of ``values`` (bools and ints allowed)."""
    return struct.pack(f"{len(values)}f", *values)


def zero_bytes(count: int) -> bytes:
    """``count`` float32 zeros."""
    return bytes(FLOAT_BYTES * count)


def one_hot_bytes(size: int, index: int) -> bytes:
    """A float32 one-hot of length ``size`` (all zero when ``index`` is outside ``0..size-1``)."""
    values = [0.0] * size
    if 0 <= index < size:
        values[index] = 1.0
    return float_bytes(values)


def one_hot_table(size: int) -> list[bytes]:
    """``table[i]``: :func:`one_hot_bytes` ``(size, i)`` for ``i`` in ``0..size-1``; ``table[size]``
    (and so ``table[-1]``): all zero."""
    return [one_hot_bytes(size, i) for i in range(size + 1)]


def indicator_bytes(size: int, ones: Iterable[int]) -> bytes:
    """``size`` float32 values, 1 at the indices ``ones`` and 0 elsewhere."""
    values = [0.0] * size
    for index in ones:
        values[index] = 1.0
    return struct.pack(f"{size}f", *values)


class RebuiltFromGame:
    """An observation pickled as the game it encodes and rebuilt from it on loading: its packers
    (``struct.Struct``) and caches do not pickle, and the game is all it is made from. A state
    that holds its encoder (OpenSpiel's) then pickles, and so does an environment."""

    def __reduce__(self) -> tuple[type, tuple[object]]:
        return (type(self), (self.__dict__["game"],))


class PlaneBytes:
    """float32 bytes of 0/1 ``rows x cols`` planes of one :class:`~kingdomino.core.grid.Grid`.

    A plane is joined from per-row pieces (a table of every ``cols``-bit row pattern, the grid's
    sentinel column skipped) and remembered by its mask: boards change a few squares at a time,
    so most of their planes are found again unchanged.
    """

    def __init__(self, rows: int, cols: int, stride: int, cache_size: int = 4096) -> None:
        self.rows, self.cols, self.stride = rows, cols, stride
        self.shifts = tuple(row * stride for row in range(rows))
        self.row_mask = (1 << cols) - 1
        self.row_table = [
            float_bytes([(bits >> col) & 1 for col in range(cols)]) for bits in range(1 << cols)
        ]
        self.cache_size = cache_size
        self.cache: dict[int, bytes] = {}

    def plane(self, mask: int) -> bytes:
        """The 0/1 plane of ``mask`` (row-major, ``rows * cols`` floats)."""
        found = self.cache.get(mask)
        if found is None:
            table, row_mask = self.row_table, self.row_mask
            found = b"".join([table[(mask >> shift) & row_mask] for shift in self.shifts])
            if len(self.cache) >= self.cache_size:
                self.cache.clear()
            self.cache[mask] = found
        return found

    def offset(self, index: int) -> int:
        """Byte offset, inside a plane, of the square at grid bit ``index``."""
        row, col = divmod(index, self.stride)
        return (row * self.cols + col) * FLOAT_BYTES


#: Every square (``mask & EVERYWHERE == mask``).
EVERYWHERE = -1


@dataclass(frozen=True)
class Channel:
    """One plane of a board: on the squares of ``within``, ``values[code]``, where bit ``j`` of
    ``code`` says whether layer ``layers[j]`` holds the square; 0 elsewhere.

    ``values`` are float32 values, ``2 ** len(layers)`` of them.
    """

    layers: tuple[int, ...]
    values: tuple[float, ...]
    within: int = EVERYWHERE

    def ones(self, layers: Sequence[int]) -> int:
        """The squares where a 0/1 channel is 1."""
        found = 0
        for code, value in enumerate(self.values):
            if value == 1.0:
                squares = self.within
                for j, layer in enumerate(self.layers):
                    squares &= layers[layer] if code >> j & 1 else ~layers[layer]
                found |= squares
        return found

    @property
    def binary(self) -> bool:
        """Whether every value is 0 or 1 (the plane is a mask's)."""
        return all(value in (0.0, 1.0) for value in self.values)


def layer_channel(layer: int) -> Channel:
    """1 on the squares of a layer (a terrain, a resource, ...)."""
    return Channel((layer,), (0.0, 1.0))


def absent_channel(layer: int, within: int = EVERYWHERE) -> Channel:
    """1 on the squares of ``within`` that a layer lacks (empty squares: no ``occupied`` bit)."""
    return Channel((layer,), (1.0, 0.0), within)


def constant_channel(mask: int) -> Channel:
    """1 on the fixed squares of ``mask`` (the castle)."""
    return Channel((), (1.0,), mask)


def weighted_channel(layers: Sequence[int], weights: Sequence[float]) -> Channel:
    """Per square the float32 sum of ``weights[j]`` (each rounded to float32) over the layers
    ``layers[j]`` holding it: crowns / 3 from the 1-, 2- and 3-crown layers, ..."""
    rounded = [float32(weight) for weight in weights]
    values = []
    for code in range(1 << len(layers)):
        total = 0.0
        for j, weight in enumerate(rounded):
            if code >> j & 1:
                total = float32(total + weight)
        values.append(total)
    return Channel(tuple(layers), tuple(values))


def exactly_channel(layers: Sequence[int], code: int) -> Channel:
    """1 on the squares whose memberships in ``layers`` are exactly ``code`` (bit ``j``: layer
    ``layers[j]``), e.g. in the frame's reach but not occupied: the free squares."""
    return Channel(tuple(layers), tuple(1.0 if c == code else 0.0 for c in range(1 << len(layers))))


K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(dict[K, V]):
    """A dict forgotten whole when it reaches ``size`` entries (boards seen again are common,
    boards seen long ago rarely)."""

    def __init__(self, size: int = 4096) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.size:
            self.clear()
        super().__setitem__(key, value)


class LayerBlock:
    """The float32 bytes of a board's planes (``channels x rows x cols``), from its bit layers.

    A board is described by a tuple of bitboard *layers* (one per terrain, per crown count,
    the occupied squares, ...), and every plane is a per-square function of them
    (:class:`Channel`): 0/1 planes come from the :class:`PlaneBytes` cache, weighted ones are
    written square by square.
    """

    def __init__(self, planes: PlaneBytes, channels: Sequence[Channel]) -> None:
        self.planes = planes
        self.channels = tuple(channels)
        self.plane_bytes = planes.rows * planes.cols * FLOAT_BYTES
        self.pieces = [tuple(float_bytes([value]) for value in channel.values) for channel in self.channels]
        #: The weighted planes already written, by channel and the masks they read.
        self.weighted: BoundedCache[tuple[int, ...], bytes] = BoundedCache()

    def build(self, layers: Sequence[int]) -> bytes:
        """The planes of the board whose layers are ``layers``, one after the other."""
        return b"".join([self._plane(c, layers) for c in range(len(self.channels))])

    def _plane(self, c: int, layers: Sequence[int]) -> bytes:
        channel, planes = self.channels[c], self.planes
        if channel.binary:
            return planes.plane(channel.ones(layers))
        members = tuple([layers[layer] & channel.within for layer in channel.layers])
        key = (c, *members)
        found = self.weighted.get(key)
        if found is None:
            codes: dict[int, int] = {}
            for j, member in enumerate(members):
                while member:
                    low = member & -member
                    codes[low] = codes.get(low, 0) | 1 << j
                    member ^= low
            block, values = bytearray(self.plane_bytes), self.pieces[c]
            for low, code in codes.items():
                at = planes.offset(low.bit_length() - 1)
                block[at : at + FLOAT_BYTES] = values[code]
            found = self.weighted[key] = bytes(block)
        return found
