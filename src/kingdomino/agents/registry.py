"""Every agent kind of the package and its factory, in one explicit table.

``make_agent`` and ``agent_kinds`` read :data:`AGENTS`; no module adds itself by being
imported. :func:`register_agent` remains for code outside the package that brings a kind
of its own (it goes to a separate table, so the built-in one stays as written here).

>>> agent_kinds()[:3]
['easy', 'full-greedy', 'greedy']
"""

from __future__ import annotations

import functools
from types import MappingProxyType

from kingdomino.agents.base import Agent, AgentFactory, AgentSpecError, parse_agent_spec
from kingdomino.agents.full_greedy import make_full_greedy
from kingdomino.agents.greedy import make_greedy, make_heuristic
from kingdomino.agents.levels import LEVELS, level_factory
from kingdomino.agents.random_agent import make_random
from kingdomino.agents.search import make_mce, make_mcts

#: The built-in agent kinds: kind -> factory.
AGENTS: MappingProxyType[str, AgentFactory] = MappingProxyType(
    {
        "random": make_random,
        "greedy": make_greedy,
        "heuristic": make_heuristic,
        "full-greedy": make_full_greedy,
        "mce": make_mce,
        "mcts": make_mcts,
        **{level: level_factory(level) for level in LEVELS},
    }
)

#: Kinds added by third parties with :func:`register_agent`.
_ADDED: dict[str, AgentFactory] = {}


def register_agent(kind: str, factory: AgentFactory) -> None:
    """Add agent kind ``kind`` from outside the package (a built-in kind of that name is shadowed)."""
    _ADDED[kind] = factory


def _factory(kind: str) -> AgentFactory | None:
    return _ADDED.get(kind) or AGENTS.get(kind)


def agent_kinds() -> list[str]:
    """Every agent kind, built-in and added, sorted."""
    return sorted({*AGENTS, *_ADDED})


@functools.lru_cache(maxsize=256)
def _parsed(spec: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """``parse_agent_spec`` once per spec: ``simulate`` makes every seat's agent anew each game."""
    kind, params = parse_agent_spec(spec)
    return kind, tuple(params.items())


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent described by ``spec``, seeded with ``seed``."""
    kind, params = _parsed(spec)
    factory = _factory(kind)
    if factory is None:
        raise AgentSpecError(
            f"agent {spec!r}: unknown kind {kind!r}; expected one of {', '.join(agent_kinds())}"
        )
    return factory(dict(params), seed)
