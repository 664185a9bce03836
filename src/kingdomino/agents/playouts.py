"""Playout policies and the value of a finished game, shared by the search agents.

A playout finishes a game from a state: chance is sampled, players move by a
cheap policy. Policies (Gedda et al., 2018):

- ``random``: every seat plays uniformly at random;
- ``greedy``: every seat plays the engine's best immediate gain;
- ``player-greedy``: the searching seat plays greedy, the others random;
- ``heuristic``, ``player-heuristic``, ``heuristic-greedy``: the same with the
  engine's heuristic (``State.fast_estimates``: immediate gain plus what the
  move does to the future) for the searching seat, or for every seat, and the
  others random or greedy;
- ``full-greedy``: every seat plays the paper's full greedy (``agents.full_greedy``:
  a placement valued with the best placement of the domino it claims), plain greedy
  where its idea does not apply. Far slower, and far stronger against full greedy
  itself; meant for the last rounds (the search's ``late`` setting).

The value of a finished game for each seat mixes the share of the win with
the score margin, so search still separates sure wins (or losses) by how
large they are. A playout may stop after ``depth`` decisions where the game
has an outlook (``State.expected_leads``): the position is then valued by the
seats' expected leads, mixed the same way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from kingdomino.agents.base import best_by_gain
from kingdomino.agents.full_greedy import full_greedy_move
from kingdomino.core.game import CHANCE, State

#: Playout policy name -> (the searching seat's move choice, the other seats' move choice).
POLICIES: dict[str, tuple[str, str]] = {
    "random": ("random", "random"),
    "greedy": ("greedy", "greedy"),
    "player-greedy": ("greedy", "random"),
    "heuristic": ("heuristic", "heuristic"),
    "player-heuristic": ("heuristic", "random"),
    "heuristic-greedy": ("heuristic", "greedy"),
    "full-greedy": ("full-greedy", "full-greedy"),
}


def greedy_action(state: State, rng: random.Random, heuristic: bool = False) -> int:
    """The action of best immediate gain (or heuristic gain), ties broken by ``rng``."""
    return best_by_gain(state, state.fast_estimates() if heuristic else state.score_gains(), rng)


def playout(state: State, me: int, policy: str, rng: random.Random, depth: int = 0) -> None:
    """Play ``state`` in place to the end, or until ``depth`` decisions were made (0: no limit)."""
    own, others = POLICIES[policy]
    decisions = 0
    while True:
        player = state.current_player
        if player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
            continue
        if player < 0 or (depth and decisions == depth):
            return
        decisions += 1
        choice = own if player == me else others
        if choice == "random":
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(rng.random() * len(legal))])
        elif choice == "full-greedy":
            state.apply_unchecked(full_greedy_move(state, rng))
        else:
            state.apply_unchecked(greedy_action(state, rng, choice == "heuristic"))


def playout_values(
    state: State,
    me: int,
    policy: str,
    rng: random.Random,
    depth: int,
    margin_weight: float,
    margin_scale: float,
    leads_of: Callable[[State], list[float] | None] | None = None,
) -> list[float]:
    """Each seat's value after a playout of ``state`` (in place): :func:`terminal_values` at the
    end, or :func:`estimated_values` where ``depth`` stopped it and the position has an estimate
    (``leads_of``, by default the game's outlook ``State.expected_leads``)."""
    playout(state, me, policy, rng, depth)
    if depth and not state.is_terminal():
        leads = leads_of(state) if leads_of is not None else state.expected_leads()
        if leads is not None:
            return estimated_values(leads, margin_weight, margin_scale)
        playout(state, me, policy, rng)
    return terminal_values(state, margin_weight, margin_scale)


#: Points of lead (by a game's outlook) that make a win about 73 % likely: the logistic's unit.
WIN_SPREAD = 10.0


def estimated_values(leads: list[float], margin_weight: float, margin_scale: float) -> list[float]:
    """Per seat, in [0, 1]: :func:`terminal_values`' mix for a position that is not over, the
    share of the win estimated as a logistic of the seat's expected lead (``WIN_SPREAD``)."""
    values = []
    for lead in leads:
        share = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / WIN_SPREAD))))
        margin = 0.5 + lead / (2.0 * margin_scale)
        margin = 0.0 if margin < 0.0 else 1.0 if margin > 1.0 else margin
        values.append((1.0 - margin_weight) * share + margin_weight * margin)
    return values


def terminal_values(state: State, margin_weight: float, margin_scale: float) -> list[float]:
    """Per seat, in [0, 1]: ``(1 - w) * win share + w * squashed margin over the best other seat``."""
    shares = state.returns()
    scores = state.scores()
    values = []
    for seat, share in enumerate(shares):
        best_other = max((s for other, s in enumerate(scores) if other != seat), default=0)
        margin = 0.5 + (scores[seat] - best_other) / (2.0 * margin_scale)
        margin = 0.0 if margin < 0.0 else 1.0 if margin > 1.0 else margin
        values.append((1.0 - margin_weight) * share + margin_weight * margin)
    return values
