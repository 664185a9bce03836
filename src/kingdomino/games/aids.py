"""The draft aids of a position in any game of the family, by the game's name: what a strong
player keeps in their head (each game's ``aids`` module says what it counts, from public facts only),
and what each placement the acting seat may make does to its regions.

>>> from kingdomino.games.registry import make_game
>>> sorted(draft_aids(make_game("kingdomino", 4).new_initial_state()))
['next_order', 'terrains', 'to_come', 'unseen']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from kingdomino.core.game import GameError, RegionChange, State
from kingdomino.games.classic import aids as classic
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.duel import aids as duel
from kingdomino.games.duel.state import DuelState
from kingdomino.games.origins import aids as origins
from kingdomino.games.origins.state import OriginsState

_AIDS: dict[str, Callable[[State], dict[str, Any]]] = {
    "kingdomino": lambda state: classic.draft_aids(cast(ClassicState, state)),
    "duel": lambda _state: duel.draft_aids(),
    "origins": lambda state: origins.draft_aids(cast(OriginsState, state)),
}

_PLACEMENTS: dict[str, Callable[[State], dict[int, tuple[RegionChange, ...]]]] = {
    "kingdomino": lambda state: classic.placement_regions(cast(ClassicState, state)),
    "duel": lambda state: duel.placement_regions(cast(DuelState, state)),
    "origins": lambda state: origins.placement_regions(cast(OriginsState, state)),
}


def _of_game(table: dict[str, Callable[[State], Any]], state: State) -> Callable[[State], Any]:
    name = state.game.name
    found = table.get(name)
    if found is None:
        raise GameError(f"game: no draft aids for {name!r}; expected one of {', '.join(sorted(table))}")
    return found


def draft_aids(state: State) -> dict[str, Any]:
    """The draft aids of ``state``, a position of any game of the family."""
    return cast(dict[str, Any], _of_game(_AIDS, state)(state))


def placement_regions(state: State) -> dict[int, tuple[RegionChange, ...]]:
    """By action code, the regions each legal placement of the acting seat changes (each
    placement of a domino, each drawing of a Duel domino; empty when the seat places nothing
    now): public, the placed domino is face up.

    >>> from kingdomino.games.registry import make_game
    >>> placement_regions(make_game("duel", 2).new_initial_state())  # the dice are not rolled yet
    {}
    """
    return cast(dict[int, tuple[RegionChange, ...]], _of_game(_PLACEMENTS, state)(state))
