"""A simul in the browser: the host makes it from the simuls' page, three players apply, the host
accepts them all and starts it; the host's page then shows the three boards, each awaiting
the host's move and marked, a link to its game, whose page leads back to the simul; the results
come as games end, and the page fits a 360 px phone (the API tests, test_simuls.py, refuse)."""

from __future__ import annotations

import secrets

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page


def challenger(base: str) -> tuple[httpx.Client, str]:
    """A new account's client, logged in, its requests from the app's own origin; and its name."""
    name = f"Chal{secrets.token_hex(3)}"
    client = httpx.Client(base_url=base, headers={"Origin": base}, timeout=30)
    made = client.post("/api/accounts", json={"name": name, "password": "a long enough password"})
    assert made.status_code == 201, made.text
    return client, name


def test_a_host_plays_three_challengers_from_the_simul_page(browser: Browser, live_server: str) -> None:
    host = new_page(browser, live_server)
    host_name = log_in_new(host, live_server, "Host")
    host.locator("#simuls-link").click()
    host.wait_for_selector("#simul-create")
    host.select_option("#simul-game", label="Kingdomino Duel")
    host.fill("#simul-text", "Three boards at once")
    host.click("#simul-create")
    host.wait_for_url(f"{live_server}/simul/*")
    simul_id = host.url.rsplit("/", 1)[1]
    host.wait_for_selector("#simul-nobody")
    players, names = zip(*(challenger(live_server) for _ in range(3)), strict=True)
    for client in players:
        assert client.post(f"/api/simuls/{simul_id}/apply").status_code == 200
    host.locator(".simul-entrant").nth(2).wait_for()  # read again by itself
    expect(host.get_by_role("button", name=f"Decline {names[2]}")).to_be_visible()
    host.screenshot(path=str(ARTIFACTS / "simul-open-desktop.png"), full_page=True)
    assert axe_violations(host) == []
    # The host's phone: the list with the form, then the simul's players with their answers.
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    phone.goto(f"{live_server}/simuls")
    logged = phone.request.post(
        f"{live_server}/api/session",
        data={"name": host_name, "password": "a long enough password"},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    phone.goto(f"{live_server}/simuls")
    phone.wait_for_selector(f"#simul-list a[href='/simul/{simul_id}']")
    phone.wait_for_selector("#simul-create")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=str(ARTIFACTS / "simul-list-phone.png"), full_page=True)
    phone.goto(f"{live_server}/simul/{simul_id}")
    phone.locator(".simul-entrant").nth(2).wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=str(ARTIFACTS / "simul-open-phone.png"), full_page=True)
    host.click("#simul-accept-all")
    host.wait_for_function("() => document.querySelectorAll('.simul-entrant.accepted').length === 3")
    host.click("#simul-start")
    boards = host.locator(".simul-board")
    drawn = "() => document.querySelectorAll('.simul-board.to-move .simul-mini svg').length === 6"
    host.wait_for_function(drawn)
    expect(boards).to_have_count(3)
    assert all(text == "Your move" for text in host.locator(".simul-to-move").all_inner_texts())
    expect(host.locator("#simul-results")).to_have_text(
        f"{host_name}: wins 0 · draws 0 · losses 0", use_inner_text=True
    )
    host.screenshot(path=str(ARTIFACTS / "simul-host-desktop.png"), full_page=True)
    assert axe_violations(host) == []
    phone.goto(f"{live_server}/simul/{simul_id}")
    phone.wait_for_function("() => document.querySelectorAll('.simul-board .simul-mini svg').length === 6")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=str(ARTIFACTS / "simul-host-phone.png"), full_page=True)
    # A challenger's page of the simul leads to their own game, whose page leads back.
    boris = new_page(browser, live_server)
    boris.goto(f"{live_server}/simuls")
    logged = boris.request.post(
        f"{live_server}/api/session",
        data={"name": names[1], "password": "a long enough password"},
        headers={"Origin": live_server},
    )
    assert logged.ok, logged.text()
    boris.goto(f"{live_server}/simul/{simul_id}")
    boris.click("#simul-your-game")
    boris.wait_for_url(f"{live_server}/game/*")
    boris.wait_for_selector("#waiting")  # the host moves first
    boris.screenshot(path=str(ARTIFACTS / "simul-challenger-game.png"))
    boris.click("#simul-link")
    boris.wait_for_url(f"{live_server}/simul/{simul_id}")
    # A challenger resigns: the host's page counts the win, the board no longer awaits the host.
    theirs = players[0].get(f"/api/simuls/{simul_id}").json()
    game = next(g for g in theirs["games"] if g["token"])
    resigned = players[0].post(f"/api/games/{game['id']}/resign", json={"token": game["token"]})
    assert resigned.status_code == 200, resigned.text
    host.wait_for_function("() => document.querySelector('#simul-results')?.textContent.includes('wins 1')")
    ended = host.locator(f".simul-board[data-game='{game['id']}']")
    expect(ended.locator(".simul-result")).to_have_text("Host won", use_inner_text=True)
    expect(host.locator(".simul-board.to-move")).to_have_count(2)
    # A board opens its game, the host's seat kept for the page; the game leads back to the simul.
    host.locator(".simul-board.to-move").first.click()
    host.wait_for_url(f"{live_server}/game/*")
    host.wait_for_selector("#your-turn")
    host.click("#simul-link")
    host.wait_for_url(f"{live_server}/simul/{simul_id}")
    # The host resigns the other two: the simul is over.
    for board in host.request.get(f"{live_server}/api/simuls/{simul_id}").json()["games"]:
        if board["status"] == "playing":
            host.request.post(
                f"{live_server}/api/games/{board['id']}/resign",
                data={"token": board["token"]},
                headers={"Origin": live_server},
            )
    host.wait_for_function("() => document.querySelector('#simul-status')?.textContent === 'Over'")
    expect(host.locator("#simul-results")).to_have_text(
        f"{host_name}: wins 1 · draws 0 · losses 2", use_inner_text=True
    )
    assert host.errors == [] and phone.errors == [] and boris.errors == []


