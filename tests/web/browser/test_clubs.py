"""Clubs in the browser: Kira creates a club by request from her lobby's "Your clubs" card, accepts
Boris's request on the club's page with the keyboard, sees him on the club's leaderboard and
playing a game she may watch, and organises a tournament for the members alone from the club's
page; Boris's page lists the club. The API tests (test_clubs.py) refuse and bound. Screenshots of
the page and the card, desktop and a 360 px phone, in English and Russian, go to the artifacts'
``clubs`` folder."""

from __future__ import annotations

import secrets
from urllib.parse import quote

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, axe_violations, ending, log_in_new, new_page
from tests.web.browser.test_people import OPPONENT, PASSWORD, logged_in_phone

SHOTS = ARTIFACTS / "clubs"


def test_kira_runs_a_club_that_boris_asks_to_join(browser: Browser, live_server: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    kira = new_page(browser, live_server)
    kira_name = log_in_new(kira, live_server, "Kira")
    kira.wait_for_selector("#clubs-none:not([hidden])")
    kira.click("#club-create summary")
    club = f"Thursday {secrets.token_hex(3)}"
    kira.fill("#club-name", club)
    kira.fill("#club-about", "Kingdomino at the Dragon's Den,\nThursdays at 7 pm.")
    kira.select_option("#club-admission", "request")
    kira.locator("#clubs").screenshot(path=str(SHOTS / "card-create-en.png"))
    kira.click("#club-create-button")
    kira.wait_for_url(f"{live_server}/club/{quote(club)}")
    kira.wait_for_selector("#club-lead")
    expect(kira.locator("#club-role")).to_have_text("You lead this club.", use_inner_text=True)

    boris = f"Boris{secrets.token_hex(3)}"
    with httpx.Client(base_url=live_server, timeout=30) as client:
        assert client.post("/api/accounts", json={"name": boris, "password": PASSWORD}).status_code == 201
        assert client.post(f"/api/clubs/{club}/join").json() == {"role": "asked"}
        seats = [{"kind": "human", "name": ""}, {"kind": "open"}]
        made = client.post("/api/games", json={"game": "kingdomino", "players": 2, "seats": seats})
        game_id = str(made.json()["id"])
    assert (
        httpx.post(f"{live_server}/api/games/{game_id}/join", json={"name": OPPONENT}, timeout=30).status_code
        == 200
    )

    kira.goto(live_server + "/")
    line = kira.locator(f"#club-list li[data-name='{club}']")
    line.wait_for()
    expect(line).to_contain_text("1 request waiting", use_inner_text=True)
    line.locator("a").click()
    accept = kira.locator(f"#club-requests li[data-name='{boris}'] button.club-accept")
    expect(accept).to_have_attribute("aria-label", f"Accept {boris}")
    accept.focus()
    kira.keyboard.press("Enter")
    kira.wait_for_selector(f"#club-members tr[data-name='{boris}']")
    expect(kira.locator("#club-said")).to_have_text(f"{boris} is a member now.", use_inner_text=True)
    expect(kira.locator("#club-board-rule")).to_contain_text("Rated games only", use_inner_text=True)
    expect(kira.locator("#club-admission")).to_have_text(
        "By request: its leaders accept new members · 2 members", use_inner_text=True
    )
    watch = kira.locator(f"#club-playing li[data-game='{game_id}'] a.watch-game")
    expect(watch).to_have_attribute("href", f"/game/{game_id}/watch")
    kira.click("#club-manage summary")
    boris_line = kira.locator(f"#club-member-list li[data-name='{boris}']")
    remove = boris_line.locator("button.club-remove")
    expect(remove).to_have_attribute("aria-label", f"Remove {boris} from the club")
    expect(kira.locator(f"#club-member-list li[data-name='{kira_name}'] button.club-remove")).to_have_count(0)
    kira.screenshot(path=str(SHOTS / "club-en.png"), full_page=True)
    assert axe_violations(kira) == []

    kira.click("#club-organise")
    kira.wait_for_selector("#tournament-club-label:not([hidden])")
    expect(kira.locator("#tournament-club")).to_have_value(club)
    kira.click("#organise-button")
    kira.wait_for_url(f"{live_server}/tournament/*")
    kira.wait_for_selector("#tournament-club")
    expect(kira.locator("#tournament-club")).to_have_text(
        f"For the members of {club} only", use_inner_text=True
    )
    kira.screenshot(path=str(SHOTS / "tournament-en.png"))
    tournament_id = kira.url.rsplit("/", 1)[1]
    kira.goto(live_server + "/")
    listed = kira.locator(f"#tournament-list li[data-id='{tournament_id}']")
    expect(listed).to_have_text(ending(f"For the members of {club} only"), use_inner_text=True)

    kira.goto(f"{live_server}/player/{quote(boris)}")
    kira.wait_for_selector("#player-clubs:not([hidden])")
    expect(kira.locator("#player-clubs")).to_have_text(f"Clubs: {club}", use_inner_text=True)
    for locale in ("en", "ru"):
        phone = logged_in_phone(browser, live_server, kira_name, locale)
        phone.goto(f"{live_server}/club/{quote(club)}")
        phone.wait_for_selector("#club-lead")
        assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.screenshot(path=str(SHOTS / f"club-phone-{locale}.png"), full_page=True)
        phone.goto(live_server + "/")
        phone.locator(f"#club-list li[data-name='{club}']").wait_for()
        phone.locator("#clubs").screenshot(path=str(SHOTS / f"card-phone-{locale}.png"))
        assert phone.errors == []
    kira.goto(f"{live_server}/tournament/{tournament_id}")
    kira.wait_for_selector("#tournament-club")
    assert kira.request.post(
        f"{live_server}/api/tournaments/{tournament_id}/cancel", headers={"Origin": live_server}
    ).ok
    kira.goto(f"{live_server}/club/{quote(club)}")
    kira.click("#club-manage summary")
    kira.locator(f"#club-member-list li[data-name='{boris}'] button.club-remove").click()
    kira.wait_for_selector(f"#club-said:has-text('{boris} is no longer in the club')")
    said = kira.inner_text("#club-said")
    assert said == f"{boris} is no longer in the club: they may join again in 30 days."
    kira.screenshot(path=str(SHOTS / "club-removed-en.png"), full_page=True)
    assert kira.errors == []
