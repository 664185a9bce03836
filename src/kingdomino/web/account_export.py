"""An account's data as one JSON document, for its owner to download (``GET /api/account/export``):
the account (never its password's hash), its preferences (and the notices it chose to be mailed),
its ratings and every change a rated game made to them, every game it sat in with its seat, result
and links to the record and replay, how many sessions and push subscriptions it has, the club
tournaments it joined or organised, what it said in the games' chats (``chat``), the reports it
made (``reports``; never those about it: a report's reporter is the operator's to know alone), its
inbox (``inbox_store``), its clubs with its role in each and the clubs it created, and the players it
follows and blocks (``relations``; not who follows or blocks it: theirs to keep).

No seat's token is in it: a token acts for its seat, and a file downloaded is easily shared; the
games are found again by logging in (the account card's games)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select

from kingdomino.web.accounts import aware
from kingdomino.web.club_tables import ClubMemberRow, ClubRow
from kingdomino.web.inbox_tables import NotificationRow
from kingdomino.web.mail_notices import choices_of
from kingdomino.web.mail_tables import MailAddressRow
from kingdomino.web.preferences import preferences_of
from kingdomino.web.push_tables import PushSubscriptionRow
from kingdomino.web.report_tables import ReportRow
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tables import (
    AccountRow,
    BlockRow,
    ChatMessageRow,
    FollowRow,
    GameRow,
    RatingChangeRow,
    RatingRow,
    SeatAccountRow,
    SeatResultRow,
    SessionRow,
)
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow

#: The export's format: raised when a field changes meaning or goes.
EXPORT_VERSION = 1


def _when(moment: datetime | None) -> str | None:
    return aware(moment).isoformat() if moment is not None else None


def _games(connection: Any, account_id: int) -> list[dict[str, Any]]:
    rows = connection.execute(
        select(GameRow, SeatAccountRow.seat, SeatAccountRow.playing, SeatResultRow.score, SeatResultRow.place)
        .join(SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
        .outerjoin(
            SeatResultRow,
            (SeatResultRow.game_id == SeatAccountRow.game_id) & (SeatResultRow.seat == SeatAccountRow.seat),
        )
        .where(SeatAccountRow.account_id == account_id)
        .order_by(GameRow.created)
    ).all()
    games = []
    for game, seat, playing, score, place in rows:
        finished = game.status == "finished"
        games.append(
            {
                "id": game.id,
                "game": game.game,
                "players": game.players,
                "options": dict(game.options),
                "status": game.status,
                "created": _when(game.created),
                "rated": bool(game.rated),
                "time_control": game.time_control,
                "seat": seat,
                "seat_name": game.seats[seat]["name"],
                "played_to_the_end": bool(playing),
                "seats": [{"name": info["name"], "kind": info["kind"]} for info in game.seats],
                "score": score,
                "place": place,
                "record": f"/api/games/{game.id}/record" if finished else None,
                "replay": f"/game/{game.id}/replay" if finished else None,
            }
        )
    return games


def _owned(connection: Any, account_id: int) -> dict[str, Any]:
    """The export's parts the account keeps beside its games: its inbox, clubs and relations."""
    inbox = connection.scalars(
        select(NotificationRow).where(NotificationRow.account_id == account_id).order_by(NotificationRow.id)
    ).all()
    clubs = connection.execute(
        select(ClubRow, ClubMemberRow.role, ClubMemberRow.since)
        .outerjoin(
            ClubMemberRow, (ClubMemberRow.club_id == ClubRow.id) & (ClubMemberRow.account_id == account_id)
        )
        .where(or_(ClubMemberRow.account_id == account_id, ClubRow.creator == account_id))
        .order_by(ClubRow.id)
    ).all()
    relations = {}
    for part, row, mine, theirs in (
        ("following", FollowRow, FollowRow.follower, FollowRow.followed),
        ("blocked", BlockRow, BlockRow.blocker, BlockRow.blocked),
    ):
        found = connection.execute(
            select(AccountRow.name, row.since)
            .join(AccountRow, AccountRow.id == theirs)
            .where(mine == account_id)
            .order_by(row.since)
        ).all()
        relations[part] = [{"name": name, "since": _when(since)} for name, since in found]
    return {
        "inbox": [
            {"kind": row.kind, "key": row.key, "params": dict(row.params), "at": row.at, "read": row.read}
            for row in inbox
        ],
        "clubs": [
            {
                "name": club.name,
                "role": role,
                "since": _when(since),
                "created": _when(club.created),
                "creator": club.creator == account_id,
            }
            for club, role, since in clubs
        ],
        **relations,
    }


