"""Desi, new, opened a club tournament her friend Kiril organises: its Join was refused ("This
tournament is for the members of ... only") with no way on from there. The refusal now comes with
a button that joins the club (an open one) and the tournament; a club by request is asked, and
the page says the request waits for a leader."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import log_in_new, new_page
from tests.web.browser.test_inbox import post


@pytest.mark.parametrize("admission", ["open", "request"])
def test_a_club_tournament_joins_its_club_too(browser: Browser, live_server: str, admission: str) -> None:
    kiril = new_page(browser, live_server)
    log_in_new(kiril, live_server, "Kiril")
    club = f"Вечер {secrets.token_hex(3)}"
    post(kiril, "/api/clubs", {"name": club, "admission": admission})
    made = post(
        kiril,
        "/api/tournaments",
        {
            "name": "Вечерен турнир",
            "game": "kingdomino",
            "format": "swiss",
            "rounds": 3,
            "club": club,
            "time_control": {"kind": "game", "minutes": 10, "increment": 5},
        },
    )
    desi = new_page(browser, live_server, width=390, height=844, touch=True)
    desi_name = log_in_new(desi, live_server, "Desi")
    desi.goto(f"{live_server}/tournament/{made['id']}")
    desi.locator("#tournament-join").tap()
    refused = f"This tournament is for the members of {club} only"
    expect(desi.locator("#tournament-said")).to_have_text(refused)
    offer = desi.locator("#tournament-club-join")
    expect(offer).to_have_text(f"Join {club} and this tournament")
    offer.tap()
    if admission == "open":
        expect(desi.locator("#tournament-leave")).to_be_visible()
        expect(desi.locator("main")).to_contain_text(desi_name)
    else:
        expect(desi.locator("#tournament-club-said")).to_have_text(
            f"Your request to join {club} waits for a leader's answer."
        )
        expect(desi.locator("#tournament-join")).to_be_visible()
    assert not kiril.errors
