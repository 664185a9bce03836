"""An account's vacation: its player away from now to a date, its turn-based games waiting.

While an account is on vacation, the clock of each of its games by the day stands still while it
is that account's turn, and a turn that comes to it meanwhile waits too (``vacation_clocks``,
``vacation_games``); real-time games run on, and so does a game whose clock says not to wait
(``"vacation": false``: a club tournament's organiser's choice, whose rounds wait for their
slowest game). Its player sets it from now to a date (``start``, its return: that day's first
moment, UTC) or comes back early (``end``).

The figures are the server's data (``data/vacation.json``): the shortest vacation in days
(``min_days``) and the days an account may take in a calendar year (``days_per_year``: a vacation
counts the hours it lasts, rounded up to whole days, in the year each hour falls in; one ended
early counts the hours it lasted, at least a day).

A row per vacation (``vacation_tables``), kept for the allowance.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from importlib import resources
from time import time as clock_time
from typing import Any

from sqlalchemy import insert, select, update

from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow
from kingdomino.web.vacation_tables import VacationRow

#: The rules of vacations: their shortest length and the yearly allowance.
RULES: dict[str, Any] = json.loads(
    resources.files("kingdomino.web").joinpath("data", "vacation.json").read_text(encoding="utf-8")
)


@dataclass(frozen=True)
class Vacation:
    """A vacation of ``account_id``: from ``started`` to ``until`` (epoch seconds), or to ``ended``."""

    id: int
    account_id: int
    started: float
    until: float
    ended: float | None

    @property
    def end(self) -> float:
        """When its player is (or was) back."""
        return self.until if self.ended is None else min(self.ended, self.until)

    def running(self, moment: float) -> bool:
        """Whether its player is away at ``moment``."""
        return self.started <= moment < self.end


def midnight(day: date) -> float:
    """The first moment of ``day`` (UTC), in epoch seconds."""
    return datetime.combine(day, time(), UTC).timestamp()


def day_of(moment: float) -> date:
    """The day (UTC) of ``moment``."""
    return datetime.fromtimestamp(moment, UTC).date()


def days_by_year(started: float, end: float) -> Counter[int]:
    """The days from ``started`` to ``end`` counts, by year: the hours of it in each year, rounded
    up to whole days (as chess.com counts the hours a vacation used, 24 of them at least).

    A vacation planned to a day's first moment counts each day begun; one ended early, the hours
    it lasted: from 23:00 to 01:00 the next day is one day, not the two days it touched. Worked
    out a year at a time, never a day at a time: a return asked for in the year 9999 was counted
    day by day, 20 s of a server's CPU for one request.

    >>> start = midnight(date(2026, 12, 1)) + 23 * 3600
    >>> days_by_year(start, start + 2 * 3600), days_by_year(start, midnight(date(2026, 12, 4)))
    (Counter({2026: 1}), Counter({2026: 3}))
    >>> days_by_year(midnight(date(2026, 12, 31)) + 20 * 3600, midnight(date(2027, 1, 2)))
    Counter({2026: 1, 2027: 1})
    """
    counted: Counter[int] = Counter()
    if started >= end:
        return counted
    first, last = day_of(started).year, day_of(end).year
    if first == last:
        counted[first] = math.ceil((end - started) / 86400)
        return counted
    counted[first] = math.ceil((midnight(date(first + 1, 1, 1)) - started) / 86400)
    for year in range(first + 1, last):
        counted[year] = (date(year + 1, 1, 1) - date(year, 1, 1)).days
    if (rest := end - midnight(date(last, 1, 1))) > 0:
        counted[last] = math.ceil(rest / 86400)
    return counted


def _vacations(store: Store, account_id: int) -> list[Vacation]:
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(VacationRow).where(VacationRow.account_id == account_id).order_by(VacationRow.started)
        )
        return [Vacation(row.id, row.account_id, row.started, row.until, row.ended) for row in rows]


def current(store: Store, account_id: int, moment: float) -> Vacation | None:
    """The account's vacation running at ``moment`` (None: it is not away)."""
    return next((v for v in _vacations(store, account_id) if v.running(moment)), None)


def standing(store: Store, account_id: int, moment: float) -> Vacation | None:
    """The account's vacation whose return is after ``moment`` and that was not ended early
    (None: none). Asked of a decision made at ``moment``, it says whether that decision still
    stands, without reading the clock again: a second reading after the return's midnight
    found no vacation, though one was running at ``moment``; an early end, made meanwhile by
    another request, is its ``ended``."""
    return next((v for v in _vacations(store, account_id) if v.ended is None and v.until > moment), None)


