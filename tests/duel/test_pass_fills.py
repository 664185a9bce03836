"""Option ``pass_fills_spellbook`` (seed 000: a player who cannot fill squares still does steps
1, 2 and 4): the dice held but not drawn fill the spellbook as drawn dice would; off by default."""

from __future__ import annotations

import random

import pytest
from tests.duel.helpers import coat, play, start, texts

from kingdomino.agents import make_agent
from kingdomino.arena.match import play_game
from kingdomino.core.game import CHANCE, GameError
from kingdomino.core.identity import game_key
from kingdomino.core.records import GameRecord, MoveRecord, replay
from kingdomino.games.duel.components import LINE_LENGTH
from kingdomino.games.duel.gains import FILL_VALUE
from kingdomino.games.duel.game import DuelGame
from kingdomino.games.duel.state import DuelState
from kingdomino.games.registry import make_game

ON = DuelGame(pass_fills_spellbook=True)
OFF = DuelGame()
#: Seat 0's castle is walled in by quarters, which none of the dice below show.
BLOCKED = "Q0 Q0 Q0\nQ0 C  Q0\nQ0 Q0 Q0"


def start_with(game: DuelGame, roll: str, maps: tuple[str, str]) -> DuelState:
    state = start(roll, maps)
    state.game = game
    return state


@pytest.mark.parametrize(("game", "filled"), [(ON, 1), (OFF, 0)])
def test_a_pass_fills_the_spellbook_only_with_the_option(game: DuelGame, filled: int) -> None:
    # A holds die 1 (dot) and die 4 (stripe with a cross): only the dot may fill.
    state = start_with(game, "roll 2 2 2 2", (BLOCKED, "C"))
    play(state, "take 1", "take 2+3")
    assert texts(state) == ["bonus 1", "bonus 4", "pass"]
    play(state, "pass")
    assert state.round_fills[0] == [coat("dot")] * filled
    play(state, "draw 0,1 E")  # B: two stripes
    assert state.fills[0][coat("dot")] == filled and state.fills[0][coat("stripe")] == 0
    assert state.fills[1][coat("stripe")] == 2
    assert state.current_player == CHANCE  # B drew, so the game goes on


#: A map with one empty square: no domino fits, even one with a "?".
ONE_LEFT = """
Q0 Q0 Q0 Q0 Q0 Q0 Q0
Q0 Q0 Q0 Q0 Q0 Q0 Q0
Q0 Q0 Q0 C  Q0 Q0 Q0
Q0 Q0 Q0 Q0 Q0 Q0 Q0
Q0 Q0 Q0 Q0 Q0 Q0 ."""


def test_a_joker_and_the_castle_bonus_die_never_fill_on_a_pass() -> None:
    joker = start_with(ON, "roll 1 2 2 4", (ONE_LEFT, "C"))  # A: die 1 "?", die 4 stripe
    play(joker, "take 1", "take 2+3", "pass")
    assert joker.round_fills[0] == [coat("stripe")]
    bonus = start_with(ON, "roll 2 2 2 4", (BLOCKED, "C"))  # A: die 1 dot, die 4 stripe
    play(bonus, "take 1", "take 2+3", "bonus 1", "pass")
    assert bonus.round_fills[0] == [coat("stripe")]


def test_both_passing_fill_a_first_and_still_end_the_game() -> None:
    state = start_with(ON, "roll 2 2 2 2", (BLOCKED, BLOCKED))
    stripe = coat("stripe")
    state.fills[0][stripe] = state.fills[1][stripe] = LINE_LENGTH[stripe] - 1
    play(state, "take 2", "take 1+3")  # A: dice 2 (stripe) and 4; B: dice 1 (dot) and 3 (stripe)
    play(state, "pass", "pass")
    assert state.owner[stripe] == 0 and state.fills[1][stripe] == LINE_LENGTH[stripe] - 1
    assert state.fills[1][coat("dot")] == 1
    assert state.is_terminal()


