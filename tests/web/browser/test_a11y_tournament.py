"""Accessibility of a club tournament's page and of the form that organises one, as a blind player
with a screen reader and the keys only meets them (docs/browser.md): a round paired and her seat
awaiting her are said once in the page's polite line, the focus stays where she left it while the
page is drawn again, the standings are a table named once, by its heading, each game's button and link
says whose game it is, and the form's menus are named apart."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, axe_violations, log_in_new, new_page
from tests.web.browser.test_a11y_lobby_news import FOCUSED, account_client

#: Keeps each text the page's line of news is given.
LISTEN = """() => {
  window.newsSaid = [];
  const news = document.querySelector('#tournament-news');
  new MutationObserver(() => { window.newsSaid.push(news.textContent); }).observe(
    news, { childList: true, subtree: true, characterData: true });
}"""

#: A refresh of the page is ten seconds away; two may pass before a change is drawn.
REDRAWN_MS = 30_000
#: The page's clock moved past its next refresh (``tournament.js``'s ten seconds).
NEXT_REFRESH_MS = 11_000


def shot(page: Any, name: str) -> None:
    """``page`` whole, saved among the tests' artefacts as ``a11y-tournament-{name}.png``."""
    page.screenshot(path=str(ARTIFACTS / f"a11y-tournament-{name}.png"), full_page=True)


def test_lena_hears_her_round_paired_once_and_keeps_her_place_on_the_page(
    browser: Browser, live_server: str
) -> None:
    """Lena (Russian, NVDA) joined Kira's tournament and waits on its page, on the link back to the
    lobby. Kira starts it: the page drawn again threw her focus to the page's top and said nothing;
    now the focus stays on her link and the polite line says the round is paired and her game
    awaits her seat, once, not again when the page is drawn for the other game's start. The
    standings table is named once, by its heading (not by a hidden caption as well); her "Take
    your seat" is described by her game's players, the other game's "Watch" named by them. The
    tournament over is said too."""
    kira, kira_name = account_client(live_server, "Kira")
    made = kira.post(
        "/api/tournaments",
        json={
            "name": "Четверг",
            "game": "kingdomino",
            "format": "round_robin",
            "time_control": {"kind": "days", "days": 1},
        },
    )
    assert made.status_code == 201, made.text
    tournament_id = made.json()["id"]
    clients: dict[str, httpx.Client] = {kira_name: kira}
    for name in ("Boris", "Ola"):
        http, made_name = account_client(live_server, name)
        joined = http.post(f"/api/tournaments/{tournament_id}/join")
        assert joined.is_success, joined.text
        clients[made_name] = http
    page = new_page(browser, live_server, locale="ru")
    page.clock.install()  # its refreshes brought on rather than waited for; a missed one comes on time
    lena = log_in_new(page, live_server, "Lena")
    page.goto(f"{live_server}/tournament/{tournament_id}")
    page.click("#tournament-join")
    page.wait_for_selector("#tournament-leave")
    expect(page.locator("#tournament-news")).to_have_attribute("role", "status")
    page.evaluate(LISTEN)
    page.focus("#tournament-back")
    started = kira.post(f"/api/tournaments/{tournament_id}/start")
    assert started.is_success, started.text
    page.clock.run_for(NEXT_REFRESH_MS)
    page.wait_for_selector(".tournament-round", timeout=REDRAWN_MS)
    assert page.evaluate(FOCUSED) == "a tournament-back", "the focus stays on her link"
    found = page.request.get(f"{live_server}/api/tournaments/{tournament_id}").json()
    games = found["rounds_played"][0]["games"]
    hers = next(g for g in games if g["yours"])
    other = next(g for g in games if not g["yours"])
    pairing = f"{hers['first']} – {hers['second']}"
    said = f"Пары тура 1 составлены. Тур 1: ваша игра {pairing} ждёт, пока вы займёте место."
    expect(page.locator("#tournament-news")).to_have_text(said)
    take = page.locator(f"li[data-id='{hers['game_id']}'] button.take-seat")
    expect(take).to_have_accessible_name("Занять своё место")
    expect(take).to_have_accessible_description(pairing)
    expect(page.get_by_role("table", name="Турнирная таблица")).to_be_visible()
    expect(page.locator("#standings caption"), "named once").to_have_count(0)
    expect(page.locator("#standings")).to_have_attribute("aria-labelledby", "standings-title")
    expect(page.locator("#standings-title")).to_have_text("Турнирная таблица")
    expect(page.locator("#standings th[scope=col]")).to_have_count(7)
    for name in (other["first"], other["second"]):
        seated = clients[name].post(f"/api/games/{other['game_id']}/join", json={})
        assert seated.is_success, seated.text
    page.clock.run_for(NEXT_REFRESH_MS)
    watch = page.locator(f"li[data-id='{other['game_id']}'] a.watch")
    watch.wait_for(timeout=REDRAWN_MS)
    expect(watch).to_have_accessible_name(f"Смотреть Kingdomino: {other['first']}, {other['second']}")
    assert page.evaluate(FOCUSED) == "a tournament-back"
    assert page.evaluate("window.newsSaid") == [said], "the news said once"
    assert axe_violations(page) == []
    shot(page, "running-ru")
    for name in (n for n in clients if n != lena):
        left = clients[name].post(f"/api/tournaments/{tournament_id}/leave")
        assert left.is_success, left.text
    page.clock.run_for(NEXT_REFRESH_MS)
    expect(page.locator("#tournament-news")).to_have_text("Турнир завершён.", timeout=REDRAWN_MS)
    assert not page.errors, page.errors


def test_the_organiser_s_form_names_its_menus_apart(browser: Browser, live_server: str) -> None:
    """The form that organises a tournament named its game's menu "Format", as its format's menu
    is named, and its clock "Quick game's clock": in Bulgarian, they are the tournament's game and
    the tournament's clock; the lobby with the form open is clean for axe."""
    page = new_page(browser, live_server, locale="bg")
    log_in_new(page, live_server, "Lena")
    page.reload()
    page.locator("#tournaments summary").click()
    page.wait_for_selector("#organise-form")
    expect(page.locator("#tournament-game-choice")).to_have_accessible_name("Играта на турнира")
    expect(page.locator("#tournament-clock")).to_have_accessible_name("Часовник на турнира")
    expect(page.locator("#tournament-format")).to_have_accessible_name(re.compile("^Система"))
    assert axe_violations(page) == []
    page.locator("#tournaments").screenshot(path=str(ARTIFACTS / "a11y-tournament-organise-bg.png"))
    assert not page.errors, page.errors
