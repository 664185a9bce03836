"""Duel rules in positions where they matter: draft, drawing, "?", spellbook, powers, castle bonus, end."""

from __future__ import annotations

import random

import pytest
from tests.duel.helpers import GAME, coat, play, start, texts

from kingdomino.core.game import CHANCE, TERMINAL, IllegalActionError, Refusal
from kingdomino.games.duel.board import GRID
from kingdomino.games.duel.components import CASTLE_COL, CASTLE_ROW, COATS, DICE, JOKER

EMPTY = ("C", "C")


def bit(row: int, col: int) -> int:
    return GRID.bit(row + CASTLE_ROW, col + CASTLE_COL)


def test_draft_a_one_b_two_a_the_last() -> None:
    state = start("roll 2 2 2 2")
    assert texts(state) == ["take 1", "take 2", "take 3", "take 4"]
    play(state, "take 3")
    assert state.current_player == 1
    assert texts(state) == ["take 1+2", "take 1+4", "take 2+4"]
    play(state, "take 1+4")
    assert state.held == [[1, 2], [0, 3]]
    assert state.current_player == 0 and state.phase_name == "turn"


def test_a_die_taken_already_says_so_for_a_page() -> None:
    state = start("roll 2 2 2 2")
    play(state, "take 3")
    assert state.refusal(state.parse_action("take 3")) == Refusal("die_taken", {"die": 3})
    assert "die 3 is taken already" in str(state.illegal_reason(state.parse_action("take 3")))
    assert state.refusal(state.parse_action("take 1")) == Refusal("take_pair")
    play(state, "take 1+2")
    assert state.phase_name == "turn"
    assert state.refusal(state.parse_action("take 4")) == Refusal("draw_held_dice")


def test_roles_swap_every_round() -> None:
    state = start("roll 2 2 2 2")
    play(state, "take 1", "take 2+3", "bonus 1")
    play(state, state.action_text(next(a for a in state.legal_actions() if a >= state.game.draw_base)))
    play(state, state.action_text(next(a for a in state.legal_actions() if a >= state.game.draw_base)))
    assert state.current_player == CHANCE and state.round == 2 and state.a_seat == 1
    play(state, "roll 2 2 2 2")
    assert state.current_player == 1


def test_drawing_must_touch_the_castle_or_the_same_coat() -> None:
    # Seat 0 holds dice 1 (dot) and 4 (stripe x1): stripe may join the stripe at 0,2 only.
    state = start("roll 2 2 2 2", ("C . S0", "C"))
    play(state, "take 1", "take 2+3")
    assert "draw -1,2 S" not in texts(state)  # die 4 would land on the stripe at 0,2
    with pytest.raises(IllegalActionError, match="touch the castle or the same coat"):
        state.apply_text("draw -2,-3 E")
    assert state.refusal(state.parse_action("draw -2,-3 E")) == Refusal("duel_draw")  # for a page's words
    assert state.refusal(state.parse_action("pass")) == Refusal("other")
    assert state.refusal(state.parse_action("draw -1,1 E")) is None
    assert "draw -1,1 E" in texts(state)  # die 4 (stripe) at -1,2 touches the stripe at 0,2
    play(state, "draw -1,1 E")
    board = state.boards[0]
    assert board.coats[coat("dot")] == bit(-1, 1)
    assert board.coats[coat("stripe")] == bit(-1, 2) | bit(0, 2)
    assert board.crosses_at(bit(-1, 2)) == 1


def test_no_legal_drawing_means_pass_and_the_other_player_still_draws() -> None:
    # Seat 0's map is full around the castle with coats that none of its dice match.
    blocked = "Q0 Q0 Q0\nQ0 C  Q0\nQ0 Q0 Q0"
    state = start("roll 2 2 2 2", (blocked, "C"))
    play(state, "take 1", "take 2+3")
    assert texts(state) == ["bonus 1", "bonus 4", "pass"]
    with pytest.raises(IllegalActionError, match="must draw"):
        play(start("roll 2 2 2 2"), "take 1", "take 2+3", "pass")
    play(state, "pass")
    assert state.current_player == 1 and "pass" not in texts(state)
    play(state, "draw 0,1 E")
    assert state.current_player == CHANCE and state.round == 2  # B drew, so the game goes on
    assert state.boards[0].occupied.bit_count() == 8 and state.boards[1].occupied.bit_count() == 2


