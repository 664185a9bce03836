"""Clubs of players (a game shop's Thursday evening, a school club, a Discord group), as rows of
the database (``clubs``, ``club_members``), read at each use so that every server sharing one
PostgreSQL answers alike.

An account creates a club: a name unique as accounts' names are (as it reads and as it looks:
``seats.name_key``, ``seats.look_alike_key``; clubs' names apart from accounts'), a description,
and its admission: ``open`` (anyone joins) or ``request`` (its leaders accept or refuse each
request to join). Its creator leads it and may make other members leaders; a leader removes
members, changes the description and admission, or closes the club; a member leaves, but the last
leader hands the lead over first (or closes the club). A club with a members-only tournament open
or running, or named in a team battle not over, is not closed (``club_closing``). A closed
account leaves its clubs (``club_leaving``, in the same transaction as its closing); an account
another member blocks stays in the club: a club is its members', not one member's list.

Bounds: an account is in (or asks to join) at most ``MAX_CLUBS`` clubs and has created at most
``MAX_CREATED`` that still exist; a club has at most ``MAX_MEMBERS`` members.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kingdomino.web.accounts import cleaned_name
from kingdomino.web.club_closing import close_refusal
from kingdomino.web.club_tables import ClubBarRow, ClubMemberRow, ClubRow
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import clean_name, look_alike_key, name_key
from kingdomino.web.silences import check_writing
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.tournament_tables import TournamentRow

#: The clubs an account is in (its requests too), the clubs it created that still exist, and a
#: club's members: a player's few groups, a shop's or a school's regulars, not a mailing list.
MAX_CLUBS = 20
MAX_CREATED = 3
MAX_MEMBERS = 2000
#: How long an account a leader turned away (a request refused, a member removed) may not join or
#: ask again: a refusal is not undone by asking again each minute, nor a removal by rejoining.
BAR = timedelta(days=30)
#: The most characters of a description (after cleaning), and the most lines.
MAX_DESCRIPTION = 500
MAX_LINES = 20
#: How a club takes new members.
ADMISSIONS = ("open", "request")
#: The roles of a club's members (``asked``: a request waiting, not yet a member).
MEMBERS = ("leader", "member")


@dataclass(frozen=True)
class Club:
    """A club as its acts need it: its id, name, admission and the acting account's role there
    (None: not in it)."""

    id: int
    name: str
    admission: str
    role: str | None


def club_name(name: str) -> str:
    """``name`` cleaned if it may be a club's: an account's name's length, a letter or digit, and
    no "/" (the club's address holds it); else the refusal."""
    shown = cleaned_name(name)
    if "/" in shown:
        raise HubError(400, "name", "a club's name has no '/'", "club_name_slash")
    return shown


def description(text: str) -> str:
    """A description as shown: each line cleaned as names are, empty lines kept one at most, at
    most ``MAX_LINES`` lines and ``MAX_DESCRIPTION`` characters (else the refusal)."""
    lines: list[str] = []
    for line in text.splitlines():
        cleaned = clean_name(line)
        if cleaned or (lines and lines[-1]):
            lines.append(cleaned)
    shown = "\n".join(lines).strip()
    if len(shown) > MAX_DESCRIPTION or len(lines) > MAX_LINES:
        limits = {"n": MAX_DESCRIPTION, "lines": MAX_LINES}
        message = f"a description has at most {MAX_DESCRIPTION} characters in {MAX_LINES} lines"
        raise HubError(422, "description", message, "club_description_length", limits)
    return shown


def _admission(value: str) -> str:
    if value not in ADMISSIONS:
        raise HubError(422, "admission", f"expected one of {', '.join(ADMISSIONS)}, got {value!r}")
    return value


def no_club(name: str) -> HubError:
    return HubError(404, "club", f"no club is named {name!r}", "no_club", {"name": name})


def _count(session: Session, *where: Any) -> int:
    return int(session.scalar(select(func.count()).select_from(ClubMemberRow).where(*where)) or 0)


def _room_for(session: Session, account_id: int) -> None:
    """Refuse ``account_id`` one more club beyond ``MAX_CLUBS`` (its requests count)."""
    if _count(session, ClubMemberRow.account_id == account_id) >= MAX_CLUBS:
        message = f"you are in {MAX_CLUBS} clubs, the most: leave one first"
        raise HubError(409, "club", message, "too_many_clubs", {"n": MAX_CLUBS})


def _room_in(session: Session, club: ClubRow) -> None:
    """Refuse ``club`` one more member beyond ``MAX_MEMBERS``."""
    if _count(session, ClubMemberRow.club_id == club.id, ClubMemberRow.role.in_(MEMBERS)) >= MAX_MEMBERS:
        message = f"{club.name} has {MAX_MEMBERS} members, the most"
        raise HubError(409, "club", message, "club_full", {"name": club.name, "n": MAX_MEMBERS})


def _taken(shown: str) -> HubError:
    return HubError(409, "name", f"a club is named {shown!r}", "club_name_taken", {"name": shown})


def create(store: Store, account_id: int, name: str, about: str, admission: str) -> str:
    """A new club of ``account_id``, who leads it: its name as shown. Refused when its name reads
    or looks as another club's, beyond ``MAX_CREATED`` clubs created and ``MAX_CLUBS`` joined, and
    to a silenced account (``silences``: its name and description are words others read)."""
    shown, about, admission = club_name(name), description(about), _admission(admission)
    check_writing(store, account_id, "name")
    key, skeleton = name_key(shown), look_alike_key(shown)
    try:
        with store.sessions.begin() as session:
            if session.scalar(select(ClubRow.id).where(ClubRow.name_key == key)):
                raise _taken(shown)
            if session.scalar(select(ClubRow.id).where(ClubRow.name_skeleton == skeleton).limit(1)):
                message = f"the name {shown!r} looks like an existing club's"
                raise HubError(409, "name", message, "club_name_look_alike", {"name": shown})
            created = session.scalar(select(func.count()).where(ClubRow.creator == account_id)) or 0
            if created >= MAX_CREATED:
                message = f"you created {MAX_CREATED} clubs, the most: close one first"
                raise HubError(409, "club", message, "too_many_clubs_created", {"n": MAX_CREATED})
            _room_for(session, account_id)
            club = ClubRow(
                name=shown,
                name_key=key,
                name_skeleton=skeleton,
                description=about,
                admission=admission,
                creator=account_id,
                created=now(),
            )
            session.add(club)
            session.flush()
            session.add(ClubMemberRow(club_id=club.id, account_id=account_id, role="leader", since=now()))
    except IntegrityError:  # the same name taken meanwhile through another request
        raise _taken(shown) from None
    return shown


def _club(session: Session, name: str, lock: bool = False) -> ClubRow:
    """The club named ``name`` (as it reads), or ``no_club``; ``lock``: its row locked until the
    transaction's end (PostgreSQL), so that two leaders' acts on one club (each the last leader's
    check) are made one after the other."""
    found = select(ClubRow).where(ClubRow.name_key == name_key(clean_name(name)))
    club = session.scalar(found.with_for_update() if lock else found)
    if club is None:
        raise no_club(name)
    return club


def _role(session: Session, club_id: int, account_id: int) -> str | None:
    found = session.get(ClubMemberRow, (club_id, account_id))
    return None if found is None else found.role


def find(store: Store, name: str, account_id: int | None) -> Club:
    """The club named ``name`` (as it reads) with ``account_id``'s role in it, or ``no_club``."""
    with store.sessions() as session:
        club = _club(session, name)
        role = _role(session, club.id, account_id) if account_id is not None else None
        return Club(club.id, club.name, club.admission, role)


def _led(session: Session, name: str, account_id: int) -> ClubRow:
    """The club ``name`` if ``account_id`` leads it, else the refusal."""
    club = _club(session, name, lock=True)
    if _role(session, club.id, account_id) != "leader":
        message = f"only a leader of {club.name} may do this"
        raise HubError(403, "club", message, "club_not_leader", {"name": club.name})
    return club


def join(store: Store, name: str, account_id: int) -> str:
    """``account_id`` joins the club (an open one) or asks to (one by request): its role now.
    Already in it (or asking): its role as it was."""
    try:
        with store.sessions.begin() as session:
            club = _club(session, name, lock=True)
            role = _role(session, club.id, account_id)
            if role is not None:
                return role
            _not_barred(session, club, account_id)
            _room_for(session, account_id)
            role = "member" if club.admission == "open" else "asked"
            if role == "member":
                _room_in(session, club)
            session.add(ClubMemberRow(club_id=club.id, account_id=account_id, role=role, since=now()))
            return role
    except IntegrityError:  # the same join written meanwhile by another request
        return find(store, name, account_id).role or "member"


def _not_barred(session: Session, club: ClubRow, account_id: int) -> None:
    """Refuse an account its leaders turned away less than ``BAR`` ago: 403 ``club_barred``."""
    bar = session.get(ClubBarRow, (club.id, account_id))
    if bar is not None and _aware(bar.until) > now():
        until = _aware(bar.until)
        message = f"the leaders of {club.name} turned you away: you may ask again from {until.date()}"
        values = {"name": club.name, "until": until.isoformat()}
        raise HubError(403, "club", message, "club_barred", values)


def _aware(moment: datetime) -> datetime:
    """``moment`` as UTC (SQLite gives it back naive)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now().tzinfo)


def _leaders(session: Session, club_id: int) -> int:
    return _count(session, ClubMemberRow.club_id == club_id, ClubMemberRow.role == "leader")


def _last_leader(club: ClubRow) -> HubError:
    message = f"you are the last leader of {club.name}: make another member a leader, or close the club"
    return HubError(409, "club", message, "club_last_leader", {"name": club.name})


def leave(store: Store, name: str, account_id: int) -> bool:
    """``account_id`` leaves the club, or takes its request back (True: it was in it). Refused to
    its last leader."""
    with store.sessions.begin() as session:
        club = _club(session, name, lock=True)
        role = _role(session, club.id, account_id)
        if role == "leader" and _leaders(session, club.id) <= 1:
            raise _last_leader(club)
        gone = session.execute(
            delete(ClubMemberRow).where(
                ClubMemberRow.club_id == club.id, ClubMemberRow.account_id == account_id
            )
        )
        return bool(gone.rowcount)  # type: ignore[attr-defined]


def set_role(store: Store, name: str, leader: int, member: int, role: str) -> str:
    """A leader makes ``member`` a ``leader`` or a ``member``: accepting a request, giving or
    taking back the lead (their own too, unless they are the last). The role it had: ``asked``
    (a request accepted), ``member`` or ``leader``."""
    if role not in MEMBERS:
        raise HubError(422, "role", f"expected one of {', '.join(MEMBERS)}, got {role!r}")
    with store.sessions.begin() as session:
        club = _led(session, name, leader)
        row = session.get(ClubMemberRow, (club.id, member))
        if row is None:
            raise HubError(404, "name", "this player is not in the club", "club_no_member")
        was = row.role
        if was == "leader" and role == "member" and _leaders(session, club.id) <= 1:
            raise _last_leader(club)
        if was == "asked":
            _room_in(session, club)
            row.since = now()
        row.role = role
        return was


def remove(store: Store, name: str, leader: int, member: int) -> str | None:
    """A leader removes ``member`` from the club, or refuses their request: the role they had
    (None: they were not in it). Either keeps them out ``BAR`` long (:func:`join`). A leader
    leaves by :func:`leave`, not here."""
    with store.sessions.begin() as session:
        club = _led(session, name, leader)
        if member == leader:
            raise HubError(422, "name", "leave the club instead", "club_remove_yourself")
        row = session.get(ClubMemberRow, (club.id, member))
        if row is None:
            return None
        was = row.role
        session.delete(row)
        bar = session.get(ClubBarRow, (club.id, member))
        if bar is None:
            session.add(ClubBarRow(club_id=club.id, account_id=member, until=now() + BAR))
        else:
            bar.until = now() + BAR
        return was


def lift(store: Store, name: str, leader: int, member: int) -> bool:
    """A leader lets an account the club turned away (:func:`remove`) join or ask again at once,
    before its ``BAR`` ends: a removal made by mistake is undone. False: it was not kept out."""
    with store.sessions.begin() as session:
        club = _led(session, name, leader)
        bar = session.get(ClubBarRow, (club.id, member))
        if bar is None or _aware(bar.until) <= now():
            return False
        session.delete(bar)
        return True


def describe(store: Store, name: str, leader: int, about: str | None, admission: str | None) -> None:
    """A leader changes the club's description or admission (None: as it was). Requests waiting
    when a club becomes open stay requests, for its leaders to answer. A silenced leader changes
    the admission alone (the description sent again as it is, as the page's form sends it)."""
    with store.sessions.begin() as session:
        club = _led(session, name, leader)
        if about is not None and description(about) != club.description:
            check_writing(store, leader, "description")
            club.description = description(about)
        if admission is not None:
            club.admission = _admission(admission)


def close(store: Store, name: str, leader: int) -> str:
    """A leader closes the club: it and its memberships are gone, its name free again; its
    finished tournaments stay, for anyone. Refused while a members-only tournament of it, or a
    team battle naming it, is not over (``club_closing``). Its name as it was."""
    with store.sessions.begin() as session:
        club = _led(session, name, leader)
        refused = close_refusal(session.connection(), club.id, club.name)
        if refused is not None:
            raise refused
        session.execute(update(TournamentRow).where(TournamentRow.club == club.id).values(club=None))
        session.execute(delete(ClubMemberRow).where(ClubMemberRow.club_id == club.id))
        session.delete(club)
        return club.name
