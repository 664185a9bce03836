"""Team battles: an arena where 2 to 10 clubs meet (lichess's "team battles"). A leader of one of
them makes it, naming the clubs (their own and others) and how many of each club's best players
count (``leaders``, 1 to 20). Only a member of a named club joins, and plays for one of them: a
member of two chooses which at their first join, once (a player who leaves and joins again plays
for the same club); the side is written with the join, in one transaction (``join_for``). The
arena is the one every arena is (``arena``: its games, clocks, window and pairing), but for two
rules: a player meets one of their own club only when nobody of another
club is free (``arena_pairing``), and a club's score is the sum of the arena points of its
``leaders`` best players (``team_battle_views``). Its rows are ``team_battle_tables``'; a
member who leaves their club after joining plays on for it, as a members-only tournament's does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from kingdomino.web.club_tables import ClubMemberRow, ClubRow
from kingdomino.web.clubs import MEMBERS, no_club
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import clean_name, name_key
from kingdomino.web.store import Store
from kingdomino.web.team_battle_tables import TeamBattleClubRow, TeamBattleRow, TeamBattleSideRow
from kingdomino.web.tournament_players import take_place
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow

#: The clubs a team battle names, and the best players of each that count (lichess's default: 5).
MIN_CLUBS, MAX_CLUBS = 2, 10
MIN_LEADERS, MAX_LEADERS, LEADERS = 1, 20, 5
#: The team battles a club's page lists, the newest first.
LISTED = 20


def checked_clubs(store: Store, account_id: int, names: Sequence[str]) -> tuple[list[tuple[int, str]], int]:
    """The clubs ``names`` (each once, in the order named) as (id, name) for a team battle
    ``account_id`` makes, and the first of them they lead (the club they play for, if they do):
    refused 422 ``team_battle_clubs`` for fewer than 2 or more than 10, 404 ``no_club`` for a
    name no club has, 403 ``team_battle_leader`` when they lead none."""
    keys: dict[str, str] = {}
    for name in names:
        keys.setdefault(name_key(clean_name(name)), clean_name(name))
    keys.pop("", None)
    if not MIN_CLUBS <= len(keys) <= MAX_CLUBS:
        message = f"a team battle names {MIN_CLUBS} to {MAX_CLUBS} clubs"
        raise HubError(422, "clubs", message, "team_battle_clubs", {"min": MIN_CLUBS, "max": MAX_CLUBS})
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(ClubRow.id, ClubRow.name, ClubRow.name_key).where(ClubRow.name_key.in_(list(keys)))
        ).all()
        found = {str(row.name_key): (int(row.id), str(row.name)) for row in rows}
        missing = next((name for key, name in keys.items() if key not in found), None)
        if missing is not None:
            raise no_club(missing)
        clubs = [found[key] for key in keys]
        led = connection.scalars(
            select(ClubMemberRow.club_id).where(
                ClubMemberRow.account_id == account_id,
                ClubMemberRow.role == "leader",
                ClubMemberRow.club_id.in_([club_id for club_id, _ in clubs]),
            )
        ).all()
    first = next((club_id for club_id, _ in clubs if club_id in led), None)
    if first is None:
        message = "a team battle is made by a leader of one of its clubs"
        raise HubError(403, "clubs", message, "team_battle_leader")
    return clubs, first


@dataclass(frozen=True)
class Battle:
    """A team battle asked for, its clubs checked (``checked_clubs``): written with its arena."""

    leaders: int
    clubs: list[tuple[int, str]]
    #: Its organiser's account and the club they play for (None: they organise it alone).
    organiser: tuple[int, int] | None

    def write(self, connection: Connection, tournament_id: str) -> None:
        """Its rows, in the transaction that writes its arena ``tournament_id``
        (``arena_store.create``), so that no arena is left without them, and its organiser's side
        with their join: a club closed since its check is refused 404 ``no_club``, and the arena
        is not written either."""
        ids = [club_id for club_id, _ in self.clubs]
        still = select(ClubRow.id).where(ClubRow.id.in_(ids)).with_for_update(read=True)
        kept = set(connection.scalars(still))
        gone = next((name for club_id, name in self.clubs if club_id not in kept), None)
        if gone is not None:
            raise no_club(gone)
        connection.execute(insert(TeamBattleRow).values(tournament_id=tournament_id, leaders=self.leaders))
        connection.execute(
            insert(TeamBattleClubRow),
            [
                {"tournament_id": tournament_id, "club_id": club_id, "name": name, "number": n}
                for n, (club_id, name) in enumerate(self.clubs)
            ],
        )
        if self.organiser is not None:
            account_id, club_id = self.organiser
            connection.execute(
                insert(TeamBattleSideRow).values(
                    tournament_id=tournament_id, account_id=account_id, club_id=club_id
                )
            )


def clubs_of(connection: Connection, tournament_id: str) -> list[tuple[int, str]]:
    """The clubs of the team battle ``tournament_id`` as (id, name), in the order named (none:
    it is no team battle)."""
    rows = connection.execute(
        select(TeamBattleClubRow.club_id, TeamBattleClubRow.name)
        .where(TeamBattleClubRow.tournament_id == tournament_id)
        .order_by(TeamBattleClubRow.number)
    )
    return [(int(row[0]), str(row[1])) for row in rows]


def clubs_named(store: Store, tournament_ids: Sequence[str]) -> dict[str, list[str]]:
    """The clubs' names of each team battle among ``tournament_ids``, in the order named (a
    tournament that is no team battle is not in it), for the lists of tournaments."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(TeamBattleClubRow.tournament_id, TeamBattleClubRow.name)
            .where(TeamBattleClubRow.tournament_id.in_(list(tournament_ids)))
            .order_by(TeamBattleClubRow.tournament_id, TeamBattleClubRow.number)
        )
        found: dict[str, list[str]] = {}
        for row in rows:
            found.setdefault(str(row[0]), []).append(str(row[1]))
        return found


