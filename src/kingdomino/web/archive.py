"""A player's whole archive of finished games, filtered and in pages (``GET
/api/players/{name}/games``), as lichess's "Games" tab lists them.

Read through ``seat_accounts`` (the account's seats, by its index), each game's row by its key
and, for a result asked for, the seat's kept result: the work of a page grows with the account's
games, not with the server's. The games come newest ended first (``games.ended``, kept with the
result at the game's end), then by id; a page's ``next`` names the last game listed, and the next
page starts below it, so the games that end meanwhile, above the first page, move no game from
one page to another.

Finished games only: an aborted game has no result (it stays on the player's page among the
recent ones). Each game as the player's page shows it (``standings.played_games``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, exists, func, or_, select, text
from sqlalchemy.orm import aliased

from kingdomino.ratings.pools import POOLS, pool_names
from kingdomino.web.refusals import HubError
from kingdomino.web.standings import PLAYED_COLUMNS, played_games
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, GameRow, SeatAccountRow, SeatResultRow

#: Games a page lists unless asked otherwise, and at most.
PAGE = 50
MOST = 100
#: The values of each filter that takes words (``won``: placed first, a shared first place too;
#: a forfeited seat never is).
RESULTS = ("won", "lost")
AGAINST = ("people", "bots", "ai")
#: A time control's kinds (``clocks``): real-time (minutes a game, seconds a move), turn-based
#: (days a move), or no clock at all.
CLOCKS = ("real_time", "turn_based", "none")
REAL_TIME = ("game", "move")

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


@dataclass(frozen=True)
class Filters:
    """Which of an account's finished games to list; None: any."""

    game: str | None = None
    players: int | None = None
    pool: str | None = None
    result: str | None = None
    rated: bool | None = None
    against: str | None = None
    #: The account of an opponent who sat at the game too.
    opponent: int | None = None
    clock: str | None = None


def checked(filters: Filters) -> Filters:
    """``filters`` if every value is one the archive knows, else a refusal naming the field and
    what was expected (the route's types check the words of ``result``, ``against``, ``clock``)."""
    if filters.game is not None and filters.game not in POOLS:
        raise _unknown("game", filters.game, list(POOLS))
    if filters.pool is not None and filters.pool not in pool_names():
        raise _unknown("pool", filters.pool, pool_names())
    return filters


def _unknown(field: str, value: str, expected: list[str]) -> HubError:
    return HubError(422, field, f"{field}: expected one of {', '.join(expected)}, got {value!r}")


def cursor(ended: datetime, game_id: str) -> str:
    """A page's ``next``: the moment the last game listed ended, in microseconds since 1970, and
    its id (a moment read back exactly, whatever the database keeps of its time zone).

    >>> cursor(datetime(2026, 11, 30, 19, 0, 0, 5, tzinfo=UTC), "ab12")
    '1796065200000005.ab12'
    """
    moment = ended if ended.tzinfo else ended.replace(tzinfo=UTC)
    return f"{(moment - _EPOCH) // _MICROSECOND}.{game_id}"


def after_cursor(text_: str) -> tuple[datetime, str]:
    """The moment and id a ``next`` names, or a refusal of ``before``.

    >>> after_cursor("1796065200000005.ab12")
    (datetime.datetime(2026, 11, 30, 19, 0, 0, 5, tzinfo=datetime.timezone.utc), 'ab12')
    """
    micros, _, game_id = text_.partition(".")
    refused = HubError(422, "before", f"before: expected the next of an earlier page, got {text_!r}")
    # ASCII alone: "²" is a digit to ``isdigit`` that ``int`` refuses.
    if not (micros + game_id).isascii() or not micros.isdigit() or not game_id.isalnum() or len(micros) > 18:
        raise refused
    try:
        return _EPOCH + int(micros) * _MICROSECOND, game_id
    except OverflowError:  # past the year 9999
        raise refused from None


def _seat_without_account(dialect: str, kind: str) -> ColumnElement[bool]:
    """Whether a seat of the game had no account and was the server's AI from the start
    (``kind`` ``ai``), or a guest's (``guest``: a person's seat, or one an AI took from a guest).
    The seats are a JSON list in the game's row; each database reads it its own way."""
    if dialect == "postgresql":
        field = "seat.value ->> '{}'".format
        source = "json_array_elements(games.seats) AS seat(value)"
    else:
        field = "json_extract(seat.value, '$.{}')".format
        source = "json_each(games.seats) AS seat"
    ai = f"{field('kind')} = 'ai' AND {field('ai_since')} IS NULL"
    guest = f"({field('kind')} = 'human' OR {field('ai_since')} IS NOT NULL)"
    which = ai if kind == "ai" else guest
    return text(f"EXISTS (SELECT 1 FROM {source} WHERE {field('account')} IS NULL AND {which})")  # type: ignore[return-value]


