"""A Swiss followed by a spectator to its end, the page never reloaded: the page reads the
tournament again while it runs, so the second round's tables come as it is paired, and at the end
the final standings and the winner ("★ Winner: Dora", said under what the tournament is; the
page said "Finished" and left rank 1 to be found in the table). On a 1920 px projector and, in
Hungarian, on a phone."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import ARTIFACTS, new_page
from tests.web.browser.test_players import account

#: A day a move: no game ends by its clock during the test.
DAYS = {"kind": "days", "days": 1}
#: The tournament page's own wait between two reads (tournament.js REFRESH_SECONDS) and some.
REFRESH_MS = 10_000 + 15_000


def play_round(base: str, found: dict[str, Any], players: dict[str, httpx.Client], winner: str) -> None:
    """Every game of ``found``'s current round: both players sit, then the one who is not ``winner``
    (the second if neither is) resigns."""
    games = next(r["games"] for r in found["rounds_played"] if r["round"] == found["round"])
    for game in games:
        if game["second"] is None or game["result"] is not None:
            continue
        tokens = {}
        for side in ("first", "second"):
            joined = players[game[side]].post(
                f"/api/games/{game['game_id']}/join", json={}, headers={"Origin": base}
            )
            assert joined.status_code == 200, joined.text
            tokens[side] = joined.json()["token"]
        loser = "first" if game["second"] == winner else "second"
        resigned = httpx.post(
            f"{base}/api/games/{game['game_id']}/resign", json={"token": tokens[loser]}, timeout=30
        )
        assert resigned.status_code == 200, resigned.text


def read(base: str, tournament_id: str) -> dict[str, Any]:
    """The tournament as its page reads it."""
    found: dict[str, Any] = httpx.get(f"{base}/api/tournaments/{tournament_id}", timeout=30).json()
    return found


def test_a_spectator_sees_the_second_round_and_the_winner_without_reloading(
    browser: Browser, live_server: str
) -> None:
    made = [account(live_server) for _ in range(4)]
    players = dict(made)
    names = [name for name, _client in made]
    dora = names[1]
    organiser = players[names[0]]
    body = {
        "name": "Thursday Swiss",
        "game": "kingdomino",
        "format": "swiss",
        "rounds": 2,
        "time_control": DAYS,
    }
    created = organiser.post("/api/tournaments", json=body, headers={"Origin": live_server})
    assert created.status_code == 201, created.text
    tournament_id = created.json()["id"]
    for name in names[1:]:
        joined = players[name].post(f"/api/tournaments/{tournament_id}/join", headers={"Origin": live_server})
        assert joined.status_code == 200, joined.text
    started = organiser.post(f"/api/tournaments/{tournament_id}/start", headers={"Origin": live_server})
    assert started.status_code == 200, started.text

    spectator = new_page(browser, live_server, width=1920, height=1080)
    spectator.goto(f"{live_server}/tournament/{tournament_id}")
    expect(spectator.locator(".tournament-round[data-round='1']")).to_be_visible()
    play_round(live_server, read(live_server, tournament_id), players, dora)
    second = spectator.locator(".tournament-round[data-round='2']")
    expect(second).to_be_visible(timeout=REFRESH_MS)
    expect(second.locator("li")).to_have_count(2)
    spectator.screenshot(path=str(ARTIFACTS / "tournament-followed-round-2.png"))
    play_round(live_server, read(live_server, tournament_id), players, dora)
    expect(spectator.locator("#tournament-winner")).to_have_text(f"★ Winner: {dora}", timeout=REFRESH_MS)
    expect(spectator.locator("#tournament-about")).to_contain_text("Finished")
    first_line = spectator.locator("table").first.locator("tbody tr").first
    expect(first_line).to_contain_text(dora)
    spectator.screenshot(path=str(ARTIFACTS / "tournament-followed-end.png"), full_page=True)
    assert not spectator.errors, spectator.errors
    phone = new_page(browser, live_server, width=390, height=844, locale="hu", touch=True, mobile=True)
    phone.goto(f"{live_server}/tournament/{tournament_id}")
    expect(phone.locator("#tournament-winner")).to_have_text(f"★ Győztes: {dora}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(ARTIFACTS / "tournament-followed-end-hu-390.png"))
    assert not phone.errors, phone.errors
