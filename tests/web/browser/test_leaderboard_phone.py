"""A pool's leaderboard on a narrow phone (360 px) in every language: its tables fit the screen, no
sideways scroll of the page or of a table, the less needed columns (deviation, games, wins) folded
under each player's name; a laptop keeps every column."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

import httpx
from playwright.sync_api import Browser
from sqlalchemy import insert, select
from tests.web.browser.pages import ARTIFACTS, LANGUAGES, new_page
from tests.web.browser.test_players import PASSWORD
from tests.web.conftest import free_port, live_app, on_the_server_loop, served_in_a_thread

from kingdomino.web.tables import AccountRow, RatingRow

#: Names as long as an account's may be (24 characters), one a single word that cannot wrap.
NAMES = ("Maximilianusvonhohenberg", "Szentgyörgyi Borbála Ilo", "Констянтин Володимирович")

#: Whether a table's box scrolls sideways, or the page does, on the page shown.
SCROLLS = """() => {
  const wide = [...document.querySelectorAll('.table-scroll')]
    .filter((box) => box.scrollWidth > box.clientWidth + 1);
  return [...wide.map((box) => box.querySelector('table').id),
    ...(document.documentElement.scrollWidth > window.innerWidth ? ['the page'] : [])];
}"""


def rated_accounts(base: str, app: object) -> list[str]:
    """Five accounts rated in the pool "kingdomino-2" (three settled, two provisional), with the
    longest names an account may have; their names."""
    names = [f"{name[:18]}{secrets.token_hex(3)}" for name in NAMES + NAMES[1:]]
    for name in names:
        made = httpx.post(f"{base}/api/accounts", json={"name": name, "password": PASSWORD}, timeout=30)
        assert made.status_code == 201, made.text
    store = app.state.hub.store  # type: ignore[attr-defined]

    def rate() -> None:
        with store.engine.begin() as connection:
            ids = dict(
                connection.execute(
                    select(AccountRow.name, AccountRow.id).where(AccountRow.name.in_(names))
                ).all()
            )
            for k, name in enumerate(names):
                connection.execute(
                    insert(RatingRow).values(
                        account_id=ids[name],
                        pool="kingdomino-2",
                        rating=1888.0 - 111 * k,
                        deviation=60.0 if k < 3 else 250.0,
                        volatility=0.06,
                        games=234 - k,
                        wins=123 - k,
                        updated=datetime.now(UTC),
                    )
                )

    on_the_server_loop(base, rate)
    return names


def test_the_leaderboard_fits_a_narrow_phone_in_every_language(browser: Browser, database: str) -> None:
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        names = rated_accounts(base, app)
        for language in LANGUAGES:
            phone = new_page(browser, base, 360, 740, locale=language, touch=True)
            phone.goto(f"{base}/leaderboards/kingdomino-2")
            phone.wait_for_selector("#provisional-leaders")
            phone.screenshot(path=str(ARTIFACTS / f"leaderboard-360-{language}.png"), full_page=True)
            assert phone.evaluate(SCROLLS) == [], language
            # What the folded columns said is under each name.
            first = phone.locator("#leaders tbody tr").first
            assert names[0] in first.inner_text() and "234" in first.inner_text(), (
                language,
                first.inner_text(),
            )
            assert not phone.errors, phone.errors
            phone.context.close()
        laptop = new_page(browser, base, 1280, 800, locale="hu")
        laptop.goto(f"{base}/leaderboards/kingdomino-2")
        laptop.wait_for_selector("#provisional-leaders")
        heads = laptop.locator("#leaders th").all_inner_texts()
        assert heads == ["Hely", "Játékos", "Értékszám", "Bizonytalanság", "Játszmák", "Győzelmek"], heads
        assert laptop.evaluate(SCROLLS) == []
        laptop.screenshot(path=str(ARTIFACTS / "leaderboard-laptop-hu.png"), full_page=True)
        assert not laptop.errors, laptop.errors