def sides(store: Store, tournament_id: str) -> dict[int, int]:
    """Each player of the team battle ``tournament_id`` and the club they play for (empty: it is
    no team battle)."""
    with store.engine.connect() as connection:
        return sides_in(connection, tournament_id)


def sides_in(connection: Connection, tournament_id: str) -> dict[int, int]:
    """``sides`` read within the caller's transaction ``connection``."""
    rows = connection.execute(
        select(TeamBattleSideRow.account_id, TeamBattleSideRow.club_id).where(
            TeamBattleSideRow.tournament_id == tournament_id
        )
    )
    return {int(row[0]): int(row[1]) for row in rows}


def memberships(
    connection: Connection, account_id: int, clubs: Sequence[tuple[int, str]]
) -> list[tuple[int, str]]:
    """The clubs of ``clubs`` that ``account_id`` is a member of, in their order."""
    ids = set(
        connection.scalars(
            select(ClubMemberRow.club_id).where(
                ClubMemberRow.account_id == account_id,
                ClubMemberRow.role.in_(MEMBERS),
                ClubMemberRow.club_id.in_([club_id for club_id, _ in clubs]),
            )
        )
    )
    return [club for club in clubs if club[0] in ids]


def side_for(store: Store, tournament_id: str, account_id: int, wanted: str | None) -> int | None:
    """The club ``account_id`` plays for as they join the tournament ``tournament_id`` (None: it
    is no team battle): the one they chose before, else the one club of it they are a member of,
    else the one they name (``wanted``). Refused 403 ``team_battle_member`` for a player of none
    of its clubs, 409 ``team_battle_choose`` for a member of several who names none of them, 409
    ``team_battle_side`` for one who chose another before."""
    with store.engine.connect() as connection:
        clubs = clubs_of(connection, tournament_id)
        if not clubs:
            return None
        chosen = connection.scalar(
            select(TeamBattleSideRow.club_id).where(
                TeamBattleSideRow.tournament_id == tournament_id, TeamBattleSideRow.account_id == account_id
            )
        )
        theirs = memberships(connection, account_id, clubs)
    named = {club_id: name for club_id, name in clubs}
    key = name_key(clean_name(wanted)) if wanted else None
    asked = next((club for club in clubs if name_key(club[1]) == key), None)
    if chosen is not None:
        if asked is not None and asked[0] != chosen:
            message = f"you play for {named.get(chosen, '')} in this team battle"
            raise HubError(409, "club", message, "team_battle_side", {"name": named.get(chosen, "")})
        return int(chosen)
    if not theirs or (wanted and asked not in theirs):
        names = ", ".join(name for _, name in clubs)
        message = f"this team battle is for the members of its clubs only: {names}"
        raise HubError(403, "tournament", message, "team_battle_member", {"names": names})
    if asked is not None:
        return asked[0]
    if len(theirs) > 1:
        names = ", ".join(name for _, name in theirs)
        message = f"you are a member of several of its clubs: choose which you play for ({names})"
        raise HubError(409, "club", message, "team_battle_choose", {"names": names})
    return theirs[0][0]


