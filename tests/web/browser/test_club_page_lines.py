"""A club's page says what each of its lines is: every recent game rated or casual in words (a
casual one said nothing, a reader took it for rated or wondered), every member's rated games as a
figure (0 for none: the cell was empty), and a finished tournament's winner as a link to their
page, as the members' names are (it was plain text). In English on a desktop, in Bulgarian on a
phone."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Route, expect
from tests.web.browser.pages import new_page
from tests.web.browser.test_players import account
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.finished import finished_game, person

from kingdomino.web.standings import account_named

#: How each locale says a game's kind, and a member's games where they played none rated.
KINDS = {"en": ("rated", "casual"), "bg": ("с рейтинг", "без рейтинг")}


def with_a_winner(winner: str) -> Any:
    """A route that adds a finished tournament won by ``winner`` to the club's page as the server
    answers it (playing one out takes a minute of the test's)."""

    def route(found: Route) -> None:
        answer = found.fetch()
        page = answer.json()
        page["tournaments"] = [
            {
                "id": "t-night",
                "name": "Club night",
                "game": "kingdomino",
                "status": "finished",
                "rated": False,
                "players": 2,
                "winners": [winner],
            }
        ]
        found.fulfill(response=answer, json=page)

    return route


def test_a_club_page_says_each_game_s_kind_each_member_s_games_and_links_a_winner(
    browser: Browser, database: str
) -> None:
    app = live_app(database)
    store = app.state.hub.store
    with served_in_a_thread(app, free_port()) as base:
        (vera, vera_client), (timur, timur_client), (olha, olha_client) = (
            account(base),
            account(base),
            account(base),
        )
        club = f"Sofia club {vera[-6:]}"
        made = vera_client.post("/api/clubs", json={"name": club}, headers={"Origin": base})
        assert made.status_code == 201, made.text
        for client in (timur_client, olha_client):
            joined = client.post(f"/api/clubs/{club}/join", headers={"Origin": base})
            assert joined.status_code == 200, joined.text
        seats = []
        for name in (vera, timur):
            found = account_named(store, name)
            assert found
            seats.append(person(found[0], name))
        casual = finished_game(store, seats, [1, 2])
        rated = finished_game(store, seats, [2, 1], rated=True)
        for locale, width, height in (("en", 1366, 900), ("bg", 390, 844)):
            page = new_page(browser, base, width=width, height=height, locale=locale, mobile=width < 500)
            page.route(lambda url: "/api/clubs/" in url and url.count("/") == 5, with_a_winner(vera))
            page.goto(f"{base}/club/{club}")
            rated_words, casual_words = KINDS[locale]
            expect(page.locator(f"#club-recent li[data-game='{rated}'] .rated")).to_have_text(
                f" · {rated_words}"
            )
            expect(page.locator(f"#club-recent li[data-game='{casual}'] .casual")).to_have_text(
                f" · {casual_words}"
            )
            games = page.locator("#club-members tbody tr td:nth-child(4)")
            expect(games).to_have_count(3)
            assert all(text.strip() for text in games.all_inner_texts()), games.all_inner_texts()
            expect(page.locator(f"#club-members tr[data-name='{olha}'] td:nth-child(4)")).to_have_text("0")
            winner = page.locator("#club-tournaments li[data-id='t-night'] .club-winner a")
            expect(winner).to_have_text(vera)
            expect(winner).to_have_attribute("href", f"/player/{vera}")
            page.locator("#club-tournaments").scroll_into_view_if_needed()
            page.screenshot(path=f"/tmp/shots/polish/club-lines-{locale}-{width}.png", full_page=True)
            assert not page.errors, page.errors
            page.context.close()
