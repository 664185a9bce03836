"""The steps a table stores: an action of a seat, and the chance steps drawn after it.

Chance is sampled from the game's seed, never chosen by a seat, and each draw is keyed by what it
draws (``State.chance_key``), not by when: a seed deals one deal however the game is played.
"""

from __future__ import annotations

import random

from kingdomino.core.game import CHANCE, State
from kingdomino.core.seeds import derive_seed
from kingdomino.web.stored import StoredAction


def step(state: State, seat: int, action: int, index: int) -> StoredAction:
    """``action`` of ``seat`` applied to ``state``, as the store records it at ``index``."""
    description = state.describe_action(action)
    text = state.action_text(action)
    state.apply(action)
    return StoredAction(index, seat, text, description)


def chance_steps(state: State, seed: int, index: int) -> list[StoredAction]:
    """Every chance step ahead of ``state`` drawn from ``seed`` and applied, the first stored at
    ``index``; none when a seat is to act."""
    drawn: list[StoredAction] = []
    while state.current_player == CHANCE:
        rng = random.Random(derive_seed(seed, "chance", state.chance_key()))
        drawn.append(step(state, CHANCE, state.sample_chance(rng), index + len(drawn)))
    return drawn
