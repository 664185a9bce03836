"""The clocks stand still while the server of a SQLite file is stopped (an upgrade, a restart).

A clock's turn and deadline are wall-clock moments (``clocks``): without this, a player to move
in a real-time game lost the minutes the server was down, and with a move clock shorter than the
stop, their seat went to an AI at the start (a rated game ranking them last). A server stopped
in order notes the moment (``server_stops``); the next start moves each running clock's turn and
deadline forward by the time since, before the clocks' sweep looks. SQLite alone: it has one
server at a time (``cli.sqlite_claim``), while servers sharing PostgreSQL keep serving each
other's games when one stops. A server killed outright notes nothing, and its clocks ran on.
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select, update

from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow, ServerStopRow


def note_stop(store: Store, moment: float) -> None:
    """Note that the server of ``store`` stopped at ``moment`` (SQLite alone)."""
    if store.engine.dialect.name != "sqlite":
        return
    with store.engine.begin() as connection:
        connection.execute(delete(ServerStopRow))
        connection.execute(insert(ServerStopRow).values(id=1, at=moment))


def give_time_back(store: Store, moment: float) -> int:
    """Move each playing game's clock forward by the time since the noted stop (none: nothing),
    each as a new revision of its game, and forget the stop; how many games were given time."""
    with store.engine.begin() as connection:
        stopped = connection.scalar(select(ServerStopRow.at))
        if stopped is None:
            return 0
        connection.execute(delete(ServerStopRow))
        pause = max(0.0, moment - stopped)
        running = select(GameRow.id, GameRow.clock, GameRow.deadline).where(GameRow.status == "playing")
        given = 0
        for game_id, clock, deadline in list(connection.execute(running)):
            if clock is None:
                continue
            connection.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(
                    clock={**clock, "since": clock["since"] + pause},
                    deadline=None if deadline is None else deadline + pause,
                    revision=GameRow.revision + 1,
                )
            )
            given += 1
        return given
