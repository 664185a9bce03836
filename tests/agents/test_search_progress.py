"""A running search tells how far it is (``agents.progress``), without changing its move."""

from __future__ import annotations

import random

import pytest

from kingdomino import make_game
from kingdomino.agents import make_agent
from kingdomino.agents.progress import reporting
from kingdomino.core.game import State


def opening(players: int = 3, seed: int = 2) -> State:
    """A first move of a Kingdomino game (many candidates: a real search)."""
    state = make_game("kingdomino", players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance():
        state.apply(state.sample_chance(rng))
    return state


@pytest.mark.parametrize(
    "spec", ["mce:iterations=60,playout=random,prune=6", "mcts:iterations=40,playout=player-greedy,prune=8"]
)
def test_a_search_reports_increasing_progress_up_to_its_whole_budget(spec: str) -> None:
    state = opening()
    unfollowed = make_agent(spec, seed=5).act(state.clone())
    seen: list[float] = []
    with reporting(seen.append):
        followed = make_agent(spec, seed=5).act(state.clone())
    iterations = int(spec.split("iterations=")[1].split(",")[0])
    assert len(seen) == iterations  # once per playout
    assert seen == sorted(seen) and 0 < seen[0] < seen[-1] == 1.0
    assert followed == unfollowed  # being followed changes nothing of the search


def test_a_search_timed_in_seconds_reports_its_share_of_the_time() -> None:
    seen: list[float] = []
    with reporting(seen.append):
        make_agent("mce:time=0.2,playout=random,prune=6", seed=5).act(opening())
    assert seen == sorted(seen) and seen[-1] == 1.0 and 0 <= seen[0] < 0.5


def test_greedy_reports_nothing() -> None:
    seen: list[float] = []
    with reporting(seen.append):
        make_agent("greedy", seed=5).act(opening())
    assert seen == []
