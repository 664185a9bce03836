"""The AI leases of the games in the store: only the server holding a game's lease computes its AI
turn, and a lease not renewed lapses so that another server takes the turn over.

A lease is ``lease_owner`` until ``lease_until`` on the game's row, for one revision of the game
with an AI seat to move (``ai_turn``); the game's next write clears it (``Store``).
"""

from __future__ import annotations

import time

from sqlalchemy import ColumnElement, or_, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import InstrumentedAttribute

from kingdomino.web.tables import GameRow


def takeable(
    owner: InstrumentedAttribute[str | None],
    until: InstrumentedAttribute[float] | InstrumentedAttribute[float | None],
    server: str,
    moment: float,
) -> ColumnElement[bool]:
    """Where a lease held by ``owner`` until ``until`` may be taken (or renewed) by ``server`` at
    ``moment``: nobody holds it, ``server`` does, or it lapsed (its holder stopped renewing it)."""
    return or_(owner.is_(None), owner == server, until < moment)


class AILeases:
    """The leases' reads and writes, a part of ``store.Store`` (its engine, and its server's name
    as a lease names its owner)."""

    engine: Engine
    server: str

    def take_lease(self, game_id: str, revision: int, seconds: float) -> bool:
        """Hold (or renew) the right to compute the AI turn of ``game_id`` at ``revision``."""
        moment = time.time()
        with self.engine.begin() as connection:
            taken = connection.execute(
                update(GameRow)
                .where(
                    GameRow.id == game_id,
                    GameRow.revision == revision,
                    GameRow.ai_turn.is_(True),
                    takeable(GameRow.lease_owner, GameRow.lease_until, self.server, moment),
                )
                .values(lease_owner=self.server, lease_until=moment + seconds)
            )
            return bool(taken.rowcount == 1)

    def renew_leases(self, seconds: float) -> set[tuple[str, int]]:
        """Extend every AI lease this server holds to ``seconds`` from now, in one write; returns
        the turns (game id, revision) it holds. A lease that lapsed and another server took is
        no longer this server's (the game's next write, which clears it, too)."""
        moment = time.time()
        mine = (GameRow.lease_owner == self.server, GameRow.ai_turn.is_(True))
        with self.engine.begin() as connection:
            connection.execute(update(GameRow).where(*mine).values(lease_until=moment + seconds))
            rows = connection.execute(select(GameRow.id, GameRow.revision).where(*mine))
            return {(row[0], int(row[1])) for row in rows}

    def unleased_ai_turns(self) -> list[tuple[str, int]]:
        """The games (id, revision) whose AI seat is to move and that no server holds a live lease on."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(GameRow.id, GameRow.revision).where(
                    GameRow.status == "playing",
                    GameRow.ai_turn.is_(True),
                    or_(GameRow.lease_owner.is_(None), GameRow.lease_until < time.time()),
                )
            )
            return [(row[0], int(row[1])) for row in rows]
