"""A late answer never wins (static/latest.js): where a page asks again for what one place shows
(a game chosen in the lobby, the bell looked at again on news, the watch list on a login, a simul
or a tournament read again after an act), the answer to an earlier ask that comes back last is not
drawn over the later one's. Each test holds the earlier ask's answer, as the server gave it then,
until the later one is drawn (a slow phone network, a busy server: CI's two workers on two cores),
and then lets it in; drawn, it showed the lobby's other game's ratings, an empty inbox, no game to
watch, "Apply" to a player who had applied, "Join" to one who had joined."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from playwright.sync_api import APIResponse, Browser, Request, Route, expect
from tests.web.browser.pages import LivePage, log_in_new, new_page, until_the_api_is_quiet, wait_for_count
from tests.web.browser.test_a11y_lobby_news import account_client, challenge
from tests.web.browser.test_players import account
from tests.web.browser.test_watch import public_game
from tests.web.conftest import free_port, live_app, served_in_a_thread
from tests.web.finished import ai, finished_game, person
from tests.web.test_moderation_queue import evening

from kingdomino.arena.ladder import load_ratings
from kingdomino.web import moderation
from kingdomino.web.standings import account_named
from kingdomino.web.store import Store

#: Long enough for a page to draw an answer it was given, were it to draw it.
SETTLE_MS = 300


class Held:
    """The first request matching ``pattern`` (and ``wanted``) that the page makes after this is
    made: the server answers it at once, the answer is kept from the page until ``release``; the
    page's other requests pass. ``answer`` replaces the server's answer, if given."""

    def __init__(
        self,
        page: LivePage,
        pattern: str | re.Pattern[str],
        wanted: Callable[[Request], bool] = lambda request: True,
        answer: dict[str, Any] | None = None,
    ) -> None:
        self.page = page
        self.kept: list[tuple[Route, APIResponse | None]] = []
        self.answer = answer

        def hold(route: Route) -> None:
            if self.kept or not wanted(route.request):
                route.continue_()
            else:
                self.kept.append((route, None if answer is not None else route.fetch()))

        page.route(pattern, hold)

    def wait(self) -> None:
        """Until the page made the request held."""
        wait_for_count(self.page, self.kept, 1)

    def release(self) -> None:
        """Give the page the answer held, and leave it the time to draw it."""
        route, answer = self.kept[0]
        with self.page.expect_request_finished(lambda request: request is route.request):
            if answer is None:
                route.fulfill(json=self.answer)
            else:
                route.fulfill(response=answer)
        self.page.wait_for_timeout(SETTLE_MS)


def hard_elo(pool: str) -> str:
    """The hard AI's Elo in ``pool``, as the lobby's seat menu says it."""
    return f"Elo {round(load_ratings()[pool]['hard'][0])}"


def test_a_game_chosen_while_the_first_ratings_come_keeps_its_own(page: LivePage) -> None:
    """The lobby asks for Kingdomino's AI ratings on load; the player chooses Duel at once."""
    held = Held(
        page, "**/api/ratings", lambda request: (request.post_data_json or {}).get("game") == "kingdomino"
    )
    page.goto(page.base_url + "/")
    held.wait()
    page.select_option("#game", "duel")
    hard = page.locator('#seat-1 option[value="ai:hard"]')
    expect(hard).to_contain_text(hard_elo("duel/2p"))
    held.release()
    shown = hard.text_content() or ""
    assert hard_elo("duel/2p") in shown and hard_elo("kingdomino/2p") not in shown, shown


def test_the_bell_keeps_the_news_an_earlier_look_did_not_have(page: LivePage) -> None:
    """The bell opened asks for the inbox; a challenge comes and the page's news looks again: the
    bell's first look, empty, comes back last."""
    kira = log_in_new(page, page.base_url, "Kira")
    page.goto(page.base_url + "/leaderboards")  # no lobby socket: the news is the test's
    expect(page.locator("#inbox-bell")).to_be_visible()
    held = Held(page, "**/api/account/notifications?limit=*")
    page.click("#inbox-bell")
    held.wait()
    bela, _ = account_client(page.base_url, "Bela")
    challenge(bela, kira, "kingdomino")
    page.evaluate("document.dispatchEvent(new CustomEvent('kingdomino:news'))")
    entry = page.locator("#inbox-list li.unread")
    expect(entry).to_have_count(1)
    held.release()
    assert entry.count() == 1 and page.locator("#inbox-list .inbox-empty").count() == 0


