"""A simul's games (``simuls``): the game of two every board plays, who moves first on each board
and the host's seat there, and the host's result once a game is over.

Who moves first in a game whose first player the deal draws (Kingdomino, Origins) is kept as the
deal gives it: the host takes the seat that moves first, or the other, so the seed stays the
server's secret draw. A game's end is kept as the host's ``win``, ``draw`` or ``loss`` (the places
as every page counts them: ``game_results.final_places``), or ``unplayed`` (aborted).
"""

from __future__ import annotations

from typing import Any

from kingdomino.core.game import Game, GameError
from kingdomino.games.registry import make_game
from kingdomino.web.game_results import final_places
from kingdomino.web.refusals import HubError
from kingdomino.web.steps import chance_steps
from kingdomino.web.stored import StoredGame


def two_player_game(name: str, options: dict[str, Any]) -> Game:
    """The game of two every board of a simul plays, or the refusal: a game not played by two."""
    try:
        return make_game(name, 2, options)
    except GameError as error:
        if error.field == "players":
            raise HubError(
                422, "game", f"a simul's boards are games of two: {name} is not played by two", "simul_game"
            ) from None
        raise HubError(400, error.field or "options", str(error)) from None


def host_first(first: str, board: int) -> bool:
    """Whether the host moves first on board ``board`` (0-based) of a simul whose ``first`` is so."""
    return first == "host" or (first == "alternate" and board % 2 == 0)


def host_seat(game: Game, seed: int, first: bool) -> int:
    """The host's seat in a game of ``game`` dealt from ``seed``: the seat the deal makes move
    first if the host does (``first``), else the other."""
    state = game.new_initial_state()
    chance_steps(state, seed, 0)
    opening = state.current_player
    return opening if first else 1 - opening


def host_result(stored: StoredGame, state: Any, seat: int) -> str | None:
    """The host's result in the ended game ``stored`` (its final ``state``) where they sat at
    ``seat``; None while it goes on."""
    if stored.status in ("aborted", "expired"):
        return "unplayed"
    if stored.status != "finished":
        return None
    places = final_places(state.places(), stored.seats)
    mine, theirs = places[seat], places[1 - seat]
    return "win" if mine < theirs else "draw" if mine == theirs else "loss"
