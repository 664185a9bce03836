"""The simuls as stored (``simul_tables``): a simul read whole with its entrants and its host's
name, the lists of them, and each change written in one transaction (blocking: run in a thread)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import case, delete, func, insert, select, update

from kingdomino.web.refusals import HubError
from kingdomino.web.simul_tables import SimulEntrantRow, SimulRow
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow

#: The simuls the list shows that are over (finished or called off), the newest first.
LISTED_ENDED = 10


@dataclass
class Entrant:
    """A player who applied to a simul (``SimulEntrantRow``'s columns)."""

    account_id: int
    name: str
    bot: bool
    state: str
    applied: float
    game_id: str | None = None
    host_seat: int | None = None
    result: str | None = None


#: The columns of an entrant's row an ``Entrant`` holds.
ENTRANT_COLUMNS = ("account_id", "name", "bot", "state", "applied", "game_id", "host_seat", "result")


@dataclass
class Simul:
    """A simul as stored (``SimulRow``'s columns), its host's name and its entrants in the order
    they applied."""

    id: str
    host: int
    game: str
    options: dict[str, Any]
    time_control: dict[str, Any] | None
    first: str
    rated: bool
    text: str
    status: str
    created: float
    started: float | None
    ended: float | None
    host_extra: int = 0
    extra_per_challenger: int = 0
    host_name: str = ""
    entrants: list[Entrant] = field(default_factory=list)

    def accepted(self) -> list[Entrant]:
        return [e for e in self.entrants if e.state == "accepted"]

    def entrant(self, account_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.account_id == account_id), None)


def create(store: Store, row: dict[str, Any], most: int) -> None:
    """Store a new simul (``row``: its columns), its host's count of simuls open or running taken
    under a lock on their account's row (``FOR UPDATE`` on PostgreSQL; SQLite serialises writes
    anyway) in the same transaction: of creations sent through two servers at once, each counts
    those made before it, and one past ``most`` is refused 429 ``too_many_simuls``."""
    with store.engine.begin() as connection:
        host = int(row["host"])
        connection.execute(select(AccountRow.id).where(AccountRow.id == host).with_for_update())
        hosted = connection.scalar(
            select(func.count()).where(SimulRow.host == host, SimulRow.status.in_(("open", "running")))
        )
        if int(hosted or 0) >= most:
            raise HubError(
                429,
                "simul",
                f"you host {most} simuls not yet over, the most at once",
                "too_many_simuls",
                {"n": most},
            )
        connection.execute(insert(SimulRow).values(**row))


def load(store: Store, simul_id: str) -> Simul | None:
    """The simul ``simul_id`` whole, or None."""
    with store.engine.connect() as connection:
        row = connection.execute(
            select(SimulRow, AccountRow.name.label("host_name"))
            .join(AccountRow, AccountRow.id == SimulRow.host)
            .where(SimulRow.id == simul_id)
        ).first()
        if row is None:
            return None
        entrants = connection.execute(
            select(*(getattr(SimulEntrantRow, name) for name in ENTRANT_COLUMNS))
            .where(SimulEntrantRow.simul_id == simul_id)
            .order_by(SimulEntrantRow.applied, SimulEntrantRow.account_id)
        ).all()
        found = Simul(**dict(row._mapping))
        found.entrants = [Entrant(**dict(entrant._mapping)) for entrant in entrants]
    return found


def listed(store: Store) -> list[dict[str, Any]]:
    """The simuls taking applicants and under way, the newest first, then the last ones over: each
    its id, host, game, clock, status, words and how many applied, were accepted and play."""
    counts = (
        select(
            SimulEntrantRow.simul_id,
            func.count().label("applicants"),
            func.sum(case((SimulEntrantRow.state == "accepted", 1), else_=0)).label("accepted"),
        )
        .group_by(SimulEntrantRow.simul_id)
        .subquery()
    )
    query = (
        select(SimulRow, AccountRow.name.label("host_name"), counts.c.applicants, counts.c.accepted)
        .join(AccountRow, AccountRow.id == SimulRow.host)
        .outerjoin(counts, counts.c.simul_id == SimulRow.id)
    )
    with store.engine.connect() as connection:
        going = connection.execute(
            query.where(SimulRow.status.in_(("open", "running"))).order_by(SimulRow.created.desc())
        ).all()
        over = connection.execute(
            query.where(SimulRow.status == "finished").order_by(SimulRow.ended.desc()).limit(LISTED_ENDED)
        ).all()
    return [_listed(row) for row in [*going, *over]]


