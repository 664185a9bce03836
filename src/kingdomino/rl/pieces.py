"""Building observation vectors fast, from ``float32`` byte pieces.

An encoding is mostly small sections that change at every step (rows, dice, flags) and big
planes that change rarely (kingdoms). numpy costs about a microsecond per small operation,
more than an engine spends on a whole step, so the encoders build each section as the raw
bytes of its native ``float32`` values (tables of precomputed pieces, ``struct`` packing)
and join them once: :func:`vector_from`. Kingdom planes are kept as bytes too: cached by
the kingdom's bitboards, and when a kingdom changes, patched square by square from its
previous planes (:class:`LayerBlock`); joining copies each block with one ``memcpy``.

The values are exactly those numpy would store: ``struct`` rounds a Python float to float32
with the same C cast as numpy's assignment, and weighted values are computed with numpy.

>>> vector_from([float_bytes([0.5, True]), one_hot_bytes(3, 1)])
array([0.5, 1. , 0. , 1. , 0. ], dtype=float32)
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from kingdomino.rl.encoders import FloatArray

#: Bytes of one native ``float32``.
FLOAT_BYTES = 4


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


def slot_tail_table(
    players: int, seat: int, width: int, owner_offset: int, placed_index: int, acting_index: int
) -> list[list[list[bytes]]]:
    """``table[owner][placed][acting]``: the byte piece of a row slot's tail as ``seat`` sees it.

    The tail (``width`` floats) starts with a "no king/chief" flag at 0, has the placed and
    acting flags at their indices and, from ``owner_offset``, the owner one-hot relative to
    ``seat``. ``owner`` is the absolute seat on the slot, or -1 (the last entry) for none.
    Kingdomino and Origins rows share this layout with different offsets.
    """
    table = []
    for owner in [*range(players), -1]:
        by_placed = []
        for placed in (False, True):
            by_acting = []
            for acting in (False, True):
                values = [0.0] * width
                if owner == -1:
                    values[0] = 1.0
                else:
                    values[owner_offset + (owner - seat) % players] = 1.0
                values[placed_index] = placed
                values[acting_index] = acting
                by_acting.append(float_bytes(values))
            by_placed.append(by_acting)
        table.append(by_placed)
    return table


def vector_from(parts: list[bytes]) -> FloatArray:
    """The float32 vector made of the concatenated pieces (a new writable array)."""
    return np.frombuffer(bytearray().join(parts), dtype=np.float32)


class PlaneBytes:
    """float32 bytes of 0/1 ``rows x cols`` planes of one :class:`~kingdomino.core.grid.Grid`, cached.

    A plane is joined from per-row pieces (a table of every ``cols``-bit row pattern) and
    remembered by its mask: kingdoms change a few squares at a time, so most of their planes
    are found again unchanged.
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


_ONE = float_bytes([1.0])
_ZERO = float_bytes([0.0])
#: Every square (``mask & EVERYWHERE == mask``).
EVERYWHERE = -1


class EarlierBlock(Protocol):
    """An earlier board's bit layers and the block built from them (a board to patch from)."""

    @property
    def layers(self) -> Sequence[int]: ...

    @property
    def planes(self) -> bytes: ...


@dataclass(frozen=True, eq=False)
class Channel:
    """One plane of a :class:`LayerBlock`: on the squares of ``within``, ``values[code]``, where
    bit ``j`` of ``code`` says whether layer ``layers[j]`` holds the square; 0 elsewhere.

    ``values`` are float32 bytes, ``2 ** len(layers)`` of them; ``values[0]`` (no layer holds
    the square) must be 0 or 1.
    """

    layers: tuple[int, ...]
    values: tuple[bytes, ...]
    within: int = EVERYWHERE

    @property
    def binary(self) -> bool:
        """Whether every value is 0 or 1 (the plane is a mask's)."""
        return all(value in (_ZERO, _ONE) for value in self.values)


def layer_channel(layer: int) -> Channel:
    """1 on the squares of a layer (a terrain, a resource, ...)."""
    return Channel((layer,), (_ZERO, _ONE))