def test_joker_coat_is_chosen_after_drawing_among_connecting_coats() -> None:
    # Die 1 shows "?", die 2 quarters. Away from the castle, only the ? can connect (to the dot at 0,-2).
    state = start("roll 1 1 2 2", ("D0 . C", "C"))
    play(state, "take 1", "take 3+4")
    assert state.held[0] == [0, 1]
    play(state, "draw 1,-2 E")  # ? at 1,-2 (under the dot), quarters at 1,-1
    assert state.phase_name == "coat"
    assert texts(state) == ["coat dot"]
    assert state.describe_action(state.legal_actions()[0]) == "seat 0 chooses dot for the question mark"
    play(state, "coat dot")
    assert state.boards[0].coats[coat("dot")] == bit(0, -2) | bit(1, -2)


def test_joker_next_to_the_castle_may_be_any_coat_and_never_fills_the_spellbook() -> None:
    state = start("roll 1 1 2 2")
    play(state, "take 1", "take 3+4", "draw 0,1 E")
    assert len(texts(state)) == 6
    play(state, "coat all_black")
    assert state.round_fills[0] == [coat("quarters")]


def test_castle_bonus_adds_a_cross_even_on_a_joker_and_its_die_fills_nothing() -> None:
    state = start("roll 1 2 2 2")
    play(state, "take 1", "take 3+4")
    play(state, "bonus 1")
    assert "bonus 2" not in texts(state)
    play(state, "draw 0,1 E", "coat stripe")
    board = state.boards[0]
    assert board.crosses_at(bit(0, 1)) == 1
    assert state.round_fills[0] == [coat("stripe")]  # die 2 (stripe, no cross) only
    play(state, "draw 0,-2 E")  # seat 1
    assert state.fills[0][coat("stripe")] == 1
    assert state.castle_used == [True, False]


def test_castle_bonus_once_per_game() -> None:
    state = start("roll 2 2 2 2")
    state.castle_used[0] = True
    play(state, "take 1", "take 2+3")
    assert not any(t.startswith("bonus") for t in texts(state))
    with pytest.raises(IllegalActionError, match="once per game"):
        state.apply_text("bonus 1")


def test_spellbook_priority_player_a_wins_a_simultaneous_completion() -> None:
    state = start("roll 2 2 2 2")
    state.fills = [[0, 0, 4, 0, 0, 0], [0, 0, 4, 0, 0, 0]]  # both one stripe short
    play(state, "take 2", "take 3+4")  # A: dice 1 (dot) 2 (stripe); B: dice 3 (stripe) 4 (stripe x1)
    play(state, "draw 0,1 E", "draw 0,1 E")
    assert state.owner[coat("stripe")] == 0
    assert state.fills[1][coat("stripe")] == 4
    # B's line is struck: further stripes fill nothing.
    assert state.has_power(0, coat("stripe")) and not state.has_power(1, coat("stripe"))


def test_lines_are_never_over_filled() -> None:
    state = start("roll 2 2 2 2")
    state.fills[0][coat("dot")] = 4
    state.owner[coat("dot")] = 0
    state.used[coat("dot")] = True
    play(state, "take 1", "take 2+3", "draw 0,1 E", "draw 0,1 E")
    assert state.fills[0][coat("dot")] == 4


def test_powers_gained_by_a_and_b_in_one_round() -> None:
    # A completes quarters (lightning: one more cross), B completes stripe (split the domino).
    state = start("roll 2 1 2 2")  # die 1 dot, die 2 quarters, die 3 stripe, die 4 stripe x1
    state.fills[0][coat("quarters")] = 2
    state.fills[1][coat("stripe")] = 4
    play(state, "take 2", "take 1+3")  # A: quarters + stripe x1; B: dot + stripe
    play(state, "draw 0,1 E", "draw 0,1 E")
    assert state.owner[coat("quarters")] == 0 and state.owner[coat("stripe")] == 1
    assert state.phase_name == "resolve" and state.current_player == 0
    assert texts(state) == ["cross 0,1", "cross 0,2"]
    play(state, "cross 0,2")
    assert state.boards[0].crosses_at(bit(0, 2)) == 2
    assert state.used[coat("quarters")] and not state.used[coat("stripe")]
    assert state.current_player == CHANCE and state.round == 2
    play(state, "roll 2 2 2 2", "take 1", "take 2+3")  # B is player A now
    assert state.current_player == 1 and "power split" in texts(state)


