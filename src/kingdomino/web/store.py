"""Storage of games and their actions through SQLAlchemy (SQLite file by default, PostgreSQL by URL).

A game is its configuration (game, players, options, seed, seats) and the
ordered list of accepted actions, chance outcomes included. The state is never
stored: replaying the actions through the engine rebuilds it exactly, so a
restarted server resumes every game where it stopped. Each accepted action is
committed before anyone hears of it.

The database is the truth when several servers share it (PostgreSQL):

* each game has a ``revision``, raised by every write; a write names the revision it
  was made on and fails with :class:`StaleGame` if another server wrote first, so two
  servers racing on one action index never both succeed;
* ``ai_turn`` says an AI seat is to move, and an AI turn is computed by the one server
  holding the game's lease (``lease_owner`` until ``lease_until``); a lease that is not
  renewed expires, and another server takes the turn over;
* on PostgreSQL every write also sends a notification on ``kingdomino_games`` (a
  :class:`WriteNotice`, with the actions it appended when they fit) in its transaction, so
  that the other servers tell their clients at once, without reading the database.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from kingdomino.web.notify import CHANNEL, WriteNotice
from kingdomino.web.outage import Outage
from kingdomino.web.session_name import named_sessions
from kingdomino.web.store_leases import AILeases
from kingdomino.web.store_setup import check_writable, prepare_schema, sqlite_pragmas
from kingdomino.web.stored import StoredAction, StoredGame, Timing, stored_game
from kingdomino.web.tables import ActionRow, GameRow, SeatAccountRow, seat_accounts

#: The widest seed the ``seed`` column holds (a signed 64-bit integer on every database).
MAX_SEED_COLUMN = 2**63 - 1
#: The columns a new game's row takes as the stored game holds them, by the same name (its seed
#: is written apart: a wide one goes to ``secret_seed``).
CREATED_AS_THEY_ARE = (
    *("id", "game", "players", "options", "seats", "spectator_token", "status", "created", "rating_range"),
    *("seed_chosen", "hints", "aids", "rated", "open_until", "ai_fill", "time_control", "clock"),
    *("deadline", "creator_seat", "creator_client", "revision", "ai_turn", "rematch_of", "public"),
    "takebacks",
)


@dataclass(frozen=True)
class RematchLink:
    """The finished game ``game_id``, read at ``revision``, whose rematch the seat ``by`` offers,
    and the note of it the finished game keeps (``rematch_wait.note``)."""

    game_id: str
    revision: int
    by: int
    note: dict[str, Any]


class StaleGame(Exception):
    """A write made on a revision of a game that another writer has already changed."""


class Store(AILeases):
    """Games and actions in one SQL database; every write is its own committed transaction.

    ``server`` names this server in leases and notifications.
    """

    def __init__(self, url: str, server: str = "") -> None:
        self.url = url
        self.server = server
        self.engine: Engine = create_engine(
            url, json_serializer=json.dumps, future=True, connect_args=named_sessions(url, server)
        )
        self.notifies = self.engine.dialect.name == "postgresql"
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", sqlite_pragmas)
        prepare_schema(self.engine)
        check_writable(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        #: Games stored as played anew (begun, joined, a seat handed over): ``live_games.Lists``.
        self.games_started = 0
        #: The database away for a while, told once by the server's tasks (``web.outage``).
        self.outage = Outage()

    def close(self) -> None:
        self.engine.dispose()

    def create_game(self, game: StoredGame, rematch_of: RematchLink | None = None) -> None:
        """Store a new game with its first actions (the setup's chance steps) in one transaction.

        A crash can then never leave a game half created, without the draws its seed gives.
        ``rematch_of``: the finished game this one is the rematch of, noted in the same
        transaction, or :class:`StaleGame` and nothing stored (another server offered first).
        """
        game.revision = 1
        taken = time.time()
        with self.sessions.begin() as session:
            if rematch_of is not None:
                link = rematch_of
                self._noted(session.connection(), link.game_id, link.revision, link.note)
            session.add(
                GameRow(
                    seed=game.seed if game.seed <= MAX_SEED_COLUMN else 0,
                    secret_seed=None if game.seed <= MAX_SEED_COLUMN else f"{game.seed:x}",
                    **{column: getattr(game, column) for column in CREATED_AS_THEY_ARE},
                )
            )
            session.flush()
            session.add_all(
                ActionRow(
                    game_id=game.id,
                    index=a.index,
                    seat=a.seat,
                    text=a.text,
                    description=a.description,
                    at=taken,
                )
                for a in game.actions
            )
            if self.notifies and game.status == "open":  # the other servers' lobbies list it
                notice = WriteNotice(game.id, game.revision, self.server, game.status, None, None)
                session.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": notice.payload()},
                )
            session.add_all(SeatAccountRow(**row) for row in seat_accounts(game.id, game.seats))
        self.games_started += game.status == "playing"

    def note_rematch(self, game_id: str, revision: int, note: dict[str, Any]) -> int:
        """Write the finished game's note of its rematch anew (a player joined it, or it was
        called off), as a new revision made on ``revision`` (:class:`StaleGame` if another
        server wrote first); returns the new revision."""
        with self.engine.begin() as connection:
            self._noted(connection, game_id, revision, note)
        return revision + 1

    def _noted(self, connection: Connection, game_id: str, revision: int, note: dict[str, Any]) -> None:
        self._advance(connection, game_id, revision, None, status="finished", ai_turn=False)
        connection.execute(update(GameRow).where(GameRow.id == game_id).values(rematch=note))

    def note_takeback(
        self,
        game_id: str,
        revision: int,
        note: dict[str, Any] | None,
        ai_turn: bool,
        keep: int | None = None,
        timing: Timing | None = None,
    ) -> int:
        """Write the game's takeback ``note`` (asked, answered; None: none) as a new revision made
        on ``revision``, the clock untouched (it runs on); like :meth:`truncate` otherwise.
        ``keep``: the actions taken back, in the same transaction: those from index ``keep`` on
        forgotten, and the clock after it (``timing``)."""
        with self.engine.begin() as connection:
            self._advance(
                connection, game_id, revision, None, status="playing", ai_turn=ai_turn, timing=timing
            )
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(takeback=note))
            if keep is not None:
                connection.execute(
                    delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.index >= keep)
                )
        return revision + 1

    def append_actions(
        self,
        game_id: str,
        actions: list[StoredAction],
        status: str,
        revision: int,
        ai_turn: bool,
        timing: Timing | None = None,
    ) -> int:
        """Commit accepted actions, the new status and whose turn it is, in one transaction.

        ``revision`` is the revision the actions were accepted on; returns the new one. Raises
        :class:`StaleGame` if the game changed since (nothing is written then). Releases the
        game's AI lease: the next AI turn is a new one.
        """
        taken = time.time()
        try:
            with self.engine.begin() as connection:
                self._advance(
                    connection, game_id, revision, actions, status=status, ai_turn=ai_turn, timing=timing
                )
                connection.execute(
                    insert(ActionRow),
                    [
                        {
                            "game_id": game_id,
                            "index": a.index,
                            "seat": a.seat,
                            "text": a.text,
                            "description": a.description,
                            "at": taken,
                        }
                        for a in actions
                    ],
                )
        except IntegrityError:
            raise StaleGame(game_id) from None
        return revision + 1

    def truncate(
        self, game_id: str, keep: int, status: str, revision: int, ai_turn: bool, timing: Timing | None = None
    ) -> int:
        """Forget the actions from index ``keep`` on (undo); like :meth:`append_actions` otherwise."""
        with self.engine.begin() as connection:
            self._advance(connection, game_id, revision, None, status=status, ai_turn=ai_turn, timing=timing)
            connection.execute(delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.index >= keep))
        return revision + 1

    def set_seats(
        self,
        game_id: str,
        seats: list[dict[str, Any]],
        status: str,
        revision: int,
        ai_turn: bool,
        open_until: float | None = None,
        timing: Timing | None = None,
    ) -> int:
        """Store the game's seats anew (a seat handed to an AI, a player joining an open game) and
        how long it still waits for players (None: it no longer does); like :meth:`truncate`
        otherwise (the other servers hear of it as of an undo, and read the game again)."""
        with self.engine.begin() as connection:
            self._advance(connection, game_id, revision, None, status=status, ai_turn=ai_turn, timing=timing)
            connection.execute(
                update(GameRow).where(GameRow.id == game_id).values(seats=seats, open_until=open_until)
            )
            connection.execute(delete(SeatAccountRow).where(SeatAccountRow.game_id == game_id))
            rows = seat_accounts(game_id, seats)
            if rows:
                connection.execute(insert(SeatAccountRow), rows)
        self.games_started += status == "playing"
        return revision + 1

    def open_games(self) -> list[StoredGame]:
        """Every game waiting for players (status ``open``), without their actions: the lobby's list."""
        with self.sessions() as session:
            rows = session.scalars(select(GameRow).where(GameRow.status == "open")).all()
            return [self._stored(session, row, with_actions=False) for row in rows]

    def out_of_time(self, moment: float) -> list[str]:
        """The games being played whose seat to act ran out of time before ``moment``."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(GameRow.id).where(GameRow.status == "playing", GameRow.deadline < moment)
            )
            return [str(row[0]) for row in rows]

    def open_games_due(self, moment: float) -> list[str]:
        """The open games whose wait for players ended before ``moment`` (epoch seconds)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(GameRow.id).where(GameRow.status == "open", GameRow.open_until < moment)
            )
            return [str(row[0]) for row in rows]

    def _advance(
        self,
        connection: Connection,
        game_id: str,
        revision: int,
        appended: list[StoredAction] | None,
        *,
        status: str,
        ai_turn: bool,
        timing: Timing | None = None,
    ) -> None:
        """Move the game from ``revision`` to the next one, or raise :class:`StaleGame`.

        ``appended``: the actions the write appends, if that is all it does (the notification
        carries them, so the other servers need not read them). ``timing``: the game's clock and
        deadline after the write (None: it has no clock).
        """
        clock = {} if timing is None else {"clock": timing[0], "deadline": timing[1]}
        moved = connection.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.revision == revision)
            .values(
                revision=revision + 1,
                lease_owner=None,
                lease_until=None,
                status=status,
                ai_turn=ai_turn,
                **clock,
            )
        )
        if moved.rowcount != 1:
            raise StaleGame(game_id)
        if self.notifies:
            count = appended[-1].index + 1 if appended else None
            written = WriteNotice(game_id, revision + 1, self.server, status, count, appended or None, timing)
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": written.payload()},
            )

    def save_review(self, game_id: str, review: dict[str, Any]) -> None:
        """Keep the review of a finished game (it does not change the game: no revision, no notice)."""
        with self.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(review=review))

    def load_review(self, game_id: str) -> dict[str, Any] | None:
        """The stored review of ``game_id`` (None: not computed yet)."""
        if "\x00" in game_id:
            return None
        with self.engine.connect() as connection:
            value = connection.execute(select(GameRow.review).where(GameRow.id == game_id)).scalar()
            return dict(value) if value is not None else None

    def revision_of(self, game_id: str) -> int | None:
        with self.engine.connect() as connection:
            value = connection.execute(select(GameRow.revision).where(GameRow.id == game_id)).scalar()
            return None if value is None else int(value)

    def actions_from(self, game_id: str, start: int) -> tuple[int, str, list[StoredAction]] | None:
        """The game's revision and status, and its actions from index ``start`` on (None: no game).

        The revision is read first, so the actions are never older than it says.
        """
        with self.engine.connect() as connection:
            row = connection.execute(
                select(GameRow.revision, GameRow.status).where(GameRow.id == game_id)
            ).first()
            if row is None:
                return None
            actions = connection.execute(
                select(ActionRow.index, ActionRow.seat, ActionRow.text, ActionRow.description)
                .where(ActionRow.game_id == game_id, ActionRow.index >= start)
                .order_by(ActionRow.index)
            )
            return int(row[0]), str(row[1]), [StoredAction(*action) for action in actions]

    def load(self, game_id: str) -> StoredGame | None:
        """The game with this id, or None (also for an id with NUL, which PostgreSQL text cannot hold)."""
        if "\x00" in game_id:
            return None
        with self.sessions() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            return self._stored(session, row)

    def _stored(self, session: Session, row: GameRow, with_actions: bool = True) -> StoredGame:
        actions = (
            session.scalars(
                select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.index)
            ).all()
            if with_actions
            else []
        )
        return stored_game(row, actions)
