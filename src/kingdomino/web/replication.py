"""Following the other servers' writes (PostgreSQL's LISTEN/NOTIFY, ``notify``): a game another
server wrote is brought up to date here and its watchers told, at once.

What replication guarantees: the database is the truth. A write that only appended actions to
the revision held here is applied from the notification (or read from the database when the
notification could not carry them), with the clock and deadline it stored (a timed game's write
notified without them, by a server of an earlier version, reads the whole game); anything else
(an undo, a seat handed over, missed writes) reads the whole game again. After notifications
may have been lost (the listening connection came back), every watched game that changed is
read again.
"""

from __future__ import annotations

from kingdomino.core.game import GameError
from kingdomino.web.memory import GameMemory
from kingdomino.web.notify import WriteNotice
from kingdomino.web.replaying import played_on
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredAction
from kingdomino.web.table import Table


class Replication:
    """The tables of ``tables`` kept up to date with the writes of the other servers on ``store``."""

    def __init__(self, store: Store, tables: GameMemory) -> None:
        self.store = store
        self.tables = tables

    async def on_write_elsewhere(self, written: WriteNotice) -> None:
        """Another server wrote a game: catch up and tell this server's watchers."""
        table = self.tables.get(written.game_id)
        if written.server == self.store.server or table is None or table.version >= written.revision:
            return
        async with table.lock:
            if table.version >= written.revision:
                return
            caught_up = False
            timing_known = table.stored.time_control is None or written.timing is not None
            if table.version == written.revision - 1 and written.count is not None and timing_known:
                appended = written.appended
                status = written.status
                if appended is None:
                    found = self.store.actions_from(table.id, len(table.actions))
                    if found is not None and found[0] == written.revision:
                        _, status, appended = found
                caught_up = appended is not None and self._catch_up(table, written.revision, status, appended)
                if caught_up and written.timing is not None:
                    table.stored.clock, table.stored.deadline = written.timing
            if not caught_up:
                table.reload()
        await table.publish()

    def _catch_up(self, table: Table, revision: int, status: str, new: list[StoredAction]) -> bool:
        """Apply ``new``, the actions the write of ``revision`` appended; False if they do not
        follow the actions held here (then the whole game must be read again)."""
        if not new or new[0].index != len(table.actions):
            return False
        state = table.state.clone()
        try:
            played_on(state, new)
        except GameError:
            return False
        table.adopt(state, new, status, revision)
        return True

    async def caught_up(self) -> None:
        """After notifications may have been lost: read again every watched game that changed."""
        for table in list(self.tables.values()):
            if table.watchers and self.store.revision_of(table.id) != table.version:
                async with table.lock:
                    table.reload()
                await table.publish()
