"""A picture of a position: the RGB frame of ``render_mode="rgb_array"``, drawn with numpy alone.

It is drawn from the engine's view of one seat (``state.view(seat)``, the text the ``"ansi"``
mode returns; ``None`` for a spectator), so it shows only what that seat may see:

* one panel per seat, in seat order: the kingdom (Duel: the map) as squares around the castle,
  each terrain (Duel: coat) in its colour, crowns (crosses, fires, craters) as white dots, the
  castle in the seat's colour. Above it a strip in the seat's colour with the seat's score in
  digits and, on the seat to act, a white square. The observing seat's panel has a white frame;
* below the panels, the lines of pieces: the current row of dominoes, then the next row (Duel:
  the dice), each piece with its owner's colour at its left.

The frame's size is fixed for a configuration (video recorders need that): the kingdom window
and the number of pieces in a line are those of the game's observation layout
(:mod:`kingdomino.rl.encoders`), and both sides are multiples of 16 (video codecs' blocks).

>>> from kingdomino import make_game
>>> game = make_game("kingdomino", players=2)
>>> painter = PositionPainter(game)
>>> frame = painter.paint(game.new_initial_state().view(0))
>>> frame.shape == painter.shape, frame.dtype.name
(True, 'uint8')
"""

from __future__ import annotations

import math
import struct
import zlib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from kingdomino.core.game import Game, GameError
from kingdomino.rl.encoders import encoder_for

Frame = npt.NDArray[np.uint8]
Colour = tuple[int, int, int]

#: The seats' colours: the web UI's ``SEAT_COLOURS`` (``web/static/pictures.js``).
SEAT_COLOURS = ("#0b63a8", "#b35900", "#7a3b9a", "#007a5e")
#: The background: the web UI's ink (``INK`` in ``web/static/pictures.js``).
BACKGROUND = "#1d1d1d"
#: A square of the kingdom window that holds nothing.
EMPTY = "#3a3a3a"
#: A square whose terrain the legend does not colour (Duel's joker coat ``?``).
UNKNOWN = "#bdbdbd"
WHITE = "#ffffff"

#: Terrain colours come from the game's data, as the view's ``legend`` carries them.
TERRAIN_KEYS = ("terrain", "coat")
#: Counts drawn as dots on a square: Kingdomino's crowns, Duel's crosses, Origins' fires and craters.
MARK_KEYS = ("crowns", "crosses", "fires", "craters")
#: Who holds a piece of a line, by game.
OWNER_KEYS = ("king", "chief", "holder")
#: The lines a view may have, with the number of squares of each piece.
LINES = {"row": 2, "next_row": 2, "dice": 1}

CELL = 14
MARGIN = 8
GAP = 8
HEADER = 16
OWNER = 6
#: Most dots drawn on one square (the square has room for that many).
MAX_DOTS = 3

# A 3x5 bitmap font of the digits and the minus sign, drawn twice its size.
_GLYPHS = {
    "0": "111101101101111",
    "1": "010110010010111",
    "2": "111001111100111",
    "3": "111001111001111",
    "4": "101101111001001",
    "5": "111100111001111",
    "6": "111100111101111",
    "7": "111001001001001",
    "8": "111101111101111",
    "9": "111101111001111",
    "-": "000000111000000",
}
_SCALE = 2
_GLYPH_W, _GLYPH_H = 3 * _SCALE, 5 * _SCALE


@cache
def rgb(colour: str) -> Colour:
    """``"#rrggbb"`` as an ``(r, g, b)`` triple."""
    text = colour.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


@cache
def _glyph(char: str) -> npt.NDArray[np.bool_]:
    bits = np.array([bit == "1" for bit in _GLYPHS[char]], dtype=bool).reshape(5, 3)
    return np.kron(bits, np.ones((_SCALE, _SCALE), dtype=bool)).astype(bool)


