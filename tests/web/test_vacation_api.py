"""An account's vacation over HTTP (``web/routes/vacation.py``): its refusals, its games by the day
held while it is away and run again when it is back, a turn that comes to it meanwhile, the
clocks' sweep that holds a game begun during it, its opponents told once, and a restart in
between. Over SQLite and the test PostgreSQL (``api``)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import select, update
from tests.web.conftest import new_app, wait_for
from tests.web.test_clocks import HUMANS, create, run_out
from tests.web.test_players_api import claim, log_in

from kingdomino.web import vacation, vacation_games
from kingdomino.web.beat_tables import ServerBeatRow
from kingdomino.web.routes import vacation as vacation_routes
from kingdomino.web.tables import GameRow
from kingdomino.web.vacation import day_of, midnight
from kingdomino.web.vacation_tables import VacationRow

DAILY = {"kind": "days", "days": 2}


#: The day (UTC) the running test began (``one_day``); None between tests.
_today: date | None = None


@pytest.fixture(autouse=True)
def one_day(monkeypatch: pytest.MonkeyPatch) -> Iterator[date]:
    """The day (UTC) of one clock reading, that the test's dates count from and that the
    vacation routes' clock does not leave: a test run across midnight asked for a vacation from
    one day and the server took it from the next (too short, or its return a day off), or it
    computed the return again after midnight."""
    global _today
    now = time.time()
    _today = day_of(now)
    last = midnight(_today + timedelta(days=1)) - 0.001
    monkeypatch.setattr(vacation_routes, "time", SimpleNamespace(time=lambda: min(time.time(), last)))
    yield _today
    _today = None


def days_ahead(days: int) -> date:
    """The day ``days`` after the test's (``one_day``), or after today's outside these tests."""
    return (_today or datetime.now(UTC).date()) + timedelta(days=days)


def go_away(client: TestClient, session: dict[str, str], days: int) -> Any:
    return client.post("/api/account/vacation", json={"until": days_ahead(days).isoformat()}, headers=session)


def refusal(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"].get("code", "")


def game_of(
    client: TestClient, anna: dict[str, str], cleo: dict[str, str], control: dict[str, Any] = DAILY
) -> tuple[str, list[str], int]:
    """A game by the day of Anna and Cleo, Cleo to act: its id, its seats' tokens, Cleo's seat."""
    made = create(client, HUMANS, control)
    tokens = [seat["token"] for seat in made["seats"]]
    acting = client.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()["current_player"]
    claim(client, cleo, made["id"], tokens[acting])
    claim(client, anna, made["id"], tokens[1 - acting])
    return made["id"], tokens, acting


def play_turn(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """Play ``token``'s seat's first legal moves until the turn passes; the view then."""
    view: dict[str, Any] = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    acting = view["current_player"]
    while view["current_player"] == acting:
        moved = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "action": view["legal_actions"][0], "index": view["index"]},
        )
        assert moved.status_code == 200, moved.text
        view = client.get(f"/api/games/{game_id}", params={"token": token}).json()
    return view


def stored_deadline(client: TestClient, game_id: str) -> float:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    with hub.store.engine.connect() as connection:
        return float(connection.scalar(select(GameRow.deadline).where(GameRow.id == game_id)))


def test_a_vacation_is_refused_when_past_too_short_beyond_the_allowance_or_twice(api: TestClient) -> None:
    _, cleo = log_in(api)
    assert refusal(api.post("/api/account/vacation", json={"until": days_ahead(3).isoformat()})) == (
        401,
        "vacation_guest",
    )
    assert refusal(go_away(api, cleo, -1)) == (422, "vacation_past")
    assert refusal(go_away(api, cleo, 0)) == (422, "vacation_too_short")
    assert refusal(go_away(api, cleo, 400))[1] == "vacation_allowance"
    assert api.post("/api/account/vacation", json={"until": "soon"}, headers=cleo).status_code == 422
    state = api.get("/api/account/vacation", headers=cleo).json()
    assert state["until"] is None and state["days_left"] <= state["days_per_year"]
    taken = go_away(api, cleo, 1)
    assert taken.status_code == 200, taken.text
    assert taken.json()["until"] == midnight(days_ahead(1)) and taken.json()["games"] == 0
    assert refusal(go_away(api, cleo, 2)) == (409, "vacation_running")
    ended = api.delete("/api/account/vacation", headers=cleo)
    assert ended.status_code == 200 and ended.json()["until"] is None
    assert refusal(api.delete("/api/account/vacation", headers=cleo)) == (409, "vacation_none")
    # The day taken counts: the year's days left are one fewer than before it (or it was next year's).
    assert ended.json()["days_left"] in (state["days_left"] - 1, state["days_left"])


def test_the_clock_stands_still_while_the_player_is_away_and_runs_again_when_back(api: TestClient) -> None:
    anna_name, anna = log_in(api)
    cleo_name, cleo = log_in(api)
    game_id, tokens, seat = game_of(api, anna, cleo)
    second, _, _ = game_of(api, anna, cleo)
    before = api.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["clock"]
    taken = go_away(api, cleo, 7)
    assert taken.status_code == 200 and taken.json()["games"] == 2, taken.text
    until = midnight(days_ahead(7))
    clock = api.get(f"/api/games/{game_id}", params={"token": tokens[1 - seat]}).json()["clock"]
    assert clock["since"] == until and clock["away"][seat] == until and clock["running"] == seat
    left = clock["remaining"][seat]
    assert before["remaining"][seat] - 60 < left <= before["remaining"][seat]
    assert stored_deadline(api, game_id) == until + left
    # Anna is told once, for both games; Cleo's page says who is away, the player's page too.
    entries = api.get("/api/account/notifications", headers=anna).json()["entries"]
    told = [entry for entry in entries if entry["kind"] == "vacation"]
    assert len(told) == 1 and told[0]["params"] == {"name": cleo_name, "until": until}, entries
    assert api.get(f"/api/players/{cleo_name}").json()["vacation"] == {"until": until}
    assert api.get(f"/api/players/{anna_name}").json()["vacation"] is None
    # The sweep does not hand a seat over to an AI while its player is away.
    ended = api.delete("/api/account/vacation", headers=cleo)
    assert ended.status_code == 200 and ended.json()["games"] == 2
    clock = api.get(f"/api/games/{game_id}", params={"token": tokens[1 - seat]}).json()["clock"]
    assert "away" not in clock and time.time() - 60 < clock["since"] <= time.time()
    assert clock["remaining"][seat] == left
    assert stored_deadline(api, game_id) == clock["since"] + left
    assert second != game_id


def test_a_game_whose_clock_says_so_and_a_real_time_game_run_on(api: TestClient) -> None:
    """A tournament's organiser chose that its games do not wait (``vacation`` false); a game of
    minutes never does: going away holds neither, and the sweep hands the seat over."""
    _, anna = log_in(api)
    _, cleo = log_in(api)
    game_id, tokens, seat = game_of(api, anna, cleo, {**DAILY, "vacation": False})
    real_time = game_of(api, anna, cleo, {"kind": "game", "minutes": 5, "increment": 3})
    taken = go_away(api, cleo, 3)
    assert taken.status_code == 200 and taken.json()["games"] == 0, taken.text
    for game, token in ((game_id, tokens[seat]), (real_time[0], real_time[1][real_time[2]])):
        clock = api.get(f"/api/games/{game}", params={"token": token}).json()["clock"]
        assert "away" not in clock and clock["since"] <= time.time()
    run_out(api, game_id)
    wait_for(api, game_id, tokens[1 - seat], lambda v: v["seats"][seat]["kind"] == "ai", timeout=30)


def test_a_turn_that_comes_during_the_vacation_waits_for_the_return(api: TestClient) -> None:
    _, anna = log_in(api)
    _, cleo = log_in(api)
    game_id, tokens, seat = game_of(api, anna, cleo)
    # Cleo moves, then goes away on Anna's turn: Anna's clock runs; once Anna moves, Cleo's waits.
    view = play_turn(api, game_id, tokens[seat])
    assert go_away(api, cleo, 3).status_code == 200
    view = api.get(f"/api/games/{game_id}", params={"token": tokens[1 - seat]}).json()
    assert view["current_player"] == 1 - seat and view["clock"]["since"] < time.time()
    view = play_turn(api, game_id, tokens[1 - seat])
    assert view["current_player"] == seat
    until = midnight(days_ahead(3))
    assert view["clock"]["since"] == until and stored_deadline(api, game_id) == until + 2 * 86400


def test_the_sweep_holds_a_game_begun_during_the_vacation(api: TestClient) -> None:
    _, anna = log_in(api)
    _, cleo = log_in(api)
    assert go_away(api, cleo, 5).status_code == 200
    hub = api.app.state.hub  # type: ignore[attr-defined]
    with hub.store.engine.begin() as connection:  # she left an hour ago; the game began since
        connection.execute(update(VacationRow).values(started=VacationRow.started - 3600))
    game_id, tokens, seat = game_of(api, anna, cleo)
    run_out(api, game_id)
    view = wait_for(
        api, game_id, tokens[1 - seat], lambda v: v["clock"]["since"] == midnight(days_ahead(5)), timeout=30
    )
    assert view["seats"][seat]["kind"] == "human" and view["clock"]["away"][seat] is not None
    # A turn out of time before she left stays so: the sweep hands it over.
    late, late_tokens, late_seat = game_of(api, anna, cleo)
    account = hub.store.load(late).seats[late_seat]["account"]
    with hub.store.engine.begin() as connection:
        left = connection.scalar(select(VacationRow.started).where(VacationRow.account_id == account))
        connection.execute(update(GameRow).where(GameRow.id == late).values(deadline=left - 60))
    hub.table(late).stored.deadline = left - 60
    wait_for(
        api, late, late_tokens[1 - late_seat], lambda v: v["seats"][late_seat]["kind"] == "ai", timeout=30
    )


def test_a_restart_in_between_keeps_the_clock_held_and_the_return_runs_it(database: str) -> None:
    def app() -> Any:
        made = new_app(database)
        made.state.login_rate = parse("1000/minute")
        return made

    with TestClient(app()) as client:
        _, anna = log_in(client)
        _, cleo = log_in(client)
        game_id, tokens, seat = game_of(client, anna, cleo)
        assert go_away(client, cleo, 4).status_code == 200
        held = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["clock"]
        engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
        with engine.begin() as connection:  # the server was down a minute once this one stops
            connection.execute(update(ServerBeatRow).values(at=ServerBeatRow.at - 60))
    with TestClient(app()) as client:
        after = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["clock"]
        assert after == held and stored_deadline(client, game_id) == held["since"] + held["remaining"][seat]
        assert client.delete("/api/account/vacation", headers=cleo).json()["games"] == 1
        back = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["clock"]
        assert back["since"] <= time.time() and back["remaining"] == held["remaining"]


def test_a_start_that_comes_after_its_end_holds_no_clock(api: TestClient) -> None:
    """Two devices: the vacation's start is still going through the games when the other device
    ends it, and the end's writes come first: the start's late writes are not made, or the clock
    would stand still until the planned return."""
    _, anna = log_in(api)
    cleo_name, cleo = log_in(api)
    game_id, tokens, seat = game_of(api, anna, cleo)
    hub = api.app.state.hub  # type: ignore[attr-defined]
    account = hub.store.load(game_id).seats[seat]["account"]
    made = vacation.start(hub.store, account, days_ahead(5), time.time())
    vacation.end(hub.store, account, time.time())
    assert api.portal.call(vacation_games.went_away, hub, made, cleo_name) == 0  # type: ignore[union-attr]
    clock = api.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["clock"]
    assert "away" not in clock and clock["since"] <= time.time()


def test_a_return_in_the_year_9999_is_refused_without_counting_its_days_one_by_one(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The allowance was checked a day at a time: `until` 9999-12-31 held a server's CPU 20 s
    (2.9 million days), its transaction and its lock on the account open, ten times a minute."""
    _, cleo = log_in(api)
    counted = []

    def midnight_counted(day: date) -> float:
        counted.append(day)
        return midnight(day)

    monkeypatch.setattr(vacation, "midnight", midnight_counted)
    far = api.post("/api/account/vacation", json={"until": "9999-12-31"}, headers=cleo)
    assert refusal(far) == (422, "vacation_allowance") and far.json()["error"]["values"]["days"] > 0
    assert len(counted) < 100, len(counted)


