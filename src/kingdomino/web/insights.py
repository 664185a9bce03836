"""A player's statistics (``GET /api/players/{name}/stats``), as lichess's Insights and Board Game
Arena's statistics show them: for each game and mode the account played, its results (games,
wins, draws, mean place, mean and best score) and how it scores, from the details its engine's
scorer gave of each kingdom at the end (``insight_details``): the mean crowns (Duel: crosses,
Origins: fires), the mean largest region, the points of each terrain, how often each bonus was
earned, its cavemen's and totems' points; and the score of each of its last 100 games.

Aggregated by the database, over the account's finished games that the archive lists
(``archive``: the same games, its filters the same), so that a reader sees of a player exactly
what the archive shows them. How places count is the archive's: a win is a first place (a shared
first place too; a forfeited seat never wins), a draw a place shared with another seat. A game
whose details are not kept yet (the fill of earlier games runs at a server's start) counts in
``pending`` and nowhere else; one whose record could not be replayed, nowhere.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Subquery, and_, case, exists, func, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import aliased

from kingdomino.web.archive import Filters, conditions
from kingdomino.web.insight_details import KINDS
from kingdomino.web.insight_tables import TERRAIN_POINTS, InsightGameRow, InsightLineRow, InsightSeatRow
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow, SeatAccountRow, SeatResultRow

#: The latest games of each game and mode whose scores the graph draws.
GRAPH_GAMES = 100
#: The most games ``last`` may name.
MOST_LAST = 10_000
#: What a game's kingdoms count their regions' points by, as its score sheet says.
MULTIPLIER = {"kingdomino": "crowns", "duel": "crosses", "origins": "fires"}


def _mine(account_id: int, filters: Filters, last: int | None, dialect: str) -> Subquery:
    """The account's finished games that the archive lists with ``filters`` (the ``last`` ended
    only, if said): each one's id and the account's seat (its game and end are read from its
    ``insight_games`` row, which each aggregate joins)."""
    query = (
        select(SeatAccountRow.game_id, SeatAccountRow.seat, SeatAccountRow.playing)
        .select_from(SeatAccountRow)
        .join(GameRow, GameRow.id == SeatAccountRow.game_id)
        .where(
            SeatAccountRow.account_id == account_id,
            GameRow.status == "finished",
            GameRow.ended.is_not(None),
            *conditions(filters, account_id, dialect),
        )
    )
    if last is not None:
        query = query.order_by(GameRow.ended.desc(), GameRow.id.desc()).limit(last)
    return query.subquery("mine")


def _figures(connection: Connection, mine: Subquery) -> list[Any]:
    """Per game and mode: the games, wins, draws, mean place, mean and best score, mean crowns,
    largest region and regions."""
    result, other = aliased(SeatResultRow), aliased(SeatResultRow)
    won = and_(result.place == 1, mine.c.playing.is_(True))
    shared = exists().where(
        other.game_id == result.game_id, other.seat != result.seat, other.place == result.place
    )
    return list(
        connection.execute(
            select(
                InsightGameRow.game,
                InsightGameRow.mode,
                func.count().label("games"),
                func.sum(case((won, 1), else_=0)).label("wins"),
                func.sum(case((shared, 1), else_=0)).label("draws"),
                func.avg(result.place).label("place"),
                func.avg(result.score).label("score"),
                func.max(result.score).label("best"),
                func.avg(InsightSeatRow.crowns).label("crowns"),
                func.avg(InsightSeatRow.largest).label("largest"),
                *(func.avg(column).label(f"points_{n}") for n, column in enumerate(TERRAIN_POINTS)),
            )
            .select_from(mine)
            .join(result, and_(result.game_id == mine.c.game_id, result.seat == mine.c.seat))
            .join(InsightGameRow, InsightGameRow.game_id == mine.c.game_id)
            .join(
                InsightSeatRow,
                and_(InsightSeatRow.game_id == mine.c.game_id, InsightSeatRow.seat == mine.c.seat),
            )
            .group_by(InsightGameRow.game, InsightGameRow.mode)
            .order_by(InsightGameRow.game, InsightGameRow.mode)
        )
    )


def _bonuses(connection: Connection, mine: Subquery) -> list[Any]:
    """Per game, mode and bonus (its caveman, resource, coat): the games it was played in, those
    it scored in, its points and how many times it was there."""
    line = InsightLineRow
    return list(
        connection.execute(
            select(
                InsightGameRow.game,
                InsightGameRow.mode,
                line.key,
                line.detail,
                func.count().label("games"),
                func.sum(case((line.points > 0, 1), else_=0)).label("earned"),
                func.sum(line.points).label("points"),
                func.sum(line.count).label("count"),
            )
            .select_from(mine)
            .join(InsightGameRow, InsightGameRow.game_id == mine.c.game_id)
            .join(line, and_(line.game_id == mine.c.game_id, line.seat == mine.c.seat))
            .group_by(InsightGameRow.game, InsightGameRow.mode, line.key, line.detail)
        )
    )


def _scores(connection: Connection, mine: Subquery) -> list[Any]:
    """The score and place of the latest ``GRAPH_GAMES`` games of each game and mode."""
    newest = (
        func.row_number()
        .over(
            partition_by=(InsightGameRow.game, InsightGameRow.mode),
            order_by=(InsightGameRow.ended.desc(), mine.c.game_id.desc()),
        )
        .label("newest")
    )
    ranked = (
        select(
            InsightGameRow.game,
            InsightGameRow.mode,
            mine.c.game_id,
            InsightGameRow.ended,
            SeatResultRow.score,
            SeatResultRow.place,
        )
        .add_columns(newest)
        .select_from(mine)
        .join(
            InsightGameRow, and_(InsightGameRow.game_id == mine.c.game_id, InsightGameRow.failed.is_(False))
        )
        .join(SeatResultRow, and_(SeatResultRow.game_id == mine.c.game_id, SeatResultRow.seat == mine.c.seat))
        .subquery("ranked")
    )
    return list(
        connection.execute(
            select(ranked).where(ranked.c.newest <= GRAPH_GAMES).order_by(ranked.c.ended, ranked.c.game_id)
        )
    )


def _pending(connection: Connection, mine: Subquery) -> int:
    """The games whose details are not kept yet."""
    kept = exists().where(InsightGameRow.game_id == mine.c.game_id)
    return int(connection.execute(select(func.count()).select_from(mine).where(~kept)).scalar_one())


def _mean(value: Any) -> float:
    return round(float(value or 0), 2)


def _aware(moment: datetime) -> str:
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def statistics(store: Store, account_id: int, filters: Filters, last: int | None = None) -> dict[str, Any]:
    """The account's statistics over its finished games that ``filters`` keep (its ``last`` only,
    if said): ``{pending, groups}``, a group per game and mode (``crowns`` says what its
    ``average_crowns`` count), each with its ``terrains`` (those that scored, most points first),
    ``bonuses`` and ``scores`` (oldest first)."""
    mine = _mine(account_id, filters, last, store.engine.dialect.name)
    with store.engine.connect() as connection:
        figures = _figures(connection, mine)
        lines = _bonuses(connection, mine)
        scores = _scores(connection, mine)
        pending = _pending(connection, mine)
    bonuses: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in lines:
        bonuses[(row.game, row.mode)].append(
            {
                "key": row.key,
                "detail": row.detail or None,
                "games": int(row.games),
                "earned": int(row.earned),
                "average_points": _mean(row.points / row.games),
                "count": int(row.count),
            }
        )
    graph: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in scores:
        graph[(row.game, row.mode)].append(
            {"id": row.game_id, "ended_at": _aware(row.ended), "score": row.score, "place": row.place}
        )
    return {"pending": pending, "groups": [_group(row, bonuses, graph) for row in figures]}


def _group(
    row: Any, bonuses: dict[tuple[str, str], list[Any]], graph: dict[tuple[str, str], list[Any]]
) -> dict[str, Any]:
    """A game and mode's statistics: its figures' ``row``, its ``bonuses`` and its ``graph``."""
    points = {kind: _mean(getattr(row, f"points_{n}")) for n, kind in enumerate(KINDS.get(row.game, ()))}
    group = (row.game, row.mode)
    return {
        "game": row.game,
        "mode": row.mode,
        "games": int(row.games),
        "wins": int(row.wins or 0),
        "draws": int(row.draws or 0),
        "average_place": _mean(row.place),
        "average_score": _mean(row.score),
        "best_score": int(row.best),
        "crowns": MULTIPLIER.get(row.game, "crowns"),
        "average_crowns": _mean(row.crowns),
        "average_largest": _mean(row.largest),
        "terrains": [
            {"kind": kind, "average_points": mean}
            for kind, mean in sorted(points.items(), key=lambda item: (-item[1], item[0]))
            if mean > 0
        ],
        "bonuses": sorted(bonuses[group], key=lambda b: (b["key"], b["detail"] or "")),
        "scores": graph[group],
    }
