"""Agents that choose actions through the engine protocol, found by spec string.

>>> from kingdomino import make_game
>>> agent = make_agent("greedy", seed=1)
>>> agent.name
'greedy'
"""

from kingdomino.agents.base import Agent, AgentSpecError, Candidate, parse_agent_spec
from kingdomino.agents.registry import agent_kinds, make_agent, register_agent

__all__ = [
    "Agent",
    "AgentSpecError",
    "Candidate",
    "agent_kinds",
    "make_agent",
    "parse_agent_spec",
    "register_agent",
]
