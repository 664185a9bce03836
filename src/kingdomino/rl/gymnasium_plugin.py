"""Gymnasium's plugin hook: the id of :class:`kingdomino.rl.gymnasium_env.GameEnv`, registered
on ``import gymnasium`` where Gymnasium loads plugins.

``pyproject.toml`` declares :func:`register_gymnasium_envs` in the entry point group
``gymnasium.envs`` under the name ``kingdomino`` (the id's namespace). Gymnasium 0.29
(``gymnasium.envs.registration.load_plugin_envs``) calls it while ``import gymnasium`` runs, so
``gymnasium.make("kingdomino/GameEnv-v0", ...)`` works without importing this package first.
Gymnasium 1.0 removed that loader (1.4, the version this project is tested with, has no
``load_plugin_envs``, and reads no entry point): there the id works once
:mod:`kingdomino.rl.gymnasium_env` is imported, or as
``gymnasium.make("kingdomino.rl.gymnasium_env:kingdomino/GameEnv-v0", ...)``, which imports it.

The hook runs while Gymnasium itself is being imported, so it imports neither the environment
nor ``gymnasium`` at its top: it registers the id with the environment's import path alone,
and the environment is imported at the first ``make``.
"""

from __future__ import annotations

#: The environment's id: ``gymnasium.make(ENV_ID, game="kingdomino", players=2, opponents="greedy")``.
ENV_ID = "kingdomino/GameEnv-v0"
#: Where Gymnasium finds the environment at ``make`` time.
ENTRY_POINT = "kingdomino.rl.gymnasium_env:GameEnv"


def register_gymnasium_envs() -> None:
    """Register :data:`ENV_ID` (once): the function the ``gymnasium.envs`` entry point names."""
    from gymnasium.envs.registration import register, registry

    if ENV_ID not in registry:
        register(id=ENV_ID, entry_point=ENTRY_POINT)