def test_the_watch_list_read_on_a_login_is_not_undone_by_the_first_read(page: LivePage) -> None:
    """The lobby's watch list is read on load and again once the player logs in; the first read,
    from before a game began (given here as an empty list), comes back last."""
    public_game(page.base_url)
    held = Held(page, "**/api/live-games?limit=*", answer={"games": [], "total": 0})
    log_in_new(page, page.base_url, "Sam")
    held.wait()
    listed = page.locator("#live-list li")
    listed.first.wait_for()
    held.release()
    assert page.locator("#no-live-games").is_hidden() and listed.count() > 0


def read(request: Request) -> bool:
    """Whether a request reads (not an act's)."""
    return request.method == "GET"


def test_a_simul_read_before_the_player_applied_does_not_offer_apply_again(page: LivePage) -> None:
    """The simul's page reads it every few seconds; the player applies while a read is on its way."""
    host, _ = account_client(page.base_url, "Host")
    made = host.post(
        "/api/simuls",
        json={"game": "kingdomino", "time_control": {"kind": "days", "days": 1}, "text": "Late"},
    )
    assert made.status_code == 201, made.text
    simul = made.json()["id"]
    page.clock.install()
    log_in_new(page, page.base_url, "Ada")
    page.goto(f"{page.base_url}/simul/{simul}")
    page.wait_for_selector("#simul-apply")
    until_the_api_is_quiet(page)
    held = Held(page, f"**/api/simuls/{simul}", read)
    page.clock.run_for(5_000)  # the page's read every four seconds
    held.wait()
    page.click("#simul-apply")
    page.wait_for_selector("#simul-withdraw")
    held.release()
    assert page.locator("#simul-withdraw").count() == 1 and page.locator("#simul-apply").count() == 0


def test_a_tournament_read_before_the_player_joined_does_not_offer_join_again(page: LivePage) -> None:
    """The tournament's page reads it every ten seconds; the player joins while a read is on its way."""
    kira, _ = account_client(page.base_url, "Kira")
    made = kira.post(
        "/api/tournaments",
        json={
            "name": "Late",
            "game": "kingdomino",
            "format": "round_robin",
            "time_control": {"kind": "days", "days": 1},
        },
    )
    assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    page.clock.install()
    log_in_new(page, page.base_url, "Lena")
    page.goto(f"{page.base_url}/tournament/{tournament}")
    page.wait_for_selector("#tournament-join")
    until_the_api_is_quiet(page)
    held = Held(page, f"**/api/tournaments/{tournament}", read)
    page.clock.run_for(11_000)  # the page's read every ten seconds
    held.wait()
    page.click("#tournament-join")
    page.wait_for_selector("#tournament-leave")
    held.release()
    assert page.locator("#tournament-leave").count() == 1 and page.locator("#tournament-join").count() == 0


#: A game of a day a move made by the page's account, against Bela: its id.
MADE_BY_THE_PAGE = """async () => {
  const seats = [{kind: "human", name: "Vera"}, {kind: "human", name: "Bela", online: true}];
  const body = JSON.stringify({game: "kingdomino", players: 2, seats, time_control: {kind: "days", days: 1}});
  const headers = {"Content-Type": "application/json"};
  const answer = await fetch("/api/games", {method: "POST", headers, body});
  return (await answer.json()).id;
}"""


