"""The terminal front end of each game, by game name (as :mod:`kingdomino.games.registry` lists
the games)."""

from __future__ import annotations

from kingdomino.cli.frontends import TerminalFrontend
from kingdomino.cli.render_classic import ClassicFrontend
from kingdomino.cli.render_duel import DuelFrontend
from kingdomino.cli.render_origins import OriginsFrontend

_FRONTENDS: dict[str, TerminalFrontend] = {
    "kingdomino": ClassicFrontend(),
    "duel": DuelFrontend(),
    "origins": OriginsFrontend(),
}


def frontend_for(game_name: str) -> TerminalFrontend:
    """The front end that draws and scores game ``game_name``."""
    try:
        return _FRONTENDS[game_name]
    except KeyError:
        raise LookupError(f"no terminal front end for game {game_name!r}") from None
