"""What a club's page and the lists of clubs show (``clubs``): its description and admission, its
members ranked by their ratings in a pool its reader picks (the club's own leaderboard, of rated
games only), the public games its members play now, its tournaments (a finished one's winners:
``club_winners``, which a casual one's leaves off the leaderboard), and to its leaders the requests
waiting and why the club cannot be closed now, if it cannot (``club_closing``). A closed account is
in no club (``club_leaving``), so every member listed is an open account's.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from kingdomino.ratings.pools import pool_names
from kingdomino.web.club_closing import close_refusal
from kingdomino.web.club_games import recent_games
from kingdomino.web.club_tables import ClubBarRow, ClubMemberRow, ClubRow
from kingdomino.web.club_winners import with_winners
from kingdomino.web.clubs import MAX_MEMBERS, MEMBERS, Club
from kingdomino.web.standings import rating_json
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import AccountRow, GameRow, RatingRow, SeatAccountRow
from kingdomino.web.team_battle import battles_of
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow

#: The most games the page lists as played now, and tournaments of the club.
MAX_PLAYING = 50
MAX_TOURNAMENTS = 50
#: The most clubs a list of clubs shows.
LISTED = 100


def _aware(moment: datetime) -> str:
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def club_pool(connection: Connection, club_id: int) -> str:
    """The pool where most of the club's members are rated, else the first pool."""
    found = connection.execute(
        select(RatingRow.pool, func.count())
        .join(ClubMemberRow, ClubMemberRow.account_id == RatingRow.account_id)
        .where(ClubMemberRow.club_id == club_id, ClubMemberRow.role.in_(MEMBERS))
        .group_by(RatingRow.pool)
        .order_by(func.count().desc(), RatingRow.pool)
        .limit(1)
    ).first()
    return str(found[0]) if found is not None else pool_names()[0]


def _members(connection: Connection, club_id: int, pool: str) -> list[dict[str, Any]]:
    """The club's members (leaders too), by their rating in ``pool`` (the unrated after, by name),
    each with its rating there (None: none yet)."""
    rows = connection.execute(
        select(AccountRow.name, AccountRow.bot, ClubMemberRow.role, ClubMemberRow.since, RatingRow)
        .join(ClubMemberRow, ClubMemberRow.account_id == AccountRow.id)
        .outerjoin(RatingRow, (RatingRow.account_id == AccountRow.id) & (RatingRow.pool == pool))
        .where(ClubMemberRow.club_id == club_id, ClubMemberRow.role.in_(MEMBERS))
        .order_by(RatingRow.rating.desc().nulls_last(), AccountRow.name_key)
    )
    return [
        {
            "name": row.name,
            "bot": bool(row.bot),
            "role": row.role,
            "since": _aware(row.since),
            "rating": rating_json(row) if row.rating is not None else None,
        }
        for row in rows
    ]