def export(store: Store, account_id: int) -> dict[str, Any]:
    """The account ``account_id``'s data (the module's list), as JSON's types."""
    with store.sessions() as session:
        account = session.get(AccountRow, account_id)
        if account is None:
            raise LookupError(f"no account has the id {account_id}")
        ratings = session.scalars(select(RatingRow).where(RatingRow.account_id == account_id)).all()
        changes = session.scalars(
            select(RatingChangeRow)
            .where(RatingChangeRow.account_id == account_id)
            .order_by(RatingChangeRow.at)
        ).all()
        sessions = session.scalar(
            select(func.count()).where(SessionRow.account_id == account_id, SessionRow.expires > now())
        )
        pushes = session.scalar(select(func.count()).where(PushSubscriptionRow.account_id == account_id))
        tournaments = session.execute(
            select(TournamentRow.id, TournamentRow.name, TournamentRow.status, TournamentRow.organiser)
            .outerjoin(
                TournamentPlayerRow,
                (TournamentPlayerRow.tournament_id == TournamentRow.id)
                & (TournamentPlayerRow.account_id == account_id),
            )
            .where(or_(TournamentRow.organiser == account_id, TournamentPlayerRow.account_id == account_id))
            .order_by(TournamentRow.created)
        ).all()
        games = _games(session, account_id)
        mail = session.get(MailAddressRow, account_id)
        said = session.scalars(
            select(ChatMessageRow).where(ChatMessageRow.account_id == account_id).order_by(ChatMessageRow.id)
        ).all()
        reported = session.execute(
            select(ReportRow, AccountRow.name)
            .join(AccountRow, AccountRow.id == ReportRow.reported)
            .where(ReportRow.reporter == account_id)
            .order_by(ReportRow.id)
        ).all()
        owned = _owned(session, account_id)
    return {
        "format": "kingdomino-account-export",
        "version": EXPORT_VERSION,
        "exported": now().isoformat(),
        "account": {
            "id": account.id,
            "name": account.name,
            "bot": bool(account.bot),
            "created": _when(account.created),
            "last_login": _when(account.last_login),
            "mail": mail.address if mail is not None else None,
            "mail_verified": _when(mail.verified) if mail is not None else None,
        },
        "ratings": [
            {
                "pool": row.pool,
                "rating": row.rating,
                "deviation": row.deviation,
                "volatility": row.volatility,
                "games": row.games,
                "wins": row.wins,
                "updated": _when(row.updated),
            }
            for row in ratings
        ],
        "rating_changes": [
            {
                "game_id": row.game_id,
                "pool": row.pool,
                "place": row.place,
                "before": row.before,
                "after": row.after,
                "deviation": row.deviation,
                "at": _when(row.at),
            }
            for row in changes
        ],
        "games": games,
        "tournaments": [
            {"id": row.id, "name": row.name, "status": row.status, "organiser": row.organiser == account_id}
            for row in tournaments
        ],
        "sessions": int(sessions or 0),
        "push_subscriptions": int(pushes or 0),
        "chat_messages": [
            {"game_id": row.game_id, "room": row.room, "at": row.at, "text": row.text, "phrase": row.phrase}
            for row in said
        ],
        "preferences": preferences_of(store, account_id).model_dump(),
        "mail_notices": choices_of(store, account_id),
        "reports": [
            {
                "name": name,
                "reason": row.reason,
                "text": row.text,
                "game_id": row.game_id,
                "at": _when(row.at),
                "closed": _when(row.closed),
            }
            for row, name in reported
        ],
        **owned,
    }
