"""A game made from bad input names the input at fault (``GameError.field``), for a front end to
point at its own field without reading the message."""

from __future__ import annotations

from typing import Any

import pytest

from kingdomino.core.game import GameError
from kingdomino.games.registry import make_game


@pytest.mark.parametrize(
    ("name", "players", "options", "field"),
    [
        ("chess", 2, {}, "game"),
        ("kingdomino", True, {}, "players"),
        ("kingdomino", 5, {}, "players"),
        ("kingdomino", 3, {"mighty_duel": True}, "players"),
        ("kingdomino", 2, {"turbo": True}, "options"),
        ("kingdomino", 2, {"harmony": "yes"}, "options.harmony"),
        ("duel", 3, {}, "players"),
        ("duel", 2, {"harmony": True}, "options"),
        ("origins", 5, {}, "players"),
        ("origins", 2, {"turbo": True}, "options"),
        ("origins", 2, {"mode": "chaos"}, "options.mode"),
        ("origins", 2, {"totem_tie": "coin"}, "options.totem_tie"),
        ("origins", 2, {"fire_kingdom": "yes"}, "options.fire_kingdom"),
        ("origins", 2, {"mode": 3}, "options.mode"),
        ("kingdomino", 2, ["harmony"], "options"),
        ("kingdomino", 2, "harmony", "options"),
    ],
)
def test_a_game_refused_names_the_input_at_fault(
    name: str, players: Any, options: dict[str, Any], field: str
) -> None:
    with pytest.raises(GameError) as refused:
        make_game(name, players, options)
    assert refused.value.field == field
    assert str(refused.value).startswith(f"{field}:")


def test_an_error_of_no_field_names_none() -> None:
    with pytest.raises(GameError) as refused:
        make_game("kingdomino", 2).new_initial_state().parse_action("castle 99")
    assert refused.value.field is None


def test_a_numpy_count_of_players_is_a_whole_number() -> None:
    """Seeds and seats took numpy's integers (``rng.integers``, ``np.arange`` in a sweep), the
    count of players did not: ``GameEnv("kingdomino", np.int64(3))`` was refused as no whole
    number."""
    numpy = pytest.importorskip("numpy")
    game = make_game("kingdomino", numpy.int64(3))
    assert game.num_players == 3 and type(game.num_players) is int
