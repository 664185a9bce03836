"""``render_mode="rgb_array"``: a picture of the position for every game, its content, video
wrappers and PNG files."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
from gymnasium.wrappers import RenderCollection

from kingdomino.core.game import OptionValue
from kingdomino.rl import pettingzoo_env
from kingdomino.rl.gymnasium_env import ENV_ID, GameEnv
from kingdomino.rl.picture import (
    BACKGROUND,
    CELL,
    OWNER,
    SEAT_COLOURS,
    WHITE,
    PositionPainter,
    rgb,
    write_png,
)

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS

ALL = [(name, players, None) for name, players in CONFIGS] + VARIANTS
ALL_IDS = IDS + VARIANT_IDS


def pixel(frame: np.ndarray, y: int, x: int) -> tuple[int, int, int]:
    """The colour of a square, read at its bottom right (dots sit at its top)."""
    red, green, blue = (int(v) for v in frame[y + CELL - 3, x + CELL - 3])
    return red, green, blue


def terrain_of(square: dict[str, Any]) -> str | None:
    return square.get("terrain", square.get("coat"))


def assert_frame_shows_view(painter: PositionPainter, frame: np.ndarray, view: dict[str, Any]) -> None:
    """Every square of every kingdom and every piece of every line in its legend colour, at
    its place; every castle in its seat's colour."""
    legend = view["legend"]
    boards = view["kingdoms"] if "kingdoms" in view else view["maps"]
    for seat, board in enumerate(boards):
        for square in board["squares"]:
            if (square["row"], square["col"]) == (0, 0):
                continue
            expected = rgb(legend[terrain_of(square)]["colour"]) if terrain_of(square) in legend else None
            if expected is not None:
                assert pixel(frame, *painter.square_at(seat, square["row"], square["col"])) == expected
        assert pixel(frame, *painter.square_at(seat, 0, 0)) == rgb(SEAT_COLOURS[seat])
    for line, (name, _, _) in enumerate(painter.lines):
        for index, piece in enumerate(view[name]):
            y, x = painter.piece_at(line, index)
            for half_index, half in enumerate(piece.get("halves", [piece])):
                if terrain_of(half) in legend:
                    colour = rgb(legend[terrain_of(half)]["colour"])
                    assert pixel(frame, y, x + OWNER + half_index * CELL) == colour


@pytest.mark.parametrize(("name", "players", "options"), ALL, ids=ALL_IDS)
def test_rgb_array_pictures_every_position_of_an_episode(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    env = GameEnv(name, players, options, opponents="random", seat=players - 1, render_mode="rgb_array")
    painter = PositionPainter(env.game)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    frames = 0
    while True:
        frame = env.render()
        assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
        assert frame.shape == painter.shape and frame.shape[0] % 16 == frame.shape[1] % 16 == 0
        assert_frame_shows_view(painter, frame, env.state.view(env.seat))
        frames += 1
        _, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if terminated:
            break
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    assert_frame_shows_view(painter, frame, env.state.view(env.seat))
    assert frames > 10


def test_the_learners_panel_is_framed_and_scores_are_drawn() -> None:
    env = GameEnv("kingdomino", 2, seat=1, render_mode="rgb_array")
    env.reset(seed=1)
    painter = env._painter
    assert painter is not None
    view = env.state.view(1)
    frame = painter.paint(view)
    castle_y, castle_x = painter.square_at(1, 0, 0)
    top = castle_y - (painter.rows // 2) * CELL
    framed = tuple(int(v) for v in frame[castle_y, castle_x - (painter.cols // 2) * CELL - 1])
    other_y, other_x = painter.square_at(0, 0, 0)
    unframed = tuple(int(v) for v in frame[other_y, other_x - (painter.cols // 2) * CELL - 1])
    assert (framed, unframed) == (rgb(WHITE), rgb(BACKGROUND))
    header = (slice(top - 16, top), slice(castle_x - (painter.cols // 2) * CELL, castle_x))
    changed = painter.paint({**view, "scores": [0, 123]})
    assert not np.array_equal(frame[header], changed[header])
    white = np.all(changed[header] == 255, axis=-1).sum()
    assert white > np.all(frame[header] == 255, axis=-1).sum()


def test_a_spectator_picture_frames_no_panel() -> None:
    env = pettingzoo_env.raw_env("duel", 2, render_mode="rgb_array")
    env.reset(seed=2)
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    painter = PositionPainter(env.game)
    assert frame.shape == painter.shape
    assert np.array_equal(frame, painter.paint(env.engine_state.view(None)))
    assert_frame_shows_view(painter, frame, env.engine_state.view(None))
    assert not np.all(frame[6:8, 6 : frame.shape[1] // 2] == 255)


def test_render_collection_gathers_a_frame_per_step() -> None:
    """What a video recorder gets: one frame of one size per reset and step (``RecordVideo``
    needs moviepy, tested below where it is installed)."""
    env = RenderCollection(gym.make(ENV_ID, game="origins", players=2, render_mode="rgb_array"))
    _, info = env.reset(seed=4)
    steps = 0
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
    frames = env.render()
    assert isinstance(frames, list)
    assert len(frames) == steps + 1
    assert len({np.shape(frame) for frame in frames}) == 1
    assert not np.array_equal(frames[0], frames[-1])


def test_record_video_writes_an_episode(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    from gymnasium.wrappers import RecordVideo

    env = RecordVideo(
        gym.make(ENV_ID, game="duel", render_mode="rgb_array"), str(tmp_path), disable_logger=True
    )
    _, info = env.reset(seed=1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.close()  # type: ignore[no-untyped-call]
    assert list(tmp_path.glob("*.mp4"))


def read_png(path: Path) -> np.ndarray:
    """The pixels of a PNG written by :func:`write_png` (8-bit RGB, filter 0, one IDAT)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        tag, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0] == zlib.crc32(tag + body)
        chunks[tag] = body
        at += 12 + length
    width, height = struct.unpack(">II", chunks[b"IHDR"][:8])
    rows = np.frombuffer(zlib.decompress(chunks[b"IDAT"]), dtype=np.uint8).reshape(height, -1)
    assert not rows[:, 0].any()
    return rows[:, 1:].reshape(height, width, 3)


def test_write_png_saves_the_frame(tmp_path: Path) -> None:
    env = GameEnv("kingdomino", 3, render_mode="rgb_array")
    env.reset(seed=3)
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    write_png(tmp_path / "position.png", frame)
    assert np.array_equal(read_png(tmp_path / "position.png"), frame)
    with pytest.raises(ValueError, match="frame: expected a uint8 array"):
        write_png(tmp_path / "bad.png", frame.astype(np.float32))
