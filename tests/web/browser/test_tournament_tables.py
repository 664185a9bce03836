"""A club tournament at tables of three in the browser: Kira organises it from the lobby's card
("Players at a table", which makes it a Swiss), two players join, and the tournament's page shows
the round's table by its players' names, then, once its game ended, each place and points, and
the standings with the opponents' points (the API tests, tests/web/test_tournament_tables.py,
play tournaments by tables to their end)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    OVERFLOW,
    LivePage,
    axe_violations,
    log_in_new,
    new_page,
    starting,
)

#: Past the tournament page's next read of it (``tournament.js``: every 10 s while it runs).
NEXT_READ_MS = 11_000


def shot(page: LivePage, name: str) -> None:
    page.screenshot(path=str(Path(ARTIFACTS) / f"tournament-tables-{name}.png"), full_page=True)


def posted(page: LivePage, path: str, body: dict[str, Any] | None = None) -> Any:
    """``page``'s account posts to ``path`` as its page would (its cookie, the site's Origin)."""
    answer = page.request.post(page.base_url + path, headers={"Origin": page.base_url}, data=body or {})
    assert answer.ok, answer.text()
    return answer.json()


def play_out(base: str, game_id: str, token: str) -> None:
    """The seat of ``token`` plays its first legal move until the game ends (the AIs play theirs)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}, timeout=30).json()
        if view["status"] == "finished":
            return
        if view["legal_actions"]:
            move = {"token": token, "action": view["legal_actions"][0], "index": view["index"]}
            httpx.post(f"{base}/api/games/{game_id}/actions", json=move, headers={"Origin": base}, timeout=30)
        else:
            time.sleep(0.05)
    raise AssertionError(f"the game {game_id} did not end in time")


def test_a_tournament_at_tables_of_three_shows_its_table_places_and_points(
    browser: Browser, live_server: str
) -> None:
    pages = {name: new_page(browser, live_server) for name in ("Kira", "Boris", "Lena")}
    names = {name: log_in_new(page, live_server, name) for name, page in pages.items()}
    kira = pages["Kira"]
    kira.clock.install()  # the tournament page's next read brought on rather than waited for
    kira.goto(live_server + "/")
    kira.locator("#tournaments summary").click()
    kira.fill("#tournament-name", "Kingdomino night")
    kira.select_option("#tournament-game-choice", label="Kingdomino Duel")
    expect(kira.locator("#tournament-table-label"), "Duel has no tables of three").to_be_hidden()
    kira.select_option("#tournament-game-choice", label="Kingdomino")
    kira.select_option("#tournament-table-size", "3")
    expect(kira.locator("#tournament-format"), "no round robin by tables").to_have_value("swiss")
    kira.fill("#tournament-rounds", "1")
    kira.select_option("#tournament-clock", label="1 day a move (turn-based)")
    shot(kira, "organise")
    kira.click("#organise-button")
    kira.wait_for_url(f"{live_server}/tournament/*")
    tournament_id = kira.url.rsplit("/", 1)[1]
    expect(kira.locator("#tournament-about")).to_contain_text("tables of 3", use_inner_text=True)
    for name in ("Boris", "Lena"):
        posted(pages[name], f"/api/tournaments/{tournament_id}/join")
    kira.goto(live_server + "/")
    listed = kira.locator(f"#tournament-list li[data-id='{tournament_id}']")
    expect(listed, "the lobby's list says its tables").to_contain_text(
        "Swiss · tables of 3", use_inner_text=True
    )
    posted(kira, f"/api/tournaments/{tournament_id}/start")
    kira.goto(f"{live_server}/tournament/{tournament_id}")
    line = kira.locator(".tournament-round li.table-game")
    line.wait_for()
    found: dict[str, Any] = httpx.get(f"{live_server}/api/tournaments/{tournament_id}", timeout=30).json()
    (game,) = found["rounds_played"][0]["games"]
    seated = [p["name"] for p in game["players"]]
    assert sorted(seated) == sorted(names.values())
    table = f"Table 1: {', '.join(seated)}"
    expect(line).to_have_text(
        starting(f"{table} · your table · waiting for the players"), use_inner_text=True
    )
    expect(line.locator("button.take-seat")).to_be_visible()
    shot(kira, "waiting")
    by_name = {names[who]: page for who, page in pages.items()}
    tokens = [posted(by_name[name], f"/api/games/{game['game_id']}/join")["token"] for name in seated]
    for token in tokens[:2]:  # two resign: the one left is first, the two share the last place
        posted(kira, f"/api/games/{game['game_id']}/resign", {"token": token})
    play_out(live_server, game["game_id"], tokens[2])
    kira.clock.run_for(NEXT_READ_MS)
    places = kira.locator(".table-places li")
    places.nth(2).wait_for()
    expect(places.nth(0)).to_have_text(starting(f"{seated[2]} — points: 1"), use_inner_text=True)
    expect(places.nth(2)).to_contain_text("points: 0 (forfeited)", use_inner_text=True)
    kira.locator("#standings").wait_for()
    heads = kira.locator("#standings th").all_inner_texts()
    assert heads == ["Place", "Player", "Points", "Opponents' points", "Kingdom margin", "Games"]
    # Over, its game is replayed (its moves stepped through), not watched.
    replay = line.locator("a.button")
    expect(replay).to_have_text("Replay", use_inner_text=True)
    expect(replay).to_have_attribute("href", f"/game/{game['game_id']}/replay")
    expect(replay).to_have_attribute("aria-label", f"Replay of Kingdomino: {', '.join(seated)}")
    shot(kira, "finished")
    assert axe_violations(kira) == []
    phone = new_page(browser, live_server, width=360, height=740, touch=True)
    phone.goto(f"{live_server}/tournament/{tournament_id}")
    phone.locator(".table-places li").nth(2).wait_for()
    expect(phone.locator(".your-table"), "a guest sits at no table").to_have_count(0)
    expect(phone.locator("#standings th.minor").first, "the tie-breaks said under the name").to_be_hidden()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide on a phone"
    shot(phone, "phone")
    for language in ("ru", "hu"):  # the longest words: they fit a phone too
        worded = new_page(browser, live_server, width=360, height=740, touch=True, locale=language)
        worded.goto(f"{live_server}/tournament/{tournament_id}")
        worded.locator(".table-places li").nth(2).wait_for()
        assert worded.evaluate(OVERFLOW) == [], language
        assert (
            worded.locator(".table-game a.replay").inner_text()
            == {"ru": "Запись", "hu": "Visszajátszás"}[language]
        )
        shot(worded, f"phone-{language}")
    kira.set_viewport_size({"width": 360, "height": 740})
    kira.goto(live_server + "/")
    kira.locator("#tournaments summary").click()
    kira.select_option("#tournament-game-choice", label="Kingdomino")
    kira.locator("#tournament-table-label").wait_for()
    assert kira.evaluate("document.documentElement.scrollWidth") <= 360
    kira.locator("#tournaments").screenshot(path=str(Path(ARTIFACTS) / "tournament-tables-phone-form.png"))
