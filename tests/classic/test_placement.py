"""Placement: connection, the floating frame, mandatory placement, and the reasons for refusals."""

from __future__ import annotations

import random

import pytest

from kingdomino.core.game import GameError, Refusal
from kingdomino.games.classic.components import DOMINOES, Domino, Half
from kingdomino.games.classic.kingdom import Geometry, Kingdom
from kingdomino.games.classic.state import CLAIM, PLACE, ClassicState
from kingdomino.games.classic.text import parse_kingdom
from kingdomino.games.domino.state import FREE

from .helpers import at_placement, game_of, new_state, play_random, reference_placements

WHEAT = DOMINOES[1]  # W0|W0
FOREST_LAKE = Domino(0, Half(1, 0), Half(2, 0))


def squares_of(kingdom: Kingdom, codes: set[int] | list[int]) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    return {kingdom.geometry.placement_squares(code) for code in codes}


def test_around_a_lone_castle_every_side_and_both_halves() -> None:
    kingdom = Kingdom(Geometry.of(5))
    codes = kingdom.legal_placements(FOREST_LAKE)
    # 4 sides of the castle x 3 ways to lie against it x 2 halves touching = 24 placements
    assert len(codes) == 24
    touching = {square for pair in squares_of(kingdom, codes) for square in pair}
    assert {(0, 1), (1, 0), (0, -1), (-1, 0)} <= touching
    assert (0, 0) not in touching


def test_identical_halves_generate_each_placement_once() -> None:
    kingdom = Kingdom(Geometry.of(5))
    codes = kingdom.legal_placements(WHEAT)
    pairs = [frozenset(pair) for pair in squares_of(kingdom, codes)]
    assert len(pairs) == len(set(pairs)) == 12


def test_connection_by_matching_terrain_on_either_half() -> None:
    kingdom = parse_kingdom("C F0 F0")
    codes = set(kingdom.legal_placements(FOREST_LAKE))
    # forest half east of the existing forest, lake further east: connects by terrain
    assert kingdom.geometry.placement_code(0, 3, 0) in codes
    # lake half next to forest only, forest half far away: not connected
    assert kingdom.geometry.placement_code(0, 4, 2) not in codes
    assert reference_placements(kingdom, FOREST_LAKE) == codes


def test_the_frame_stops_growth_on_a_full_side_but_not_the_other_way() -> None:
    kingdom = parse_kingdom("W0 W0 W0 W0 C")  # already 5 wide, castle on the east end
    codes = set(kingdom.legal_placements(WHEAT))
    squares = {square for pair in squares_of(kingdom, codes) for square in pair}
    assert all(-4 <= col <= 0 for _, col in squares), "no sixth column east or west"
    assert any(row == 2 for row, _ in squares), "rows can still grow south"
    assert any(row == -2 for row, _ in squares), "or north"
    assert codes == reference_placements(kingdom, WHEAT)


