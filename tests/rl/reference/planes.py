"""What the frozen reference encoders share: numpy planes of bitboards, the layout of sections."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from kingdomino.core.observation import build_layout as build_layout

FloatArray = npt.NDArray[np.float32]


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
