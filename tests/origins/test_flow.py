"""Game flow: setups for 2, 3 and 4 players, Neolithic first claim, 3-player discard, options, codec."""

from __future__ import annotations

import json
import random

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.core.game import GameError, IllegalActionError, Refusal
from kingdomino.games.origins.state import CLAIM, FIRST, PLACE, OriginsState
from kingdomino.games.origins.text import parse_kingdom

from .helpers import game_of, play_random, position, texts


def first_row(state: OriginsState, numbers: list[int]) -> None:
    for number in numbers:
        state.apply_text(f"draw {number}")


def test_neolithic_first_claim_is_one_and_four_or_two_and_three() -> None:
    game = game_of(2)
    assert game.frame == 7 and game.chiefs_per_player == 2 and game.rounds == 12
    state = game.new_initial_state()
    first_row(state, [30, 5, 17, 44])
    assert state.next_row == [5, 17, 30, 44]
    assert texts(state) == ["chief 0", "chief 1"]
    assert state.chance_outcomes() == [(game.chief_base, 0.5), (game.chief_base + 1, 0.5)]
    state.apply_text("chief 1")
    assert state.phase == FIRST and state.current_player == 1
    assert texts(state) == ["claim 1+4", "claim 2+3"]
    with pytest.raises(IllegalActionError, match="first claim"):
        state.apply_text("claim 5")
    state.apply_text("claim 2+3")
    assert state.row == [5, 17, 30, 44] and state.row_owner == [0, 1, 1, 0]
    play_random(state, random.Random(1), lambda s: s.phase == PLACE)
    assert state.current_player == 0 and state.domino_to_place() == 5


def test_two_players_place_all_48_dominoes_in_7x7() -> None:
    state = play_random(game_of(2).new_initial_state(), random.Random(2))
    placed = [k.occupied.bit_count() - 1 + 2 * k.discards for k in state.kingdoms]
    assert placed == [48, 48]
    for k in state.kingdoms:
        row_lo, row_hi, col_lo, col_hi = k.bounds()
        assert row_hi - row_lo < 7 and col_hi - col_lo < 7


def test_three_players_discard_the_unclaimed_domino_each_round() -> None:
    game = game_of(3)
    state = game.new_initial_state()
    first_row(state, [1, 2, 3, 4])
    for _ in range(3):
        if state.current_player == CHANCE:  # the last chief is drawn without a chance step
            state.apply(state.legal_actions()[0])  # chiefs in seat order
        state.apply(state.legal_actions()[-1])  # each claims the highest free domino
    assert state.discarded == [1]
    assert state.row == [2, 3, 4]
    state = play_random(game.new_initial_state(), random.Random(3))
    own = sum(k.discards for k in state.kingdoms)
    assert len(state.discarded) == 12 + own
    assert sum(k.occupied.bit_count() - 1 for k in state.kingdoms) == 2 * (36 - own)


def test_four_players_twelve_rounds() -> None:
    game = game_of(4)
    assert (game.rounds, game.frame, game.chiefs_per_player) == (12, 5, 1)
    rng = random.Random(4)
    state = play_random(game.new_initial_state(), rng)
    assert all(k.occupied.bit_count() - 1 + 2 * k.discards == 24 for k in state.kingdoms)
    assert state.discarded == [] or all(k.discards for k in state.kingdoms if k.discards)


def test_fire_kingdom_and_homo_habilis() -> None:
    full = "\n".join(" ".join("H" if (r, c) == (2, 2) else "D1" for c in range(5)) for r in range(5))
    kingdom = parse_kingdom(full, frame=5)
    base = 24 * 24
    for fire_kingdom in (False, True):
        for homo in (False, True):
            state = position(game_of(4, fire_kingdom=fire_kingdom, homo_habilis=homo), [full])
            assert state.scores()[0] == base + 10 * fire_kingdom + 5 * homo
            state.kingdoms[0].discards = 1
            assert state.scores()[0] == base + 10 * fire_kingdom
    assert kingdom.is_centred()
    # an incomplete territory qualifies while every square is within 2 of the hut
    state = position(game_of(4, fire_kingdom=True), ["H D1 D1\nD1 D1 D1"])
    assert state.scores()[0] == 25 + 10
    state = position(game_of(4, fire_kingdom=True), ["H D1 D1 D1"])
    assert state.scores()[0] == 9


def test_options_are_checked() -> None:
    with pytest.raises(GameError, match="unknown Kingdomino Origins option 'harmony'"):
        make_game("origins", 4, {"harmony": True})
    with pytest.raises(GameError, match=r"options\.mode"):
        make_game("origins", 4, {"mode": "tribes"})
    with pytest.raises(GameError, match=r"options\.fire_kingdom"):
        make_game("origins", 4, {"fire_kingdom": "yes"})
    with pytest.raises(GameError, match="players"):
        make_game("origins", 5, {})
    game = make_game("origins", 3, {"mode": "totem", "homo-habilis": True})
    assert game.options["homo_habilis"] is True and game.options["mode"] == "totem"


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_code_round_trips_through_text(players: int) -> None:
    game = game_of(players, mode="tribe")
    seen = set()
    for action in range(game.num_actions):
        try:
            text = game.action_text(action)
        except GameError:
            continue
        assert game.parse_action(text) == action, text
        seen.add(text)
    assert len(seen) > game.geometry.num_placements // 2
    with pytest.raises(GameError, match="not an action"):
        game.parse_action("jump")
    with pytest.raises(GameError, match="unknown caveman"):
        game.parse_action("recruit-stack dragon")


def test_observation_hides_the_draw_pile_and_the_stack() -> None:
    game = game_of(4, mode="tribe")
    state = play_random(game.new_initial_state(), random.Random(8), lambda s: s.round_number == 4)
    observation = state.view(state.current_player)
    text = json.dumps(observation)
    assert "pool" not in observation and "stack" not in observation
    assert observation["stack_size"] == state.stack_size()
    assert json.loads(text)["legal_actions"] == texts(state)


def test_claim_errors_say_why() -> None:
    state = position(game_of(4), ["H"], row=[1, 2, 3, 5], next_row=[4, 6, 7, 8])
    state.apply_text("place 0,1 E")
    assert state.phase == CLAIM
    with pytest.raises(IllegalActionError, match="not in the next row"):
        state.apply_text("claim 9")
    state.apply_text("claim 4")
    state.apply_text("place 0,-2 E")
    with pytest.raises(IllegalActionError, match="already claimed"):
        state.apply_text("claim 4")
    with pytest.raises(IllegalActionError, match="hut or put a half"):
        position(game_of(4), ["H"], row=[1]).apply_text("place 2,2 E")
    lone = position(game_of(4), ["H"], row=[1])  # the same rule, named for a page's words
    assert lone.refusal(lone.parse_action("place 2,2 E")) == Refusal("connect", {"domino": 1})
    assert lone.refusal(lone.parse_action("place 0,0 E")) == Refusal("taken_centre", {"row": 0, "col": 0})
