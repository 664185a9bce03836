"""Members-only tournaments: an organiser who leads a club makes a tournament for its members
alone (the tournament's ``club``), and the club's page lists it (``club_views``). Who joins is
checked at the join, and again at the start: who is no longer a member then is taken off it (as
a closed account is). A member who leaves the club after the start stays in the tournament, as a
player who is blocked by another stays in one (its pairings are the tournament's).

A club closed with its last member (``club_leaving``) leaves its open tournaments called off and
its running ones naming ``club_tables.GONE``: they stay members-only, of a club nobody is a
member of, so an arena's late joiner is refused (403 ``tournament_club_gone``) rather than let
in as to a tournament for anyone."""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select

from kingdomino.web.club_tables import ClubMemberRow, ClubRow
from kingdomino.web.clubs import MEMBERS, no_club
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.store import Store
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow


def club_name() -> Any:
    """The name of a tournament's club (None: anyone may join it), as a column ``club_name`` of a
    select of ``TournamentRow``."""
    of_club = select(ClubRow.name).where(ClubRow.id == TournamentRow.club)
    return of_club.scalar_subquery().label("club_name")


def led_club(store: Store, account_id: int, name: str) -> int:
    """The id of the club ``name`` that ``account_id`` leads, for its tournament; else 404
    ``no_club`` or 403 ``club_not_leader``."""
    with store.engine.connect() as connection:
        club = connection.execute(
            select(ClubRow.id, ClubRow.name).where(ClubRow.name_key == name_key(clean_name(name)))
        ).first()
        if club is None:
            raise no_club(name)
        role = connection.scalar(
            select(ClubMemberRow.role).where(
                ClubMemberRow.club_id == club.id, ClubMemberRow.account_id == account_id
            )
        )
    if role != "leader":
        message = f"only a leader of {club.name} makes a tournament for its members"
        raise HubError(403, "club", message, "club_not_leader", {"name": club.name})
    return int(club.id)


def admit(store: Store, tournament_id: str, account_id: int) -> None:
    """Refuse ``account_id`` a members-only tournament of a club it is not a member of: 403
    ``tournament_club``, naming the club, or ``tournament_club_gone`` when the club is gone.
    Any other tournament (or none) is let be."""
    with store.engine.connect() as connection:
        club_id = connection.scalar(select(TournamentRow.club).where(TournamentRow.id == tournament_id))
        if club_id is None:
            return
        club = connection.execute(select(ClubRow.id, ClubRow.name).where(ClubRow.id == club_id)).first()
        if club is None:
            message = "this tournament was for the members of a club that no longer exists"
            raise HubError(403, "tournament", message, "tournament_club_gone")
        role = connection.scalar(
            select(ClubMemberRow.role).where(
                ClubMemberRow.club_id == club.id, ClubMemberRow.account_id == account_id
            )
        )
    if role not in MEMBERS:
        message = f"this tournament is for the members of {club.name} only"
        raise HubError(403, "tournament", message, "tournament_club", {"name": club.name})


def drop_non_members(store: Store, tournament_id: str) -> None:
    """Take off a members-only tournament, at its start, the players who left its club (or were
    removed) since they joined: it is its club's members' alone. Any other tournament is let be."""
    club = select(TournamentRow.club).where(TournamentRow.id == tournament_id).scalar_subquery()
    members = select(ClubMemberRow.account_id).where(
        ClubMemberRow.club_id == club, ClubMemberRow.role.in_(MEMBERS)
    )
    with store.engine.begin() as connection:
        if connection.scalar(select(TournamentRow.club).where(TournamentRow.id == tournament_id)) is None:
            return
        connection.execute(
            delete(TournamentPlayerRow).where(
                TournamentPlayerRow.tournament_id == tournament_id,
                TournamentPlayerRow.account_id.not_in(members),
            )
        )
