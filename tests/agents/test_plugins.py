"""Agents of other packages (issue #65): named ``module:attribute`` in any spec, or installed under
the ``kingdomino.agents`` entry points, in every tool and in worker processes alike."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kingdomino.agents import agent_kinds, make_agent, registry
from kingdomino.agents.base import AgentSpecError
from kingdomino.cli import app, normalise_argv

PLUG_IN = """
from kingdomino.agents.random_agent import RandomAgent


class FirstLegal(RandomAgent):
    name = "first-legal"

    def __init__(self, params, seed):
        super().__init__(seed)
        self.pick = int(params.get("pick", 0))

    def act(self, state):
        legal = state.legal_actions()
        return legal[min(self.pick, len(legal) - 1)]


def make(params, seed):
    return FirstLegal(params, seed)


not_callable = 3


def not_an_agent(params, seed):
    return "a string"


class SeedOnly(RandomAgent):
    name = "seed-only"


def no_arguments():
    return SeedOnly(None)


class Cheater(RandomAgent):
    name = "cheater"

    def __init__(self, params, seed):
        super().__init__(seed)

    def act(self, state):
        return 99999
"""


@pytest.fixture
def plug_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "kd_plugin_mod.py").write_text(textwrap.dedent(PLUG_IN))
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_a_module_attribute_spec_makes_the_agent_with_its_parameters(plug_in: Path) -> None:
    agent = make_agent("kd_plugin_mod:make:pick=1", seed=3)
    assert agent.name == "first-legal" and agent.pick == 1  # type: ignore[attr-defined]
    assert make_agent("kd_plugin_mod:FirstLegal", seed=3).name == "first-legal"  # a class is a factory
    for spec, words in [
        ("kd_plugin_mod:missing", "cannot be loaded"),
        ("kd_no_such_module:make", "cannot be loaded"),
        ("kd_plugin_mod:not_callable", "expected a factory"),
        ("kd_plugin_mod:not_an_agent", "not an Agent"),
        ("mcts:iterations", "must look like key=value"),
    ]:
        with pytest.raises(AgentSpecError, match=words):
            make_agent(spec, seed=1)


def test_a_module_of_the_current_folder_that_cannot_be_imported_says_how_to_run_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A researcher's ``myagent.py`` beside her, named ``myagent:FirstLegal``: the ``kingdomino``
    command (a console script) does not import from the current folder, and the refusal said only
    "No module named 'myagent'". It says the file is there and how to run the command."""
    (tmp_path / "kd_folder_agent.py").write_text(textwrap.dedent(PLUG_IN))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [entry for entry in sys.path if entry not in ("", ".", str(tmp_path))])
    with pytest.raises(AgentSpecError, match=r"kd_folder_agent is in the current folder.*PYTHONPATH=\. "):
        make_agent("kd_folder_agent:make", seed=1)
    with pytest.raises(AgentSpecError, match=r"No module named 'kd_elsewhere'$"):
        make_agent("kd_elsewhere:make", seed=1)


def test_a_factory_that_does_not_take_params_and_seed_is_refused_in_words(plug_in: Path) -> None:
    """An Agent subclass whose ``__init__`` takes the seed alone (the base class's) is no factory:
    refused with what a factory takes, not Python's ``TypeError`` from calling it."""
    takes = r"expected a factory \(params, seed\) -> Agent.*which takes \("
    for spec in ("kd_plugin_mod:SeedOnly", "kd_plugin_mod:no_arguments"):
        with pytest.raises(AgentSpecError, match=takes):
            make_agent(spec, seed=1)
    with pytest.raises(AgentSpecError, match="'seed-only': expected a factory"):
        registry.register_agent("seed-only", make_agent("random").__class__)


def test_a_plug_in_that_does_not_take_params_and_seed_is_refused_by_the_tournament(plug_in: Path) -> None:
    result = CliRunner().invoke(
        app, normalise_argv(["tournament", "--agents", "kd_plugin_mod:SeedOnly", "greedy", "--games", "2"])
    )
    assert result.exit_code == 2, result.output
    assert "--agents: agent 'kd_plugin_mod:SeedOnly': expected a factory (params, seed)" in result.output


def test_an_installed_entry_point_is_a_kind(plug_in: Path) -> None:
    info = plug_in / "kd_plugin_mod-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kd-plugin-mod\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[kingdomino.agents]\nfirst-legal = kd_plugin_mod:make\n")
    registry._entry_points.cache_clear()
    try:
        assert "first-legal" in agent_kinds()
        assert make_agent("first-legal:pick=2", seed=1).pick == 2  # type: ignore[attr-defined]
    finally:
        registry._entry_points.cache_clear()


def test_the_tournament_plays_a_plug_in_in_its_worker_processes(plug_in: Path) -> None:
    agents = ["--agents", "kd_plugin_mod:make", "random"]
    args = normalise_argv(["tournament", *agents, "--games", "4", "--workers", "2", "--json"])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout.strip().splitlines()[-1])["agents"]
    assert {row["agent"]: row["appearances"] for row in rows} == {"kd_plugin_mod:make": 4, "random": 4}


@pytest.mark.parametrize("command", ["tournament", "simulate"])
def test_a_plug_in_s_illegal_action_is_refused_naming_its_seat_and_spec(plug_in: Path, command: str) -> None:
    """A plug-in's illegal action was applied unchecked, as the package's own agents' are: the
    engine failed deep inside (``ValueError: 99675 is not in list``, a traceback naming no agent).
    A plug-in's every action is now checked, and the refusal says whose it was, where and why."""
    agents = ["kd_plugin_mod:Cheater", "random"]
    words = ["--agents", *agents] if command == "tournament" else ["--agents", ",".join(agents)]
    result = CliRunner().invoke(app, normalise_argv([command, *words, "--games", "2"]))
    assert result.exit_code in (1, 2), result.output
    said = " ".join(result.output.split())
    assert (
        "error: agents: seat 0's agent 'kd_plugin_mod:Cheater' chose action 99999, which is not legal "
        "(game seed 1, action " in said
    ), said
    assert "is outside 0.." in said and "Traceback" not in said
