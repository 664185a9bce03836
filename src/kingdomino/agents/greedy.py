"""The ``greedy`` agent: the action with the largest immediate gain, ties broken at random.

"Full greedy" in the sense of Gedda et al. (2018): it places where its own
score gains most and claims the domino whose best placement gains most. The
gains come from the engine (``State.immediate_gains``), so the agent knows no
rule itself and plays every game of the family.
"""

from __future__ import annotations

from kingdomino.agents.base import Agent, no_params, register_agent
from kingdomino.core.game import State


class GreedyAgent(Agent):
    name = "greedy"

    def act(self, state: State) -> int:
        gains = state.immediate_gains()
        if not gains:
            legal = state.legal_actions()
            return legal[int(self.rng.random() * len(legal))]
        best = max(gain for _, gain in gains)
        ties = [action for action, gain in gains if gain == best]
        return ties[int(self.rng.random() * len(ties))] if len(ties) > 1 else ties[0]


def _make(params: dict[str, str], seed: int | None) -> Agent:
    no_params("greedy", params)
    return GreedyAgent(seed)


register_agent("greedy", _make)
