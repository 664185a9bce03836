"""Two long names that start alike on a moderator's page: a cheating report's fair-play tables cut
a name too long for their column, and cut at its end two such names (a family's, a club's) read
the same, the whole in the title alone. They are cut in the middle, their last characters kept,
on a 390 px phone and a desktop; the queue shows them whole."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, log_in_new, new_page
from tests.web.conftest import QUICK
from tests.web.finished import person
from tests.web.played_games import even_thinker, hint_follower, played_game, random_mover

from kingdomino.web import moderation, reports
from kingdomino.web.accounts import Accounts
from kingdomino.web.page_link import SOCKET_IDLE_SECONDS
from kingdomino.web.store import Store

SHOTS = ARTIFACTS / "moderation"

#: Each name of the first game's table: its whole (the title), what of its end shows whole,
#: whether its start is cut, and whether the name is laid out beyond its box.
SHOWN = """() => [...document.querySelectorAll('#fairplay-games .fairplay-game .fairplay-name')]
.map((name) => {
  const box = name.getBoundingClientRect();
  const end = name.querySelector('.name-end');
  const start = name.querySelector('.name-start');
  const endBox = end ? end.getBoundingClientRect() : null;
  const whole = end && endBox.width > 0 && endBox.right <= box.right + 0.5;
  return {whole: name.title, end: whole ? end.textContent : '',
    cut: Boolean(start && start.scrollWidth > start.clientWidth),
    beyond: name.scrollWidth > name.clientWidth + 0.5};
})"""


@pytest.mark.socket_idle_seconds(SOCKET_IDLE_SECONDS)  # a server of its own, over ``database``
def test_two_long_names_that_start_alike_read_apart(
    browser: Browser, live_server: str, database: str
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    mona = new_page(browser, live_server, 390, 844, locale="hu", touch=True)
    mona_name = log_in_new(mona, live_server, "Mona")
    start = f"Kötelességtudat{secrets.token_hex(2)}"
    store = Store(database)
    try:
        moderation.set_moderator(store, mona_name, True)
        accounts = Accounts(store, QUICK)
        boris, kira = (
            accounts.create(f"{start}{end}", "a long enough password")[0] for end in ("Anna", "Béla")
        )
        made = reports.report(store, kira.id, boris.name, "cheating", "every move is the AI's")
        played_game(
            store,
            [person(boris.id, boris.name), person(kira.id, kira.name)],
            [hint_follower(), random_mover(1)],
            [even_thinker(2.0), even_thinker(6.0)],
            rated=True,
        )
    finally:
        store.close()
    for width, height, size in ((390, 844, "phone"), (1366, 900, "desktop")):
        mona.set_viewport_size({"width": width, "height": height})
        mona.goto(f"{live_server}/moderation")
        item = mona.locator(f"#moderation-queue li[data-report='{made}']")
        expect(item).to_contain_text(boris.name)
        expect(item).to_contain_text(kira.name)
        mona.screenshot(path=str(SHOTS / f"alike-queue-{size}-hu.png"), full_page=True)
        mona.goto(f"{live_server}/moderation/{made}")
        mona.wait_for_selector("#fairplay-games .fairplay-game")
        shown = mona.evaluate(SHOWN)
        assert [name["whole"] for name in shown] == [boris.name, kira.name], shown
        assert [name["end"] for name in shown] == [boris.name[-6:], kira.name[-6:]], (size, shown)
        assert not any(name["beyond"] for name in shown), (size, shown)
        if size == "phone":
            assert all(name["cut"] for name in shown), shown
        mona.locator("#fairplay-games").scroll_into_view_if_needed()
        mona.screenshot(path=str(SHOTS / f"alike-report-{size}-hu.png"), full_page=True)
    assert not mona.errors, mona.errors