def _round_up(value: int, step: int = 16) -> int:
    return -(-value // step) * step


class PositionPainter:
    """Draws views of ``game``'s configuration into frames of one fixed :attr:`shape`."""

    def __init__(self, game: Game) -> None:
        layout = encoder_for(game).layout
        boards = [shape for _, shape in layout.values() if len(shape) == 4]
        if len(boards) != 1:
            raise GameError(
                f"render_mode='rgb_array': game {game.name!r} needs one board section "
                "(players, channels, rows, cols) in its observation layout"
            )
        _, _, self.rows, self.cols = boards[0]
        self.players = game.num_players
        #: ``(name, pieces, squares per piece)`` of each line the game has, in drawing order.
        self.lines = [
            (name, layout[name][1][0], squares) for name, squares in LINES.items() if name in layout
        ]
        panel_w = self.cols * CELL
        self.panel_h = HEADER + self.rows * CELL
        panels_w = self.players * panel_w + (self.players - 1) * GAP
        lines_w = max(
            (pieces * (OWNER + squares * CELL + GAP) for _, pieces, squares in self.lines), default=0
        )
        lines_h = len(self.lines) * (CELL + GAP)
        width = _round_up(2 * MARGIN + max(panels_w, lines_w))
        height = _round_up(2 * MARGIN + self.panel_h + GAP + lines_h)
        #: ``(height, width, 3)``: every frame's shape.
        self.shape = (height, width, 3)
        # Background and the kingdoms' empty squares, which every frame starts from.
        self._blank = np.empty(self.shape, dtype=np.uint8)
        self._blank[:, :] = rgb(BACKGROUND)
        for seat in range(self.players):
            for row in range(self.rows):
                for col in range(self.cols):
                    _fill(
                        self._blank,
                        *self.square_at(seat, row - self.rows // 2, col - self.cols // 2),
                        rgb(EMPTY),
                    )

    def paint(self, view: Mapping[str, Any]) -> Frame:
        """The frame of ``view`` (``state.view(seat)``): a new ``uint8`` array of :attr:`shape`."""
        frame = self._blank.copy()
        legend: Mapping[str, Mapping[str, Any]] = view.get("legend", {})
        boards = view.get("kingdoms", view.get("maps", []))
        scores = view.get("scores", [])
        for seat, board in enumerate(boards[: self.players]):
            x = self._panel_x(seat)
            score = scores[seat] if seat < len(scores) else None
            self._panel(frame, x, seat, board, legend, score, view.get("current_player") == seat)
            if view.get("seat") == seat:
                self._frame(frame, MARGIN - 2, x - 2, self.panel_h + 4, self.cols * CELL + 4)
        for line, (name, pieces, _) in enumerate(self.lines):
            for index, piece in enumerate(view.get(name, [])[:pieces]):
                self._piece(frame, *self.piece_at(line, index), piece, legend)
        return frame

    def square_at(self, seat: int, row: int, col: int) -> tuple[int, int]:
        """Top left pixel ``(y, x)`` of square ``(row, col)`` (the view's coordinates, the castle at
        ``(0, 0)``) of ``seat``'s kingdom."""
        return (
            MARGIN + HEADER + (row + self.rows // 2) * CELL,
            self._panel_x(seat) + (col + self.cols // 2) * CELL,
        )

    def piece_at(self, line: int, index: int) -> tuple[int, int]:
        """Top left pixel ``(y, x)`` of piece ``index`` of line ``line`` (of :attr:`lines`); its
        squares start :data:`OWNER` pixels to the right."""
        squares = self.lines[line][2]
        return MARGIN + self.panel_h + GAP + line * (CELL + GAP), MARGIN + index * (
            OWNER + squares * CELL + GAP
        )

    def _panel_x(self, seat: int) -> int:
        return MARGIN + seat * (self.cols * CELL + GAP)

    def _panel(
        self,
        frame: Frame,
        x: int,
        seat: int,
        board: Mapping[str, Any],
        legend: Mapping[str, Mapping[str, Any]],
        score: object,
        to_act: bool,
    ) -> None:
        colour = rgb(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        width = self.cols * CELL
        frame[MARGIN : MARGIN + HEADER - 2, x : x + width] = colour
        if isinstance(score, int):
            _text(frame, MARGIN + 3, x + 3, str(score), width - 16)
        if to_act:
            frame[MARGIN + 4 : MARGIN + 10, x + width - 10 : x + width - 4] = rgb(WHITE)
        for square in board.get("squares", []):
            row, col = square["row"], square["col"]
            if 0 <= row + self.rows // 2 < self.rows and 0 <= col + self.cols // 2 < self.cols:
                _square(frame, *self.square_at(seat, row, col), square, legend)
        castle_y, castle_x = self.square_at(seat, 0, 0)
        _fill(frame, castle_y, castle_x, colour)
        frame[castle_y + 4 : castle_y + CELL - 5, castle_x + 4 : castle_x + CELL - 5] = rgb(WHITE)

    @staticmethod
    def _frame(frame: Frame, y: int, x: int, height: int, width: int) -> None:
        white = rgb(WHITE)
        frame[y : y + 2, x : x + width] = white
        frame[y + height - 2 : y + height, x : x + width] = white
        frame[y : y + height, x : x + 2] = white
        frame[y : y + height, x + width - 2 : x + width] = white

    @staticmethod
    def _piece(
        frame: Frame, y: int, x: int, piece: Mapping[str, Any], legend: Mapping[str, Mapping[str, Any]]
    ) -> None:
        owner = next((piece[key] for key in OWNER_KEYS if piece.get(key) is not None), None)
        if isinstance(owner, int):
            frame[y : y + CELL - 1, x : x + OWNER - 2] = rgb(SEAT_COLOURS[owner % len(SEAT_COLOURS)])
        halves: Sequence[Mapping[str, Any]] = piece.get("halves", [piece])
        for index, half in enumerate(halves):
            _square(frame, y, x + OWNER + index * CELL, half, legend)


def _fill(frame: Frame, y: int, x: int, colour: Colour) -> None:
    """One square, a pixel of background left on its right and bottom as the grid line."""
    frame[y : y + CELL - 1, x : x + CELL - 1] = colour


def _square(
    frame: Frame, y: int, x: int, square: Mapping[str, Any], legend: Mapping[str, Mapping[str, Any]]
) -> None:
    terrain = next((square[key] for key in TERRAIN_KEYS if key in square), None)
    entry = legend.get(terrain) if isinstance(terrain, str) else None
    _fill(frame, y, x, rgb(entry["colour"]) if entry and "colour" in entry else rgb(UNKNOWN))
    dots = sum(value for key in MARK_KEYS if isinstance(value := square.get(key, 0), int))
    for index in range(min(dots, MAX_DOTS)):
        left = x + 1 + 4 * index
        frame[y + 1 : y + 5, left : left + 4] = 0
        frame[y + 2 : y + 4, left + 1 : left + 3] = 255


def _text(frame: Frame, y: int, x: int, text: str, room: int) -> None:
    """``text`` (digits and ``-``) in white, as many characters as fit in ``room`` pixels."""
    fits = max(0, math.floor((room + _SCALE) / (_GLYPH_W + _SCALE)))
    for index, char in enumerate(text[:fits]):
        left = x + index * (_GLYPH_W + _SCALE)
        frame[y : y + _GLYPH_H, left : left + _GLYPH_W][_glyph(char)] = 255


def write_png(path: str | Path, frame: Frame) -> None:
    """Save ``frame`` (``uint8``, ``(height, width, 3)``) as a PNG file, with the standard library
    alone (no imaging library needed to look at a position)."""
    if frame.dtype != np.uint8 or frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError(f"frame: expected a uint8 array (height, width, 3), got {frame.dtype} {frame.shape}")
    height, width, _ = frame.shape
    rows = np.zeros((height, 1 + width * 3), dtype=np.uint8)  # each row: filter type 0, then pixels
    rows[:, 1:] = frame.reshape(height, width * 3)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    Path(path).write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows.tobytes()))
        + chunk(b"IEND", b"")
    )