def logged_in(page: LivePage, base: str, name: str) -> None:
    """``page`` logged in as ``name`` (made by ``log_in_new`` or ``challenger``)."""
    page.goto(f"{base}/simuls")
    logged = page.request.post(
        f"{base}/api/session",
        data={"name": name, "password": "a long enough password"},
        headers={"Origin": base},
    )
    assert logged.ok, logged.text()


def test_the_host_reads_the_boards_at_a_glance_and_goes_board_to_board(
    browser: Browser, live_server: str
) -> None:
    host = new_page(browser, live_server)
    host_name = log_in_new(host, live_server, "Host")
    made = host.request.post(
        f"{live_server}/api/simuls",
        data={"game": "kingdomino", "time_control": {"kind": "game", "minutes": 30}, "first": "alternate"},
        headers={"Origin": live_server},
    )
    assert made.ok, made.text()
    simul_id = made.json()["id"]
    players, names = zip(*(challenger(live_server) for _ in range(3)), strict=True)
    for client in players:
        assert client.post(f"/api/simuls/{simul_id}/apply").status_code == 200
    for act in ("accept-all", "start"):
        done = host.request.post(
            f"{live_server}/api/simuls/{simul_id}/{act}", headers={"Origin": live_server}
        )
        assert done.ok, done.text()
    # The boards in the simul's order, the first and third awaiting the host (alternate) marked,
    # one row of three on a laptop, each kingdom large enough to read.
    host.goto(f"{live_server}/simul/{simul_id}")
    host.wait_for_function("() => document.querySelectorAll('.simul-board .simul-mini svg').length === 6")
    cards = host.locator(".simul-board")
    assert cards.locator(".simul-board-name").all_inner_texts() == list(names)
    assert [("to-move" in (cards.nth(i).get_attribute("class") or "")) for i in range(3)] == [
        True,
        False,
        True,
    ]
    boxes = [cards.nth(i).bounding_box() for i in range(3)]
    assert all(box is not None for box in boxes)
    assert len({round(box["y"]) for box in boxes if box}) == 1, "three boards across on a laptop"
    mini = host.locator(".simul-mini svg").first.bounding_box()
    assert mini is not None and mini["width"] >= 120, mini
    host.screenshot(path=str(ARTIFACTS / "simul2-boards-desktop.png"), full_page=True)
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    logged_in(phone, live_server, host_name)
    phone.goto(f"{live_server}/simul/{simul_id}")
    phone.wait_for_function("() => document.querySelectorAll('.simul-board .simul-mini svg').length === 6")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    small = phone.locator(".simul-mini svg").first.bounding_box()
    assert small is not None and small["width"] >= 120, small
    phone.screenshot(path=str(ARTIFACTS / "simul2-boards-phone.png"), full_page=True)
    # A board awaiting the challenger: "Next board" (or N) opens the next awaiting the host.
    games = host.request.get(f"{live_server}/api/simuls/{simul_id}").json()["games"]
    cards.nth(1).click()
    host.wait_for_url(f"{live_server}/game/{games[1]['id']}")
    button = host.locator("#simul-next")
    button.wait_for()
    assert "(N)" in (button.get_attribute("title") or "")
    host.screenshot(path=str(ARTIFACTS / "simul2-next-desktop.png"))
    host.locator("body").press("n")
    host.wait_for_url(f"{live_server}/game/{games[2]['id']}")
    host.wait_for_selector("#your-turn")
    expect(host.locator("#simul-next"), "not before the host's move is played").to_have_count(0)
    phone.goto(f"{live_server}/simul/{simul_id}")
    phone.locator(".simul-board").nth(1).click()
    phone.locator("#simul-next").wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.screenshot(path=str(ARTIFACTS / "simul2-next-phone.png"))
    # None awaits the host any more: "Next board" leads to the simul's page.
    for board in (games[0], games[2]):
        resigned = host.request.post(
            f"{live_server}/api/games/{board['id']}/resign",
            data={"token": board["token"]},
            headers={"Origin": live_server},
        )
        assert resigned.ok, resigned.text()
    phone.click("#simul-next")
    phone.wait_for_url(f"{live_server}/simul/{simul_id}")
    # A challenger's inbox says the simul has started and opens their game at their seat.
    challenger_page = new_page(browser, live_server, width=360, height=740, touch=True)
    logged_in(challenger_page, live_server, names[1])
    challenger_page.goto(f"{live_server}/")
    challenger_page.click("#inbox-bell")
    entry = challenger_page.locator("#inbox-list li[data-kind=simul_started] a")
    expect(entry).to_contain_text(f"{host_name}'s simul has started: play your game", use_inner_text=True)
    challenger_page.screenshot(path=str(ARTIFACTS / "simul2-inbox-phone.png"))
    entry.click()
    challenger_page.wait_for_url(f"{live_server}/game/{games[1]['id']}*")
    challenger_page.wait_for_selector("#your-turn")
    assert host.errors == [] and phone.errors == [] and challenger_page.errors == []
