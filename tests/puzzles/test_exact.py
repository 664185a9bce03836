"""The exact answers of Kingdomino Duel and Origins positions (``kingdomino.puzzles.exact``)
checked against brute force: every line of play from the position to the game's end, every
seat's every choice, each final kingdom scored by the engine; and the positions it must refuse."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.core.game import OptionValue, State
from kingdomino.puzzles import exact
from kingdomino.puzzles.catalogue import KINDS, shipped_kind
from kingdomino.puzzles.maker import BUDGETS, criteria, exact_position, teaches

#: The games the brute force is run on: Duel, and Origins in each mode (2 players: small trees).
GAMES: list[tuple[str, dict[str, OptionValue]]] = [
    ("duel", {}),
    ("origins", {"mode": "discovery"}),
    ("origins", {"mode": "totem"}),
    ("origins", {"mode": "tribe"}),
]
#: The most final positions a brute force here walks (a larger tree is skipped for a smaller one).
LINES = 4_000


def positions(game: str, options: dict[str, OptionValue], seed: int) -> Iterator[State]:
    """Every position of a seeded game between greedy players where a seat acts."""
    state = make_game(game, players=2, options=options).new_initial_state()
    agent, rng = make_agent("greedy", seed=seed), random.Random(seed)
    while not state.is_terminal():
        if state.current_player != CHANCE:
            yield state.clone()
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE else agent.act(state))


def finals(state: State, seat: int, limit: list[int]) -> list[int] | None:
    """The seat's final score at the end of every line of play from ``state`` (None: a chance
    node lies on one, or there are more than ``limit`` lines)."""
    if state.is_terminal():
        limit[0] -= 1
        return None if limit[0] < 0 else [state.score_sheet(seat).total]
    if state.current_player == CHANCE:
        return None
    found: list[int] = []
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        more = finals(after, seat, limit)
        if more is None:
            return None
        found += more
    return found


def brute_force(state: State) -> dict[int, int] | None:
    """Each legal action's best final score over every line of play after it, when every line
    is free of chance and each opponent's every choice leaves the seat's best the same: the best
    score of the lines through an opponent's choice equals the best through each other one."""
    seat = state.current_player
    best = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        scores = finals(after, seat, [LINES])
        if scores is None:
            return None
        best[action] = max(scores)
    return best


@pytest.mark.parametrize(("game", "options"), GAMES, ids=lambda value: str(value))
def test_each_answer_is_the_best_final_score_of_every_line_of_play(
    game: str, options: dict[str, OptionValue]
) -> None:
    """On the positions of a few games that the solver proves and whose whole tree is small, its
    answers are the brute force's: each action worth the best score any line after it ends with."""
    checked = 0
    for seed in range(12):
        for state in positions(game, options, seed):
            try:
                answers = exact.answers_of(state, budget=5_000)
            except exact.NotExact:
                continue
            expected = brute_force(state)
            if expected is None:
                continue
            assert dict(answers) == expected, state.stage()
            assert [points for _, points in answers] == sorted(expected.values(), reverse=True)
            checked += 1
        if checked >= 4:
            break
    assert checked >= 3, f"too few small exact positions of {game} {options} to check"


def test_a_position_with_chance_or_an_opponent_s_say_ahead_is_refused() -> None:
    """A position before the last rolls or draws is refused for chance; one where an opponent's
    choice moves the seat's best score is refused for it, never answered."""
    start = make_game("duel", players=2).new_initial_state()
    start.apply_text("roll 2 1 5 1")
    with pytest.raises(exact.NotExact, match="chance"):
        exact.answers_of(start)
    for seed in range(40):
        for state in positions("origins", {"mode": "totem"}, seed):
            try:
                exact.answers_of(state)
            except exact.NotExact as refusal:
                if "choice changes" in str(refusal):
                    return
    pytest.fail("no Totem position where an opponent's choice moves the seat's score was refused")


@pytest.mark.parametrize("kind", KINDS[1:])
def test_the_shipped_puzzles_answers_are_the_search_s_and_they_teach(kind: str) -> None:
    """A few puzzles of each set proved again: the same answers, and each kept by the quality
    filter (the best ahead by the margin, enough answers, the greedy choice not among the best)."""
    rules = criteria()
    puzzles = sorted(shipped_kind(kind).values(), key=lambda p: p.id)
    assert puzzles, f"the package ships no {kind} puzzles"
    for puzzle in puzzles[:: max(1, len(puzzles) // 2)][:2]:
        state = puzzle.state()
        assert state.current_player == puzzle.seat
        found = exact_position(state, BUDGETS.get(kind, exact.BUDGET))
        assert found is not None
        goal, answers = found
        assert (goal, tuple(answers)) == (puzzle.goal, puzzle.answers)
        assert teaches(state, answers, rules, goal)
