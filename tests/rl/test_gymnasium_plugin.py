"""``gymnasium.make("kingdomino/GameEnv-v0")`` without importing this package first, through
Gymnasium's plugin entry points (the group ``gymnasium.envs``).

Gymnasium 0.29 loads the group on ``import gymnasium`` (``load_plugin_envs``: each entry point's
name is a namespace, its function is called inside it); Gymnasium 1.0 removed that loader. These
tests check the declaration (``pyproject.toml`` and the installed metadata), run the hook exactly
as 0.29's loader does, in a fresh interpreter, and, where the installed Gymnasium still loads
plugins, ``import gymnasium`` alone.
"""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

from kingdomino.rl.gymnasium_plugin import ENV_ID, register_gymnasium_envs

GROUP = "gymnasium.envs"
VALUE = "kingdomino.rl.gymnasium_plugin:register_gymnasium_envs"
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def run(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter (a registry and modules of its own)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120
    )


def test_pyproject_declares_the_plugin_entry_point() -> None:
    entry_points = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["entry-points"]
    assert entry_points[GROUP] == {"kingdomino": VALUE}
    assert ENV_ID.split("/")[0] == "kingdomino"  # the entry point's name is the id's namespace


def test_the_installed_package_declares_it() -> None:
    """The metadata Gymnasium reads (``importlib.metadata``); an editable install made before the
    declaration lacks it until ``pip install -e .`` runs again (``scripts/test`` does, as CI)."""
    found = [ep for ep in importlib.metadata.entry_points(group=GROUP) if ep.value == VALUE]
    if not found and not os.environ.get("CI"):
        pytest.skip("the installed kingdomino predates its gymnasium.envs entry point: pip install -e .")
    assert [ep.name for ep in found] == ["kingdomino"]
    assert found[0].load() is register_gymnasium_envs


def test_the_hook_registers_the_id_as_gymnasiums_plugin_loader_calls_it() -> None:
    """As ``load_plugin_envs`` does: load the entry point's function and call it inside the
    namespace named by the entry point. The hook imports neither the environment nor anything of
    Gymnasium's but its registry (it runs while ``import gymnasium`` does); ``make`` then works."""
    result = run(
        f"""
        import importlib.metadata, sys
        from gymnasium.envs.registration import namespace, registry
        import gymnasium
        entry = importlib.metadata.EntryPoint(name="kingdomino", value={VALUE!r}, group={GROUP!r})
        registry.pop({ENV_ID!r}, None)  # a Gymnasium that loads plugins registered it on import
        with namespace(entry.name):
            entry.load()()
        assert "kingdomino.rl.gymnasium_env" not in sys.modules, "the hook imported the environment"
        assert registry[{ENV_ID!r}].entry_point == "kingdomino.rl.gymnasium_env:GameEnv"
        env = gymnasium.make({ENV_ID!r}, game="duel", opponents="greedy")
        observation, info = env.reset(seed=1)
        assert observation.shape == env.observation_space.shape and info["action_mask"].any()
        print("ok")
        """
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr


def test_registering_twice_keeps_one_id_and_no_warning() -> None:
    """The hook, then the environment's module (which registers too): one id, no "Overriding"
    warning from Gymnasium."""
    result = run(
        """
        import warnings
        warnings.simplefilter("error")
        from kingdomino.rl.gymnasium_plugin import register_gymnasium_envs
        register_gymnasium_envs()
        import kingdomino.rl.gymnasium_env
        register_gymnasium_envs()
        print("ok")
        """
    )
    assert result.returncode == 0 and "Overriding" not in result.stderr, result.stderr


def test_import_gymnasium_alone_registers_it_where_gymnasium_loads_plugins() -> None:
    import gymnasium.envs.registration as registration

    if not hasattr(registration, "load_plugin_envs"):
        pytest.skip(f"Gymnasium {importlib.metadata.version('gymnasium')} loads no plugins (removed in 1.0)")
    found = [ep for ep in importlib.metadata.entry_points(group=GROUP) if ep.value == VALUE]
    if not found:
        pytest.skip("the installed kingdomino predates its gymnasium.envs entry point: pip install -e .")
    result = run(
        f"""
        import gymnasium
        env = gymnasium.make({ENV_ID!r}, game="kingdomino", players=2, opponents="random")
        env.reset(seed=3)
        print("ok")
        """
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr
