"""``observation="planes"``: the encoder's vector cut into boards as channels and the rest."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium import spaces
from gymnasium.utils.env_checker import check_env

from kingdomino.core.game import GameError, OptionValue
from kingdomino.rl.gymnasium_env import GameEnv
from kingdomino.rl.planes import Planes

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS

ALL = [(name, players, None) for name, players in CONFIGS] + VARIANTS
ALL_IDS = IDS + VARIANT_IDS


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "players", "options"), ALL, ids=ALL_IDS)
def test_planes_pass_check_env_and_hold_the_vectors_values(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    env = GameEnv(name, players, options, observation="planes", seat=players - 1)
    check_env(env, skip_render_check=True)
    vector_env = GameEnv(name, players, options, seat=players - 1)
    space: spaces.Space[Any] = env.observation_space
    assert isinstance(space, spaces.Dict)
    (board_offset, board_shape), *_ = (
        section for section in env.encoder.layout.values() if len(section[1]) == 4
    )
    obs, info = env.reset(seed=7)
    vector, _ = vector_env.reset(seed=7)
    for _ in range(6):
        assert env.observation_space.contains(obs)
        assert isinstance(obs, dict) and isinstance(vector, np.ndarray)
        players_, channels, rows, cols = board_shape
        assert obs["board"].shape == (players_ * channels, rows, cols)
        size = math.prod(board_shape)
        assert np.array_equal(obs["board"].ravel(), vector[board_offset : board_offset + size])
        rest = np.concatenate([vector[:board_offset], vector[board_offset + size :]])
        assert np.array_equal(obs["features"], rest)
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, _, terminated, _, info = env.step(action)
        vector, *_ = vector_env.step(action)
        if terminated:
            break


def test_the_board_is_the_seats_channels_from_the_learners_seat() -> None:
    env = GameEnv("kingdomino", 3, observation="planes", seat=2)
    obs, _ = env.reset(seed=1)
    assert isinstance(obs, dict)
    offset, (players, channels, rows, cols) = env.encoder.layout["kingdoms"]
    vector = env.encoder.encode(env.state, 2)
    shape = (players, channels, rows, cols)
    kingdoms = vector[offset : offset + math.prod(shape)].reshape(shape)
    assert np.array_equal(obs["board"][channels : 2 * channels], kingdoms[1])
    assert Planes(env.encoder).board_shape == (3 * channels, rows, cols)


def test_an_unknown_observation_kind_is_refused_by_name() -> None:
    with pytest.raises(GameError, match="observation: expected 'vector' or 'planes', got 'image'"):
        unknown: Any = "image"  # not an ObservationKind: what an untyped caller may pass
        GameEnv("kingdomino", 2, observation=unknown)
