"""Rare moments of a game, reached in a practice game (``pages.api_game``: us at seat 0 against
``greedy`` AI seats, a chosen seed) without clicking the game up to them.

The server deals chance from the game's seed and computes each AI move from the seed and the
move's index (``web/steps.py``, ``web/ai_turns.py``), so the same game can be played here, in this
process, to find a seed and our moves that lead to the moment; the test then makes those moves
through the API (``play_to``) and the server's game arrives where this one did.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tests.web.browser.pages import api_game, play_until

from kingdomino.core.seeds import derive_seed
from kingdomino.games.registry import make_game
from kingdomino.web.ai_workers import AIJob, agent_spec, run_job
from kingdomino.web.steps import chance_steps

#: What a moment is: a test of the legal action texts of the seat to act.
Moment = Callable[[list[str]], bool]


def our_moves_to(
    game: str, moment: Moment, options: dict[str, Any] | None = None, seeds: range = range(1, 80)
) -> tuple[int, list[str]]:
    """The first seed of ``seeds`` whose 2-player game comes to ``moment`` at our turn, and our
    moves up to it (each drawn by a generator seeded by the move's index)."""
    for seed in seeds:
        moves = _moves(game, seed, options or {}, moment)
        if moves is not None:
            return seed, moves
    raise AssertionError(f"no {game} game of seeds {seeds} comes to the moment")


def _moves(game: str, seed: int, options: dict[str, Any], moment: Moment) -> list[str] | None:
    """Our moves up to ``moment`` in the game of ``seed``; None if it ends first."""
    state = make_game(game, 2, options).new_initial_state()
    index = len(chance_steps(state, seed, 0))
    moves: list[str] = []
    while not state.is_terminal():
        legal = [state.action_text(a) for a in state.legal_actions()]
        if state.current_player == 0:
            if moment(legal):
                return moves
            moves.append(random.Random(index).choice(legal))
            action = state.game.parse_action(moves[-1])
        else:
            level = agent_spec("greedy", state)
            action = run_job(
                AIJob(state.clone(), level, derive_seed(seed, "seat", state.current_player, index))
            ).action
        state.apply(action)
        index += 1 + len(chance_steps(state, seed, index + 1))
    return None


def at_the_moment(
    base: str, game: str, moment: Moment, options: dict[str, Any] | None = None
) -> tuple[str, str, dict[str, Any]]:
    """A practice game of the live server at ``base`` played to ``moment`` (``our_moves_to``): its
    id, our token and our view there."""
    seed, moves = our_moves_to(game, moment, options)
    game_id, token = api_game(base, game, seed, options=options)
    made: list[str] = []

    def next_move(view: dict[str, Any]) -> str:
        made.append(moves[len(made)])
        return made[-1]

    view = play_until(base, game_id, token, lambda v: len(made) == len(moves), next_move)
    assert moment(view["legal_actions"]), (seed, view["legal_actions"])
    return game_id, token, view