def _requests(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    rows = connection.execute(
        select(AccountRow.name, AccountRow.bot, ClubMemberRow.since)
        .join(ClubMemberRow, ClubMemberRow.account_id == AccountRow.id)
        .where(ClubMemberRow.club_id == club_id, ClubMemberRow.role == "asked")
        .order_by(ClubMemberRow.since)
    )
    return [{"name": row.name, "bot": bool(row.bot), "since": _aware(row.since)} for row in rows]


#: The accounts turned away a leader's page lists at most (a club's requests refused by the
#: hundred in a month would make its page long; the list is for undoing a mistake).
BARRED_SHOWN = 200


def _barred(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    """The accounts the club's leaders turned away whose bar lasts still, the one ending soonest
    first, at most ``BARRED_SHOWN``: each with the moment it ends (``clubs.BAR``), for a leader to
    lift it."""
    rows = connection.execute(
        select(AccountRow.name, AccountRow.bot, ClubBarRow.until)
        .join(ClubBarRow, ClubBarRow.account_id == AccountRow.id)
        .where(ClubBarRow.club_id == club_id, ClubBarRow.until > now(), AccountRow.closed.is_(None))
        .order_by(ClubBarRow.until, AccountRow.name_key)
        .limit(BARRED_SHOWN)
    )
    return [{"name": row.name, "bot": bool(row.bot), "until": _aware(row.until)} for row in rows]


def _playing(
    connection: Connection, club_id: int, apart: frozenset[int] = frozenset()
) -> list[dict[str, Any]]:
    """The public games the club's members play now, newest first: each with the members there;
    none where an account of ``apart`` sits (those a block stands between the reader and, as the
    list of games to watch leaves them out: ``live_games.apart``)."""
    rows = connection.execute(
        select(AccountRow.name, GameRow.id, GameRow.game, GameRow.players, GameRow.seats)
        .join(SeatAccountRow, SeatAccountRow.account_id == AccountRow.id)
        .join(GameRow, GameRow.id == SeatAccountRow.game_id)
        .join(ClubMemberRow, ClubMemberRow.account_id == AccountRow.id)
        .where(
            ClubMemberRow.club_id == club_id,
            ClubMemberRow.role.in_(MEMBERS),
            SeatAccountRow.playing,
            GameRow.status == "playing",
            GameRow.public,
        )
        .order_by(GameRow.created.desc())
        .limit(MAX_PLAYING * 4)
    )
    games: dict[str, dict[str, Any]] = {}
    for row in rows:
        if any(seat.get("account") in apart for seat in row.seats):
            continue
        game = games.setdefault(
            row.id,
            {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                "seats": [seat["name"] for seat in row.seats],
                "members": [],
                "watch": f"/game/{row.id}/watch",
            },
        )
        game["members"].append(row.name)
    return list(games.values())[:MAX_PLAYING]


def _tournaments(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    entrants = (
        select(func.count())
        .where(TournamentPlayerRow.tournament_id == TournamentRow.id)
        .scalar_subquery()
        .label("entrants")
    )
    rows = connection.execute(
        select(
            TournamentRow.id,
            TournamentRow.name,
            TournamentRow.game,
            TournamentRow.status,
            TournamentRow.rated,
            entrants,
        )
        .where(TournamentRow.club == club_id)
        .order_by(TournamentRow.created.desc())
        .limit(MAX_TOURNAMENTS)
    )
    return [
        {
            "id": row.id,
            "name": row.name,
            "game": row.game,
            "status": row.status,
            "rated": bool(row.rated),
            "players": int(row.entrants),
        }
        for row in rows
    ]


def club_page(
    store: Store, club: Club, pool: str | None, apart: frozenset[int] = frozenset()
) -> dict[str, Any]:
    """The page of ``club`` as the reader whose role ``club.role`` is sees it: the requests
    waiting only for its leaders; the members ranked in ``pool`` (None: the club's own pool);
    the games played now without those where an account of ``apart`` sits (the reader's blocks)."""
    with store.engine.connect() as connection:
        row = connection.execute(select(ClubRow).where(ClubRow.id == club.id)).one()
        shown = pool or club_pool(connection, club.id)
        members = _members(connection, club.id, shown)
        page = {
            "name": row.name,
            "description": row.description,
            "admission": row.admission,
            "created": _aware(row.created),
            "pool": shown,
            "pools": pool_names(),
            "members": members,
            "max_members": MAX_MEMBERS,
            "playing": _playing(connection, club.id, apart),
            "recent": recent_games(connection, club.id),
            "tournaments": _tournaments(connection, club.id),
            "team_battles": battles_of(connection, club.id),
            "you": club.role,
        }
        if club.role == "leader":
            page["requests"] = _requests(connection, club.id)
            page["barred"] = _barred(connection, club.id)
            refused = close_refusal(connection, club.id, str(row.name))
            page["close_refused"] = None if refused is None else refused.to_json()["error"]
    page["tournaments"] = with_winners(store, page["tournaments"])
    return page


def clubs_of(store: Store, account_id: int, leading: bool = False) -> list[dict[str, Any]]:
    """The clubs ``account_id`` is in or asks to join (those it leads alone if ``leading``), by
    name: each with its role, its members' count and, for a leader, the requests waiting."""
    asked = (
        select(func.count())
        .where(ClubMemberRow.club_id == ClubRow.id, ClubMemberRow.role == "asked")
        .scalar_subquery()
        .label("asked")
    )
    mine = select(ClubMemberRow.club_id, ClubMemberRow.role).where(ClubMemberRow.account_id == account_id)
    if leading:
        mine = mine.where(ClubMemberRow.role == "leader")
    own = mine.subquery()
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(ClubRow.name, ClubRow.admission, own.c.role, _counted().label("members"), asked)
            .join(own, own.c.club_id == ClubRow.id)
            .order_by(ClubRow.name_key)
        ).all()
    return [
        {
            "name": row.name,
            "admission": row.admission,
            "role": row.role,
            "members": int(row.members),
            **({"requests": int(row.asked)} if row.role == "leader" else {}),
        }
        for row in rows
    ]


def _counted() -> Any:
    """A club's members' count, as a column of a select of ``ClubRow``."""
    return (
        select(func.count())
        .where(ClubMemberRow.club_id == ClubRow.id, ClubMemberRow.role.in_(MEMBERS))
        .scalar_subquery()
    )


def listed(store: Store) -> list[dict[str, Any]]:
    """The clubs with the most members, ``LISTED`` at most: name, admission and members' count."""
    members = _counted().label("members")
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(ClubRow.name, ClubRow.admission, members)
            .order_by(members.desc(), ClubRow.name_key)
            .limit(LISTED)
        ).all()
    return [{"name": row.name, "admission": row.admission, "members": int(row.members)} for row in rows]
