"""Web Push's tables: the server's VAPID key, the browsers subscribed per account, the turn
whose short time was told (``push_store`` reads and writes them), and the seats of turn-based
games with a page open on each server (``push_pages``). Imported by ``store_setup``, so
that they are made where missing with the others when a store opens."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from kingdomino.web.tables import Base


class PushKeyRow(Base):
    """The server's VAPID key (one row, ``id`` 1), its private key as PEM (PKCS#8)."""

    __tablename__ = "push_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    private_pem: Mapped[str] = mapped_column(Text)


class PushSubscriptionRow(Base):
    """A browser subscribed to an account's notifications: where to post (``endpoint``), the
    browser's public key and secret the payload is encrypted to, and the language it speaks."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(2048), unique=True)
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    language: Mapped[str] = mapped_column(String(8))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PushToldRow(Base):
    """The latest revision of a game whose short time was told (each server's sweep sees the same
    games: the first to note a revision tells it)."""

    __tablename__ = "push_told"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)


class PushPageRow(Base):
    """A seat of a game with a page open on a server (``push_pages``), last confirmed at ``seen``
    (seconds since the epoch): a move written on another server pushes no "your turn" to that
    seat's player, whose page says it itself, and the other servers count the seat present."""

    __tablename__ = "push_pages"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    server: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen: Mapped[float] = mapped_column(Float)
