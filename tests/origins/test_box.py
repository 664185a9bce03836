"""The scorer checks a territory against the box: its squares (by terrain and printed fires, a
volcano's craters), the resources on their symbols, the fire tokens and the cavemen."""

from __future__ import annotations

import random

import pytest
from tests.origins.helpers import game_of, play_random

from kingdomino.core.game import OptionValue
from kingdomino.games.domino.text import BoxError
from kingdomino.games.origins.scorer import score_text
from kingdomino.games.origins.text import kingdom_text


@pytest.mark.parametrize(
    ("text", "column", "code", "values", "words"),
    [
        ("H G2", 3, "not_in_box", {"terrain": "grassland", "fires": 2}, "no grassland square with 2 printed"),
        (
            "H G1m",
            3,
            "not_in_box",
            {"terrain": "grassland", "fires": 1, "resource": "mammoth"},
            "no grassland square with 1 printed fire and a mammoth symbol",
        ),
        ("H V3 D0 V3", 9, "beyond_box", {"terrain": "volcano", "craters": 3, "n": 1}, "one volcano with 3"),
        ("H D0*3 D0*3", 8, "beyond_box", {"marker": 3, "n": 1}, "one fire marker with 3 fires too many"),
        ("H D0@W3 D0@W3", 9, "beyond_box", {"caveman": "warrior3", "n": 1}, "too many; the box has 1"),
    ],
)
def test_a_piece_beyond_the_box_is_refused_where_it_stands(
    text: str, column: int, code: str, values: dict[str, object], words: str
) -> None:
    with pytest.raises(BoxError) as refused:
        score_text(text, {"mode": "tribe"})
    error = refused.value
    assert (error.line, error.column, error.code, error.values) == (1, column, code, values)
    assert words in str(error)


def test_any_squares_scores_what_is_written() -> None:
    assert score_text("H G2 G2", {"mode": "discovery", "any_squares": True}).total == 2 * 4


@pytest.mark.parametrize("mode", ["discovery", "tribe"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_territory_a_game_builds_is_within_the_box(mode: str, players: int) -> None:
    """Random games to their end: each territory, written as text (fire tokens, resources and
    cavemen on it), passes the check and scores as the engine scored it."""
    game = game_of(players, mode=mode)
    for seed in range(3):
        state = play_random(game.new_initial_state(), random.Random(seed))
        for seat, kingdom in enumerate(state.kingdoms):
            options: dict[str, OptionValue] = {"mode": mode, "frame": kingdom.geometry.frame}
            assert score_text(kingdom_text(kingdom), options).total == state.score_sheet(seat).total
