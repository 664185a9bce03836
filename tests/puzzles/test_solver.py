"""The puzzles' solver and maker (``kingdomino.puzzles``): exact answers checked by hand and
against every way the seat can play the game out, the positions refused as not exact, and the
maker's choice of puzzles that teach."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.games.classic.state import PLACE, ClassicState
from kingdomino.games.classic.text import parse_kingdom
from kingdomino.puzzles.catalogue import shipped_kind
from kingdomino.puzzles.maker import criteria, make_puzzles
from kingdomino.puzzles.solver import Answer, NotExact, exact_refusal, goal_of, solve

#: A full 5 x 5 kingdom but for two squares at its bottom left; its score is 10 (the lake's 7
#: squares x 1 crown, the wheat's 3 x 1).
HOLED = """
F0 F0 F0 F0 F0
F0 F0 F0 F0 F0
F0 F0 C  L0 L0
L1 L0 L0 L0 L0
.  .  W1 W0 W0
"""
WHEAT_CROWN_LAKE = 20  # domino 20: W1|L0


def played_until(
    players: int, stop: Callable[[ClassicState], bool], seed: int = 3, **options: bool
) -> ClassicState:
    """A game of greedy players, stopped at the first position ``stop`` accepts."""
    state = make_game("kingdomino", players=players, options=options).new_initial_state()
    assert isinstance(state, ClassicState)
    agent, rng = make_agent("greedy", seed=seed), random.Random(seed)
    while not stop(state):
        assert not state.is_terminal(), "the game ended before the position looked for"
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE else agent.act(state))
    return state


def last_placement(state: ClassicState) -> bool:
    return state.phase == PLACE and state.rounds_to_deal() == 0 and not state.next_row


@pytest.mark.parametrize(("options", "bonus"), [({}, 0), ({"harmony": True, "middle_kingdom": True}, 15)])
def test_the_last_domino_s_two_placements_are_worth_what_a_hand_counts(
    options: dict[str, bool], bonus: int
) -> None:
    """W1|L0 in the hole: wheat beside the wheat makes it 4 squares x 2 crowns (8) and the lake 8
    x 1 (16 in all); turned, the wheat stands alone (1), the lake 8 and the wheat 3 (12). A full
    kingdom around its castle, no domino discarded: Harmony's 5 and the Middle Kingdom's 10 more."""
    state = played_until(4, last_placement, **options)
    seat = state.current_player
    state.kingdoms[seat] = parse_kingdom(HOLED)
    state.row[state.slot] = WHEAT_CROWN_LAKE
    assert state.score_sheet(seat).total == 10 + (10 if options else 0)  # the centre already, not full yet
    assert goal_of(state) == "last"
    assert solve(state) == [Answer("place 2,-1 W", 16 + bonus), Answer("place 2,-2 E", 12 + bonus)]


def every_final_score(state: ClassicState, seat: int, others: str) -> set[int]:
    """The seat's final score after every way it can play on (the other seats playing their
    ``first`` or ``last`` legal action): the reference the solver's maximum is checked against."""
    if state.is_terminal():
        return {state.scores()[seat]}
    player = state.current_player
    assert player != CHANCE, "no chance is left in an exact position"
    actions = state.legal_actions()
    if player != seat:
        actions = [actions[0] if others == "first" else actions[-1]]
    found: set[int] = set()
    for action in actions:
        after = state.clone()
        after.apply(action)
        found |= every_final_score(after, seat, others)
    return found


@pytest.mark.parametrize(("players", "seed"), list(itertools.product((2, 3, 4), (1, 2))))
def test_each_answer_is_the_best_the_seat_can_end_with_whatever_the_others_do(
    players: int, seed: int
) -> None:
    """Every exact position of a game: each action's points are the best final score the seat can
    still reach after it, played out to the game's end, the others playing one way or another."""
    state = make_game("kingdomino", players=players, options={"harmony": True}).new_initial_state()
    assert isinstance(state, ClassicState)
    agent, rng = make_agent("heuristic", seed=seed), random.Random(seed)
    checked = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        if exact_refusal(state) is None:
            for answer in solve(state):
                after = state.clone()
                after.apply(state.parse_action(answer.action))
                for others in ("first", "last"):
                    assert max(every_final_score(after, state.current_player, others)) == answer.points
            checked += 1
        state.apply(agent.act(state))
    assert checked >= 2


def test_positions_whose_outcome_is_not_the_seat_s_own_are_refused() -> None:
    early = played_until(4, lambda s: s.phase == PLACE)
    assert exact_refusal(early) == "dominoes are still to be dealt: the outcome depends on chance"
    # In a game of two, a seat's first king of the round before the last claims, then the other
    # seat claims before its second king does: what is left to it is not its own choice.
    first_king = played_until(
        2,
        lambda s: (
            s.phase == PLACE
            and s.rounds_to_deal() == 0
            and bool(s.next_row)
            and s.current_player in s.row_owner[s.slot + 1 :]
        ),
    )
    assert "another seat claims" in (exact_refusal(first_king) or "")
    with pytest.raises(NotExact):
        solve(first_king)
    dynasty = played_until(4, last_placement, dynasty=True)
    assert "only Kingdomino" in (exact_refusal(dynasty) or "")


def test_the_maker_keeps_the_same_puzzles_for_a_seed_and_only_those_that_teach() -> None:
    """The same seed, the same puzzles; in each, the best answers beat the next by the margin, and
    the greedy player's choice (the largest immediate gain) is not among them."""
    rules = criteria()
    made = make_puzzles(5, 4)
    assert made == make_puzzles(5, 4)
    for record in made:
        answers = record["answers"]
        best = answers[0]["points"]
        assert best - max(a["points"] for a in answers if a["points"] < best) >= rules.margin
        assert len(answers) >= rules.min_answers


def test_the_shipped_puzzles_answers_are_the_solver_s() -> None:
    """A sample of the package's set solved again: the same answers (the engine proves them)."""
    puzzles = sorted(shipped_kind("kingdomino").values(), key=lambda p: p.id)
    assert len(puzzles) >= 200
    for puzzle in puzzles[::25]:
        state = puzzle.state()
        assert isinstance(state, ClassicState) and state.current_player == puzzle.seat
        assert tuple(solve(state)) == puzzle.answers
        gains = state.score_gains()
        most = max(gain for _, gain in gains)
        greedy = {state.action_text(a) for a, gain in gains if gain == most}
        assert puzzle.goal == "last" or not greedy & {
            a.action for a in puzzle.answers if a.points == puzzle.best
        }
