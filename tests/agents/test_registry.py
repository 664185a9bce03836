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
    assert set(registry.AGENTS) == expected, (
        "a new built-in kind is named here too, and in docs/agents.md's tables (CONTRIBUTING.md)"
    )
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


#: The parameters that keep a kind's test quick (a search's budget); a kind not named here is made
#: by its bare name.
QUICK = {"mce": "mce:iterations=8", "mcts": "mcts:iterations=8"}


@pytest.mark.parametrize("kind", sorted(registry.AGENTS))
def test_every_agent_refuses_a_state_where_no_seat_decides(kind: str) -> None:
    """Asked at the end of a game or where chance acts, every agent of the table says why (they
    failed each their own way: IndexError, a math domain error, a bare assertion, or a chance
    outcome); a kind added to the table is checked here without being named."""
    import random

    from kingdomino import make_game
    from kingdomino.core.game import GameError, IllegalActionError

    agent = make_agent(QUICK.get(kind, kind), seed=1)
    state = make_game("kingdomino", 2).new_initial_state()
    assert state.is_chance()
    with pytest.raises(GameError, match="chance acts now"):
        agent.act(state)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    with pytest.raises(GameError, match="the game is over"):
        agent.act(state)
    with pytest.raises(IllegalActionError, match=r"expected an integer action code, got 725\.0"):
        make_game("origins", 2).new_initial_state().apply(725.0)  # type: ignore[arg-type]