def test_lightning_domains_power_scores_three_per_domain() -> None:
    state = start("roll 2 6 2 2", ("D1 . C", "C"))  # die 2 shows all black
    state.fills[0][coat("all_black")] = 2
    play(state, "take 2", "take 3+4")  # A: dot + all black
    play(state, "draw 0,1 E", "draw 0,1 E")  # A: dot at 0,1, black at 0,2
    assert state.phase_name == "resolve" and texts(state)[0] == "domains dot"
    before = state.scores()[0]
    play(state, "domains dot")  # two separate dot domains: 0,-2 and 0,1
    assert state.scores()[0] == before + 2 * 3
    sheet = state.score_sheet(0)
    (line,) = sheet.bonuses
    assert (line.name, line.points) == ("2 dot domains x 3", 6) and sheet.total == state.scores()[0]
    assert (line.key, dict(line.values)) == ("domains", {"n": 2, "coat": "dot", "points": 3})


def test_power_take_two_dice_as_player_a() -> None:
    state = start("roll 2 2 2 2", powers={"double_dot": 0})
    assert "take 1+2" in texts(state)
    play(state, "take 1+4")
    assert state.held == [[0, 3], [1, 2]]
    assert state.current_player == 0 and state.used[coat("double_dot")]
    with pytest.raises(IllegalActionError, match="take 2 dice"):
        start("roll 2 2 2 2").apply_text("take 1+2")


def test_power_turn_a_die_to_any_face() -> None:
    state = start("roll 2 2 2 2", powers={"double_stripe": 0})
    play(state, "take 1", "take 2+3")
    assert "turn 1 3" in texts(state)
    play(state, "turn 1 3")  # die 1 -> double stripe x1
    assert not any(t.startswith("turn") for t in texts(state))
    play(state, "draw 0,1 E")
    assert state.boards[0].coats[coat("double_stripe")] == bit(0, 1)
    assert state.boards[0].crosses_at(bit(0, 1)) == 1


def test_power_ignore_connection_rules() -> None:
    blocked = "Q0 Q0 Q0\nQ0 C  Q0\nQ0 Q0 Q0"
    state = start("roll 2 2 2 2", (blocked, "C"), powers={"dot": 0})
    play(state, "take 1", "take 2+3")
    assert "pass" in texts(state) and "power ignore-connection" in texts(state)
    play(state, "power ignore-connection")
    assert "pass" not in texts(state) and "draw -2,-3 E" in texts(state)
    play(state, "draw -2,-3 E")
    assert state.drew[0]


def test_power_split_the_domino_each_die_connects_on_its_own() -> None:
    # Dot touches only the dot at -1,-3; stripe only the stripe at 1,3: far apart, so no domino fits.
    walled = """
D0 Q0 Q0 Q0 Q0 Q0 Q0
.  Q0 Q0 Q0 Q0 Q0 Q0
Q0 Q0 Q0 C  Q0 Q0 Q0
Q0 Q0 Q0 Q0 Q0 Q0 .
Q0 Q0 Q0 Q0 Q0 Q0 S0"""
    state = start("roll 2 2 2 4", (walled, "C"), powers={"stripe": 0})
    play(state, "take 1", "take 2+3")  # A: die 1 dot, die 4 stripe
    assert "pass" in texts(state)
    play(state, "power split")
    assert [t for t in texts(state) if t.startswith("die")] == ["die 1 -1,-3", "die 4 1,3"]
    assert state.refusal(state.parse_action("die 4 0,3")) == Refusal("duel_die")
    play(state, "die 4 1,3")
    assert texts(state) == ["die 1 -1,-3"]
    play(state, "die 1 -1,-3")
    assert state.boards[0].is_full() and state.current_player == 1


#: Issue #25: four rounds through the real flow; seat 0 gains the split power (its stripe line) and
#: draws die 1 (a dot) alone at -1,0, next to the castle; die 2 (a dot too) is left.
SPLIT_POSITION = (
    "roll 4 2 2 4, take 1, take 2+3, draw 0,1 E, draw -1,-1 E, "
    "roll 4 2 2 4, take 1, take 2+3, draw -2,-2 E, draw 0,3 S, "
    "roll 4 2 2 4, take 1, take 2+3, draw 0,-1 W, draw -2,0 E, "
    "roll 2 5 5 1, take 4, take 1+2, draw 0,-2 E, power split, die 1 -1,0"
)


