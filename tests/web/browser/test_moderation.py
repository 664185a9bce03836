"""The moderators' page in the browser (``static/moderation*.js``): Mona, made a moderator by the
operator, finds the page from her account's links, opens Kira's cheating report of Boris, waits
for the fair-play evidence the server computes ("computing", then each game's figures beside its
opponents'), silences Boris and closes the report with a note, both shown on it; the closed
report leaves the queue. An ordinary account gets no link and the page says why in words. Nora
reads the same report on a 390 px phone in Hungarian. Mona puts a mistaken rename back, reads why
she cannot once the old name is taken, follows "Next open report", and is refused a report about
another moderator in words. Screenshots go to the artifacts'
``moderation`` folder (the API tests, ``tests/web/test_moderation.py``, check the refusals)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page
from tests.web.finished import person
from tests.web.played_games import even_thinker, hint_follower, played_game, random_mover

from kingdomino.web import account_admin, moderation
from kingdomino.web.page_link import SOCKET_IDLE_SECONDS
from kingdomino.web.store import Store

SHOTS = ARTIFACTS / "moderation"


def report(page: LivePage, name: str, reason: str) -> int:
    """``page``'s account reports ``name`` through the API: the report's id."""
    body = json.dumps({"name": name, "reason": reason, "text": "every move is the AI's"})
    answer = page.evaluate(
        "async (body) => (await fetch('/api/reports', {method: 'POST', "
        "headers: {'content-type': 'application/json'}, body})).json()",
        body,
    )
    return int(answer["id"])


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_mona_weighs_a_cheating_report_silences_and_closes_it(
    browser: Browser, live_server: str, database: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    mona, kira, boris = (new_page(browser, live_server) for _ in range(3))
    mona_name = log_in_new(mona, live_server, "Mona")
    kira_name = log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    made = report(kira, boris_name, "cheating")
    store = Store(database)
    try:
        moderation.set_moderator(store, mona_name, True)
        ids = [account_admin.account_id(store, name) for name in (boris_name, kira_name)]
        played_game(
            store,
            [person(ids[0], boris_name), person(ids[1], kira_name)],
            [hint_follower(), random_mover(1)],
            [even_thinker(2.0), even_thinker(6.0)],
            rated=True,
        )
    finally:
        store.close()

    kira.goto(f"{live_server}/")
    kira.wait_for_selector("#logged-in")
    expect(kira.locator("#moderation-link")).to_have_count(0)
    kira.goto(f"{live_server}/moderation")
    expect(kira.locator("#moderation-error")).to_have_text(
        "This page is for the moderators the server's operator named."
    )

    mona.goto(f"{live_server}/")
    mona.click("#moderation-link")
    item = mona.locator(f"#moderation-queue li[data-report='{made}']")
    expect(item).to_contain_text(f"Cheating: playing with an engine's help: {boris_name}")
    expect(item).to_contain_text(f"reported by {kira_name} (1 open report)")
    mona.screenshot(path=str(SHOTS / "queue-desktop-en.png"), full_page=True)
    item.locator("a.moderation-open").click()
    expect(mona.locator("#moderation-report-line")).to_contain_text(f"Reported by {kira_name}")
    mona.wait_for_selector("#fairplay-games .fairplay-game")
    expect(mona.locator("#fairplay-summary")).to_have_text("The last 1 finished game (1 rated).")
    expect(mona.locator("#fairplay-totals tbody tr").first).to_contain_text("2 s")
    mona.screenshot(path=str(SHOTS / "report-desktop-en.png"), full_page=True)

    mona.fill("#moderation-days", "3")
    mona.click("#moderation-silence-send")
    expect(mona.locator("#moderation-done")).to_contain_text("silenced the player for 3 days")
    expect(mona.locator("#moderation-silenced")).to_contain_text("Silenced until")
    mona.fill("#moderation-note", "silenced three days")
    mona.click("#moderation-close-send")
    expect(mona.locator("#moderation-done")).to_contain_text("closed the report: silenced three days")
    expect(mona.locator("#moderation-actions form")).to_have_count(0)
    mona.screenshot(path=str(SHOTS / "report-closed-desktop-en.png"), full_page=True)
    mona.click("#moderation-back")
    mona.wait_for_selector("#moderation-queue, #moderation-empty")
    expect(mona.locator(f"#moderation-queue li[data-report='{made}']")).to_have_count(0)
    assert not mona.errors
    assert [error for error in kira.errors if "403 (Forbidden)" not in error] == []


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_a_report_reads_on_a_phone_in_hungarian(browser: Browser, live_server: str, database: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    nora = new_page(browser, live_server, width=390, height=844, locale="hu", touch=True)
    kira, boris = new_page(browser, live_server), new_page(browser, live_server)
    nora_name = log_in_new(nora, live_server, "Nora")
    kira_name = log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    made = report(kira, boris_name, "cheating")
    store = Store(database)
    try:
        moderation.set_moderator(store, nora_name, True)
        ids = [account_admin.account_id(store, name) for name in (boris_name, kira_name)]
        for seed in (1, 2):
            played_game(
                store,
                [person(ids[0], boris_name), person(ids[1], kira_name)],
                [hint_follower(), random_mover(seed)],
                [even_thinker(2.0), even_thinker(6.0)],
                rated=seed == 1,
                seed=seed,
            )
    finally:
        store.close()
    nora.goto(f"{live_server}/moderation")
    expect(nora.locator("#moderation h1")).to_have_text("1 nyitott jelentés")
    nora.screenshot(path=str(SHOTS / "queue-phone-hu.png"), full_page=True)
    nora.goto(f"{live_server}/moderation/{made}")
    nora.wait_for_selector("#fairplay-games .fairplay-game")
    expect(nora.locator("#fairplay-summary")).to_contain_text("Az utolsó 2 befejezett játszma")
    widest = nora.evaluate("document.documentElement.scrollWidth")
    assert widest <= 390, widest
    nora.screenshot(path=str(SHOTS / "report-phone-hu.png"), full_page=True)
    assert not nora.errors


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_mona_puts_a_mistaken_rename_back_and_leaves_a_moderator_s_report_alone(
    browser: Browser, live_server: str, database: str
) -> None:
    """Mona renames Boris by mistake and puts his name back from the report; once Cleo took the
    old name, the page says why it cannot be put back. The next report is a link away; a report
    about Max, a moderator too, is refused to her in words."""
    mona, kira = new_page(browser, live_server), new_page(browser, live_server)
    mona_name = log_in_new(mona, live_server, "Mona")
    log_in_new(kira, live_server, "Kira")
    boris, cleo, max_name = (
        log_in_new(new_page(browser, live_server), live_server, n) for n in ("Boris", "Cleo", "Max")
    )
    older = report(kira, cleo, "other")
    made = report(kira, boris, "offensive_name")
    about_max = report(kira, max_name, "abusive_chat")
    store = Store(database)
    try:
        for name in (mona_name, max_name):
            moderation.set_moderator(store, name, True)
        mona.goto(f"{live_server}/moderation/{made}")
        mona.fill("#moderation-name", f"{boris}Oops")
        mona.click("#moderation-rename-send")
        back = mona.locator("#moderation-rename-back-send")
        expect(back).to_have_text(f"↶ Put back the old name: {boris}")
        back.click()
        expect(mona.locator("#moderation-done")).to_contain_text(
            f"put the player's name back: {boris}Oops → {boris}"
        )
        expect(back).to_have_count(0)
        mona.fill("#moderation-name", f"{boris}Oops")
        mona.click("#moderation-rename-send")
        expect(back).to_have_count(1)  # renamed again: the old name offered back
        account_admin.rename(store, cleo, boris)
    finally:
        store.close()
    mona.click("#moderation-rename-back-send")
    expect(mona.locator("#moderation-rename-back-error")).to_have_text(
        f"The name {boris} is taken (or reads as one that is)"
    )
    mona.screenshot(path=str(SHOTS / "rename-back-refused-desktop-en.png"), full_page=True)
    mona.click("#moderation-next")
    expect(mona.locator("#moderation-report-title")).to_contain_text(boris)  # Cleo's report, her new name
    assert mona.url.endswith(f"/moderation/{older}")
    mona.goto(f"{live_server}/moderation/{about_max}")
    expect(mona.locator("#moderation-error")).to_have_text(
        "This report is about a moderator: the server's operator looks at it, not another moderator."
    )
    assert [
        error for error in mona.errors if "403 (Forbidden)" not in error and "409 (Conflict)" not in error
    ] == []
