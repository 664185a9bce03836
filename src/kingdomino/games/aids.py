"""The draft aids of a position in any game of the family, by the game's name: what a strong
player keeps in their head (each game's ``aids`` module says what it counts, from public facts only).

>>> from kingdomino.games.registry import make_game
>>> sorted(draft_aids(make_game("kingdomino", 4).new_initial_state()))
['next_order', 'terrains', 'to_come', 'unseen']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from kingdomino.core.game import GameError, State
from kingdomino.games.classic import aids as classic
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.duel import aids as duel
from kingdomino.games.origins import aids as origins
from kingdomino.games.origins.state import OriginsState

_AIDS: dict[str, Callable[[State], dict[str, Any]]] = {
    "kingdomino": lambda state: classic.draft_aids(cast(ClassicState, state)),
    "duel": lambda _state: duel.draft_aids(),
    "origins": lambda state: origins.draft_aids(cast(OriginsState, state)),
}


def draft_aids(state: State) -> dict[str, Any]:
    """The draft aids of ``state``, a position of any game of the family."""
    name = state.game.name
    aids = _AIDS.get(name)
    if aids is None:
        raise GameError(f"game: no draft aids for {name!r}; expected one of {', '.join(sorted(_AIDS))}")
    return aids(state)