def test_the_account_s_games_read_on_news_are_not_undone_by_an_earlier_read(page: LivePage) -> None:
    """The account card's list of games is read again on news; the read before the account's new
    game, which says it has none, comes back last."""
    log_in_new(page, page.base_url, "Vera")
    page.wait_for_selector("#account-games > *")
    until_the_api_is_quiet(page)
    held = Held(page, "**/api/account/games", read)
    page.evaluate("document.dispatchEvent(new CustomEvent('kingdomino:news'))")
    held.wait()
    game = page.evaluate(MADE_BY_THE_PAGE)
    page.evaluate("document.dispatchEvent(new CustomEvent('kingdomino:news'))")
    mine = page.locator(f"#account-games a[href^='/game/{game}']")
    mine.wait_for()
    held.release()
    assert mine.count() == 1, page.inner_text("#account-games")


def test_more_games_clicked_twice_lists_the_next_games_once(browser: Browser, database: str) -> None:
    """A player's archive lists 50 games and "More games" the next; clicked again while they are on
    their way (a double tap), it listed them twice."""
    app = live_app(database)
    store = app.state.hub.store
    with served_in_a_thread(app, free_port()) as base:
        kira, _ = account(base)
        found = account_named(store, kira)
        assert found is not None
        start = datetime.now(UTC) - timedelta(days=60)
        for n in range(55):
            finished_game(store, [person(found[0], kira), ai()], [1, 2], ended=start + timedelta(hours=n))
        page = new_page(browser, base)
        page.goto(f"{base}/player/{kira}/games")
        expect(page.locator("#archive-games > li")).to_have_count(50)
        held = Held(page, "**/api/players/*/games?*before=*")
        page.click("#archive-more")
        held.wait()
        page.click("#archive-more")
        held.release()
        expect(page.locator("#archive-more")).to_be_hidden()
        assert page.locator("#archive-games > li").count() == 55
        assert not page.errors, page.errors


def test_back_while_older_reports_come_keeps_the_page_gone_back_to(browser: Browser, database: str) -> None:
    """A moderator asks for older reports and goes Back before they come: the late page took the
    address (``?before=``) of a page no longer shown."""
    app = live_app(database)
    with served_in_a_thread(app, free_port()) as base:
        mona = new_page(browser, base)
        boris = new_page(browser, base)
        mona_name = log_in_new(mona, base, "Mona")
        boris_name = log_in_new(boris, base, "Boris")
        store = Store(database)
        try:
            moderation.set_moderator(store, mona_name, True)
            made = evening(store, boris_name)[::-1]
        finally:
            store.close()
        mona.goto(f"{base}/moderation")
        items = mona.locator("#moderation-queue li")
        expect(items).to_have_count(20)
        mona.click("#moderation-older")
        expect(mona).to_have_url(f"{base}/moderation?before={made[19]}")
        expect(items.first).to_have_attribute("data-report", str(made[20]))
        held = Held(mona, "**/api/moderation/reports?before=*")
        mona.click("#moderation-older")
        held.wait()
        mona.go_back()
        expect(items.first).to_have_attribute("data-report", str(made[0]))
        held.release()
        assert mona.url == f"{base}/moderation"
        assert items.first.get_attribute("data-report") == str(made[0])
        assert not mona.errors, mona.errors


def test_two_aids_turned_off_at_once_are_both_kept(page: LivePage) -> None:
    """A logged-in player turns off two aids on the preferences' page, the second before the first
    is answered: the second was made from the aids before the first (which it turned on again),
    and the first's answer, come back last, put the second's aid back in the browser."""
    log_in_new(page, page.base_url, "Pia")
    page.goto(page.base_url + "/account/preferences")
    page.wait_for_selector("#pref-aid-regions")
    until_the_api_is_quiet(page)
    held = Held(page, "**/api/account/preferences", lambda request: request.method == "PUT")
    page.uncheck("#pref-aid-regions")
    held.wait()
    page.uncheck("#pref-aid-order")
    held.release()
    until_the_api_is_quiet(page)
    aids = page.request.get(page.base_url + "/api/account/preferences").json()["aids"]
    assert aids["regions"] is False and aids["order"] is False, aids
    kept = page.evaluate("JSON.parse(localStorage.getItem('kingdomino.aids'))")
    assert kept["regions"] is False and kept["order"] is False, kept
