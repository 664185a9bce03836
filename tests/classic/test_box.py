"""The scorer checks a kingdom's squares against the box's dominoes: a square the box lacks, or has
fewer of, is a typo the score would otherwise count as written."""

from __future__ import annotations

import random

import pytest
from tests.classic.helpers import new_state, play_random

from kingdomino.games.classic.scorer import score_text
from kingdomino.games.classic.text import kingdom_text
from kingdomino.games.domino.text import BoxError


def test_a_square_the_box_lacks_is_refused_where_it_stands() -> None:
    with pytest.raises(BoxError) as refused:
        score_text("W1 W0\nC  W3", {})  # the box's wheat fields have 0 or 1 crown
    error = refused.value
    assert (error.line, error.column, error.code) == (2, 4, "not_in_box")
    assert error.values == {"terrain": "wheat", "crowns": 3}
    assert "'W3': the box has no wheat field square with 3 crowns" in str(error)


def test_one_square_more_than_the_box_has_is_refused() -> None:
    score_text("M3 C", {})
    with pytest.raises(BoxError) as refused:
        score_text("M3 C M3", {})  # one mine with 3 crowns in the box
    error = refused.value
    assert (error.line, error.column, error.code) == (1, 6, "beyond_box")
    assert error.values == {"terrain": "mine", "crowns": 3, "n": 1}
    assert str(error).endswith("'M3': one mine square with 3 crowns too many; the box has 1")


def test_any_squares_scores_what_is_written() -> None:
    assert score_text("W3 W3 C", {"any_squares": True}).total == 2 * (3 + 3)


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {}), (2, {"mighty_duel": True})])
def test_every_kingdom_a_game_builds_is_within_the_box(players: int, options: dict[str, bool]) -> None:
    """Random games to their end (Mighty Duel lays all 48 dominoes in two kingdoms): each kingdom,
    written as text, passes the check and scores as the engine scored it."""
    for seed in range(4):
        state = play_random(new_state(players, **options), random.Random(seed))
        for seat, kingdom in enumerate(state.kingdoms):
            frame = {"frame": kingdom.geometry.frame, **options}
            assert score_text(kingdom_text(kingdom), frame).total == state.score_sheet(seat).total
