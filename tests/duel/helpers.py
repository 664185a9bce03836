"""Build Duel positions through the real flow: roll, draft, then maps and powers set as needed."""

from __future__ import annotations

import random

from kingdomino.core.game import CHANCE
from kingdomino.games.duel.components import COAT_BY_ID
from kingdomino.games.duel.game import DuelGame
from kingdomino.games.duel.state import DuelState
from kingdomino.games.duel.text import parse_map

GAME = DuelGame()

# Faces (1-based, as in 'roll'): die 1: ? dot dstripe1 stripe ddot1 dot
# die 2: quarters stripe ddot1 dstripe1 dot black;  die 3: ddot stripe black2 quarters2 dot dstripe
# die 4: dstripe stripe1 ? stripe dot1 ddot


def coat(name: str) -> int:
    return COAT_BY_ID[name].value


def start(roll: str, maps: tuple[str, str] | None = None, powers: dict[str, int] | None = None) -> DuelState:
    """A state after ``roll`` (seat 0 is player A), maps and gained powers set."""
    state = GAME.new_initial_state()
    if maps is not None:
        for seat, text in enumerate(maps):
            state.boards[seat] = parse_map(text)[0]
    for name, seat in (powers or {}).items():
        state.owner[coat(name)] = seat
    state.apply_text(roll)
    return state


def texts(state: DuelState) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions()]


def play(state: DuelState, *actions: str) -> DuelState:
    for action in actions:
        state.apply_text(action)
    return state


def random_playout(state: DuelState, rng: random.Random) -> DuelState:
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return state