def test_the_account_read_carries_its_vacation(api: TestClient) -> None:
    """`GET /api/account` says the account's vacation as `GET /api/account/vacation` does, so a
    page that reads who is logged in knows whether they are away without asking again."""
    _, cleo = log_in(api)
    before = api.get("/api/account", headers=cleo).json()["account"]["vacation"]
    assert before == api.get("/api/account/vacation", headers=cleo).json() and before["until"] is None
    assert go_away(api, cleo, 5).status_code == 200
    away = api.get("/api/account", headers=cleo).json()["account"]["vacation"]
    assert away == api.get("/api/account/vacation", headers=cleo).json()
    assert away["until"] == midnight(days_ahead(5))


def test_a_game_begun_while_its_player_is_away_is_held_at_once(api: TestClient) -> None:
    """Cleo, away, accepts Anna's challenge by the day: the new game's clock notes her return at
    once (her turn waits for it), rather than running until the sweep holds it at its deadline."""
    _, anna = log_in(api)
    cleo_name, cleo = log_in(api)
    assert go_away(api, cleo, 4).status_code == 200
    body = {"name": cleo_name, "game": "kingdomino", "time_control": DAILY}
    made = api.post("/api/challenges", json=body, headers=anna)
    assert made.status_code in (200, 201), made.text
    challenge = made.json()
    accepted = api.post(f"/api/challenges/{challenge['id']}/accept", headers=cleo)
    assert accepted.status_code == 200, accepted.text
    token = accepted.json()["token"]
    view = api.get(f"/api/games/{challenge['id']}", params={"token": token}).json()
    seat = view["your_seats"][0]
    until = midnight(days_ahead(4))
    assert view["status"] == "playing" and view["clock"]["away"][seat] == until
    if view["current_player"] == seat:
        assert view["clock"]["since"] == until and stored_deadline(api, challenge["id"]) == until + 2 * 86400
    else:
        assert view["clock"]["since"] <= time.time()


