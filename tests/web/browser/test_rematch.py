"""Friends at other computers after their game: the rematch one offers reaches the other's end
screen live, and joining it opens the new game in their seat; a logged-in friend's invited seat
becomes their account's. A club tournament's game offers no rematch: its end screen leads back to
the tournament."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, LivePage, log_in_new, new_page, present
from tests.web.test_challenges import DAYS


def finished_game_of_two(base: str, time_control: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A 2-player Kingdomino of Anna and Boris, each online (with ``time_control``'s clocks if
    given), played to its end through the API (each seat's first legal move): its id and the
    seats' tokens."""
    seats = [{"kind": "human", "name": name, "online": True} for name in ("Anna", "Boris")]
    body: dict[str, Any] = {"game": "kingdomino", "players": 2, "seats": seats}
    if time_control is not None:
        body["time_control"] = time_control
    with httpx.Client(base_url=base, timeout=30) as http:
        made = http.post("/api/games", json=body).json()
        tokens = [str(seat["token"]) for seat in made["seats"]]
        while True:
            view = http.get(f"/api/games/{made['id']}", params={"token": tokens[0]}).json()
            if view["status"] == "finished":
                return str(made["id"]), tokens
            token = tokens[view["current_player"]]
            mine = http.get(f"/api/games/{made['id']}", params={"token": token}).json()
            move = {"token": token, "action": mine["legal_actions"][0], "index": mine["index"]}
            answer = http.post(f"/api/games/{made['id']}/actions", json=move)
            assert answer.status_code == 200, answer.text


def at_the_end(browser: Any, base: str, game_id: str, token: str, **shown: Any) -> Any:
    page = new_page(browser, base, **shown)
    page.goto(f"{base}/game/{game_id}?token={token}")
    page.wait_for_selector("#ranking")
    return page


def test_a_rematch_offered_reaches_the_other_s_end_screen_and_joins_them_to_it(
    browser: Browser, live_server: str
) -> None:
    game_id, tokens = finished_game_of_two(live_server)
    anna = at_the_end(browser, live_server, game_id, tokens[0])
    phone = {"width": 390, "height": 844, "locale": "hu", "touch": True}
    boris = at_the_end(browser, live_server, game_id, tokens[1], **phone)
    expect(boris.locator("#join-rematch")).to_have_count(0)
    expect(boris.locator("#rematch")).to_have_count(1)
    anna.click("#rematch")
    anna.wait_for_url(lambda url: "/game/" in url and game_id not in url)
    anna.wait_for_selector("#your-turn, #waiting")
    rematch_id = anna.url.split("/game/")[1].split("/")[0].split("?")[0]
    assert "Anna" in anna.locator("#whoami").text_content() or ""
    # Boris's end screen hears of it over its socket, in his language, and he joins his seat.
    boris.wait_for_selector("#join-rematch")
    expect(boris.locator("#rematch-offer")).to_have_text("Anna visszavágót ajánl")
    expect(boris.locator("#rematch")).to_have_count(0)
    boris.click("#join-rematch")
    boris.wait_for_url(f"**/game/{rematch_id}")
    boris.wait_for_selector("#your-turn, #waiting")
    assert "Boris" in boris.locator("#whoami").text_content() or ""
    # Back at the old game, his end screen opens the rematch he joined.
    boris.goto(f"{live_server}/game/{game_id}")
    boris.wait_for_selector("#open-rematch")
    assert anna.errors == [] and boris.errors == []


