"""What the results and ratings show (``game_results`` writes them): a pool's leaderboard and a
player's page (ratings with their history, recent finished games, wins and mean score per game).

Reads only, of the database alone: a finished game's scores and places come from ``seat_results``
(the route fills in a game that lacks them first: ``finished_without_results``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import and_, case, func, select, true

from kingdomino.ratings.glicko2 import PROVISIONAL, Rating
from kingdomino.web.game_results import ended_by, final_places
from kingdomino.web.games_moved import unplayed
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.store import Store
from kingdomino.web.tables import (
    AccountRow,
    GameRow,
    RatingChangeRow,
    RatingRow,
    SeatAccountRow,
    SeatResultRow,
)

#: A player page's recent games, and the points of each pool's history it draws.
RECENT_GAMES = 20
HISTORY_POINTS = 200


def _aware(moment: datetime) -> str:
    """``moment`` in ISO 8601 with its time zone (SQLite gives it back without)."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def _rounded(value: float) -> float:
    return round(value, 1)


def rating_json(row: Any) -> dict[str, Any]:
    """A rating row as the pages show it: rounded, with whether it is still provisional."""
    return {
        "rating": _rounded(row.rating),
        "deviation": _rounded(row.deviation),
        "provisional": Rating(row.rating, row.deviation).provisional,
        "games": int(row.games),
        "wins": int(row.wins),
    }


#: Whom a leaderboard lists: every account, people's alone, or bots' alone (``AccountRow.bot``).
KINDS = ("all", "people", "bots")