def _listed(row: Any) -> dict[str, Any]:
    columns = row._mapping
    shown = ("id", "game", "options", "time_control", "rated", "text", "status")
    return {
        **{name: columns[name] for name in shown},
        "host": columns["host_name"],
        "applicants": int(columns["applicants"] or 0),
        "accepted": int(columns["accepted"] or 0),
    }


def running(store: Store) -> list[str]:
    """The ids of the simuls under way (a server that starts looks at their games again)."""
    with store.engine.connect() as connection:
        return list(connection.execute(select(SimulRow.id).where(SimulRow.status == "running")).scalars())


def add_entrant(store: Store, simul_id: str, entrant: Entrant, applicants: int, entrants: int) -> None:
    """Add ``entrant`` to the simul ``simul_id``, counted under a lock on the simul's row in the
    same transaction: of applications sent through two servers at once, each counts those made
    before it, and one past ``applicants`` not declined (``entrants`` in all) is refused 409
    ``simul_full``; one that a start on another server overtook, 409 ``simul_closed``."""
    with store.engine.begin() as connection:
        status = connection.scalar(select(SimulRow.status).where(SimulRow.id == simul_id).with_for_update())
        if status != "open":
            raise closed()
        counted = connection.execute(
            select(func.count(), func.count().filter(SimulEntrantRow.state != "declined")).where(
                SimulEntrantRow.simul_id == simul_id
            )
        ).one()
        if int(counted[1]) >= applicants or int(counted[0]) >= entrants:
            raise full(applicants)
        connection.execute(
            insert(SimulEntrantRow).values(
                simul_id=simul_id,
                account_id=entrant.account_id,
                name=entrant.name,
                bot=entrant.bot,
                state=entrant.state,
                applied=entrant.applied,
            )
        )


def closed() -> HubError:
    """The refusal of an application to a simul no longer open."""
    return HubError(409, "simul", "this simul takes no more players: it started or ended", "simul_closed")


def full(applicants: int) -> HubError:
    """The refusal of an application to a simul with ``applicants`` applying already."""
    words = f"this simul has {applicants} players applying, the most"
    return HubError(409, "simul", words, "simul_full", {"n": applicants})


def remove_entrant(store: Store, simul_id: str, account_id: int) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            delete(SimulEntrantRow).where(
                SimulEntrantRow.simul_id == simul_id, SimulEntrantRow.account_id == account_id
            )
        )


def set_entrant(store: Store, simul_id: str, account_id: int, **columns: Any) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            update(SimulEntrantRow)
            .where(SimulEntrantRow.simul_id == simul_id, SimulEntrantRow.account_id == account_id)
            .values(**columns)
        )


def claim_board(store: Store, simul_id: str, account_id: int, game_id: str, host_seat: int) -> bool:
    """Write the game ``game_id`` (the host at ``host_seat``) as the entrant's board if none is
    yet: whether it was, so that a start asked of two servers at once makes each board once."""
    with store.engine.begin() as connection:
        claimed = connection.execute(
            update(SimulEntrantRow)
            .where(
                SimulEntrantRow.simul_id == simul_id,
                SimulEntrantRow.account_id == account_id,
                SimulEntrantRow.game_id.is_(None),
            )
            .values(game_id=game_id, host_seat=host_seat)
        )
        return claimed.rowcount == 1


def set_status(store: Store, simul_id: str, status: str, **moments: float) -> None:
    with store.engine.begin() as connection:
        connection.execute(update(SimulRow).where(SimulRow.id == simul_id).values(status=status, **moments))