def test_split_second_die_may_not_connect_to_the_first() -> None:
    # Seed 003: connect to "a matching coat of arms already in your kingdom (drawn on a previous
    # turn)" or to the castle. Die 2 (a dot) would touch the dot of die 1 at -2,0, -1,-1 and
    # -1,1, but that one was drawn this turn: only 1,0, next to the castle, remains.
    state = GAME.new_initial_state()
    play(state, *SPLIT_POSITION.split(", "))
    assert state.current_player == 0 and state.split_mode and state.undrawn == [1]
    assert texts(state) == ["die 2 1,0"]
    with pytest.raises(IllegalActionError, match="drawn on a previous turn"):
        state.apply_text("die 2 -2,0")
    play(state, "die 2 1,0")
    assert state.boards[0].coats[coat("dot")] & bit(1, 0)


def test_split_second_die_connects_to_earlier_rounds_only() -> None:
    state = start("roll 2 2 2 2", powers={"stripe": 0})
    play(state, "take 1", "take 2+3", "power split", "die 4 0,1")
    assert "die 1 0,2" not in texts(state)  # dot does not match the stripe
    state2 = start("roll 4 2 2 4", powers={"stripe": 0})  # die 1 stripe, die 4 stripe
    play(state2, "take 1", "take 2+3", "power split", "die 4 0,1")
    assert [t for t in texts(state2) if t.startswith("die")] == ["die 1 -1,0", "die 1 0,-1", "die 1 1,0"]
    # A stripe drawn in an earlier round does connect the second die.
    state3 = start("roll 4 2 2 4", ("C S0 . S0", "C"), powers={"stripe": 0})
    play(state3, "take 1", "take 2+3", "power split", "die 4 -1,1")
    assert "die 1 -1,3" in texts(state3) and "die 1 -1,2" not in texts(state3)


def test_split_second_die_joker_may_not_connect_through_the_first() -> None:
    # Die 1 shows "?": next only to die 4 of the same split, no coat could connect it.
    state = start("roll 1 2 2 4", powers={"stripe": 0})
    play(state, "take 1", "take 2+3", "power split", "die 4 0,1")
    assert [t for t in texts(state) if t.startswith("die")] == ["die 1 -1,0", "die 1 0,-1", "die 1 1,0"]


def test_game_ends_after_the_round_in_which_a_map_is_full() -> None:
    almost = """
D0 D0 D0 D0 D0 D0 D0
D0 D0 D0 D0 D0 D0 D0
D0 D0 D0 C  D0 D0 D0
D0 D0 D0 D0 D0 D0 D0
D0 D0 D0 D0 D0 .  ."""
    state = start("roll 2 2 2 2", (almost, "C"))
    play(state, "take 1", "take 2+3", "draw 2,2 E")
    assert state.boards[0].is_full() and state.current_player == 1  # B still plays the round
    play(state, "draw 0,1 E")
    assert state.current_player == TERMINAL


def test_game_ends_when_neither_player_could_draw() -> None:
    blocked = "Q0 Q0 Q0\nQ0 C  Q0\nQ0 Q0 Q0"
    state = start("roll 2 2 2 2", (blocked, blocked))
    play(state, "take 1", "take 2+3", "pass", "pass")
    assert state.is_terminal()


def test_score_tie_broken_by_the_largest_domain_then_a_draw() -> None:
    state = start("roll 2 2 2 2", ("S1 S0 C", "S1 C . T0"))
    assert state.scores() == [2, 1] and state.winners() == [0]
    state = start("roll 2 2 2 2", ("S1 C", "C T1"))
    assert state.winners() == [0, 1]
    state = start("roll 2 2 2 2", ("S2 C", "T1 T0 C"))
    assert state.scores() == [2, 2] and state.winners() == [1]


def test_the_view_shows_every_face_a_die_may_be_turned_to() -> None:
    """The "turn a die" power names a face by its number: the view lists each die's six faces
    (public components), so a table can picture the choice."""
    state = GAME.new_initial_state()
    state.apply(state.sample_chance(random.Random(3)))
    for die in state.view(0)["dice"]:
        faces = DICE[die["die"] - 1]
        assert die["faces"] == [
            {"coat": COATS[f.coat].id if f.coat != JOKER else "?", "crosses": f.crosses} for f in faces
        ]
        assert die["faces"][die["face"] - 1] == {"coat": die["coat"], "crosses": die["crosses"]}
