"""A simul's host's clock and their way from board to board, in the browser.

The host gives themselves extra time in the simul's form (fields a turn-based clock hides, saying
why); the simul's page says so, and the host's game page shows and runs their larger start while
the challenger's clock shows the time control's (the API tests, test_simul_clocks.py, refuse).
Then, the positions set up through the API, the host plays one move by clicking the board and
"Next board" appears at once, leading past a board awaiting its challenger to the next awaiting
the host, and back round to the first once its challenger answered (simul-return.js)."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    LivePage,
    axe_violations,
    log_in_new,
    new_page,
    play_by_clicking_board,
)
from tests.web.browser.test_simuls import challenger, logged_in

SHOTS = ARTIFACTS


def host_acts(host: LivePage, base: str, simul_id: str, *acts: str) -> None:
    for act in acts:
        done = host.request.post(f"{base}/api/simuls/{simul_id}/{act}", headers={"Origin": base})
        assert done.ok, done.text()


def with_challengers(host: LivePage, base: str, simul_id: str, players: int) -> list[httpx.Client]:
    """``players`` challengers' clients applied to the simul ``simul_id``, accepted, and the
    simul started by ``host``."""
    clients = [challenger(base)[0] for _ in range(players)]
    for client in clients:
        assert client.post(f"/api/simuls/{simul_id}/apply").status_code == 200
    host_acts(host, base, simul_id, "accept-all", "start")
    return clients


def clock_shows(seat: int, pattern: str) -> str:
    """A page's expression: whether seat ``seat``'s clock shows a time matching ``pattern``."""
    shown = f"document.querySelector(\"#clocks .clock[data-seat='{seat}'] time\")?.textContent ?? ''"
    return f"/{pattern}/.test({shown})"


def test_the_host_gives_their_clock_extra_time_and_the_game_page_runs_it(
    browser: Browser, live_server: str
) -> None:
    host = new_page(browser, live_server)
    host_name = log_in_new(host, live_server, "Host")
    host.goto(f"{live_server}/simuls")
    host.wait_for_selector("#simul-create")
    host.select_option("#simul-game", label="Kingdomino Duel")
    # A turn-based clock takes no extra time: the fields go, the words say why.
    host.select_option("#simul-clock", index=3)
    assert host.locator("#simul-extra").is_hidden() and host.locator("#simul-extra-none").is_visible()
    host.select_option("#simul-clock", index=0)  # 10 min + 5 s a move
    assert host.locator("#simul-extra-none").is_hidden()
    # Nor does a rated simul: its games count as even.
    host.check("#simul-rated")
    assert host.locator("#simul-extra").is_hidden() and host.locator("#simul-extra-rated").is_visible()
    host.uncheck("#simul-rated")
    assert host.locator("#simul-extra").is_visible() and host.locator("#simul-extra-rated").is_hidden()
    host.fill("#simul-host-extra", "5")
    host.fill("#simul-extra-per-challenger", "30")
    host.screenshot(path=str(SHOTS / "simul-extra-form-desktop.png"), full_page=True)
    assert axe_violations(host) == []
    host.click("#simul-create")
    host.wait_for_url(f"{live_server}/simul/*")
    simul_id = host.url.rsplit("/", 1)[1]
    said = host.locator("#simul-host-clock")
    expect(said).to_have_text("Host's clock: 10 min + 5 min extra + 30 s per challenger")
    # The form on a phone, in Hungarian.
    phone = new_page(browser, live_server, width=390, height=844, touch=True, locale="hu")
    logged_in(phone, live_server, host_name)
    phone.goto(f"{live_server}/simuls")
    phone.wait_for_function("() => document.querySelector('#simul-extra')?.innerText.includes('Ráadásidő')")
    phone.fill("#simul-host-extra", "5")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(SHOTS / "simul-extra-form-phone-hu.png"), full_page=True)
    # Two challengers, started: each game's host clock starts at 10 + 5 min + 2 × 30 s = 16:00.
    with_challengers(host, live_server, simul_id, 2)
    start = "16:00 at the start of each game"
    host.wait_for_function(
        f"() => document.querySelector('#simul-host-clock')?.innerText.endsWith('{start}')"
    )
    host.screenshot(path=str(SHOTS / "simul-extra-page-desktop.png"), full_page=True)
    phone.goto(f"{live_server}/simul/{simul_id}")
    phone.wait_for_function("() => document.querySelector('#simul-host-clock')?.innerText.includes('16:00')")
    in_hungarian = "A házigazda órája: 10 perc + 5 perc ráadás + 30 mp kihívónként"
    assert phone.locator("#simul-host-clock").inner_text().startswith(in_hungarian)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(SHOTS / "simul-extra-page-phone-hu.png"), full_page=True)
    games = host.request.get(f"{live_server}/api/simuls/{simul_id}").json()["games"]
    host.locator(".simul-board").first.click()
    host.wait_for_url(f"{live_server}/game/{games[0]['id']}")
    host.wait_for_selector("#your-turn")
    seat = games[0]["host_seat"]
    mine = host.locator(f"#clocks .clock[data-seat='{seat}'] time")
    theirs = host.locator(f"#clocks .clock[data-seat='{1 - seat}'] time")
    assert theirs.inner_text() == "10:00", "the challenger's clock is the time control's"
    # 16 minutes at the start, run down since (the host is to move): the time the page took to come.
    first = mine.inner_text()
    assert re.fullmatch(r"16:00|15:[0-5]\d", first), first
    assert "running" in (host.locator(f"#clocks .clock[data-seat='{seat}']").get_attribute("class") or "")
    # It runs down from there, the page counting with its own clock.
    host.wait_for_function(f"() => !{clock_shows(seat, '^' + first + '$')} && {clock_shows(seat, '^15:')}")
    host.screenshot(path=str(SHOTS / "simul-extra-game-desktop.png"))
    phone.goto(f"{live_server}/game/{games[1]['id']}?token={games[1]['token']}")
    phone.wait_for_selector("#your-turn")
    phone.wait_for_function(f"() => {clock_shows(games[1]['host_seat'], '^1[56]:')}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(SHOTS / "simul-extra-game-phone-hu.png"))
    assert host.errors == [] and phone.errors == []


def challenger_answers(client: httpx.Client, simul_id: str, game_id: str) -> None:
    """The challenger of ``client`` plays their moves in ``game_id`` until it awaits the host."""
    board = next(g for g in client.get(f"/api/simuls/{simul_id}").json()["games"] if g["id"] == game_id)
    while True:
        view = client.get(f"/api/games/{game_id}", params={"token": board["token"]}).json()
        if view["current_player"] not in view["your_seats"]:
            return
        moved = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": board["token"], "action": view["legal_actions"][0], "index": view["index"]},
        )
        assert moved.status_code == 200, moved.text


def test_next_board_appears_once_the_host_moved_and_leads_to_the_next_awaiting_them(
    browser: Browser, live_server: str
) -> None:
    host = new_page(browser, live_server)
    log_in_new(host, live_server, "Host")
    # Kingdomino Duel: the first player's first move hands the turn over, so one click plays it.
    fields = {"game": "duel", "time_control": {"kind": "game", "minutes": 30}, "first": "host"}
    made = host.request.post(f"{live_server}/api/simuls", data=fields, headers={"Origin": live_server})
    assert made.ok, made.text()
    simul_id = str(made.json()["id"])
    clients = with_challengers(host, live_server, simul_id, 3)
    games = host.request.get(f"{live_server}/api/simuls/{simul_id}").json()["games"]
    assert all(g["host_to_move"] for g in games)
    # The host's move on the second board is played through the API: it awaits its challenger.
    second = games[1]
    view = host.request.get(
        f"{live_server}/api/games/{second['id']}", params={"token": second["token"]}
    ).json()
    moved = host.request.post(
        f"{live_server}/api/games/{second['id']}/actions",
        data={"token": second["token"], "action": view["legal_actions"][0], "index": view["index"]},
        headers={"Origin": live_server},
    )
    assert moved.ok, moved.text()
    host.goto(f"{live_server}/simul/{simul_id}")
    host.locator(".simul-board").first.click()
    host.wait_for_url(f"{live_server}/game/{games[0]['id']}")
    host.wait_for_selector("#your-turn")
    assert host.locator("#simul-next").count() == 0, "not before the host's move is played"
    assert play_by_clicking_board(host, moves=1) == 1
    # Drawn with the position the move made, no reload: the board awaits its challenger now.
    host.locator("#simul-next").wait_for()
    assert host.locator("#your-turn").count() == 0
    host.screenshot(path=str(SHOTS / "simul-next-after-move-desktop.png"))
    host.click("#simul-next")
    host.wait_for_url(f"{live_server}/game/{games[2]['id']}")  # the second, awaiting its challenger, passed
    host.wait_for_selector("#your-turn")
    assert host.locator("#simul-next").count() == 0
    # The first board's challenger answers meanwhile: after this move, round to the first board.
    first = games[0]["id"]
    readers = {c: c.get(f"/api/simuls/{simul_id}").json()["games"] for c in clients}
    theirs = next(c for c, seen in readers.items() if any(g["token"] for g in seen if g["id"] == first))
    challenger_answers(theirs, simul_id, games[0]["id"])
    assert play_by_clicking_board(host, moves=1) == 1
    host.locator("#simul-next").wait_for()
    host.locator("body").press("n")
    host.wait_for_url(f"{live_server}/game/{games[0]['id']}")
    host.wait_for_selector("#your-turn")
    assert host.errors == []
