"""The one-ply agents: ``greedy`` (largest immediate gain) and ``heuristic``, ties broken at random.

``greedy`` is a plain one-ply player: it places where its own score gains most and,
on its own, claims the domino whose best placement gains most. It is *not* the
"full greedy" of Gedda et al. (2018), which values a placement together with the
domino it claims and filters destructive kingdoms: that one is ``full-greedy``
(:mod:`kingdomino.agents.full_greedy`), the paper's yardstick.
``heuristic`` maximises the game's one-ply outlook instead (``State.best_estimates``:
the immediate gain plus what the move does to the future; in Duel the spellbook
races, powers and the castle bonus timed, the draft against the opponent's
answer), a much stronger one-ply player. The gains come from the engine, so neither agent knows a rule itself
and both play every game of the family.
"""

from __future__ import annotations

from kingdomino.agents.base import (
    Agent,
    AgentSpecError,
    Candidate,
    best_by_gain,
    no_params,
    ranked_by_gain,
)
from kingdomino.core.game import State


class GreedyAgent(Agent):
    """Greedy; with ``epsilon`` > 0 it plays a random legal action that often (a weaker player)."""

    name = "greedy"
    reseedable = True

    def __init__(self, seed: int | None = None, epsilon: float = 0.0, heuristic: bool = False) -> None:
        super().__init__(seed)
        self.epsilon = epsilon
        self.heuristic = heuristic
        if heuristic:
            self.name = "heuristic"

    def gains(self, state: State) -> list[tuple[int, float]]:
        """The gain of each legal action this agent maximises."""
        return state.best_estimates() if self.heuristic else state.score_gains()

    def analyse(self, state: State, keep: int | None = None) -> list[Candidate]:
        """Legal actions ranked by the gain this agent maximises."""
        return ranked_by_gain(state, self.gains(state))

    def act(self, state: State) -> int:
        if self.epsilon and self.rng.random() < self.epsilon:
            legal = state.legal_actions()
            return legal[int(self.rng.random() * len(legal))]
        return best_by_gain(state, self.gains(state), self.rng)


def _epsilon(kind: str, params: dict[str, str]) -> float:
    epsilon = params.pop("epsilon", "0")
    no_params(kind, params)
    try:
        value = float(epsilon)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise AgentSpecError(f"agent {kind!r}: epsilon must be a number from 0 to 1, got {epsilon!r}")
    return value


def make_greedy(params: dict[str, str], seed: int | None) -> Agent:
    """The ``greedy`` kind: best immediate gain (``epsilon``: share of random moves)."""
    return GreedyAgent(seed, _epsilon("greedy", params))


def make_heuristic(params: dict[str, str], seed: int | None) -> Agent:
    """The ``heuristic`` kind: best gain plus the engine's outlook (``epsilon`` as ``greedy``)."""
    return GreedyAgent(seed, _epsilon("heuristic", params), heuristic=True)
