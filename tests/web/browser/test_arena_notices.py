"""An arena's player left out is told why on its page: Kira calls off two games by pausing before
she sat (over the API, as her page's buttons would), and her arena's page says so with the moment
she is paired again, in the page's language, where "Waiting for an opponent" stood for two
minutes with no reason; Cleo, withdrawn to free her place, reads why on the page and in her bell.
Each on a desktop in English and a 360 px phone in Russian."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Browser, expect
from sqlalchemy import update
from tests.web.browser.pages import ARTIFACTS, LivePage, axe_violations, log_in_new, new_page
from tests.web.browser.test_tournament_rounds_said import posted
from tests.web.conftest import free_port, live_app, served_in_a_thread

from kingdomino.web.arena_tables import ArenaPauseRow

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
    # Pairing needs the page open: it says so, where Kira might close it to wait.
    keep_open = "Не закрывайте эту страницу: соперника вы получите отсюда."
    expect(state).to_contain_text(f"составят в {said}. {keep_open}")
    expect(kira.locator("#arena-pause")).to_be_visible()
    box = state.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert axe_violations(kira) == []
    kira.screenshot(path=str(ARTIFACTS / "arena-held-phone-ru.png"), full_page=True)
    desktop = new_page(browser, live_server)
    log_in_as(desktop, kira)
    desktop.goto(f"{live_server}/tournament/{tournament_id}")
    expect(desktop.locator("#arena-state")).to_contain_text(
        "You called off 2 games by pausing: you are paired again at "
    )
    desktop.screenshot(path=str(ARTIFACTS / "arena-held-desktop-en.png"))
    for page in (kira, boris, desktop):
        assert page.errors == [], page.url


def test_a_player_withdrawn_to_free_their_place_reads_why_on_the_page_and_in_the_bell(
    browser: Browser, database: str
) -> None:
    """Cleo paused in a full arena long ago; Dan's join withdraws her to free her place. Her page,
    on a 360 px phone in Russian and a desktop in English, says why she is out of it, and her bell
    lists it."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        kira, dan = new_page(browser, base), new_page(browser, base)
        boris = new_page(browser, base)
        cleo = new_page(browser, base, 360, 740, locale="ru", touch=True, mobile=True)
        for page, name in ((kira, "Kira"), (boris, "Boris"), (cleo, "Cleo"), (dan, "Dan")):
            log_in_new(page, base, name)
        body = {"name": "Friday arena", "game": "kingdomino", "format": "arena", "minutes": 20}
        arena = str(posted(kira, "/api/tournaments", {**body, "time_control": CLOCK, "max_players": 3})["id"])
        for page in (boris, cleo):
            posted(page, f"/api/tournaments/{arena}/join")
        for page in (kira, boris):
            read(page, arena)
        posted(kira, f"/api/tournaments/{arena}/start")
        posted(cleo, f"/api/tournaments/{arena}/pause")
        with app.state.hub.store.engine.begin() as connection:
            connection.execute(update(ArenaPauseRow).values(since=time.time() - 3600))
        posted(dan, f"/api/tournaments/{arena}/join")
        cleo.goto(f"{base}/tournament/{arena}")
        expect(cleo.locator("#arena-state")).to_have_text(
            "Вас вывели из этой арены, чтобы освободить ваше место для другого игрока: вы были на паузе"
            " больше 5 мин, когда арена была заполнена. Ваши результаты остаются в турнирной таблице;"
            " снова войти в эту арену нельзя."
        )
        cleo.locator("#inbox-bell").click()
        expect(cleo.locator("#inbox-list li[data-kind=arena_withdrawn] a")).to_contain_text(
            "Вас вывели из турнира Friday arena, чтобы освободить ваше место"
        )
        box = cleo.locator("#inbox-panel").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        assert axe_violations(cleo) == []
        cleo.screenshot(path=str(ARTIFACTS / "arena-freed-phone-ru.png"), full_page=True)
        desktop = new_page(browser, base)
        log_in_as(desktop, cleo)
        desktop.goto(f"{base}/tournament/{arena}")
        expect(desktop.locator("#arena-state")).to_have_text(
            "You were withdrawn from this arena to free your place for another player: you had been"
            " paused over 5 minutes while it was full. Your results so far stay in the standings; this"
            " arena cannot be joined again."
        )
        desktop.screenshot(path=str(ARTIFACTS / "arena-freed-desktop-en.png"))
        for page in (kira, boris, cleo, dan, desktop):
            assert page.errors == [], page.url


def log_in_as(page: LivePage, other: LivePage) -> None:
    """``page``'s browser logged in as ``other``'s account (its cookies)."""
    page.context.add_cookies(other.context.cookies())  # type: ignore[arg-type]
