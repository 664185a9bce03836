"""The tournament form's "I play too" (static/tournament-card.js): ticked for a tournament for
anyone (a player organising a game night they play in), unticked once a club the organiser leads
is chosen (a leader organising for the members found herself entered when she was not playing),
and left as the organiser sets it once they tick or untick it."""

from __future__ import annotations

import secrets
from urllib.parse import quote

from playwright.sync_api import expect
from tests.web.browser.pages import LivePage, log_in_new
from tests.web.browser.test_inbox import post


def test_i_play_too_is_unticked_for_a_club_s_members_tournament(page: LivePage) -> None:
    base = page.base_url
    log_in_new(page, base, "Kira")
    club = f"Thursday {secrets.token_hex(3)}"
    post(page, "/api/clubs", {"name": club, "admission": "open"})
    page.goto(f"{base}/?club={quote(club)}#tournaments")
    expect(page.locator("#tournament-club")).to_have_value(club)
    play = page.locator("#tournament-play")
    expect(play).not_to_be_checked()
    page.select_option("#tournament-club", "")
    expect(play).to_be_checked()
    page.select_option("#tournament-club", club)
    expect(play).not_to_be_checked()
    play.check()
    page.select_option("#tournament-club", "")
    page.select_option("#tournament-club", club)
    expect(play).to_be_checked()
    page.click("#organise-button")
    page.wait_for_url(f"{base}/tournament/*")
    tournament_id = page.url.rsplit("/", 1)[1]
    entrants = page.request.get(f"{base}/api/tournaments/{tournament_id}").json()["entrants"]
    assert len(entrants) == 1, entrants
