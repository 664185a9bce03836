"""The players of a club tournament in the database (``tournament_players``): joins, leaves,
withdrawals, the players taken off at the start and their starting ranks; each one transaction,
run off the event loop by ``tournaments`` (``tournament_store`` reads a tournament whole).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, true, update

from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow
from kingdomino.web.tournament_store import Tournament, load
from kingdomino.web.tournament_tables import TournamentPlayerRow, TournamentRow


def first_player(account_id: int, name: str, bot: bool) -> dict[str, Any]:
    """The organiser's join, as the creation of their tournament writes it (``tournament_store.create``,
    ``arena_store.create``)."""
    return {"account_id": account_id, "name": name, "bot": bot, "joined": time.time()}


def not_open() -> HubError:
    """The refusal of a join, a start or a call-off of a tournament no longer open."""
    return HubError(409, "tournament", "this tournament has started or is over", "tournament_not_open")


def no_bots() -> HubError:
    """The refusal of a bot's join to a tournament that takes none."""
    return HubError(403, "tournament", "this tournament's organiser takes no bots", "tournament_bots")


def full(most: int) -> HubError:
    """The refusal of a join to a tournament whose ``most`` places are taken."""
    return HubError(
        409, "tournament", f"this tournament is full: {most} players", "tournament_full", {"n": most}
    )


def take_place(connection: Connection, tournament_id: str) -> None:
    """Take a place in the tournament ``tournament_id`` within the caller's transaction, which
    then writes the join: its row is locked (``FOR UPDATE`` on PostgreSQL, SQLite serialising
    writes anyway) and its places counted under the lock (an arena's withdrawn players hold
    none), so that of two joins through two servers for its last place, the second counts the
    first's and is refused 409 ``tournament_full`` as a join to a full tournament is; and its
    status read under the lock, so that a join a start on another server overtook is refused
    409 ``tournament_not_open`` (a running arena takes players until its end)."""
    row = connection.execute(
        select(TournamentRow.max_players, TournamentRow.format, TournamentRow.status)
        .where(TournamentRow.id == tournament_id)
        .with_for_update()
    ).first()
    if row is None:
        return  # no such tournament: the join's insert is refused by its key
    if row.status != "open" and not (row.format == "arena" and row.status == "running"):
        raise not_open()
    holding = TournamentPlayerRow.withdrew.is_(None) if row.format == "arena" else true()
    taken = connection.scalar(
        select(func.count()).where(TournamentPlayerRow.tournament_id == tournament_id, holding)
    )
    if int(taken or 0) >= row.max_players:
        raise full(int(row.max_players))


def add_player(store: Store, tournament_id: str, account_id: int, name: str, bot: bool, at: float) -> None:
    """Add ``account_id`` (``name``, ``bot``, joining at ``at``) to the tournament's players, in
    a place taken under its row's lock (``take_place``: refused when it is full)."""
    with store.engine.begin() as connection:
        take_place(connection, tournament_id)
        connection.execute(
            insert(TournamentPlayerRow).values(
                tournament_id=tournament_id, account_id=account_id, name=name, bot=bot, joined=at
            )
        )


def begin(
    store: Store, tournament_id: str, plan: Callable[[Store, Tournament], tuple[list[int], int]]
) -> bool:
    """Start the tournament if it is still open (False: another server started or called it off
    first), in one transaction: ``running`` written first (its row's lock then holds a join off,
    ``take_place``, which finds it started after), its players read, ``plan`` giving their
    starting order and its rounds, and the seeds and round count written, so that a server
    stopping midway leaves it open, to be started again, never running without its seeds."""
    with store.engine.begin() as connection:
        still_open = (TournamentRow.id == tournament_id) & (TournamentRow.status == "open")
        if not connection.execute(update(TournamentRow).where(still_open).values(status="running")).rowcount:
            return False
        tournament = load(store, tournament_id)  # what is committed: no join comes in meanwhile
        assert tournament is not None
        order, count = plan(store, tournament)
        for seed, account_id in enumerate(order, 1):
            connection.execute(
                update(TournamentPlayerRow)
                .where(
                    TournamentPlayerRow.tournament_id == tournament_id,
                    TournamentPlayerRow.account_id == account_id,
                )
                .values(seed=seed)
            )
        connection.execute(
            update(TournamentRow).where(TournamentRow.id == tournament_id).values(rounds=count)
        )
    return True


def remove_player(store: Store, tournament_id: str, account_id: int) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            delete(TournamentPlayerRow).where(
                TournamentPlayerRow.tournament_id == tournament_id,
                TournamentPlayerRow.account_id == account_id,
            )
        )


def drop_closed(store: Store, tournament: Tournament) -> bool:
    """Take the closed accounts off ``tournament`` before its start (they can no longer play);
    whether its organiser's account is closed."""
    with store.engine.begin() as connection:
        closed = select(AccountRow.id).where(AccountRow.closed.is_not(None))
        connection.execute(
            delete(TournamentPlayerRow).where(
                TournamentPlayerRow.tournament_id == tournament.id,
                TournamentPlayerRow.account_id.in_(closed),
            )
        )
        gone = connection.scalar(closed.where(AccountRow.id == tournament.organiser))
    return gone is not None


def withdraw(store: Store, tournament_id: str, account_id: int, round_: int) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            update(TournamentPlayerRow)
            .where(
                TournamentPlayerRow.tournament_id == tournament_id,
                TournamentPlayerRow.account_id == account_id,
            )
            .values(withdrew=round_)
        )
