"""A seat outside the game is refused by name: ``view(99)`` must not answer ``"seat": 99``, nor
``score_sheet(99)`` raise a bare IndexError."""

from __future__ import annotations

import pytest

from kingdomino import make_game
from kingdomino.agents import AgentSpecError, make_agent
from kingdomino.core.game import CHANCE, GameError, OptionValue

GAMES = [("kingdomino", {}), ("duel", {}), ("origins", {"mode": "tribe"})]


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_a_seat_outside_the_game_is_refused(game: str, options: dict[str, OptionValue]) -> None:
    state = make_game(game, 2, options).new_initial_state()
    assert state.view(None)["seat"] is None and state.view(1)["seat"] == 1
    assert state.view(CHANCE)["seat"] == CHANCE  # the acting "seat" of a chance step
    for seat in (2, 99, -7):
        with pytest.raises(GameError, match=r"seat: expected 0\.\.1 or None"):
            state.view(seat)
    for seat in (2, 99, -1):
        with pytest.raises(GameError, match=r"seat: expected 0\.\.1, got"):
            state.score_sheet(seat)


def test_a_level_with_parameters_names_the_kind_to_use() -> None:
    with pytest.raises(AgentSpecError, match="use the kind 'mce'") as refused:
        make_agent("hard:iterations=50")
    assert "{iterations}" not in str(refused.value)
