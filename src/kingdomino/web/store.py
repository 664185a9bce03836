"""Storage of games and their actions through SQLAlchemy (SQLite file by default, PostgreSQL by URL).

A game is its configuration (game, players, options, seed, seats) and the
ordered list of accepted actions, chance outcomes included. The state is never
stored: replaying the actions through the engine rebuilds it exactly, so a
restarted server resumes every game where it stopped. Each accepted action is
committed before anyone hears of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: One object per seat: name, kind (human or ai), level (ai), token (secret).
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    spectator_token: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text)


@dataclass
class StoredAction:
    index: int
    seat: int
    text: str
    description: str


@dataclass
class StoredGame:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    spectator_token: str
    status: str
    created: datetime
    actions: list[StoredAction]


def sqlite_url(data_dir: str) -> str:
    return f"sqlite:///{data_dir.rstrip('/')}/kingdomino.sqlite3"


class Store:
    """Games and actions in one SQL database; every write is its own committed transaction."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url, json_serializer=json.dumps, future=True)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        Base.metadata.create_all(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create_game(self, game: StoredGame) -> None:
        with self.sessions.begin() as session:
            session.add(
                GameRow(
                    id=game.id,
                    game=game.game,
                    players=game.players,
                    options=game.options,
                    seed=game.seed,
                    seats=game.seats,
                    spectator_token=game.spectator_token,
                    status=game.status,
                    created=game.created,
                )
            )

    def append_actions(self, game_id: str, actions: list[StoredAction], status: str | None = None) -> None:
        """Commit accepted actions (and the new status) in one transaction (Core inserts: the hot path)."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(ActionRow),
                [
                    {
                        "game_id": game_id,
                        "index": a.index,
                        "seat": a.seat,
                        "text": a.text,
                        "description": a.description,
                    }
                    for a in actions
                ],
            )
            if status is not None:
                connection.execute(update(GameRow).where(GameRow.id == game_id).values(status=status))

    def truncate(self, game_id: str, keep: int, status: str) -> None:
        """Forget the actions from index ``keep`` on (undo)."""
        with self.sessions.begin() as session:
            session.execute(delete(ActionRow).where(ActionRow.game_id == game_id, ActionRow.index >= keep))
            row = session.get(GameRow, game_id)
            assert row is not None
            row.status = status

    def load(self, game_id: str) -> StoredGame | None:
        """The game with this id, or None (also for an id with NUL, which PostgreSQL text cannot hold)."""
        if "\x00" in game_id:
            return None
        with self.sessions() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            return self._stored(session, row)

    def unfinished(self) -> list[StoredGame]:
        with self.sessions() as session:
            rows = session.scalars(select(GameRow).where(GameRow.status == "playing")).all()
            return [self._stored(session, row) for row in rows]

    def _stored(self, session: Session, row: GameRow) -> StoredGame:
        actions = session.scalars(
            select(ActionRow).where(ActionRow.game_id == row.id).order_by(ActionRow.index)
        ).all()
        created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
        return StoredGame(
            row.id,
            row.game,
            row.players,
            dict(row.options),
            row.seed,
            list(row.seats),
            row.spectator_token,
            row.status,
            created,
            [StoredAction(a.index, a.seat, a.text, a.description) for a in actions],
        )


def now() -> datetime:
    return datetime.now(UTC)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # WAL with synchronous=NORMAL: a committed transaction survives the process being killed.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