def used(vacations: list[Vacation]) -> Counter[int]:
    """The days ``vacations`` took (or will take, as they stand), by year."""
    counted: Counter[int] = Counter()
    for vacation in vacations:
        counted.update(days_by_year(vacation.started, vacation.end))
    return counted


def state(store: Store, account_id: int, moment: float) -> dict[str, Any]:
    """The account's vacation as its own page shows it: ``until`` (its return, epoch seconds;
    None: not away), the days left to take this year (``days_left``), and the rules' figures."""
    vacations = _vacations(store, account_id)
    running = next((v for v in vacations if v.running(moment)), None)
    allowance = int(RULES["days_per_year"])
    return {
        "until": None if running is None else running.until,
        "days_left": max(0, allowance - used(vacations)[day_of(moment).year]),
        "days_per_year": allowance,
        "min_days": int(RULES["min_days"]),
    }


def start(store: Store, account_id: int, until: date, moment: float) -> Vacation:
    """Set the account away from ``moment`` to the first moment of ``until``; refused (422, field
    ``until``) a day past (``vacation_past``), a vacation shorter than ``min_days`` days
    (``vacation_too_short``), or one beyond the year's allowance (``vacation_allowance``); and
    (409) while one runs (``vacation_running``: end it first)."""
    days = (until - day_of(moment)).days
    if days < 0:
        raise HubError(422, "until", f"{until.isoformat()} is past", "vacation_past")
    if days < int(RULES["min_days"]):
        message = f"a vacation lasts at least {RULES['min_days']} day(s): come back tomorrow or later"
        raise HubError(422, "until", message, "vacation_too_short", {"days": int(RULES["min_days"])})
    back = midnight(until)
    with store.engine.begin() as connection:
        # One start at a time per account, whichever server takes it (PostgreSQL locks the row).
        connection.execute(select(AccountRow.id).where(AccountRow.id == account_id).with_for_update())
        rows = connection.execute(select(VacationRow).where(VacationRow.account_id == account_id))
        vacations = [Vacation(row.id, row.account_id, row.started, row.until, row.ended) for row in rows]
        if any(v.running(moment) for v in vacations):
            raise HubError(409, "until", "you are on vacation already: end it first", "vacation_running")
        taken = used(vacations)
        allowance = int(RULES["days_per_year"])
        for year, count in sorted(days_by_year(moment, back).items()):
            if taken[year] + count > allowance:
                left = max(0, allowance - taken[year])
                message = f"{count} days of vacation in {year} are more than the {left} left of {allowance}"
                params = {"days": count, "days_left": left, "year": year}
                raise HubError(422, "until", message, "vacation_allowance", params)
        made = connection.execute(
            insert(VacationRow).values(account_id=account_id, started=moment, until=back, ended=None)
        )
        key = made.inserted_primary_key
        assert key is not None
        return Vacation(int(key[0]), account_id, moment, back, None)


def end(store: Store, account_id: int, moment: float) -> Vacation:
    """End the account's running vacation at ``moment`` (its player is back early); refused
    (409 ``vacation_none``) if it is not away."""
    with store.engine.begin() as connection:
        rows = connection.execute(
            select(VacationRow).where(VacationRow.account_id == account_id, VacationRow.ended.is_(None))
        )
        running = [
            Vacation(row.id, row.account_id, row.started, row.until, row.ended)
            for row in rows
            if row.started <= moment < row.until
        ]
        if not running:
            raise HubError(409, "session", "you are not on vacation", "vacation_none")
        connection.execute(update(VacationRow).where(VacationRow.id == running[0].id).values(ended=moment))
        return Vacation(running[0].id, account_id, running[0].started, running[0].until, moment)


def shown_away(store: Store, account_id: int) -> dict[str, float] | None:
    """The account's vacation as others see it now: ``{"until": its return}`` (None: not away)."""
    away = away_of(store, [account_id], clock_time())
    return {"until": away[account_id]} if account_id in away else None


def away_of(store: Store, account_ids: list[int], moment: float) -> dict[int, float]:
    """Of ``account_ids``, those on vacation at ``moment``, with their return (epoch seconds)."""
    if not account_ids:
        return {}
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(VacationRow.account_id, VacationRow.until).where(
                VacationRow.account_id.in_(account_ids),
                VacationRow.ended.is_(None),
                VacationRow.started <= moment,
                VacationRow.until > moment,
            )
        )
        return {int(account): float(until) for account, until in rows}
