"""Ranking: score, then the largest region, then the most crowns, then a shared win (the winners
and each seat's place in the final ranking)."""

from __future__ import annotations

import random

from kingdomino.games.classic.state import ClassicState
from kingdomino.games.classic.text import parse_kingdom

from .helpers import new_state, play_random


def finished(players: int, texts: list[str]) -> ClassicState:
    state = new_state(players)
    play_random(state, random.Random(players))
    state.kingdoms = [parse_kingdom(text) for text in texts]
    return state


def test_highest_score_wins() -> None:
    state = finished(2, ["C W1 W0", "C W1"])  # 2 x 1 against 1 x 1
    assert state.scores() == [2, 1]
    assert state.winners() == [0]


def test_score_tie_broken_by_the_largest_region_even_without_crowns() -> None:
    state = finished(2, ["C W2 W0", "M1 M1 C\nF0 F0 F0\nF0 F0 ."])  # 2 x 2 = 4 each
    assert state.scores() == [4, 4]
    assert [k.largest_region() for k in state.kingdoms] == [2, 5]
    assert state.winners() == [1]
    assert state.places() == [2, 1]


def test_then_the_most_crowns() -> None:
    # both 4 points with a largest region of 2; seat 1 has 4 crowns against 2
    state = finished(2, ["C W1 W1\n. S0 S0", "C L2 .\nF2 G0 G0"])
    assert state.scores() == [4, 4]
    assert [k.largest_region() for k in state.kingdoms] == [2, 2]
    assert [k.total_crowns() for k in state.kingdoms] == [2, 4]
    assert state.winners() == [1]


def test_a_full_tie_is_shared() -> None:
    state = finished(2, ["C W1 W1\n. S0 S0", "C F1 F1\n. G0 G0"])
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]
    assert state.places() == [1, 1]


def test_three_players_two_share_the_win() -> None:
    state = finished(3, ["C W1 W0", "C W1\nL0 L0", "C M1\n. M0"])
    assert state.scores() == [2, 1, 2]
    assert state.winners() == [0, 2]
    assert state.returns() == [0.5, 0.0, 0.5]
    assert state.places() == [1, 3, 1]


def test_only_the_seats_tied_on_points_enter_the_tie_break() -> None:
    # seats 0 and 1 tie on 4 points; seat 2 has fewer points but by far the largest region
    state = finished(3, ["C W2 W0", "M1 M1 C\nF0 F0 F0\nF0 F0 .", "C L0 L0 L0\nL0 L0 L0 ."])
    assert state.scores() == [4, 4, 0]
    assert [k.largest_region() for k in state.kingdoms] == [2, 5, 6]
    assert state.winners() == [1]
    assert state.places() == [2, 1, 3]  # the largest region places no seat above a better score


def test_places_below_the_first_are_broken_as_the_first_is() -> None:
    # seat 0 wins on points; seats 1 and 2 tie on 4 points, seat 2 has the larger region
    state = finished(3, ["C W2 W2 W2", "C W2 W0", "M1 M1 C\nF0 F0 F0\nF0 F0 ."])
    assert state.scores() == [18, 4, 4]
    assert state.places() == [1, 3, 2]


def test_a_dynasty_breaks_no_tie() -> None:
    state = new_state(2, dynasty=True)
    play_random(state, random.Random(2))
    state.past_scores = []
    state.kingdoms = [parse_kingdom(text) for text in ["C W2 W0", "M1 M1 C\nF0 F0 F0\nF0 F0 ."]]
    assert state.scores() == [4, 4]
    assert state.places() == [1, 1] and state.winners() == [0, 1]


def test_the_winners_are_the_seats_placed_first_in_every_game() -> None:
    from kingdomino import make_game

    for name, players, options in [("kingdomino", 3, {}), ("duel", 2, {}), ("origins", 4, {"mode": "totem"})]:
        for seed in range(6):
            state = make_game(name, players, options).new_initial_state()
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply(
                    rng.choice(state.legal_actions())
                    if state.current_player >= 0
                    else rng.choice([a for a, _ in state.chance_outcomes()])
                )
            places = state.places()
            assert state.winners() == [seat for seat, place in enumerate(places) if place == 1]
            assert sorted(places)[0] == 1 and all(1 <= place <= players for place in places)
