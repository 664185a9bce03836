"""A closed account leaving its clubs (``clubs``), written in the transaction that closes it
(``accounts.close_account``, whether its owner or the operator closes it): no club keeps a member
nobody can meet. Where it was a club's last leader, the longest member leads; a club left with no
member is closed: its finished tournaments stay, for anyone, an open one is called off, and a
running one stays members-only (``club_tables.GONE``: nobody joins it late)."""

from __future__ import annotations

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Connection

from kingdomino.web.club_tables import GONE, ClubMemberRow, ClubRow
from kingdomino.web.tournament_tables import TournamentRow


def leave_all(connection: Connection, account_id: int) -> None:
    """``account_id`` leaves every club it is in or asks to join (the module's rules)."""
    led = connection.scalars(
        select(ClubMemberRow.club_id).where(
            ClubMemberRow.account_id == account_id, ClubMemberRow.role == "leader"
        )
    ).all()
    connection.execute(delete(ClubMemberRow).where(ClubMemberRow.account_id == account_id))
    for club_id in led:
        of_club = ClubMemberRow.club_id == club_id
        leaders = connection.scalar(select(func.count()).where(of_club, ClubMemberRow.role == "leader"))
        if leaders:
            continue
        heir = connection.scalar(
            select(ClubMemberRow.account_id)
            .where(of_club, ClubMemberRow.role == "member")
            .order_by(ClubMemberRow.since, ClubMemberRow.account_id)
            .limit(1)
        )
        if heir is not None:
            connection.execute(
                update(ClubMemberRow).where(of_club, ClubMemberRow.account_id == heir).values(role="leader")
            )
            continue
        ours = TournamentRow.club == club_id
        opened, running = TournamentRow.status == "open", TournamentRow.status == "running"
        connection.execute(update(TournamentRow).where(ours, opened).values(status="cancelled", club=GONE))
        connection.execute(update(TournamentRow).where(ours, running).values(club=GONE))
        connection.execute(update(TournamentRow).where(ours).values(club=None))
        connection.execute(delete(ClubMemberRow).where(of_club))
        connection.execute(delete(ClubRow).where(ClubRow.id == club_id))