def _opponent_account(account_id: int, bot: bool) -> ColumnElement[bool]:
    """Whether another account played a seat of the game, a bot's or a person's."""
    other = aliased(SeatAccountRow)
    return exists().where(
        other.game_id == GameRow.id,
        other.account_id != account_id,
        AccountRow.id == other.account_id,
        AccountRow.bot.is_(bot),
    )


def conditions(filters: Filters, account_id: int, dialect: str) -> list[ColumnElement[bool]]:
    """The conditions of ``filters`` on the account's games (``games`` joined with its seat)."""
    found: list[ColumnElement[bool]] = []
    if filters.game is not None:
        found.append(GameRow.game == filters.game)
    if filters.players is not None:
        found.append(GameRow.players == filters.players)
    if filters.pool is not None:
        game, sizes = next(
            (g, size) for g, pools in POOLS.items() for size, p in pools.items() if p == filters.pool
        )
        found.append(and_(GameRow.game == game, GameRow.players.between(sizes.start, sizes.stop - 1)))
    if filters.rated is not None:
        found.append(GameRow.rated.is_(filters.rated))
    if filters.result is not None:
        won = and_(SeatResultRow.place == 1, SeatAccountRow.playing.is_(True))
        found.append(won if filters.result == "won" else ~won)
    if filters.against == "ai":
        found.append(_seat_without_account(dialect, "ai"))
    elif filters.against == "bots":
        found.append(_opponent_account(account_id, True))
    elif filters.against == "people":
        found.append(or_(_opponent_account(account_id, False), _seat_without_account(dialect, "guest")))
    if filters.opponent is not None:
        other = aliased(SeatAccountRow)
        found.append(exists().where(other.game_id == GameRow.id, other.account_id == filters.opponent))
    if filters.clock is not None:
        kind = GameRow.time_control["kind"].as_string()
        found.append(
            kind.in_(REAL_TIME)
            if filters.clock == "real_time"
            else kind == "days"
            if filters.clock == "turn_based"
            else kind.is_(None)
        )
    return found


def _games_of(account_id: int, filters: Filters, dialect: str, *columns: Any) -> Select[Any]:
    """The account's finished games that ``filters`` keep, as ``columns``."""
    query = (
        select(*columns)
        .select_from(SeatAccountRow)
        .join(GameRow, GameRow.id == SeatAccountRow.game_id)
        .where(
            SeatAccountRow.account_id == account_id, GameRow.status == "finished", GameRow.ended.is_not(None)
        )
    )
    if filters.result is not None:
        query = query.join(
            SeatResultRow,
            and_(SeatResultRow.game_id == SeatAccountRow.game_id, SeatResultRow.seat == SeatAccountRow.seat),
        )
    return query.where(*conditions(filters, account_id, dialect))


def archive(
    store: Store, account_id: int, filters: Filters, before: str | None = None, limit: int = PAGE
) -> dict[str, Any]:
    """A page of the account's finished games that ``filters`` keep, newest ended first, from
    below ``before`` (a former page's ``next``): ``{games, next, total}``, ``next`` None on the
    last page, ``total`` the count of every page."""
    dialect = store.engine.dialect.name
    query = _games_of(account_id, filters, dialect, *PLAYED_COLUMNS)
    if before is not None:
        moment, game_id = after_cursor(before)
        query = query.where(or_(GameRow.ended < moment, and_(GameRow.ended == moment, GameRow.id < game_id)))
    query = query.order_by(GameRow.ended.desc(), GameRow.id.desc()).limit(limit + 1)
    with store.engine.connect() as connection:
        rows = connection.execute(query).all()
        total = connection.execute(
            _games_of(account_id, filters, dialect, func.count()).order_by(None)
        ).scalar_one()
        games = played_games(connection, account_id, list(rows[:limit]))
    last = rows[limit - 1] if len(rows) > limit else None
    return {
        "games": games,
        "next": None if last is None else cursor(last.ended, last.id),
        "total": int(total),
    }