#: Dot touches nothing (no dot on the map); stripe only the stripe at 1,3.
WALLED = """
Q0 Q0 Q0 Q0 Q0 Q0 Q0
.  Q0 Q0 Q0 Q0 Q0 Q0
Q0 Q0 Q0 C  Q0 Q0 Q0
Q0 Q0 Q0 Q0 Q0 Q0 .
Q0 Q0 Q0 Q0 Q0 Q0 S0"""


@pytest.mark.parametrize(("game", "fills"), [(ON, ["stripe", "dot"]), (OFF, ["stripe"])])
def test_a_split_die_that_cannot_be_drawn_fills_with_the_option(game: DuelGame, fills: list[str]) -> None:
    state = start_with(game, "roll 2 2 2 4", (WALLED, "C"))
    state.owner[coat("stripe")] = 0
    play(state, "take 1", "take 2+3", "power split")  # A: die 1 dot, die 4 stripe
    assert [t for t in texts(state) if t.startswith("die")] == ["die 4 1,3"]
    play(state, "die 4 1,3")
    assert texts(state) == ["pass"]
    play(state, "pass")
    assert state.round_fills[0] == [coat(name) for name in fills]


def test_the_greedy_gain_of_a_pass_counts_the_fills_with_the_option() -> None:
    for game, gain in ((ON, FILL_VALUE), (OFF, 0.0)):
        state = start_with(game, "roll 2 2 2 2", (BLOCKED, "C"))
        play(state, "take 1", "take 2+3")
        assert dict(state.score_gains())[game.pass_action] == gain


def test_the_option_is_named_refused_when_wrong_and_part_of_the_identity() -> None:
    assert make_game("duel", 2, {}).options == {}
    assert make_game("duel", 2, {"pass_fills_spellbook": False}).options == {}
    on = make_game("duel", 2, {"pass-fills-spellbook": True})
    assert on.options == {"pass_fills_spellbook": True}
    assert on.describe() == "Kingdomino Duel, 2 players (pass fills spellbook)"
    assert on.new_initial_state().view(None)["options"] == {"pass_fills_spellbook": True}
    assert game_key(on) != game_key(OFF) and on.new_initial_state() != OFF.new_initial_state()
    with pytest.raises(GameError, match="has no variants, got harmony; its one optional rule is") as error:
        make_game("duel", 2, {"harmony": True})
    assert error.value.field == "options"
    with pytest.raises(GameError, match=r"options\.pass_fills_spellbook: expected true or false") as error:
        make_game("duel", 2, {"pass_fills_spellbook": "yes"})
    assert error.value.field == "options.pass_fills_spellbook"


def random_game(game: DuelGame, seed: int) -> tuple[DuelState, int]:
    """A random game, checking the spellbook lines as it goes; the passes that filled a line."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    filling_passes = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        action = legal[int(rng.random() * len(legal))]
        seat, before = state.current_player, len(state.round_fills[state.current_player])
        passing = action == game.pass_action and state.phase_name == "turn"
        state.apply(action)
        filling_passes += passing and len(state.round_fills[seat]) > before
        for seat_fills in state.fills:
            assert all(filled <= LINE_LENGTH[c] for c, filled in enumerate(seat_fills)), "over-filled"
        assert state.round <= 60, "the game does not end"
    return state, filling_passes


def test_random_games_with_the_option_end_and_never_over_fill_a_line() -> None:
    passes = sum(random_game(ON, seed)[1] for seed in range(300))
    assert passes > 0  # the option did something
    assert sum(random_game(OFF, seed)[1] for seed in range(100)) == 0


def test_the_option_round_trips_through_a_record() -> None:
    agents = [make_agent("greedy", 3), make_agent("random", 4)]
    state, record = play_game(ON, agents, 3)
    assert record.options == {"pass_fills_spellbook": True}
    again = GameRecord.loads(record.dumps())
    assert again.options == record.options
    outcome = replay(again, make_game(again.game, len(again.players), again.options))
    assert outcome.ok and outcome.state.scores() == state.scores()
    moves = MoveRecord.loads(MoveRecord.of(ON, 3, [ON.parse_action("roll 1 1 1 1")]).dumps())
    assert moves.options == {"pass_fills_spellbook": True}
    assert moves.replay().game.options == {"pass_fills_spellbook": True}
