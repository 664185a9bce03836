"""End to end in a real browser: Debian's Chromium driven by Playwright, clicking like a player."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
#: Screenshots go outside the checkout: $KINGDOMINO_ARTIFACTS, else the system's temporary folder.
ARTIFACTS = Path(
    os.environ.get("KINGDOMINO_ARTIFACTS") or Path(tempfile.gettempdir()) / "kingdomino-artifacts"
)

pytestmark = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed (scripts/test installs it)"
)


@pytest.fixture
def page(live_server: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        page.set_default_timeout(20000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.base_url = live_server  # type: ignore[attr-defined]
        page.errors = errors  # type: ignore[attr-defined]
        yield page
        browser.close()
    assert not errors, errors


def create_game(
    page, game: str, players: int = 2, options: dict | None = None, mode: str | None = None
) -> None:
    page.goto(page.base_url + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for option in options or {}:
        page.check(f"#opt-{option}")
    if mode:
        page.select_option("#mode", mode)
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", "ai:greedy")
    page.click("#create")
    page.wait_for_url("**/game/*")
    page.wait_for_selector("#your-turn, #winner")


def play_by_clicking(page, moves: int) -> int:
    """Make up to ``moves`` of our moves by clicking; returns how many were made."""
    made = 0
    while made < moves:
        page.wait_for_selector("#your-turn, #winner")
        if page.locator("#winner").count():
            break
        before = page.locator("#log li").count()
        first_log = page.locator("#log li").first.text_content() if before else ""
        for selector in (
            "button.domino.claimable",
            "button.die.takeable",
            "svg g.legal rect.spot",
            ".actions button",
        ):
            target = page.locator(selector)
            if target.count():
                target.first.click()
                break
        else:
            page.click("#play")
        page.wait_for_function(
            "([n, first]) => { const items = document.querySelectorAll('#log li');"
            " return items.length !== n || (items[0] && items[0].textContent !== first)"
            " || document.querySelector('#winner'); }",
            arg=[before, first_log],
        )
        made += 1
    return made


def test_kingdomino_against_ai_to_the_final_score(page) -> None:
    create_game(page, "kingdomino", 2, options={"middle_kingdom": True})
    page.screenshot(path=str(ARTIFACTS / "kingdomino-start.png"), full_page=True)
    play_by_clicking(page, 200)
    page.wait_for_selector("#winner")
    page.screenshot(path=str(ARTIFACTS / "kingdomino-final.png"), full_page=True)
    assert "Game over" in page.locator("#status").text_content()
    assert page.locator("#scores table").count() == 2
    assert "middle kingdom" in page.locator("#scores").text_content()
    page.click("#replay")
    page.click("#replay-next")
    page.wait_for_function("document.querySelector('#replay-label').textContent.includes('step 1/')")


def test_kingdomino_undo_and_hint(page) -> None:
    create_game(page, "kingdomino", 2)
    page.click("#hint")
    page.wait_for_selector("#hint-result")
    # Undo never crosses a draw: play on until a move of ours is followed by the AI's alone.
    for _ in range(40):
        play_by_clicking(page, 1)
        page.wait_for_selector("#your-turn, #winner")
        if page.locator("#undo:not([disabled])").count():
            break
    page.wait_for_selector("#undo:not([disabled])")
    log_before = page.locator("#log li").count()
    page.click("#undo")
    page.wait_for_function(f"document.querySelectorAll('#log li').length < {log_before}")


def test_duel_through_several_rounds(page) -> None:
    create_game(page, "duel", 2)
    made = play_by_clicking(page, 20)
    assert made == 20
    round_text = page.locator("#board p.small").first.text_content()
    assert int(round_text.split()[1]) >= 4
    assert page.locator("svg[data-seat='0'] g[data-square]").count() >= 6
    page.screenshot(path=str(ARTIFACTS / "duel.png"), full_page=True)


def test_phone_sized_screen_shows_the_board(page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    create_game(page, "kingdomino", 3)
    box = page.locator("svg[data-seat='0']").bounding_box()
    assert box is not None and box["width"] <= 390
    page.screenshot(path=str(ARTIFACTS / "phone.png"), full_page=True)


@pytest.mark.parametrize("mode", ["tribe", "totem"])
def test_origins_through_several_rounds(page, mode: str) -> None:
    create_game(page, "origins", 3, options={"fire_kingdom": True}, mode=mode)
    made = play_by_clicking(page, 14)
    assert made == 14
    assert page.locator("svg[data-seat='0'] g[data-square]").count() >= 5
    info = page.locator("#board p.small").first.text_content()
    assert "fire markers left" in info and (("cave:" in info) if mode == "tribe" else ("totems:" in info))
    page.screenshot(path=str(ARTIFACTS / f"origins-{mode}.png"), full_page=True)
