"""Setups, the order of play, chance steps and Dynasty."""

from __future__ import annotations

import random
from typing import Any

import pytest

from kingdomino import CHANCE
from kingdomino.games.classic.state import CLAIM, DRAW, KING, PLACE, ClassicState

from .helpers import new_state, play_random


@pytest.mark.parametrize(
    ("players", "options", "kings", "used", "row", "rounds"),
    [
        (2, {}, 2, 24, 4, 6),
        (3, {}, 1, 36, 3, 12),
        (4, {}, 1, 48, 4, 12),
        (2, {"mighty_duel": True}, 2, 48, 4, 12),
    ],
)
def test_setups(players: int, options: dict[str, bool], kings: int, used: int, row: int, rounds: int) -> None:
    state = new_state(players, **options)
    game = state.game
    assert (game.kings_per_player, game.deck_size, game.row_size, game.rounds) == (kings, used, row, rounds)
    placed = [0] * players
    rounds_seen = set()
    rng = random.Random(players)
    while not state.is_terminal():
        if state.phase == PLACE:
            placed[state.current_player] += 1
            rounds_seen.add(state.round_number)
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    assert placed == [used // players] * players
    assert rounds_seen == set(range(1, rounds + 1))
    assert state.drawn == used
    assert len(state.pool) == 48 - used


def test_rows_are_sorted_and_kings_act_in_row_order() -> None:
    state = new_state(4)
    rng = random.Random(7)
    while not state.is_terminal():
        if state.phase == PLACE:
            assert state.row == sorted(state.row)
            assert state.current_player == state.row_owner[state.slot]
            assert state.slot == sum(1 for _ in state.row[: state.slot])
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))


def test_each_king_places_then_claims_and_the_last_round_only_places() -> None:
    state = new_state(3)
    rng = random.Random(3)
    sequence: list[tuple[int, int, int]] = []
    while not state.is_terminal():
        if not state.is_chance():
            sequence.append((state.round_number, state.phase, state.current_player))
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
    setup = [s for s in sequence if s[0] == 0]
    assert [phase for _, phase, _ in setup] == [CLAIM] * 3
    for round_number in range(1, 12):
        phases = [phase for r, phase, _ in sequence if r == round_number]
        assert phases == [PLACE, CLAIM] * 3
    assert [phase for r, phase, _ in sequence if r == 12] == [PLACE] * 3


def test_first_row_is_drawn_then_kings_are_drawn_one_at_a_time() -> None:
    state = new_state(2)
    assert state.phase == DRAW and state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 48 and all(p == pytest.approx(1 / 48) for _, p in outcomes)
    for text in ("draw 30", "draw 5", "draw 41", "draw 9"):
        state.apply_text(text)
    assert state.next_row == [5, 9, 30, 41]
    assert state.phase == KING
    assert state.chance_outcomes() == [(state.game.king_action(0), 0.5), (state.game.king_action(1), 0.5)]
    state.apply_text("king 1")
    assert state.phase == CLAIM and state.current_player == 1
    state.apply_text("claim 9")
    # seat 1 has one king left, seat 0 two: 2/3 for seat 0
    assert dict(state.chance_outcomes()) == pytest.approx(
        {state.game.king_action(0): 2 / 3, state.game.king_action(1): 1 / 3}
    )
    state.apply_text("king 0")
    state.apply_text("claim 5")
    state.apply_text("king 0")
    state.apply_text("claim 41")
    # the last king is forced: applied at once
    assert state.phase == CLAIM and state.current_player == 1
    assert state.legal_actions() == [state.game.claim_action(30)]


def test_the_last_domino_of_the_box_is_drawn_at_once() -> None:
    state = new_state(4)
    rng = random.Random(1)
    play_random(state, rng, lambda s: s.phase == DRAW and len(s.pool) == 2)
    state.apply(state.sample_chance(rng))
    assert not state.pool and state.phase == PLACE


def test_dynasty_plays_three_games_and_ranks_by_totals() -> None:
    state = new_state(2, dynasty=True)
    rng = random.Random(11)
    finished_games = []
    while not state.is_terminal():
        before = state.game_index
        state.apply(state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions()))
        if state.game_index != before:
            finished_games.append(state.past_scores[-1])
            assert all(k.occupied == k.geometry.castle for k in state.kingdoms), "fresh kingdoms"
            assert len(state.pool) == 48 and state.drawn == 0
    assert len(finished_games) == 2 and state.game_index == 2
    last = [k.region_points() for k in state.kingdoms]
    totals = [a + b + c for a, b, c in zip(*finished_games, last)]
    assert state.scores() == totals
    best = max(totals)
    assert state.winners() == [seat for seat, total in enumerate(totals) if total == best]


def test_a_dynasty_shows_each_game_played_with_its_kingdoms_and_points() -> None:
    """Players look back at the games of a match: each one's points and kingdoms as they ended
    (the table otherwise jumped to empty kingdoms with running totals on them)."""
    state = new_state(2, dynasty=True)
    rng = random.Random(5)
    ended: list[list[dict[str, Any]]] = []
    while not state.is_terminal():
        before = state.game_index
        kingdoms = state.view(None)["kingdoms"]
        action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
        last_move = state.clone()
        last_move.apply(action)
        state = last_move
        if state.game_index != before:
            ended.append(kingdoms)
    seen = state.view(0)
    assert seen["game_number"] == 3 and seen["games_in_match"] == 3
    past = seen["past_games"]
    assert [game["game"] for game in past] == [1, 2]
    assert [game["scores"] for game in past] == state.past_scores
    for game, before_last in zip(past, ended):
        # The kingdoms as the game's last move left them (a placement, or a discard).
        for kingdom, earlier in zip(game["kingdoms"], before_last):
            assert len(kingdom["squares"]) - len(earlier["squares"]) in (0, 2)
            assert [s for s in earlier["squares"] if s not in kingdom["squares"]] == []
        assert all(len(k["squares"]) > 1 for k in game["kingdoms"])
    assert new_state(2).view(None)["past_games"] == []


def test_clone_is_independent() -> None:
    state = new_state(4)
    rng = random.Random(4)
    play_random(state, rng, lambda s: s.phase == PLACE and s.round_number == 3)
    copy = state.clone()
    snapshot = state.view(None)
    play_random(copy, rng)
    assert state.view(None) == snapshot
    assert isinstance(copy, ClassicState) and copy.is_terminal()
