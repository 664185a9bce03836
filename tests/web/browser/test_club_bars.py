"""A club's bar in the browser: Kira removes Boris from her club; his page, in Hungarian, is
refused a join with the moment the bar ends worded in its language (never the server's ISO text);
Kira's page lists him among the accounts turned away, with the same moment, and "Lift" lets him
join at once. The API's side is tests/web/test_club_bars.py."""

from __future__ import annotations

import re
from urllib.parse import quote

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page

SHOTS = ARTIFACTS / "clubs"
ISO = re.compile(r"\d{4}-\d{2}-\d{2}")


def test_a_leader_lifts_a_bar_the_barred_page_words_in_its_language(
    browser: Browser, live_server: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    kira = new_page(browser, live_server)
    boris = new_page(browser, live_server, width=360, height=740, touch=True, locale="hu")
    log_in_new(kira, live_server, "Kira")
    boris_name = log_in_new(boris, live_server, "Boris")
    club = f"Bars {boris_name[-6:]}"
    origin = {"Origin": live_server}
    made = kira.request.post(
        live_server + "/api/clubs", data={"name": club, "admission": "open"}, headers=origin
    )
    assert made.ok, made.text()
    joined = boris.request.post(f"{live_server}/api/clubs/{quote(club)}/join", headers=origin)
    assert joined.ok, joined.text()
    removed = kira.request.delete(
        f"{live_server}/api/clubs/{quote(club)}/members/{boris_name}", headers=origin
    )
    assert removed.ok, removed.text()

    boris.goto(f"{live_server}/club/{quote(club)}")
    boris.click("#club-join")
    refused = boris.locator("#club-refused")
    expect(refused).to_contain_text(" klub vezetői elutasítottak: ")
    moment = refused.inner_text().split("elutasítottak: ", 1)[1]
    assert not ISO.search(moment) and "T" not in moment, moment  # worded, not the server's ISO
    boris.screenshot(path=str(SHOTS / "barred-phone-hu.png"), full_page=True)

    kira.goto(f"{live_server}/club/{quote(club)}")
    line = kira.locator(f"#club-barred li[data-name='{boris_name}']")
    expect(line).to_contain_text(f"{boris_name} · until ")
    assert not ISO.search(line.inner_text()), line.inner_text()
    lift = line.locator("button.club-lift")
    expect(lift).to_have_attribute("aria-label", f"Let {boris_name} join again now")
    kira.locator("#club-lead").screenshot(path=str(SHOTS / "barred-lead-en.png"))
    lift.click()
    expect(kira.locator("#club-said")).to_have_text(f"{boris_name} may join again now.")
    expect(kira.locator("#club-barred")).to_have_count(0)

    boris.click("#club-join")
    expect(boris.locator("#club-leave")).to_be_visible()
    # The refused join is the one request that failed (the browser's console says so).
    assert not kira.errors and boris.errors == [
        "Failed to load resource: the server responded with a status of 403 (Forbidden)"
    ], (kira.errors, boris.errors)
