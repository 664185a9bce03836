"""What makes two states the same position: the keys behind ``State.__eq__`` and ``__hash__``.

A state is compared by *value*: its game's configuration (:func:`game_key`: the game's name,
its number of players and its options) and its position (:func:`position_key`: every field the
state holds, the game excepted). The path that led there does not count: two orders of play
that reach the same kingdoms, rows, claims and acting seat make equal states. A field is
frozen as it is held: numbers and texts as they are, lists and tuples as tuples, dicts and sets
as frozen sets, and a kingdom, map or board by its ``contents()`` (the tuple of numbers its
memories already key on). Any other object in a state is refused, so a new kind of field is
noticed by the tests rather than compared by identity.

>>> from kingdomino import make_game
>>> state = make_game("kingdomino", 2).new_initial_state()
>>> copy = state.clone()
>>> copy == state, hash(copy) == hash(state)
(True, True)
>>> copy.apply(copy.legal_actions()[0])
>>> copy == state
False
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Protocol


class Configured(Protocol):
    """What :func:`game_key` reads of a game."""

    name: str
    num_players: int

    @property
    def options(self) -> Mapping[str, bool | int | str]: ...


def game_key(game: Configured) -> tuple[Hashable, ...]:
    """The configuration of ``game``: its name, its number of players and its options, sorted."""
    return (game.name, game.num_players, tuple(sorted(game.options.items())))


_SLOTS: dict[type, tuple[str, ...]] = {}


def slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, sorted (a state's fields; worked out once a class)."""
    known = _SLOTS.get(cls)
    if known is not None:
        return known
    names: set[str] = set()
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    names.discard("__dict__")
    names.discard("__weakref__")
    _SLOTS[cls] = found = tuple(sorted(names))
    return found


def freeze(value: object, where: str = "state") -> Hashable:
    """``value`` as a hashable key that is equal for equal values (see the module text);
    ``TypeError`` names the field (``where``) holding an object of another kind."""
    if value is None or isinstance(value, int | float | str):
        return value
    if isinstance(value, list | tuple):
        items = tuple(value)
        if all(type(item) is int for item in items):  # most fields: lists of numbers, kept as they are
            return items
        return tuple(freeze(item, where) for item in items)
    if isinstance(value, dict):
        return frozenset((freeze(k, where), freeze(v, where)) for k, v in value.items())
    if isinstance(value, set | frozenset):
        return frozenset(freeze(item, where) for item in value)
    contents = getattr(value, "contents", None)
    if callable(contents):
        return (type(value).__name__, freeze(contents(), where))
    raise TypeError(f"{where}: cannot compare a {type(value).__name__} by value")


def position_key(state: object) -> tuple[Hashable, ...]:
    """Every field of ``state`` but ``game``, frozen, in the order of their names."""
    fields = [name for name in slot_names(type(state)) if name != "game" and hasattr(state, name)]
    extra = sorted(getattr(state, "__dict__", {}).items())
    return tuple(
        [(name, freeze(getattr(state, name), name)) for name in fields]
        + [(name, freeze(value, name)) for name, value in extra]
    )
