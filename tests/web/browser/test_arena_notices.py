"""An arena's player held back from pairing is told why on its page: Kira calls off two games by
pausing before she sat (over the API, as her page's buttons would), and her arena's page says so
with the moment she is paired again, in the page's language, on a desktop and a 360 px phone in
Russian, where "Waiting for an opponent" stood for two minutes with no reason."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page
from tests.web.browser.test_tournament_rounds_said import posted

CLOCK = {"kind": "game", "minutes": 10, "increment": 5}


def read(page: LivePage, tournament_id: str) -> dict[str, Any]:
    """The arena as ``page``'s account reads it (which keeps it present, so paired)."""
    answer = page.request.get(f"{page.base_url}/api/tournaments/{tournament_id}")
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def paired(kira: LivePage, boris: LivePage, tournament_id: str) -> None:
    """Wait until Kira is paired (Boris's reads keep him present too)."""
    deadline = time.monotonic() + 40
    while read(kira, tournament_id)["arena"]["you"]["game"] is None:
        read(boris, tournament_id)
        assert time.monotonic() < deadline, "Kira was never paired"
        time.sleep(0.2)


def test_a_player_held_back_for_calling_games_off_is_told_until_when(
    browser: Browser, live_server: str
) -> None:
    kira = new_page(browser, live_server, 360, 740, locale="ru", touch=True, mobile=True)
    boris = new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    log_in_new(boris, live_server, "Boris")
    made = posted(
        kira,
        "/api/tournaments",
        {
            "name": "Пятничная арена",
            "game": "kingdomino",
            "format": "arena",
            "minutes": 20,
            "time_control": CLOCK,
        },
    )
    tournament_id = str(made["id"])
    posted(boris, f"/api/tournaments/{tournament_id}/join")
    read(boris, tournament_id)
    read(kira, tournament_id)
    posted(kira, f"/api/tournaments/{tournament_id}/start")
    for _ in range(2):
        paired(kira, boris, tournament_id)
        posted(kira, f"/api/tournaments/{tournament_id}/pause")
        read(boris, tournament_id)
        posted(kira, f"/api/tournaments/{tournament_id}/rejoin")
    held = read(kira, tournament_id)["arena"]["you"]
    assert held["call_offs"] == 2 and held["held_until"] > time.time(), held
    kira.goto(f"{live_server}/tournament/{tournament_id}")
    state = kira.locator("#arena-state")
    expect(state).to_contain_text("Из-за ваших пауз отменено игр: 2. Пару вам снова составят в ")
    said = kira.evaluate(
        "(until) => new Intl.DateTimeFormat('ru', { timeStyle: 'short' }).format(new Date(until * 1000))",
        held["held_until"],
    )
    assert re.fullmatch(r"\d{1,2}:\d{2}", said), said
    expect(state).to_contain_text(f"составят в {said}.")
    assert kira.locator("#arena-pause").is_visible()
    box = state.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert axe_violations(kira) == []
    kira.screenshot(path=str(ARTIFACTS / "arena-held-phone-ru.png"), full_page=True)
    desktop = new_page(browser, live_server)
    for cookie in kira.context.cookies():
        desktop.context.add_cookies([cookie])  # type: ignore[list-item]
    desktop.goto(f"{live_server}/tournament/{tournament_id}")
    expect(desktop.locator("#arena-state")).to_contain_text(
        "You called off 2 games by pausing: you are paired again at "
    )
    desktop.screenshot(path=str(ARTIFACTS / "arena-held-desktop-en.png"))
    for page in (kira, boris, desktop):
        assert page.errors == [], page.url
