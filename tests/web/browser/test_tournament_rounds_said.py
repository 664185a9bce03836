"""How many rounds a Swiss tournament will be is said before it starts: a club's player deciding
whether to join Kira's "Tuesday club" read "Open to join · Kingdomino · Swiss · tables of 3 ·
5 min + 3 s a move" on its page and in the lobby, and learnt that it was three rounds only once it
ran ("Round 1 of 3")."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from tests.web.browser.pages import LivePage, log_in_new, new_page


def posted(page: LivePage, path: str, body: dict[str, object] | None = None) -> dict[str, object]:
    """``page``'s account posts ``body`` to ``path`` as its page would: the answer."""
    answer = page.request.post(page.base_url + path, data=body or {}, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, object] = answer.json()
    return found


def test_an_open_swiss_says_how_many_rounds_it_will_be(browser: Browser, live_server: str) -> None:
    kira = new_page(browser, live_server)
    log_in_new(kira, live_server, "Kira")
    body: dict[str, object] = {
        "name": "Tuesday club",
        "game": "kingdomino",
        "format": "swiss",
        "rounds": 3,
        "table_size": 3,
        "time_control": {"kind": "game", "minutes": 5, "increment": 3},
    }
    tournament_id = str(posted(kira, "/api/tournaments", body)["id"])
    try:
        kira.goto(f"{live_server}/tournament/{tournament_id}")
        expect(kira.locator("#tournament-about")).to_contain_text("Swiss · tables of 3 · 3 rounds")
        kira.goto(live_server + "/")
        line = kira.locator(f"#tournament-list li[data-id='{tournament_id}']")
        expect(line).to_contain_text("Swiss · tables of 3 · 3 rounds")
        russian = new_page(browser, live_server, locale="ru")
        russian.goto(f"{live_server}/tournament/{tournament_id}")
        expect(russian.locator("#tournament-about")).to_contain_text("столы по 3 · 3 тура")
        assert not kira.errors and not russian.errors
    finally:
        posted(kira, f"/api/tournaments/{tournament_id}/cancel")