def absent_channel(layer: int, within: int = EVERYWHERE) -> Channel:
    """1 on the squares of ``within`` that a layer lacks (empty squares: no ``occupied`` bit)."""
    return Channel((layer,), (_ONE, _ZERO), within)


def constant_channel(mask: int) -> Channel:
    """1 on the fixed squares of ``mask`` (the castle)."""
    return Channel((), (_ONE,), mask)


def weighted_channel(layers: Sequence[int], weights: Sequence[float]) -> Channel:
    """Per square the float32 sum of ``weights[j]`` over the layers ``layers[j]`` holding it
    (crowns / 3 from the 1-, 2- and 3-crown layers, ...), as numpy's ``weights @ planes``
    computes it (float32 weights, float32 product)."""
    count = len(layers)
    memberships = np.array(
        [[(code >> j) & 1 for code in range(1 << count)] for j in range(count)], dtype=np.float32
    )
    values = np.asarray(weights, dtype=np.float32) @ memberships
    return Channel(tuple(layers), tuple(value.tobytes() for value in values))


def exactly_channel(layers: Sequence[int], code: int) -> Channel:
    """1 on the squares whose memberships in ``layers`` are exactly ``code`` (bit ``j``: layer
    ``layers[j]``), e.g. in the frame's reach but not occupied: the free squares."""
    return Channel(tuple(layers), tuple(_ONE if c == code else _ZERO for c in range(1 << len(layers))))


class LayerBlock:
    """The float32 bytes of a kingdom's planes (``channels x rows x cols``), from its bit layers.

    A kingdom is described by a tuple of bitboard *layers* (one per terrain, per crown count,
    the occupied squares, ...), and every plane is a per-square function of them
    (:class:`Channel`). A kingdom that changed a little is :meth:`update`-d from an earlier
    block: only the planes reading a layer that differs are rewritten, and in them only the
    squares where one of their layers differs (or the whole plane, from the
    :class:`PlaneBytes` cache, when many squares do). Every other square reads the same layer
    bits as before, so it keeps its values: the result is exactly a fresh :meth:`build`.
    """

    #: A plane with more changed squares than this is replaced whole rather than patched.
    MAX_PATCHED = 4

    def __init__(self, planes: PlaneBytes, channels: Sequence[Channel]) -> None:
        self.planes = planes
        self.channels = tuple(channels)
        self.plane_bytes = planes.rows * planes.cols * FLOAT_BYTES
        self.zero_plane = bytes(self.plane_bytes)
        #: Bit length of a one-bit mask (bit index + 1) -> byte offset of its square in a plane.
        self.offset_of = [0] * (planes.rows * planes.stride + 1)
        for row in range(planes.rows):
            for col in range(planes.cols):
                self.offset_of[row * planes.stride + col + 1] = (row * planes.cols + col) * FLOAT_BYTES
        layer_count = max((layer for channel in self.channels for layer in channel.layers), default=-1) + 1
        #: Per layer index, the planes reading that layer alone: ``(byte offset, channel)``.
        self.single_readers: list[list[tuple[int, Channel]]] = [[] for _ in range(layer_count)]
        #: Per layer index, the planes reading it with other layers: ``(byte offset, channel)``.
        self.shared_readers: list[list[tuple[int, Channel]]] = [[] for _ in range(layer_count)]
        #: The channels whose planes are 0/1 (built from the :class:`PlaneBytes` cache).
        self.binary: set[Channel] = set()
        for c, channel in enumerate(self.channels):
            if channel.values[0] not in (_ZERO, _ONE):
                raise ValueError("a channel's value where no layer holds the square must be 0 or 1")
            readers = self.single_readers if len(channel.layers) == 1 else self.shared_readers
            if channel.binary:
                self.binary.add(channel)
            for layer in channel.layers:
                readers[layer].append((c * self.plane_bytes, channel))

    def build(self, layers: Sequence[int]) -> bytes:
        """The block from scratch."""
        return b"".join([self._plane(channel, layers) for channel in self.channels])

    def build_from(self, layers: Sequence[int], earlier: EarlierBlock | None) -> bytes:
        """The block of ``layers``: patched from ``earlier`` when there is one, else built."""
        if earlier is None:
            return self.build(layers)
        return self.update(earlier.layers, earlier.planes, layers)

    def update(self, old_layers: Sequence[int], old_block: bytes, layers: Sequence[int]) -> bytes:
        """The block of ``layers``, patched from ``old_block``, the block of ``old_layers``
        (any kingdom of the same geometry: the fewer squares differ, the faster)."""
        block = bytearray(old_block)
        offset_of, plane_bytes, most = self.offset_of, self.plane_bytes, self.MAX_PATCHED
        shared: dict[int, Channel] = {}
        for i, readers in enumerate(self.single_readers):
            new = layers[i]
            diff = old_layers[i] ^ new
            if not diff:
                continue
            for base, channel in readers:
                squares = diff & channel.within
                if squares.bit_count() > most:
                    block[base : base + plane_bytes] = self._plane(channel, layers)
                    continue
                absent, present = channel.values
                while squares:
                    low = squares & -squares
                    at = base + offset_of[low.bit_length()]
                    block[at : at + FLOAT_BYTES] = present if new & low else absent
                    squares ^= low
            for base, channel in self.shared_readers[i]:
                shared[base] = channel
        for base, channel in shared.items():
            squares = 0
            for layer in channel.layers:
                squares |= old_layers[layer] ^ layers[layer]
            squares &= channel.within
            if squares.bit_count() > most:
                block[base : base + plane_bytes] = self._plane(channel, layers)
            else:
                self._write(block, base, channel, layers, squares)
        return bytes(block)

    def _plane(self, channel: Channel, layers: Sequence[int]) -> bytes:
        """One plane from scratch: 0/1 planes from the :class:`PlaneBytes` cache, others square
        by square."""
        if channel in self.binary:
            return self.planes.plane(self._ones(channel, layers))
        block = bytearray(self.zero_plane)
        union = 0
        for layer in channel.layers:
            union |= layers[layer]
        self._write(block, 0, channel, layers, union & channel.within)
        return bytes(block)

    @staticmethod
    def _ones(channel: Channel, layers: Sequence[int]) -> int:
        """The squares where a 0/1 channel is 1."""
        found = 0
        for code, value in enumerate(channel.values):
            if value == _ONE:
                squares = channel.within
                for j, layer in enumerate(channel.layers):
                    squares &= layers[layer] if code >> j & 1 else ~layers[layer]
                found |= squares
        return found

    def _write(
        self, block: bytearray, base: int, channel: Channel, layers: Sequence[int], squares: int
    ) -> None:
        """Write the channel's value on each square of ``squares`` (plane at byte ``base``)."""
        values, offset_of = channel.values, self.offset_of
        members = [layers[layer] for layer in channel.layers]
        while squares:
            low = squares & -squares
            code = 0
            for j, member in enumerate(members):
                if member & low:
                    code |= 1 << j
            at = base + offset_of[low.bit_length()]
            block[at : at + FLOAT_BYTES] = values[code]
            squares ^= low