def test_a_vacation_counts_the_hours_it_lasted_at_least_a_day(api: TestClient) -> None:
    """Days are counted by the hours used, as chess.com counts them, rounded up to whole days:
    a vacation begun at 23:00 and ended at 01:00 counts one day, not the two it touched; one ended
    an hour after its start on the same day still counts that day (the least a vacation uses)."""
    _, cleo = log_in(api)
    account = api.get("/api/account", headers=cleo).json()["account"]["id"]
    store = api.app.state.hub.store  # type: ignore[attr-defined]
    late = midnight(days_ahead(0)) + 23 * 3600
    vacation.start(store, account, days_ahead(4), late)
    vacation.end(store, account, late + 2 * 3600)
    assert vacation.state(store, account, late + 3 * 3600)["days_left"] == 29
    again = late + 4 * 3600
    vacation.start(store, account, days_ahead(4), again)
    vacation.end(store, account, again + 3600)
    assert vacation.state(store, account, again + 2 * 3600)["days_left"] == 28


def test_a_test_run_across_midnight_keeps_its_day(
    api: TestClient, one_day: date, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock passes midnight between the test's reading of its day and the server's: the
    day's vacation is still taken from the test's day (``one_day``), its return as computed."""
    _, cleo = log_in(api)
    monkeypatch.setattr(time, "time", lambda: midnight(one_day + timedelta(days=1)) + 0.1)
    taken = go_away(api, cleo, 1)
    assert taken.status_code == 200, taken.text
    assert taken.json()["until"] == midnight(days_ahead(1))


def test_a_turn_out_of_time_during_the_vacation_is_held_though_the_return_came_since(
    api: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep found a turn of a game begun during the vacation out of time at its moment, and
    the hold's write read the clock again: past the return's midnight by then, it found no
    vacation and wrote nothing, and the sweep handed the seat over. The write asks whether the
    vacation of the sweep's moment still stands."""
    _, anna = log_in(api)
    _, cleo = log_in(api)
    assert go_away(api, cleo, 5).status_code == 200
    game_id, tokens, seat = game_of(api, anna, cleo)  # begun during the vacation: not held yet
    until = midnight(days_ahead(5))
    monkeypatch.setattr(vacation_games, "time", SimpleNamespace(time=lambda: until + 1))
    table = api.app.state.hub.table(game_id)  # type: ignore[attr-defined]
    assert api.portal.call(vacation_games.held_instead, table, until - 1)  # type: ignore[union-attr]
    clock = api.get(f"/api/games/{game_id}", params={"token": tokens[1 - seat]}).json()["clock"]
    assert clock["since"] == until and clock["away"][seat] == until
