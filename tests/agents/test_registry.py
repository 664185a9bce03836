"""The agent registry: one explicit table, no kind added by importing a module."""

from __future__ import annotations

import pytest

from kingdomino.agents import (
    Agent,
    AgentSpecError,
    agent_kinds,
    make_agent,
    parse_agent_spec,
    register_agent,
    registry,
)
from kingdomino.agents.levels import LEVEL_KINDS, LEVELS
from kingdomino.agents.random_agent import RandomAgent


def test_every_kind_is_in_the_table() -> None:
    expected = {"random", "greedy", "heuristic", "full-greedy", "mce", "mcts", *LEVELS}
    assert set(registry.AGENTS) == expected
    assert set(agent_kinds()) >= expected


def test_every_level_names_a_kind_it_can_build() -> None:
    for spec in LEVELS.values():
        assert parse_agent_spec(spec)[0] in LEVEL_KINDS


def test_unknown_kind_lists_the_known_ones() -> None:
    with pytest.raises(AgentSpecError, match=r"expected one of .*greedy"):
        make_agent("nobody")


def test_a_third_party_kind_can_be_added(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_ADDED", {})

    def make(params: dict[str, str], seed: int | None) -> Agent:
        return RandomAgent(seed)

    register_agent("mine", make)
    assert "mine" in agent_kinds()
    assert isinstance(make_agent("mine", 3), RandomAgent)
