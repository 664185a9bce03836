"""The ``random`` agent: a uniformly random legal action."""

from __future__ import annotations

from kingdomino.agents.base import Agent, no_params
from kingdomino.core.game import State


class RandomAgent(Agent):
    name = "random"
    reseedable = True

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[int(self.rng.random() * len(legal))]


def make_random(params: dict[str, str], seed: int | None) -> Agent:
    """The ``random`` kind (no parameters)."""
    no_params("random", params)
    return RandomAgent(seed)