def leaderboard(store: Store, pool: str, limit: int, kind: str = "all") -> dict[str, Any]:
    """The ``limit`` best players of ``pool`` by rating, ranked, and apart from them the
    ``limit`` best whose rating is still provisional (deviation over ``PROVISIONAL``); of the
    ``kind`` of account (``KINDS``), each entry saying whether it is a bot's (``bot``). Ranks
    count within the list shown: "people" ranks people among themselves."""
    if kind not in KINDS:
        raise ValueError(f"kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    shown = {"all": true(), "people": AccountRow.bot.is_(False), "bots": AccountRow.bot.is_(True)}[kind]

    def best(settled: bool) -> list[dict[str, Any]]:
        sure = RatingRow.deviation <= PROVISIONAL if settled else RatingRow.deviation > PROVISIONAL
        found = connection.execute(
            select(AccountRow.name, AccountRow.bot, RatingRow)
            .join(AccountRow, AccountRow.id == RatingRow.account_id)
            .where(RatingRow.pool == pool, sure, shown, AccountRow.closed.is_(None))
            .order_by(RatingRow.rating.desc(), AccountRow.name_key)
            .limit(limit)
        )
        return [{"name": row.name, "bot": bool(row.bot), **rating_json(row)} for row in found]

    with store.engine.connect() as connection:
        players = best(True)
        provisional = best(False)
    for rank, player in enumerate(players, 1):
        player["rank"] = rank
    return {
        "pool": pool,
        "kind": kind,
        "players": players,
        "provisional": provisional,
        "threshold": PROVISIONAL,
    }


def account_named(store: Store, name: str, closed: bool = False) -> tuple[int, str, str, bool] | None:
    """The account whose name reads as ``name`` (``seats.name_key``): its id, name, creation and
    whether it is a bot's; a closed account's only when ``closed`` (its player's page) says."""
    still = true() if closed else AccountRow.closed.is_(None)
    with store.engine.connect() as connection:
        row = connection.execute(
            select(AccountRow.id, AccountRow.name, AccountRow.created, AccountRow.bot).where(
                AccountRow.name_key == name_key(clean_name(name)), still
            )
        ).first()
    return None if row is None else (int(row.id), str(row.name), _aware(row.created), bool(row.bot))


def finished_without_results(store: Store, account_id: int, limit: int = RECENT_GAMES) -> list[str]:
    """The account's recent finished games whose results are not kept (claimed after their end,
    or their server stopped before recording): the ids, newest first."""
    kept = select(SeatResultRow.game_id).where(SeatResultRow.game_id == GameRow.id).exists()
    with store.engine.connect() as connection:
        found = connection.execute(
            select(GameRow.id)
            .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
            .where(SeatAccountRow.account_id == account_id, GameRow.status == "finished", ~kept)
            .order_by(GameRow.created.desc())
            .limit(limit)
        )
        return [str(row[0]) for row in found]


def player_page(
    store: Store, account: tuple[int, str, str, bool], recent: int = RECENT_GAMES
) -> dict[str, Any]:
    """A player's page: each pool's rating with its history (a point per rated game, the last
    ``HISTORY_POINTS``), the ``recent`` finished or aborted games, and the finished games (forfeited
    ones too), won and the mean score, per game (kingdomino, duel, origins)."""
    account_id, name, created, bot = account
    with store.engine.connect() as connection:
        ratings = connection.execute(
            select(RatingRow).where(RatingRow.account_id == account_id).order_by(RatingRow.pool)
        ).all()
        changes = connection.execute(
            select(RatingChangeRow)
            .where(RatingChangeRow.account_id == account_id)
            .order_by(RatingChangeRow.at.desc())
            .limit(HISTORY_POINTS * max(1, len(ratings)))
        ).all()
        games = _recent_games(connection, account_id, recent)
        stats = _per_game(connection, account_id)
        closed = connection.execute(select(AccountRow.closed).where(AccountRow.id == account_id)).scalar()
    history: dict[str, list[dict[str, Any]]] = defaultdict(list)
    deviation: dict[str, float] = defaultdict(lambda: Rating().deviation)
    provisional_before: dict[str, bool] = {}
    for change in reversed(changes):
        provisional_before[change.game_id] = Rating(change.before, deviation[change.pool]).provisional
        deviation[change.pool] = change.deviation
        history[change.pool].append(
            {
                "game_id": change.game_id,
                "at": _aware(change.at),
                "before": _rounded(change.before),
                "rating": _rounded(change.after),
                "deviation": _rounded(change.deviation),
                "place": change.place,
            }
        )
    for game in games:
        if game["rating"] is not None:
            game["rating"]["provisional_before"] = provisional_before.get(game["id"], True)
    return {
        "name": name,
        "created": created,
        "bot": bot,
        "closed": closed is not None,
        "ratings": [
            {"pool": row.pool, **rating_json(row), "history": history[row.pool][-HISTORY_POINTS:]}
            for row in ratings
        ],
        "games": games,
        "stats": stats,
    }


def game_rating_changes(store: Store, game_id: str) -> dict[int, dict[str, Any]]:
    """What a rated game did to each account's rating, by account id: the pool, the place
    counted, the rating before and after, and whether each was provisional (before: as the
    account's previous change in the pool left it, a first game's always); empty until the
    game's result is recorded."""
    with store.engine.connect() as connection:
        rows = connection.execute(select(RatingChangeRow).where(RatingChangeRow.game_id == game_id)).all()
        earlier = {row.account_id: _deviation_before(connection, row) for row in rows}
    return {
        row.account_id: {
            **_change_json(row),
            "place": row.place,
            "provisional_before": Rating(row.before, earlier[row.account_id]).provisional,
        }
        for row in rows
    }


def _deviation_before(connection: Any, change: Any) -> float:
    """The deviation of the account's rating in the pool before ``change``: the one its previous
    change left (a player's first game starts from a new rating's)."""
    found = connection.execute(
        select(RatingChangeRow.deviation)
        .where(
            RatingChangeRow.account_id == change.account_id,
            RatingChangeRow.pool == change.pool,
            RatingChangeRow.at < change.at,
        )
        .order_by(RatingChangeRow.at.desc())
        .limit(1)
    ).scalar()
    return Rating().deviation if found is None else float(found)


#: The columns of an account's game that :func:`played_games` shows, its seat's among them.
PLAYED_COLUMNS = (
    *(GameRow.id, GameRow.game, GameRow.options, GameRow.created, GameRow.rated, GameRow.seats),
    *(GameRow.status, GameRow.ended, SeatAccountRow.seat, SeatAccountRow.playing),
)


def _recent_games(connection: Any, account_id: int, recent: int) -> list[dict[str, Any]]:
    mine = connection.execute(
        select(*PLAYED_COLUMNS)
        .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
        .where(SeatAccountRow.account_id == account_id, GameRow.status.in_(("finished", "aborted")))
        .order_by(GameRow.created.desc())
        .limit(recent)
    ).all()
    return played_games(connection, account_id, mine)


def seated_players(connection: Any, games: Sequence[Any]) -> dict[str, list[dict[str, Any]]]:
    """The players of ``games`` (rows with their ``id`` and ``seats``) by game, in seat order, as a
    player's and a club's pages list them: each seat's ``name``, ``player`` (its account's name,
    or None), ``score`` and ``place`` (``final_places``; None where the result was not kept).
    Two queries whatever the number of games."""
    ids = [row.id for row in games]
    results: dict[tuple[str, int], tuple[int, int]] = {}
    names: dict[tuple[str, int], str] = {}
    if ids:
        for result in connection.execute(select(SeatResultRow).where(SeatResultRow.game_id.in_(ids))):
            results[(result.game_id, result.seat)] = (result.score, result.place)
        for named in connection.execute(
            select(SeatAccountRow.game_id, SeatAccountRow.seat, AccountRow.name)
            .join(AccountRow, AccountRow.id == SeatAccountRow.account_id)
            .where(SeatAccountRow.game_id.in_(ids))
        ):
            names[(named.game_id, named.seat)] = named.name
    seated = {}
    for row in games:
        kept = [results.get((row.id, seat), (None, None)) for seat in range(len(row.seats))]
        known = [place for _score, place in kept if place is not None]
        # A result kept before forfeited seats ranked last is ranked as now.
        places: list[int | None] = (
            [*final_places(known, row.seats)] if len(known) == len(kept) else [None] * len(kept)
        )
        seated[row.id] = [
            {
                "name": info["name"],
                "player": names.get((row.id, seat)),
                "score": kept[seat][0],
                "place": places[seat],
            }
            for seat, info in enumerate(row.seats)
        ]
    return seated


def played_games(connection: Any, account_id: int, mine: list[Any]) -> list[dict[str, Any]]:
    """The games of ``mine`` (rows of ``PLAYED_COLUMNS``, the account's seat's) as a player's
    page lists them: each seat's name, account, score and place (``final_places``), the account's
    rating change, how it ended and its replay."""
    ids = [row.id for row in mine]
    seated = seated_players(connection, mine)
    replayed = {row.id for row in mine if row.status == "finished"} - unplayed(connection, ids)
    changes: dict[str, Any] = {}
    if ids:
        for row in connection.execute(
            select(RatingChangeRow).where(
                RatingChangeRow.game_id.in_(ids), RatingChangeRow.account_id == account_id
            )
        ):
            changes[row.game_id] = row
    games = []
    for row in mine:
        players = seated[row.id]
        change = changes.get(row.id)
        games.append(
            {
                "id": row.id,
                "game": row.game,
                "options": dict(row.options),
                "created": _aware(row.created),
                "ended_at": None if row.ended is None else _aware(row.ended),
                "rated": bool(row.rated),
                "seat": row.seat,
                "left": not row.playing,
                "why": handed_over(row.seats[row.seat]) if not row.playing else None,
                "score": players[row.seat]["score"],
                "place": players[row.seat]["place"],
                "players": players,
                "rating": None if change is None else _change_json(change),
                # An aborted game has no result and no replay: listed, counted nowhere. Nor has
                # a game resigned before anyone moved (``games_moved``).
                "status": row.status,
                "ended": ended_by(row.seats),
                "replay": f"/game/{row.id}/replay" if row.id in replayed else None,
            }
        )
    return games


def handed_over(seat: dict[str, Any]) -> str:
    """Why an AI finished a seat's game: its clock ran out (``timed_out``), another player handed
    it over while its player was ``away``, its player ``resigned`` (``endings``) or ``left``."""
    for why in ("timed_out", "away", "resigned"):
        if seat.get(why):
            return why
    return "left"


def _change_json(change: Any) -> dict[str, Any]:
    """A rating change: the pool, the rating before and after, whether the one after is
    provisional."""
    return {
        "pool": change.pool,
        "before": _rounded(change.before),
        "after": _rounded(change.after),
        "provisional": Rating(change.after, change.deviation).provisional,
    }


def _per_game(connection: Any, account_id: int) -> list[dict[str, Any]]:
    """Per game: the finished games the account sat in, those where an AI finished its seat
    (its player left or ran out of time) too, those it won (placed first, a shared first place
    too; a forfeited seat never wins: ``game_results.final_places``) and its seat's mean final
    score."""
    won = and_(SeatResultRow.place == 1, SeatAccountRow.playing.is_(True))
    found = connection.execute(
        select(
            GameRow.game,
            func.count().label("games"),
            func.sum(case((won, 1), else_=0)).label("wins"),
            func.avg(SeatResultRow.score).label("mean"),
        )
        .select_from(SeatAccountRow)
        .join(GameRow, GameRow.id == SeatAccountRow.game_id)
        .join(
            SeatResultRow,
            and_(SeatResultRow.game_id == SeatAccountRow.game_id, SeatResultRow.seat == SeatAccountRow.seat),
        )
        .where(SeatAccountRow.account_id == account_id, GameRow.status == "finished")
        .group_by(GameRow.game)
        .order_by(GameRow.game)
    )
    return [
        {
            "game": row.game,
            "games": int(row.games),
            "wins": int(row.wins or 0),
            "mean_score": _rounded(float(row.mean)),
        }
        for row in found
    ]
