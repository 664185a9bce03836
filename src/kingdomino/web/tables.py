"""The database's tables: the games and their actions (the store's), the accounts and their
sessions (online play's), which account plays which seat and how each seat ended, the accounts'
ratings with each rated game's changes (``game_results``), whom they follow and block, their
games' chat and their preferences; and ``Base``, which every other module's tables extend (the
club tournaments': ``tournament_tables``). Every table is created where missing when a store opens.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    #: The games being played that anyone may watch, read at every look at the live games.
    __table_args__ = (Index("games_watched", "status", "public"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The seed when it fits 63 bits (a chosen seed, a game of an earlier version); 0 when
    #: ``secret_seed`` holds it.
    seed: Mapped[int] = mapped_column(BigInteger)
    #: One object per seat: name, kind (human, ai or open), level (ai), token (secret), the
    #: account playing it (a human seat taken by a logged-in player).
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    spectator_token: Mapped[str] = mapped_column(String(64))
    #: ``open`` (waiting for players), ``playing``, ``finished`` or ``expired`` (never started).
    status: Mapped[str] = mapped_column(String(16), default="playing")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The creator chose the seed (a practice game against AI seats: its draws can be known).
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: Hints are on for every seat (a game with several humans has them only when created so).
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: The draft aids are shown (False: a game among purists, with none for anybody).
    aids: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    #: Raised by every write: a write made on an older revision is refused (see the module).
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: An AI seat is to move; the server named in ``lease_owner`` computes it until ``lease_until``.
    ai_turn: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    lease_owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: The review of a finished game's human moves (``hub.Hub.review``), once computed.
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, deferred=True)
    #: A seed too wide for ``seed`` (the server's secret seeds have 128 bits), in hexadecimal.
    secret_seed: Mapped[str | None] = mapped_column(String(40), nullable=True)
    #: The result moves its players' ratings (every human seat is an account's).
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: While the game waits for players (status ``open``): when it stops waiting (epoch seconds),
    #: its open seats then going to AI seats of ``ai_fill``, or the game expiring without one.
    open_until: Mapped[float | None] = mapped_column(Float, nullable=True)
    ai_fill: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: The game's time control (``clocks``; None: no clock), each seat's time left, and when the
    #: human seat to act runs out of it (epoch seconds; None: no clock runs).
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)
    #: The finished game's rematch, once one of its players offered it (``rematch``): its id, the
    #: seat that offered it, the seats not joined yet and how it was called off, if it was
    #: (``rematch_wait.note``): ``{"id", "by", "awaited", "called_off"}``.
    rematch: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The finished game this one is the rematch of (None: not a rematch), whose note of it
    #: (``rematch``) is written as its players join it or it is called off.
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: Who created the game: their seat (None: they took none, or the game is older than the
    #: column) and the client they created it from (``routes.dependencies.client_of``). Only the
    #: creator calls an open game off, and the lobby counts each client's games waiting.
    creator_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    creator_client: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: Anyone may watch the game (``live_games``): it was opened to the lobby, or its creator said
    #: so. A game older than the column is not.
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: Its players may ask to take a move back, which the others accept or decline
    #: (``take_back``); a game older than the column allows it, as a new one does by default.
    takebacks: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    #: The latest takeback asked in it and its answer (``take_back.Request``), None: none yet.
    takeback: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The ratings a player joining the open game may have (``seek_ranges``): ``{"low", "high"}``,
    #: made around its creator's rating as it was opened; None: anyone (a game older than the column).
    rating_range: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: When the finished game's result was kept (``game_results.keep_results``, at its end): the
    #: order of a player's archive (``archive``). None: not finished, or no account played it.
    ended: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text)
    #: When the server took the action (epoch seconds): a player's move times, for the evidence of
    #: a cheating report (``fairplay``); None in a game stored before it was kept.
    at: Mapped[float | None] = mapped_column(Float, nullable=True)


class AccountRow(Base):
    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: The name as the player wrote it (cleaned: ``seats.clean_name``).
    name: Mapped[str] = mapped_column(String(64))
    #: The name as it reads, unique: two names a reader could take for each other are one.
    name_key: Mapped[str] = mapped_column(String(64), unique=True)
    #: The name's look-alike key (``seats.look_alike_key``: its Unicode confusable skeleton, folded
    #: as ``name_key``): a new name whose key an account has is refused. Not unique: two accounts
    #: made before the key was kept may share one, and keep their names.
    name_skeleton: Mapped[str] = mapped_column(Text, default="", server_default="", index=True)
    #: Argon2id, in its encoded form (the parameters and salt with the hash).
    password_hash: Mapped[str] = mapped_column(String(256))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: A bot's account (``kingdomino bot``): the lobby and the games show it as a bot.
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: When the account was closed (None: open), by whom (``owner`` or ``operator``) and, by the
    #: operator, why (shown to its owner at a login: ``account_admin``). A closed account logs in
    #: no more and is listed nowhere; its row stays, so its name stays taken.
    closed: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    closed_by: Mapped[str | None] = mapped_column(String(16), nullable=True)
    closed_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: The latest login (None: none since the column was added; creating an account is one).
    last_login: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    __tablename__ = "sessions"

    #: SHA-256 of the session's token: the database never holds a token a thief could use.
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatAccountRow(Base):
    """A seat of a game that an account plays (or played, until an AI took it): the index of an
    account's games. The store writes it with the seats (``Store.create_game``, ``set_seats``)."""

    __tablename__ = "seat_accounts"
    #: An account's seats with their games (``archive``): whether an account sat at a game is one
    #: look-up, where the index of ``account_id`` alone read all of the account's seats.
    __table_args__ = (Index("seat_accounts_by_account", "account_id", "game_id"),)

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    #: The account still plays it (False: handed to an AI, the player left or was away).
    playing: Mapped[bool] = mapped_column(Boolean, default=True)


