"""A search's last rounds played otherwise (``late``), the rounds a game still deals, and full
greedy as a playout policy (remembered decisions included)."""

from __future__ import annotations

import itertools
import random
from typing import cast

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import AgentSpecError, make_agent
from kingdomino.agents.full_greedy import BEST_ACTIONS, best_actions, decision_pairs, full_greedy_move
from kingdomino.agents.playouts import playout
from kingdomino.agents.search import FlatMonteCarloAgent
from kingdomino.core.game import State
from kingdomino.games.domino.state import DominoState

LATE = "mce:iterations=40,playout=player-heuristic,prior=heuristic,scale=80,late=full-greedy,late_rounds=2"
PLAIN = "mce:iterations=40,playout=player-heuristic,prior=heuristic,scale=80"


def positions(
    game: str, players: int, seed: int, options: dict[str, bool | str] | None = None
) -> list[State]:
    """Every decision of a game played at random from ``seed``."""
    state = make_game(game, players, options or {}).new_initial_state()
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        seen.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
    return seen


def domino_positions(
    game: str, players: int, seed: int, options: dict[str, bool | str] | None = None
) -> list[DominoState]:
    """``positions`` of a game of dominoes drafted in rounds (Kingdomino, Origins)."""
    seen = positions(game, players, seed, options)
    assert all(isinstance(state, DominoState) for state in seen)
    return cast(list[DominoState], seen)


@pytest.mark.parametrize(
    ("game", "players", "options", "rounds"),
    [
        ("kingdomino", 4, {}, 12),
        ("kingdomino", 3, {}, 12),
        ("kingdomino", 2, {}, 6),
        ("kingdomino", 2, {"mighty_duel": True}, 12),
        ("origins", 4, {"mode": "discovery"}, 12),
        ("origins", 2, {"mode": "tribe"}, 12),
    ],
)
def test_rounds_to_deal_count_down_to_the_last_row(
    game: str, players: int, options: dict[str, bool | str], rounds: int
) -> None:
    """The first row is dealt before the setup claims (round 0), so ``rounds - 1`` rows are
    still to be dealt then; one fewer each round, and none over the last two rounds (the
    last row is dealt for the one before last, and placed in the last)."""
    by_round = {
        state.round_number: state.rounds_to_deal() for state in domino_positions(game, players, 3, options)
    }
    assert sorted(by_round) == list(range(rounds + 1))
    assert by_round == {number: max(0, rounds - 1 - number) for number in by_round}


def test_a_dynasty_counts_the_rounds_of_the_game_being_played() -> None:
    seen = domino_positions("kingdomino", 2, 5, {"dynasty": True})
    counts = [state.rounds_to_deal() for state in seen if state.round_number >= 1]
    assert counts.count(0) > 0 and counts[-1] == 0
    restarts = sum(1 for before, after in itertools.pairwise(counts) if after > before)
    assert restarts == 2  # three games in the match


def test_duel_does_not_count_rounds_so_late_never_applies() -> None:
    state = positions("duel", 2, 1)[-1]
    assert state.rounds_to_deal() is None
    agent = make_agent(LATE, 1)
    assert isinstance(agent, FlatMonteCarloAgent)
    assert agent.settings_at(state).playout == "player-heuristic"


def test_the_late_playouts_start_at_late_rounds() -> None:
    agent = make_agent(LATE, 1)
    assert isinstance(agent, FlatMonteCarloAgent)
    for state in positions("kingdomino", 4, 7):
        rounds = state.rounds_to_deal()
        assert rounds is not None
        expected = "full-greedy" if rounds <= 2 else "player-heuristic"
        assert agent.settings_at(state).playout == expected


def test_before_its_last_rounds_a_late_search_is_the_plain_search_and_then_another() -> None:
    """Same seed, same budget: the same analysis while more rounds are to come than
    ``late_rounds``, and other values once the playouts are full greedy's."""
    seen = [s for s in positions("kingdomino", 4, 9) if len(s.legal_actions()) > 3]
    early = next(s for s in seen if (s.rounds_to_deal() or 0) > 4)
    late = next(s for s in seen if s.rounds_to_deal() == 1)
    for state, same in ((early, True), (late, False)):
        plain = make_agent(PLAIN, 4).analyse(state)
        with_late = make_agent(LATE, 4).analyse(state)
        assert (plain == with_late) is same


def test_a_full_greedy_playout_is_the_game_full_greedy_players_would_play() -> None:
    start = positions("kingdomino", 4, 11)[40]
    by_hand = start.clone()
    rng = random.Random(5)
    while not by_hand.is_terminal():
        if by_hand.current_player == CHANCE:
            by_hand.apply(by_hand.sample_chance(rng))
        else:
            by_hand.apply(full_greedy_move(by_hand, rng))
    played = start.clone()
    playout(played, start.current_player, "full-greedy", random.Random(5))
    assert played.is_terminal()
    assert played.scores() == by_hand.scores()


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("kingdomino", 4, {"middle_kingdom": True, "harmony": True}), ("origins", 3, {"mode": "totem"})],
)
def test_remembered_decisions_are_the_decisions_worked_out_afresh(
    game: str, players: int, options: dict[str, bool | str]
) -> None:
    for state in positions(game, players, 13, options):
        BEST_ACTIONS.clear()
        fresh = best_actions(state)
        remembered = best_actions(state)  # from the memory where the decision has a key
        assert remembered == fresh
        pairs = decision_pairs(state)
        if pairs is None:
            assert fresh is None
            continue
        best = max(pair.key for pair in pairs)
        assert fresh == sorted({pair.action for pair in pairs if pair.key == best})


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ("mce:late=full-greedy", "late_rounds"),
        ("mce:late_rounds=3", "late and late_rounds"),
        ("mcts:late=smart,late_rounds=2", "late must be one of"),
        ("mce:late=full-greedy,late_rounds=two", "late_rounds must be a whole number"),
    ],
)
def test_bad_late_settings_are_refused_with_the_field(spec: str, field: str) -> None:
    with pytest.raises(AgentSpecError, match=field):
        make_agent(spec, 1)
