"""A game's engine state replayed from its stored actions, each parsed from its text and checked
again by the engine: the one loop every reader of a stored game goes through (the hub reading a
game, a table reloaded, a take-back, an export, the insights, a finished game's replay steps, a
write heard from another server).

Its own module because the stored actions are the truth and the engine the only judge: the
state is never stored, always rebuilt so, and one loop keeps every reader rebuilding it alike.
"""

from __future__ import annotations

from collections.abc import Iterable

from kingdomino.core.game import Game, State
from kingdomino.games.registry import make_game
from kingdomino.web.stored import StoredAction, StoredGame


def rebuild(stored: StoredGame) -> tuple[Game, State]:
    """The game and its state after every stored action (each checked again by the engine)."""
    game = make_game(stored.game, stored.players, stored.options)
    return game, replayed(game, stored.actions)


def replayed(game: Game, actions: Iterable[StoredAction]) -> State:
    """The state after ``actions``, each checked again by the engine."""
    return played_on(game.new_initial_state(), actions)


def played_on(state: State, actions: Iterable[StoredAction]) -> State:
    """``state`` itself, with ``actions`` applied to it in turn (``GameError``: one of them is
    not legal there, the state left after the ones before it)."""
    for action in actions:
        state.apply(state.parse_action(action.text))
    return state
