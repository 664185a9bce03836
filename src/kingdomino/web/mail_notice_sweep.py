"""The sweep that mails the notices of games by the day (``mail_notices``), every server's, each
minute: the turns an account chose to be mailed, found in the database, so that a turn written on
any server, before any restart, is mailed.

A move is mailed from the inbox's entry of it (``your_turn``, kept while the move is the
account's: the same turns, of games by the day with other people, the inbox tells of), once
``turn_wait_minutes`` have passed (a player at the site moves first) unless its entry was read
(its player opened it: they know), at most one mail of moves an hour (``digest_minutes``: the
games waiting then go in one mail). A move's time running out is mailed once a turn (its
deadline), when less than ``time_short_share`` of it is left, whether or not the inbox noted the
turn (its player may have had the game open when it came, and closed it since): the games' seats
are read from the database and the seat to move from the game's table, on the event loop
(``sweep_now``). Nothing goes to an account on vacation (its clocks wait for it), closed, or
without a verified address.

Exactly once: a mail is sent only after the transaction that notes its turns
(``MailNoticeSentRow``, whose key two servers cannot both write) and moves the account's last mail
of moves on (a compare-and-set on ``turns_mailed``) has committed; a server that loses either
race sends nothing. The mail then goes to the postman (``mail_send.Postman``), which tries again
while the relay puts it off; a turn whose mail the relay refused for good is not mailed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    FromClause,
    Row,
    Select,
    delete,
    insert,
    join,
    literal,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstrumentedAttribute

from kingdomino.web.clocks import LIMITS
from kingdomino.web.failures import log_failure
from kingdomino.web.inbox_tables import NotificationRow
from kingdomino.web.mail_notice_tables import MailNoticeRow, MailNoticeSentRow
from kingdomino.web.mail_notice_texts import Waiting, notice_mail
from kingdomino.web.mail_notices import FIGURES, Notice, unsubscribe_token
from kingdomino.web.mail_send import MailSettings, Postman
from kingdomino.web.mail_tables import MailAddressRow
from kingdomino.web.push_events import account_to_tell, others
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, GameRow, PreferenceRow, SeatAccountRow
from kingdomino.web.vacation import current

if TYPE_CHECKING:
    from kingdomino.web.hub import Hub

#: Seconds between two sweeps.
SWEEP_SECONDS = 60.0
#: The most ended games whose mailed turns one sweep forgets (``forget_ended``): a day of games
#: ended while the sweep was stopped is forgotten over a few minutes, in short transactions.
FORGOTTEN_AT_ONCE = 200


@dataclass
class Due:
    """A mail to send: its account, where and in which language, its notice, and the games it is
    about with the turn (its moment) of each."""

    account_id: int
    address: str
    name: str
    language: str
    notice: Notice
    games: list[Waiting] = field(default_factory=list)
    turns: list[tuple[str, float]] = field(default_factory=list)


def addressed(source: FromClause, account: InstrumentedAttribute[int], *columns: Any) -> Select[Any]:
    """A select of ``columns`` from ``source``, whose column ``account`` (selected too) names an
    account that chose a notice (``mail_notices``), with that account's address, name, and the
    languages its mails may be in (its notices' ``language``, its preference's
    ``chosen_language``), the accounts closed left out. The moves' and the times' queries both
    start from it."""
    return (
        select(
            *columns,
            account,
            MailNoticeRow.language,
            MailAddressRow.address,
            AccountRow.name,
            PreferenceRow.language.label("chosen_language"),
        )
        .select_from(source)
        .join(MailNoticeRow, MailNoticeRow.account_id == account)
        .join(MailAddressRow, MailAddressRow.account_id == account)
        .join(AccountRow, AccountRow.id == account)
        .outerjoin(PreferenceRow, PreferenceRow.account_id == account)
        .where(AccountRow.closed.is_(None))
    )


class MailNotices:
    """The notices of ``store``'s accounts, mailed by ``postman`` with ``settings`` (both None: the
    server sends no mail, and offers no notice)."""

    def __init__(
        self, store: Store, settings: MailSettings | None, postman: Postman | None, hub: Hub | None = None
    ) -> None:
        self.store = store
        self.settings = settings
        self.postman = postman
        #: The games' tables, which say whose move it is (None: no time running out is mailed).
        self.hub = hub

    @property
    def available(self) -> bool:
        return self.settings is not None and self.postman is not None

    async def keep(self) -> None:
        """Sweep every ``SWEEP_SECONDS`` until cancelled."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep_now(time.time())
            except Exception as error:  # the database away a while: the next sweep tries again
                log_failure(error, "the sweep of mailed notices", self.store.outage)

    async def sweep_now(self, moment: float) -> list[tuple[int, Notice]]:
        """Mail what is due at ``moment`` (epoch seconds), on the event loop: the moves (``sweep``)
        and the times running out, whose player to move the games' tables say (``short``)."""
        if not self.available:
            return []
        rows = await asyncio.to_thread(self._short_rows, moment)
        return await asyncio.to_thread(self.sweep, moment, self.short(rows, moment))

    def sweep(self, moment: float, short: Sequence[Due] = ()) -> list[tuple[int, Notice]]:
        """Mail the moves due at ``moment`` (epoch seconds), and the times running out ``short``:
        the mails posted, by account and notice."""
        if self.settings is None or self.postman is None:
            return []
        self.forget_ended()
        posted: list[tuple[int, Notice]] = []
        for due in [*self.due(moment), *short]:
            if not self.claim(due, moment):
                continue
            token = unsubscribe_token(self.store, due.account_id, due.notice)
            mail = notice_mail(
                due.notice,
                due.language,
                self.settings.sender,
                due.address,
                due.name,
                self.settings.public_url,
                due.games,
                token,
            )
            self.postman.post(due.account_id, mail)
            posted.append((due.account_id, due.notice))
        return posted

    def due(self, moment: float) -> list[Due]:
        """The mails of moves due at ``moment``, one per account."""
        rows = self._turns()
        accounts = {row.account_id for row in rows}
        sent = self._sent(accounts)
        away = {account for account in accounts if current(self.store, account, moment) is not None}
        wait, every = FIGURES["turn_wait_minutes"] * 60.0, FIGURES["digest_minutes"] * 60.0
        found: dict[int, Due] = {}
        for row in rows:
            control = row.time_control or {}
            if row.account_id in away or control.get("kind") != "days":
                continue
            spaced = row.turns_mailed is None or moment - row.turns_mailed >= every
            if not (row.turns and not row.read and moment - row.at >= wait and spaced):
                continue
            if (row.account_id, row.id, "turns", row.at) in sent:
                continue
            language = row.chosen_language or row.language or "en"
            due = found.setdefault(
                row.account_id, Due(row.account_id, row.address, row.name, language, "turns")
            )
            others = [str(name) for name in (row.params or {}).get("others", [])]
            due.games.append(Waiting(row.id, row.game, others, (row.deadline or moment) - moment))
            due.turns.append((row.id, row.at))
        return list(found.values())

    def _turns(self) -> Sequence[Row[Any]]:
        """The turns of the accounts that chose to be mailed their moves: the inbox's entries of
        them, with the game, the account's address, name, language and last mail of moves."""
        turns = join(NotificationRow, GameRow, NotificationRow.key == literal("turn:") + GameRow.id)
        query = addressed(
            turns,
            NotificationRow.account_id,
            NotificationRow.params,
            NotificationRow.at,
            NotificationRow.read,
            GameRow.id,
            GameRow.game,
            GameRow.deadline,
            GameRow.time_control,
            MailNoticeRow.turns,
            MailNoticeRow.turns_mailed,
        )
        with self.store.engine.connect() as connection:
            return list(
                connection.execute(
                    query.where(
                        NotificationRow.kind == "your_turn",
                        GameRow.status == "playing",
                        MailNoticeRow.turns.is_(True),
                    ).order_by(NotificationRow.at)
                )
            )

    def _short_rows(self, moment: float) -> list[Row[Any]]:
        """The seats of accounts that chose to be mailed a time running out, in games by the day
        whose move has less than ``time_short_share`` of its time left at ``moment``, with the
        account's address, name and language: whether the seat is the one to move, its table says."""
        share = FIGURES["time_short_share"]
        seats = join(GameRow, SeatAccountRow, SeatAccountRow.game_id == GameRow.id)
        query = addressed(
            seats,
            SeatAccountRow.account_id,
            GameRow.id,
            GameRow.game,
            GameRow.deadline,
            GameRow.time_control,
            SeatAccountRow.seat,
        )
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                query.where(
                    GameRow.status == "playing",
                    GameRow.deadline > moment,
                    GameRow.deadline < moment + share * max(LIMITS["days"]["days"]) * 86400,
                    SeatAccountRow.playing.is_(True),
                    MailNoticeRow.time_short.is_(True),
                )
            )
            found = [
                row
                for row in rows
                if (row.time_control or {}).get("kind") == "days"
                and row.deadline - moment < share * float(row.time_control["days"]) * 86400
            ]
        if not found:
            return []
        accounts = {row.account_id for row in found}
        sent = self._sent(accounts)
        away = {account for account in accounts if current(self.store, account, moment) is not None}
        return [
            row
            for row in found
            if (row.account_id, row.id, "time_short", row.deadline) not in sent and row.account_id not in away
        ]

    def short(self, rows: Sequence[Row[Any]], moment: float) -> list[Due]:
        """The mails of times running out of ``rows`` (``_short_rows``): those whose seat is the one
        to move, as its table says (on the event loop), one per account. The table's turn is the
        one the rows read (the same deadline), played with other people, and no page of the seat is
        open at this server (its clock shows the time left), as Web Push tells it."""
        found: dict[int, Due] = {}
        for row in rows:
            if self.hub is None:
                break
            with contextlib.suppress(HubError):  # the game is gone
                table = self.hub.table(row.id)
                seat = table.state.current_player
                if seat != row.seat or table.stored.deadline != row.deadline:
                    continue
                if account_to_tell(table, seat) != row.account_id:
                    continue
                language = row.chosen_language or row.language or "en"
                due = found.setdefault(
                    row.account_id, Due(row.account_id, row.address, row.name, language, "time_short")
                )
                waiting = Waiting(row.id, row.game, others(table.stored.seats, seat), row.deadline - moment)
                due.games.append(waiting)
                due.turns.append((row.id, float(row.deadline)))
        return list(found.values())

    def _sent(self, accounts: set[int]) -> set[tuple[int, str, str, float]]:
        """The turns mailed to ``accounts``: (account, game, notice, turn)."""
        if not accounts:
            return set()
        with self.store.engine.connect() as connection:
            rows = connection.execute(
                select(MailNoticeSentRow).where(MailNoticeSentRow.account_id.in_(accounts))
            )
            return {(row.account_id, row.game_id, row.notice, row.turn) for row in rows}

    def forget_ended(self) -> int:
        """Drop the turns mailed of games that ended (``FORGOTTEN_AT_ONCE`` games at most): they
        keep a turn from being mailed twice, and an ended game has no turn to come. Without it
        each game by the day would keep two rows per player (its moves' and its time's) for
        good. The number of rows dropped."""
        ended = (
            select(MailNoticeSentRow.game_id)
            .join(GameRow, GameRow.id == MailNoticeSentRow.game_id)
            .where(GameRow.status.not_in(("open", "playing")))
            .distinct()
            .limit(FORGOTTEN_AT_ONCE)
        )
        with self.store.engine.begin() as connection:
            games = list(connection.execute(ended).scalars())
            if not games:
                return 0
            return connection.execute(
                delete(MailNoticeSentRow).where(MailNoticeSentRow.game_id.in_(games))
            ).rowcount

    def claim(self, due: Due, moment: float) -> bool:
        """Note ``due``'s turns mailed (and, for moves, the account's last mail at ``moment``), in
        one transaction; False, and nothing noted, if another server did first."""
        account = MailNoticeSentRow.account_id == due.account_id
        try:
            with self.store.engine.begin() as connection:
                if due.notice == "turns":
                    spaced = or_(
                        MailNoticeRow.turns_mailed.is_(None),
                        MailNoticeRow.turns_mailed <= moment - FIGURES["digest_minutes"] * 60.0,
                    )
                    moved = connection.execute(
                        update(MailNoticeRow)
                        .where(MailNoticeRow.account_id == due.account_id, spaced)
                        .values(turns_mailed=moment)
                    )
                    if moved.rowcount == 0:
                        return False
                for game_id, turn in due.turns:  # an earlier turn's row: that turn is over
                    connection.execute(
                        delete(MailNoticeSentRow).where(
                            account,
                            MailNoticeSentRow.game_id == game_id,
                            MailNoticeSentRow.notice == due.notice,
                            MailNoticeSentRow.turn != turn,
                        )
                    )
                connection.execute(
                    insert(MailNoticeSentRow),
                    [
                        {"account_id": due.account_id, "game_id": game_id, "notice": due.notice, "turn": turn}
                        for game_id, turn in due.turns
                    ],
                )
            return True
        except IntegrityError:  # another server noted the same turn first: it mails it
            return False
