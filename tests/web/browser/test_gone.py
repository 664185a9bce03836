"""A player whose connection dropped, as the others' pages see it, and the game claimed: Tom (a
desktop, in English) and Ági (a phone, in Hungarian) play a 10 + 5 Kingdomino with Mira, on a
phone on a train (a socket of the test's that stops pinging). Both pages say her connection is
lost within seconds, and that she is back when she speaks again; once she has been gone long,
both offer to end the wait, and Tom's claim puts her seat out of time on both."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import httpx
from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.conftest import live_app, served_in_a_thread
from tests.web.servers import free_port
from websockets.sync.client import connect

#: Where the screenshots are also kept to look at (outside the checkout).
SHOTS = Path("/tmp/shots/gone")
#: The idle limit of the test's server: the train's socket is lost after a third of it (two pings of
#: 5 s: pages on a loaded machine still hear their pongs in time).
IDLE = 30.0
#: How long Mira is gone before the others may end the wait (60 s on a real server).
CLAIM_AFTER = 14.0


def shot(page: object, name: str) -> None:
    """A screenshot into the artifacts, and a copy where it is looked at."""
    path = ARTIFACTS / f"gone-{name}.png"
    page.screenshot(path=str(path))  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(path, SHOTS / path.name)


def test_a_lost_connection_is_seen_by_the_others_and_the_game_claimed(
    browser: Browser, database: str
) -> None:
    app = live_app(database, socket_idle_seconds=IDLE)
    app.state.hub.claim_seconds = CLAIM_AFTER
    with served_in_a_thread(app, free_port()) as base:
        names = ["Tom", "Mira", "Ági"]
        seats = [{"kind": "human", "name": name} for name in names]
        body = {"game": "kingdomino", "players": 3, "seats": seats}
        made = httpx.post(
            f"{base}/api/games",
            json={**body, "time_control": {"kind": "game", "minutes": 10, "increment": 5}},
        ).json()
        game_id, tokens = made["id"], [seat["token"] for seat in made["seats"]]
        first = httpx.get(f"{base}/api/games/{game_id}", params={"token": tokens[0]}).json()
        # Whoever acts first is on the train ("Mira" in the story); the others are at the desktop
        # and on the phone.
        mira = first["current_player"]
        tom, agi = [seat for seat in range(3) if seat != mira]
        tokens = [tokens[tom], tokens[mira], tokens[agi]]
        gone = names[mira]
        socket_url = base.replace("http", "ws") + f"/ws/games/{game_id}?tokens={tokens[1]}"
        with connect(socket_url, ping_interval=None, max_queue=None) as train:
            train.recv(timeout=30)
            train.send(json.dumps({"type": "ping"}))
            desktop = new_page(browser, base)
            desktop.goto(f"{base}/game/{game_id}?token={tokens[0]}")
            phone = new_page(browser, base, 390, 844, locale="hu", touch=True)
            phone.goto(f"{base}/game/{game_id}?token={tokens[2]}")
            lost = f"#presence-{mira}.lost"
            for page in (desktop, phone):
                page.wait_for_selector(f"#presence-{mira}.here, {lost}")
                page.wait_for_selector(lost)
            mark = desktop.locator(f"#presence-{mira}").inner_text()
            assert f"{gone}'s connection is lost" in mark, mark
            assert f"{gone} kapcsolata megszakadt" in phone.locator(f"#presence-{mira}").inner_text()
            desktop.wait_for_function(
                "document.querySelector('#presence-said')?.textContent.includes('connection is lost')"
            )
            train.send(json.dumps({"type": "ping"}))  # out of the tunnel: her socket was kept open
            for page in (desktop, phone):
                page.wait_for_selector(f"#presence-{mira}.here")
            desktop.wait_for_function(
                "document.querySelector('#presence-said')?.textContent.includes('is back')"
            )
            for page in (desktop, phone):  # into the next tunnel, for good
                page.wait_for_selector(lost)
            shot(desktop, "lost-desktop")
            shot(phone, "lost-phone-hu")
            for page in (desktop, phone):
                page.wait_for_selector("#claim-game:not([hidden])")
            assert f"End the wait for {gone}" in desktop.locator("#claim-game").inner_text()
            desktop.wait_for_function(  # the offer said once to a screen reader, as it comes
                "document.querySelector('#presence-said')?.textContent.includes('You may end the wait')"
            )
            shot(desktop, "claim-desktop")
            shot(phone, "claim-phone-hu")
            desktop.click("#claim-game")
            for page, words in ((desktop, "time ran out"), (phone, "ideje lejárt")):
                page.wait_for_function(
                    f"document.querySelector('#handover-note:not([hidden])')?.textContent.includes('{words}')"
                )
                page.wait_for_selector("#gone-card", state="hidden")
            shot(desktop, "claimed-desktop")
            shot(phone, "claimed-phone-hu")
            assert not desktop.errors and not phone.errors
