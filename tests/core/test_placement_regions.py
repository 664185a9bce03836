"""What a placement does to the regions (``games.aids.placement_regions``), in every game of the
family, checked against the scorer: each placement is made on a copy of the position, and the
regions its score sheet gains are exactly the changes said, each with the points of the regions it
joins."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kingdomino.core.game import CHANCE, RegionScore, State
from kingdomino.games.aids import placement_regions
from kingdomino.games.registry import make_game


def key(region: RegionScore) -> tuple[str, frozenset[tuple[int, int]], int]:
    return region.kind, frozenset(region.cells), region.multiplier


def check_against_the_scorer(state: State) -> int:
    """Check every placement ``placement_regions`` gives at ``state``; how many there were."""
    seat = state.current_player
    found = placement_regions(state)
    before = state.score_sheet(seat).regions
    kept = {key(region) for region in before}
    for action, changes in found.items():
        after = state.clone()
        after.apply(action)
        made = [region for region in after.score_sheet(seat).regions if key(region) not in kept]
        assert len(made) == len(changes), state.action_text(action)
        for change in changes:
            (region,) = [
                r
                for r in made
                if (r.kind, r.squares) == (change.kind, change.squares) and set(change.joined) <= set(r.cells)
            ]
            assert (region.multiplier, region.points) == (change.multiplier, change.points)
            joined = [r for r in before if r.kind == region.kind and set(r.cells) <= set(region.cells)]
            assert len(joined) == len(change.joined)
            assert sum(r.points for r in joined) == change.before
    return len(found)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("kingdomino", 4, {}),
        ("kingdomino", 2, {"mighty_duel": True, "harmony": True}),
        ("origins", 2, {}),
        ("origins", 4, {"mode": "tribe"}),
        ("duel", 2, {}),
    ],
)
def test_every_placement_says_the_regions_the_scorer_then_counts(
    game: str, players: int, options: dict[str, Any]
) -> None:
    rng = random.Random(11)
    checked = 0
    for _ in range(3):
        state = make_game(game, players, options).new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            checked += check_against_the_scorer(state)
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_nothing_is_said_when_the_acting_seat_places_nothing() -> None:
    state = make_game("kingdomino", 2).new_initial_state()
    assert placement_regions(state) == {}  # the first row is being drawn
