"""The players of a club tournament in the database (``tournament_players``): joins, leaves,
withdrawals, the players taken off at the start and their starting ranks; each one transaction,
run off the event loop by ``tournaments`` (``tournament_store`` reads a tournament whole).
"""

from __future__ import annotations

from sqlalchemy import delete, insert, select, update

from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, TournamentPlayerRow
from kingdomino.web.tournament_store import Tournament


def add_player(store: Store, tournament_id: str, account_id: int, name: str, bot: bool, at: float) -> None:
    with store.engine.begin() as connection:
        connection.execute(
            insert(TournamentPlayerRow).values(
                tournament_id=tournament_id, account_id=account_id, name=name, bot=bot, joined=at
            )
        )


def set_seeds(store: Store, tournament_id: str, order: list[int]) -> None:
    """The players' starting ranks: ``order`` lists their accounts, the first seeded first."""
    with store.engine.begin() as connection:
        for seed, account_id in enumerate(order, 1):
            connection.execute(
                update(TournamentPlayerRow)
                .where(
                    TournamentPlayerRow.tournament_id == tournament_id,
                    TournamentPlayerRow.account_id == account_id,
                )
                .values(seed=seed)
            )


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
