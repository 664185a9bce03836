"""A player's vacation over a game's clock (``web/vacation_clocks.py``, ``clocks.held``), at fixed
moments: a turn begun before the vacation, one that comes during it, one across its end; each
change written twice comes out the same; the time no server ran is given back only to a clock
that ran (``clock_pause``)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import insert, select

from kingdomino.web.beat_tables import ServerBeatRow
from kingdomino.web.clock_pause import resume_clocks
from kingdomino.web.clocks import TimeControl, after_move, clock_view, deadline, held, restarted, started
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.tables import AccountRow, GameRow
from kingdomino.web.vacation import RULES, days_by_year, midnight, start
from kingdomino.web.vacation_clocks import back, gone

DAY = 86400.0
DAILY = TimeControl.of({"kind": "days", "days": 2})
SEATS: list[dict[str, Any]] = [{"kind": "human"}, {"kind": "human"}]
#: Cleo (seat 1) goes away 10 hours into her turn, for a week.
LEFT, RETURN = 10 * 3600.0, 10 * 3600.0 + 7 * DAY


def cleos_turn() -> dict[str, Any]:
    """Anna (seat 0) moved at 0: Cleo's 2 days run."""
    return after_move(DAILY, started(DAILY, 2, -100.0), 0, 0.0)


def test_a_turn_begun_before_the_vacation_keeps_the_time_left_and_waits_for_the_return() -> None:
    clock = gone(cleos_turn(), [1], 1, SEATS, LEFT, RETURN)
    assert clock == {"remaining": [2 * DAY, 2 * DAY - LEFT], "since": RETURN, "away": {"1": RETURN}}
    assert deadline(clock, 1, SEATS) == RETURN + 2 * DAY - LEFT
    # Written again (a retry, another server), the clock is the same: not shifted twice.
    assert gone(clock, [1], 1, SEATS, LEFT, RETURN) == clock
    view = clock_view(clock, 1, SEATS)
    assert view is not None and view["since"] == RETURN and view["away"] == [None, RETURN]


def test_back_early_the_clock_runs_again_from_then_with_the_time_it_had() -> None:
    early = LEFT + 2 * DAY
    clock = back(gone(cleos_turn(), [1], 1, SEATS, LEFT, RETURN), [1], 1, SEATS, early)
    assert clock == {"remaining": [2 * DAY, 2 * DAY - LEFT], "since": early}
    assert deadline(clock, 1, SEATS) == early + 2 * DAY - LEFT
    assert back(clock, [1], 1, SEATS, early) == clock


def test_a_turn_that_comes_during_the_vacation_waits_for_the_return() -> None:
    # Anna's turn while Cleo goes: nothing of Cleo's runs; Anna moves a day later.
    annas = after_move(DAILY, started(DAILY, 2, 0.0), 1, 0.0)
    clock = gone(annas, [1], 0, SEATS, LEFT, RETURN)
    assert deadline(clock, 0, SEATS) == 2 * DAY  # Anna's clock is not held
    moved = held(after_move(DAILY, clock, 0, DAY), 1, SEATS)
    assert moved["since"] == RETURN and deadline(moved, 1, SEATS) == RETURN + 2 * DAY
    # A seat handed over meanwhile restarts the turn: it still waits.
    assert held(restarted(moved, DAY + 5), 1, SEATS)["since"] == RETURN


def test_a_turn_across_the_vacation_s_end_runs_from_the_return_and_forgets_it() -> None:
    clock = gone(cleos_turn(), [1], 1, SEATS, LEFT, RETURN)
    # Cleo moves a day after her return: Anna's turn, the vacation forgotten.
    moved = held(after_move(DAILY, clock, 1, RETURN + DAY), 0, SEATS)
    assert moved == {"remaining": [2 * DAY, 2 * DAY], "since": RETURN + DAY}
    # Anna moves before Cleo's return is over... it is over: Cleo's turn runs at once.
    assert held(after_move(DAILY, moved, 0, RETURN + 2 * DAY), 1, SEATS)["since"] == RETURN + 2 * DAY


def test_an_ai_s_turn_or_a_real_time_clock_is_not_held() -> None:
    ai = [{"kind": "human"}, {"kind": "ai", "level": "greedy"}]
    clock = gone(cleos_turn(), [1], 1, ai, LEFT, RETURN)
    assert clock["since"] == 0.0 and held(clock, 1, ai)["since"] == 0.0


def test_the_time_no_server_ran_is_given_back_only_to_a_clock_that_ran(tmp_path: Any) -> None:
    """A pause from 1000 to 1600: a clock running since 0 gets 600 s; one held until 1200 (its
    player back during the pause) the 400 s after; one held until 5000, none."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    clocks = {"ran": 0.0, "back_in_pause": 1200.0, "away": 5000.0}
    with store.engine.begin() as connection:
        for name, since in clocks.items():
            connection.execute(
                insert(GameRow).values(
                    id=name,
                    game="kingdomino",
                    players=2,
                    options={},
                    seed=1,
                    seats=SEATS,
                    spectator_token=name,
                    status="playing",
                    created=datetime.now(UTC),
                    clock={"remaining": [100.0, 100.0], "since": since},
                    deadline=since + 100.0,
                )
            )
        connection.execute(insert(ServerBeatRow).values(server="gone", at=1000.0, stopped=True))
    resume_clocks(store, 1600.0)
    with store.engine.connect() as connection:
        given = {row.id: row.clock["since"] for row in connection.execute(select(GameRow.id, GameRow.clock))}
    store.close()
    assert given == {"ran": 600.0, "back_in_pause": 1600.0, "away": 5000.0}


def test_the_days_counted_and_the_refusals(tmp_path: Any) -> None:
    today = date(2026, 12, 28)
    moment = midnight(today) + 3600
    assert days_by_year(moment, midnight(date(2027, 1, 2))) == {2026: 4, 2027: 1}
    assert days_by_year(moment, moment + 60) == {2026: 1}  # back the same day: a day begun counts
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    with store.engine.begin() as connection:
        connection.execute(
            insert(AccountRow).values(
                id=1,
                name="Cleo",
                name_key="cleo",
                name_skeleton="cleo",
                password_hash="x",
                created=datetime.now(UTC),
            )
        )
    refusals = {
        date(2026, 12, 27): "vacation_past",
        today: "vacation_too_short",
        date(2027, 3, 1): "vacation_allowance",
    }
    for until, code in refusals.items():
        with pytest.raises(HubError) as refused:
            start(store, 1, until, moment)
        assert (refused.value.code, refused.value.field) == (code, "until")
    made = start(store, 1, date(2027, 1, 2), moment)
    assert made.until == midnight(date(2027, 1, 2))
    with pytest.raises(HubError) as refused:
        start(store, 1, date(2027, 1, 3), moment + 60)
    assert refused.value.code == "vacation_running"
    store.close()
    assert RULES["days_per_year"] >= RULES["min_days"] >= 1


def test_a_clock_by_the_day_may_say_it_does_not_wait_for_a_vacation() -> None:
    TimeControl.of({"kind": "days", "days": 3, "vacation": False})
    for spec, field in (
        ({"kind": "days", "days": 3, "vacation": "no"}, "time_control.vacation"),
        ({"kind": "game", "minutes": 5, "vacation": False}, "time_control"),
    ):
        with pytest.raises(HubError) as refused:
            TimeControl.of(spec)
        assert refused.value.field == field
