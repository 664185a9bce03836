"""The live games a server holds in memory: every game in use, and the most recently used idle ones.

A game is in use while a page watches it, while its AI task runs, or while its lock is held; the
other games are idle, and the least recently used idle ones beyond a limit are dropped (a game
dropped is read again from the database when asked for). Keeping a game and dropping the ones
beyond the limit walk no other game: the idle games are held in the order they were last used,
and a game leaves that order when it comes into use (the hub says so: ``touch``, at every change
of its pages and of its AI task) and comes back, as used now, when it is idle again. A lock is
looked at only when an idle game is about to be dropped (the games locked at that moment stay).
So a restart that reads thousands of games back spends time in their number, not its square.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, MutableMapping

from kingdomino.web.table import Table


def in_use(table: Table) -> bool:
    """Whether ``table`` has a page watching it or an AI task running (its lock aside)."""
    return bool(table.watchers) or (table.ai_task is not None and not table.ai_task.done())


class GameMemory(MutableMapping[str, Table]):
    """The games in memory by id, and the idle ones among them from the least recently used."""

    def __init__(self) -> None:
        self._games: dict[str, Table] = {}
        #: The games idle at their last ``touch``, the least recently used first.
        self._idle: OrderedDict[str, None] = OrderedDict()

    def __getitem__(self, game_id: str) -> Table:
        return self._games[game_id]

    def __setitem__(self, game_id: str, table: Table) -> None:
        self._games[game_id] = table
        self.touch(game_id)

    def __delitem__(self, game_id: str) -> None:
        del self._games[game_id]
        self._idle.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def touch(self, game_id: str) -> None:
        """``game_id`` was used now, or came into use, or may be idle again: look at it (alone)."""
        table = self._games.get(game_id)
        if table is None:
            return
        if in_use(table):
            self._idle.pop(game_id, None)
        else:
            self._idle[game_id] = None
            self._idle.move_to_end(game_id)

    def idle(self) -> list[str]:
        """The idle games, the least recently used first."""
        return list(self._idle)

    def drop_idle_beyond(self, limit: int) -> list[str]:
        """Drop the least recently used idle games beyond ``limit`` of them; the ids dropped.

        Walks from the least recently used: past the games locked now (they stay, and are not
        counted as idle) and the ones found in use (set aside), to the ones dropped.
        """
        beyond = len(self._idle) - limit
        dropped: list[str] = []
        set_aside: list[str] = []
        for game_id in self._idle:
            if beyond <= 0:
                break
            beyond -= 1
            table = self._games[game_id]
            if in_use(table):
                set_aside.append(game_id)
            elif not table.lock.locked():
                dropped.append(game_id)
        for game_id in set_aside:
            del self._idle[game_id]
        for game_id in dropped:
            del self[game_id]
        return dropped