def join_for(
    store: Store, tournament_id: str, account_id: int, name: str, bot: bool, at: float, club_id: int
) -> None:
    """Add ``account_id`` (``name``, ``bot``, joining at ``at``) to the team battle's players,
    playing for ``club_id`` (``side_for``), as ``tournament_players.add_player`` adds a
    tournament's (a place taken under the battle's row's lock: ``take_place``): their row and
    their side in one transaction, so that a side is kept only with a join (one refused, the
    battle full, keeps none) and of two joins at once naming two clubs
    one stands whole (the other finds the player's row taken: ``IntegrityError``). A first side
    is checked again under its membership's lock (PostgreSQL): a member who left the club since
    ``side_for`` read it is refused 403 ``team_battle_member``; one kept before (a player who
    left and joins again) stands, and another is refused 409 ``team_battle_side``."""
    with store.engine.begin() as connection:
        take_place(connection, tournament_id)
        key = (TeamBattleSideRow.tournament_id == tournament_id, TeamBattleSideRow.account_id == account_id)
        chosen = connection.scalar(select(TeamBattleSideRow.club_id).where(*key))
        clubs = clubs_of(connection, tournament_id)
        named = dict(clubs)
        if chosen is None:
            still = select(ClubMemberRow.club_id).where(
                ClubMemberRow.club_id == club_id,
                ClubMemberRow.account_id == account_id,
                ClubMemberRow.role.in_(MEMBERS),
            )
            if connection.scalar(still.with_for_update(read=True)) is None:
                names = ", ".join(club_name for _, club_name in clubs)
                message = f"this team battle is for the members of its clubs only: {names}"
                raise HubError(403, "tournament", message, "team_battle_member", {"names": names})
            connection.execute(
                insert(TeamBattleSideRow).values(
                    tournament_id=tournament_id, account_id=account_id, club_id=club_id
                )
            )
        elif chosen != club_id:
            message = f"you play for {named.get(chosen, '')} in this team battle"
            raise HubError(409, "club", message, "team_battle_side", {"name": named.get(chosen, "")})
        connection.execute(
            insert(TournamentPlayerRow).values(
                tournament_id=tournament_id, account_id=account_id, name=name, bot=bot, joined=at
            )
        )


def leaders_of(connection: Connection, tournament_id: str) -> int | None:
    """How many of each club's best count in the team battle (None: it is no team battle)."""
    leaders = connection.scalar(
        select(TeamBattleRow.leaders).where(TeamBattleRow.tournament_id == tournament_id)
    )
    return None if leaders is None else int(leaders)


def battles_of(connection: Connection, club_id: int) -> list[dict[str, Any]]:
    """The team battles naming the club ``club_id``, the newest first, for its page: each one's
    id, name, status and clubs' names."""
    rows = connection.execute(
        select(TournamentRow.id, TournamentRow.name, TournamentRow.status)
        .join(TeamBattleClubRow, TeamBattleClubRow.tournament_id == TournamentRow.id)
        .where(TeamBattleClubRow.club_id == club_id, TournamentRow.status != "cancelled")
        .order_by(TournamentRow.created.desc())
        .limit(LISTED)
    ).all()
    return [
        {
            "id": str(row.id),
            "name": str(row.name),
            "status": str(row.status),
            "clubs": [name for _, name in clubs_of(connection, str(row.id))],
        }
        for row in rows
    ]