def test_a_logged_in_friend_s_invited_seat_becomes_their_account_s(
    browser: Browser, live_server: str
) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Boris", "online": True}]
    body = {"game": "kingdomino", "players": 2, "seats": seats}
    made = httpx.post(f"{live_server}/api/games", json=body, timeout=30).json()
    friend = new_page(browser, live_server)
    name = log_in_new(friend, live_server, "Boris")
    friend.goto(live_server + made["seats"][1]["invite"])
    friend.wait_for_selector("#claimed")
    assert name in present(friend.locator("#claimed").text_content())
    listed = friend.request.get(f"{live_server}/api/account/games").json()
    assert [(g["id"], g["seat"]) for g in listed["playing"]] == [(made["id"], 1)]
    # Opening the link again claims the seat it holds already: nothing is said twice.
    with friend.expect_response("**/api/account/games/claim") as again:
        friend.goto(live_server + made["seats"][1]["invite"])
    assert again.value.json()["claimed"][0]["already"] is True
    friend.wait_for_selector("#whoami:has-text('Boris')")
    expect(friend.locator("#claimed")).to_have_count(0)
    # A spectator's link claims nothing, and says nothing of it.
    with friend.expect_response("**/api/account/games/claim") as asked:
        friend.goto(live_server + made["spectator"])
    assert asked.value.json()["refused"][0]["error"]["code"] == "not_a_seat"
    friend.wait_for_selector("#whoami:has-text('Boris')")
    assert friend.locator("#claimed").count() == 0 and friend.errors == []


def test_a_club_tournament_s_finished_game_leads_back_to_it_not_to_a_rematch(
    browser: Browser, live_server: str
) -> None:
    """A rematch of a tournament's game would be a game outside the tournament: its end screen
    offers the way back to the tournament's page instead, on a desktop and on a phone."""
    pages = {who: new_page(browser, live_server) for who in ("Kira", "Boris", "Cleo")}
    names = {log_in_new(page, live_server, who): page for who, page in pages.items()}
    made = posted(
        pages["Kira"],
        "/api/tournaments",
        {"name": "Thursday club", "game": "kingdomino", "format": "round_robin", "time_control": DAYS},
    )
    tournament_id = made["id"]
    for who in ("Boris", "Cleo"):
        posted(pages[who], f"/api/tournaments/{tournament_id}/join")
    posted(pages["Kira"], f"/api/tournaments/{tournament_id}/start")
    found = httpx.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=30).json()
    game = next(g for g in found["rounds_played"][0]["games"] if g["second"] is not None)
    game_id = game["game_id"]
    tokens = {
        side: str(posted(names[game[side]], f"/api/games/{game_id}/join", {})["token"])
        for side in ("first", "second")
    }
    resigned = httpx.post(
        f"{live_server}/api/games/{game_id}/resign", json={"token": tokens["second"]}, timeout=30
    )
    assert resigned.status_code == 200, resigned.text
    first = at_the_end(browser, live_server, game_id, tokens["first"])
    back = first.locator("#back-to-tournament")
    expect(back).to_have_text("Back to the tournament")
    expect(back).to_have_attribute("href", f"/tournament/{tournament_id}")
    expect(first.locator("#rematch, #join-rematch, #same-deal")).to_have_count(0)
    first.screenshot(path=str(ARTIFACTS / "tournament-game-end.png"), full_page=True)
    phone = at_the_end(
        browser, live_server, game_id, tokens["second"], width=360, height=740, locale="hu", touch=True
    )
    expect(phone.locator("#back-to-tournament")).to_have_text("Vissza a versenyhez")
    expect(phone.locator("#rematch, #join-rematch, #same-deal")).to_have_count(0)
    phone.screenshot(path=str(ARTIFACTS / "tournament-game-end-phone.png"), full_page=True)
    phone.locator("#back-to-tournament").tap()
    phone.wait_for_url(f"{live_server}/tournament/{tournament_id}")
    assert first.errors == [] and phone.errors == []
    # Nothing left running on the shared server: its players withdraw until it is over.
    for who in ("Kira", "Boris"):
        if (
            httpx.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=30).json()["status"]
            != "finished"
        ):
            posted(pages[who], f"/api/tournaments/{tournament_id}/leave")
    assert (
        httpx.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=30).json()["status"] == "finished"
    )


def posted(page: LivePage, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """``page``'s account posts ``body`` to ``path`` as its page would (its cookie, the site's Origin)."""
    answer = page.request.post(page.base_url + path, data=body, headers={"Origin": page.base_url})
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found
