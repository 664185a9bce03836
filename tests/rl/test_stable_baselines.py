"""Stable-Baselines3's conventions: ``make_vec_env(id)`` asks for ``render_mode="rgb_array"``.

SB3's ``make_vec_env`` makes each env with ``gymnasium.make(id, render_mode="rgb_array",
**env_kwargs)`` (falling back without it only on a ``TypeError``): an env refusing that mode
failed there. The first tests make the env exactly that way, and with Gymnasium's own vector
env; the SB3 ones run where ``stable_baselines3`` is installed (the ``train`` extra, which
``./scripts/test`` installs) and skip elsewhere.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium as gym
from gymnasium.vector import SyncVectorEnv

from kingdomino.rl.gymnasium_env import ENV_ID

MODULE_ID = f"kingdomino.rl.gymnasium_env:{ENV_ID}"
ENV_KWARGS: dict[str, Any] = {"game": "kingdomino", "players": 2, "opponents": "random"}


def test_the_env_is_made_as_make_vec_env_makes_it() -> None:
    kwargs = {"render_mode": "rgb_array", **ENV_KWARGS}
    env = gym.make(MODULE_ID, **kwargs)
    env.reset(seed=0)
    frame = env.render()
    assert isinstance(frame, np.ndarray)
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3


def test_gymnasium_vector_env_steps_and_renders_with_masks() -> None:
    envs = gym.make_vec(
        MODULE_ID, num_envs=2, vectorization_mode="sync", render_mode="rgb_array", **ENV_KWARGS
    )
    assert isinstance(envs, SyncVectorEnv)  # whose reset takes a seed per env
    _, info = envs.reset(seed=[1, 2])
    for _ in range(5):
        actions = np.array([np.flatnonzero(mask)[0] for mask in info["action_mask"]])
        _, _, _, _, info = envs.step(actions)
    frames = envs.render()
    assert len(frames) == 2 and np.shape(frames[0]) == np.shape(frames[1])
    envs.close()


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("observation", ["vector", "planes"])
def test_sb3_make_vec_env(observation: str) -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_checker import check_env
    from stable_baselines3.common.env_util import make_vec_env

    vec_env = make_vec_env(MODULE_ID, n_envs=2, seed=3, env_kwargs={**ENV_KWARGS, "observation": observation})
    vec_env.reset()
    for _ in range(5):
        masks = vec_env.env_method("action_masks")
        vec_env.step(np.array([np.flatnonzero(mask)[0] for mask in masks]))
    images = vec_env.get_images()
    assert len(images) == 2 and images[0] is not None and images[0].dtype == np.uint8
    check_env(gym.make(MODULE_ID, **ENV_KWARGS, observation=observation).unwrapped)
    vec_env.close()