def test_seven_by_seven_frame_in_mighty_duel() -> None:
    kingdom = parse_kingdom("W0 W0 W0 W0 W0 W0 C", frame=7)
    codes = kingdom.legal_placements(WHEAT)
    assert all(-6 <= c <= 0 for pair in squares_of(kingdom, codes) for _, c in pair)
    assert kingdom.legal_placements(WHEAT) and set(codes) == reference_placements(kingdom, WHEAT)
    five = parse_kingdom("W0 W0 C")
    assert set(five.legal_placements(WHEAT)) == reference_placements(five, WHEAT)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_placements_equal_the_reference_on_random_positions(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(40):
        state = at_placement(players, seed, rng.randrange(1, 40))
        if state.is_terminal():
            continue
        domino = DOMINOES[state.domino_to_place()]
        kingdom = state.kingdoms[state.current_player]
        assert set(kingdom.legal_placements(domino)) == reference_placements(kingdom, domino)
        checked += 1
    assert checked > 20


def test_mighty_duel_positions_equal_the_reference() -> None:
    rng = random.Random(5)
    for seed in range(15):
        state = new_state(2, mighty_duel=True)
        stop = rng.randrange(10, 40)
        count = [0]

        def until(s: ClassicState, stop: int = stop, count: list[int] = count) -> bool:
            count[0] += s.phase == PLACE
            return count[0] > stop

        play_random(state, random.Random(seed), until)
        if state.is_terminal():
            continue
        domino = DOMINOES[state.domino_to_place()]
        kingdom = state.kingdoms[state.current_player]
        assert set(kingdom.legal_placements(domino)) == reference_placements(kingdom, domino)


def blocked_position() -> tuple[ClassicState, int]:
    """A 2-player state where seat 0 must place a mine domino in a kingdom full of wheat."""
    state = new_state(2)
    play_random(state, random.Random(1), lambda s: s.phase == PLACE)
    seat = state.current_player
    state.kingdoms[seat] = parse_kingdom(
        "W0 W0 W0 W0 W0\nW0 W0 W0 W0 W0\nW0 W0 C  W0 W0\nW0 W0 W0 W0 W0\nW0 W0 W0 W0 .", frame=5
    )
    return state, seat


def test_discard_is_the_only_action_when_nothing_fits() -> None:
    state, seat = blocked_position()
    assert state.legal_actions() == [state.game.discard_action]
    number = state.domino_to_place()
    state.apply_text("discard")
    assert state.kingdoms[seat].discards == 1
    assert number in state.discarded


def test_a_king_whose_domino_is_discarded_still_claims_though_nothing_fits() -> None:
    """Seed 002 (RU): "Если вы не можете присоединить тайл земель ... вы должны сбросить его" is
    action 1 only; action 2, "Выбрать тайл земель из другой линии", still follows, and seed 001
    adds "нито пък теглите нова плочка на нейно място": no domino replaces the discarded one.
    So the king claims from the next row even when none of its dominoes fits the kingdom."""
    state, seat = blocked_position()
    state.apply_text("discard")
    assert state.phase == CLAIM and state.current_player == seat
    kingdom = state.kingdoms[seat]
    assert all(not kingdom.legal_placements(DOMINOES[n]) for n in state.next_row)
    assert sorted(state.legal_actions()) == sorted(state.game.claim_action(n) for n in state.next_row)
    assert len(state.row) == 4  # nothing was drawn to replace the discarded domino


def test_discard_is_refused_when_a_placement_exists() -> None:
    state = at_placement(4, 3, 1)
    before = state.view(None)
    with pytest.raises(ValueError, match="may not be discarded"):
        state.apply_text("discard")
    assert state.view(None) == before


def test_refusal_reasons_are_specific() -> None:
    state = at_placement(4, 3, 1)
    seat = state.current_player
    state.kingdoms[seat] = parse_kingdom("C W0 W0 W0 W0")
    number = state.domino_to_place()
    reasons = {
        "place 0,0 E": "already taken by the castle",
        "place 0,1 S": "already taken by a domino",
        "place 1,-1 W": "5x5 frame",
        "place 3,3 E": "must touch the castle",
        "claim 3": f"must place domino {number}",
    }
    for text, words in reasons.items():
        action = state.parse_action(text)
        reason = state.illegal_reason(action)
        assert reason is not None and words in reason, (text, reason)


def test_refusals_name_their_rule_for_a_page() -> None:
    """``refusal`` names the rule each placement breaks (a page words it in its language); the
    same decision gives the English reason, so the two never disagree."""
    state = at_placement(4, 3, 1)
    seat = state.current_player
    state.kingdoms[seat] = parse_kingdom("C W0 W0 W0 W0")
    number = state.domino_to_place()
    named = {
        "place 0,0 E": ("taken_centre", {"row": 0, "col": 0}),
        "place 0,1 S": ("taken", {"row": 0, "col": 1}),
        "place 1,-1 W": ("frame", {"frame": 5}),
        "place 3,3 E": ("connect", {"domino": number}),
        "claim 3": ("place_first", {"domino": number}),
    }
    for text, (key, values) in named.items():
        refusal = state.refusal(state.parse_action(text))
        assert refusal is not None and (refusal.key, dict(refusal.values)) == (key, values), (text, refusal)
    with pytest.raises(GameError) as off:  # a half off the grid cannot even be written
        state.parse_action("place 4,4 E")
    assert off.value.refusal == Refusal("outside_grid")
    legal = state.legal_actions()
    assert all(state.refusal(action) is None for action in legal)
    if state.game.discard_action not in legal:
        refusal = state.refusal(state.game.discard_action)
        assert refusal is not None and refusal.key == "discard_placeable"


def test_a_claim_refused_names_why_for_a_page() -> None:
    """A domino the page shows but the seat may not claim says why: claimed already, placed this
    round (the current row), or the seat must place its own domino first."""
    state = play_random(
        new_state(3),
        random.Random(5),
        lambda s: s.phase == CLAIM and bool(s.row) and any(owner != FREE for owner in s.next_owner),
    )
    taken = next(n for n, owner in zip(state.next_row, state.next_owner) if owner != FREE)
    placed_now = state.row[0]
    claim = state.game.claim_base - 1
    assert state.refusal(claim + taken) == Refusal("claim_taken", {"domino": taken})
    assert state.refusal(claim + placed_now) == Refusal("claim_current_row", {"domino": placed_now})
    free = next(n for n, owner in zip(state.next_row, state.next_owner) if owner == FREE)
    assert state.refusal(claim + free) is None


def test_identical_halves_accept_west_and_north_spellings() -> None:
    state = new_state(2)
    play_random(
        state,
        random.Random(0),
        lambda s: (
            s.phase == PLACE and DOMINOES[s.domino_to_place()].first == DOMINOES[s.domino_to_place()].second
        ),
    )
    if state.is_terminal():
        pytest.skip("no symmetric domino in this game")
    legal = state.legal_actions()
    (row, _col), (row2, col2) = state.game.geometry.placement_squares(legal[0])
    direction = "W" if row == row2 else "N"
    assert state.parse_action(f"place {row2},{col2} {direction}") == legal[0]


def test_claims_refused_for_taken_or_absent_dominoes() -> None:
    state = new_state(4)
    play_random(state, random.Random(2), lambda s: s.phase == CLAIM and any(o >= 0 for o in s.next_owner))
    taken = next(n for n, o in zip(state.next_row, state.next_owner) if o >= 0)
    absent = next(n for n in range(1, 49) if n not in state.next_row)
    assert "already claimed" in (state.illegal_reason(state.game.claim_action(taken)) or "")
    assert "not in the next row" in (state.illegal_reason(state.game.claim_action(absent)) or "")


def test_parse_errors_say_what_was_expected() -> None:
    game = game_of(4)
    for text, words in {
        "put it there": "expected 'place ROW,COL DIR'",
        "place 0,1 X": "direction must be one of",
        "place 9,0 E": "outside the kingdom grid",
        "claim 49": "1..48",
        "king 7": "seat must be",
    }.items():
        with pytest.raises(ValueError, match=words):
            game.parse_action(text)
