"""Find a game by name: ``make_game("kingdomino", players=4, options={"harmony": True})``.

Every game of the package is a line of one table here (``_FACTORIES``: a factory taking the
number of players and its options, as found in records and on the command line, and returning a
:class:`Game`); no game adds itself by being imported. :func:`register` adds one from outside the
package, in this process only.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping

from kingdomino.core.game import Game, GameError, OptionValue
from kingdomino.games.classic.game import VARIANTS as CLASSIC_OPTIONS
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.duel.game import OPTIONS as DUEL_OPTIONS
from kingdomino.games.duel.game import DuelGame
from kingdomino.games.origins.game import OPTIONS as ORIGINS_OPTIONS
from kingdomino.games.origins.game import OriginsGame

GameFactory = Callable[[int, Mapping[str, OptionValue]], Game]

_FACTORIES: dict[str, GameFactory] = {
    "kingdomino": ClassicGame.from_options,
    "duel": DuelGame.from_options,
    "origins": OriginsGame.from_options,
}


#: Each game's options (name -> what it changes, its values when not on/off), as records spell them.
_OPTIONS: dict[str, Mapping[str, str]] = {
    "kingdomino": CLASSIC_OPTIONS,
    "duel": DUEL_OPTIONS,
    "origins": ORIGINS_OPTIONS,
}

#: The most seats a game of the family may have: the player counts are those its factory takes.
_MOST_SEATS = 8


def catalogue() -> dict[str, dict[str, object]]:
    """Each game of this package: the player counts it takes and its options in words, for a
    client choosing a game (``GET /api/meta``). The counts are asked of the games themselves.

    >>> catalogue()["duel"]["players"], sorted(catalogue()["kingdomino"]["options"])
    ([2], ['dynasty', 'harmony', 'middle_kingdom', 'mighty_duel'])
    """
    found: dict[str, dict[str, object]] = {}
    for name, options in _OPTIONS.items():
        players = []
        for count in range(1, _MOST_SEATS + 1):
            try:
                make_game(name, count)
            except GameError:
                continue
            players.append(count)
        found[name] = {"players": players, "options": dict(options)}
    return found


def option_players(name: str) -> dict[str, list[int]]:
    """The player counts game ``name`` takes with each of its on/off options turned on, for the
    options that narrow the game's own counts: a page holds a table to them, and a refusal names
    the option at fault. An option the game refuses turned on (one with values) is not counted.

    >>> option_players("kingdomino"), option_players("duel")
    ({'mighty_duel': [2]}, {})
    """
    counts = catalogue()[name]["players"]
    narrowed: dict[str, list[int]] = {}
    for option in _OPTIONS[name]:
        players: list[int] = []
        for count in range(1, _MOST_SEATS + 1):
            try:
                make_game(name, count, {option: True})
            except GameError as error:
                if error.field != "players":
                    break
                continue
            players.append(count)
        else:
            if players != counts:
                narrowed[option] = players
    return narrowed


def register(name: str, factory: GameFactory) -> None:
    """Make a game of another package available under ``name``, in this process."""
    _FACTORIES[name] = factory


def game_names() -> list[str]:
    return sorted(_FACTORIES)


def make_game(name: str, players: int, options: Mapping[str, OptionValue] | None = None) -> Game:
    """The configuration of game ``name`` for ``players`` seats with ``options``."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise GameError(
            f"game: unknown game {name!r}; expected one of {', '.join(game_names())}", field="game"
        )
    count = _whole_number(players)
    if count is None:
        raise GameError(f"players: expected a whole number, got {players!r}", field="players")
    if options is not None and not isinstance(options, Mapping):
        raise GameError(
            f"options: expected a mapping of option names to values, got {options!r}", field="options"
        )
    return factory(count, dict(options or {}))


def _whole_number(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number, numpy's integers too (a sweep's
    ``np.arange``), else ``None``: not ``True``, ``3.0`` or ``"3"``."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