class SnapshotMemo:
    """Last value computed from a few lists/ints, reused while they compare equal.

    ``get(sources)`` returns the stored result when ``sources`` (a tuple of the state's
    lists and ints, compared by value) equals the snapshot taken when it was stored; a
    snapshot copies the lists, so later in-place changes to the state can never make a
    stale result look current. Comparing equal lists of small ints is a few nanoseconds
    per element, far cheaper than hashing them into a dictionary key.
    """

    __slots__ = ("_entry",)

    def __init__(self) -> None:
        self._entry: tuple[tuple[object, ...], bytes] | None = None

    def get(self, sources: tuple[object, ...]) -> bytes | None:
        entry = self._entry
        if entry is not None and entry[0] == sources:
            return entry[1]
        return None

    def put(self, sources: tuple[object, ...], value: bytes) -> bytes:
        self._entry = (tuple(_snapshot(source) for source in sources), value)
        return value


def _snapshot(value: object) -> object:
    """A copy of ``value`` sharing nothing mutable with it: lists and tuples are copied, and so
    are their items when they are lists or tuples themselves (items of a list are all alike)."""
    if isinstance(value, list | tuple):
        if value and isinstance(value[0], list | tuple):
            return type(value)(_snapshot(item) for item in value)
        return value.copy() if isinstance(value, list) else value
    return value