class SeatResultRow(Base):
    """How a seat of a finished game with an account's seat ended: the engine's final score and
    place (``State.places``), kept so that a player's page need not replay the game."""

    __tablename__ = "seat_results"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    score: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)


class RatingRow(Base):
    """An account's Glicko-2 rating in a pool (``ratings.pools``), after its rated games there."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ratings_by_pool", "pool", "rating"),)

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    pool: Mapped[str] = mapped_column(String(32), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    #: Rated games placed first (a shared first place too).
    wins: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingChangeRow(Base):
    """What a rated game did to an account's rating: one row per game and account, the pair
    unique, so a result is recorded once however often it is offered."""

    __tablename__ = "rating_changes"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    pool: Mapped[str] = mapped_column(String(32))
    #: The place the rating counted (a seat handed to an AI counts last: ``game_results``).
    place: Mapped[int] = mapped_column(Integer)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def seat_accounts(game_id: str, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of ``seat_accounts`` for a game's seats: each seat an account plays, or played
    until an AI took it over (its row keeps ``account``). Every write of the seats writes them,
    so an account's games are found without reading every game's seats."""
    return [
        {
            "game_id": game_id,
            "seat": seat,
            "account_id": int(info["account"]),
            "playing": info["kind"] == "human",
        }
        for seat, info in enumerate(seats)
        if info.get("account") is not None
    ]


class FollowRow(Base):
    """An account following another (``relations``): the follower's "Following" card lists it."""

    __tablename__ = "follows"

    follower: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    followed: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BlockRow(Base):
    """An account blocking another (``relations``): no challenge, pairing or open game between them."""

    __tablename__ = "blocks"

    blocker: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    blocked: Mapped[int] = mapped_column(
        ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatMessageRow(Base):
    """A message of a game's chat (``chat``): in its players' room or its spectators' room, free
    text or a quick phrase's code, with the name it was sent under. At most ``chat.MAX_MESSAGES``
    a room; they go with their game."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("chat_by_room", "game_id", "room", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    #: ``players`` or ``spectators``.
    room: Mapped[str] = mapped_column(String(16))
    #: When it was sent (epoch seconds).
    at: Mapped[float] = mapped_column(Float)
    #: The sender's seat in the players' room (None in the spectators' room).
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The sender's account (None: a guest's seat). Not a foreign key: a closed account's words
    #: stay in the games they were said in, under the name they were said with. Indexed: an
    #: account's data holds what it said (``account_export``).
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The words (cleaned as names are), or None for a quick phrase.
    text: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: A quick phrase's code (``chat.PHRASES``), each reader's page wording it in its language.
    phrase: Mapped[str | None] = mapped_column(String(32), nullable=True)


class PreferenceRow(Base):
    """An account's preferences (``preferences``): who may challenge it and its chat, which the
    server enforces, and the page's settings, kept here so that every device it logs in on has
    them. One row per account, made at its first change (none: every preference's default)."""

    __tablename__ = "account_preferences"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    #: Who may challenge the account: ``everyone``, ``following`` (accounts it follows), ``nobody``.
    challenges: Mapped[str] = mapped_column(String(16), default="everyone", server_default="everyone")
    #: Bots' accounts may challenge it (within ``challenges``).
    bot_challenges: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    #: Its game pages start with the chat off.
    chat_off: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    #: The spectators' room of its own games reaches its pages (once the game is over).
    spectators_chat: Mapped[bool] = mapped_column(Boolean, default=True, server_default="1")
    #: The page's language (None: the browser's), the AI moves' pace, the draft aids shown, the
    #: lobby's quick game against the AI (``{game, level}``) and when a move waits for Confirm.
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    ai_pace: Mapped[str] = mapped_column(String(16), default="server", server_default="server")
    aids: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    quick_ai: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    confirm_moves: Mapped[str] = mapped_column(String(16), default="never", server_default="never")
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
