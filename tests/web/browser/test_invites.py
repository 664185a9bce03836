"""The host's invite links: which link is which, and out of the way once the invited came."""

from __future__ import annotations

from tests.web.browser.test_online import online_game_of_two


def test_the_links_say_who_plays_and_who_watches_and_fold_once_the_guest_plays(browser, live_server) -> None:
    """The "Invite links" card stayed open mid-game and pushed the host's kingdom down to y~500 (where
    the board shrank to its 5x5 window), and the player's and the spectator's links differed only
    in their token."""
    host, guest, _ = online_game_of_two(browser, live_server)
    labels = host.locator("#invites label").all_inner_texts()
    assert labels == [
        "For Boris (player 2) to play, to send to them alone:",
        "For spectators, who watch but cannot play:",
    ]
    invites = host.locator("#invites")
    assert invites.bounding_box()["y"] < host.locator("#board-card").bounding_box()["y"]
    for _ in range(4):  # the first round's claims, two kings each: Boris plays
        before = host.locator("#log li").count()
        acting = host if host.locator("#your-turn").count() else guest
        acting.locator("button.domino.claimable").first.click()
        host.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
        guest.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")
    host.wait_for_function("document.querySelector('#invites') && !document.querySelector('#invites').open")
    assert invites.bounding_box()["y"] > host.locator("#board-card").bounding_box()["y"]
    assert not host.errors and not guest.errors
