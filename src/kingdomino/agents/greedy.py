"""The ``greedy`` agent: the action with the largest immediate gain, ties broken at random.

"Full greedy" in the sense of Gedda et al. (2018): it places where its own
score gains most and claims the domino whose best placement gains most. The
gains come from the engine (``State.immediate_gains``), so the agent knows no
rule itself and plays every game of the family.
"""

from __future__ import annotations

from kingdomino.agents.base import Agent, AgentSpecError, no_params, register_agent
from kingdomino.core.game import State


class GreedyAgent(Agent):
    """Greedy; with ``epsilon`` > 0 it plays a random legal action that often (a weaker player)."""

    name = "greedy"

    def __init__(self, seed: int | None = None, epsilon: float = 0.0) -> None:
        super().__init__(seed)
        self.epsilon = epsilon

    def act(self, state: State) -> int:
        if self.epsilon and self.rng.random() < self.epsilon:
            legal = state.legal_actions()
            return legal[int(self.rng.random() * len(legal))]
        gains = state.immediate_gains()
        if not gains:
            legal = state.legal_actions()
            return legal[int(self.rng.random() * len(legal))]
        best = max(gain for _, gain in gains)
        ties = [action for action, gain in gains if gain == best]
        return ties[int(self.rng.random() * len(ties))] if len(ties) > 1 else ties[0]


def _make(params: dict[str, str], seed: int | None) -> Agent:
    epsilon = params.pop("epsilon", "0")
    no_params("greedy", params)
    try:
        value = float(epsilon)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise AgentSpecError(f"agent 'greedy': epsilon must be a number from 0 to 1, got {epsilon!r}")
    return GreedyAgent(seed, value)


register_agent("greedy", _make)
