"""Duel's and Origins' rarer choices made on the board, each reached in a seeded practice game
(``moments.py``): player A's "take 2 dice" power, player B's two dice, the lightning cross, the
2-player first claim of Origins and a caveman recruited from the face-down stack. Each is
screenshot on a laptop and a phone (ARTIFACTS)."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from tests.web.browser.moments import at_the_moment
from tests.web.browser.pages import (
    ARTIFACTS,
    AXE,
    LANGUAGES,
    OVERFLOW,
    axe_violations,
    ending,
    log_mark,
    new_page,
    opened,
    wait_for_new_log,
)

#: A laptop's window and a phone's.
SCREENS = {"laptop": (1366, 900, False), "phone": (390, 844, True)}


def screens(browser: Browser, base: str, game_id: str, token: str, name: str) -> None:
    """Screenshots of the moment on a laptop and a phone (nothing overflows on either), and on a
    phone in each other language (nothing overflows there either)."""
    for screen, (width, height, touch) in SCREENS.items():
        page = opened(browser, base, game_id, token, width, height, touch)
        page.wait_for_selector("#board .table")
        assert page.evaluate(OVERFLOW) == [], screen
        if screen == "laptop" and AXE.exists():
            assert axe_violations(page) == []
        page.screenshot(path=str(ARTIFACTS / f"moment-{name}-{screen}.png"), full_page=True)
        assert not page.errors, page.errors
        page.context.close()
    for language in LANGUAGES[1:]:
        page = new_page(browser, base, 390, 844, locale=language, touch=True)
        page.goto(f"{base}/game/{game_id}?token={token}")
        page.wait_for_selector("#your-turn")
        assert page.evaluate(OVERFLOW) == [], language
        page.screenshot(path=str(ARTIFACTS / f"moment-{name}-phone-{language}.png"), full_page=True)
        assert not page.errors, page.errors
        page.context.close()


def status(page: Page) -> str:
    return str(page.locator("#status").inner_text())


def test_player_a_takes_two_dice_with_the_power_by_clicking_them(browser: Browser, live_server: str) -> None:
    """Player A holding the "take 2 dice" power takes one die with a click, as always; the power's
    toggle over the dice turns the next two clicks into taking both (off again: one die)."""
    game_id, token, _ = at_the_moment(
        live_server, "duel", lambda legal: "take 1" in legal and any("+" in a for a in legal)
    )
    screens(browser, live_server, game_id, token, "duel-take-two")
    for screen, (width, height, touch) in SCREENS.items():  # the power on, a die picked
        shown = opened(browser, live_server, game_id, token, width, height, touch)
        shown.locator("button.power-toggle").click()
        shown.locator('button.die.takeable[data-die="1"]').click()
        shown.screenshot(path=str(ARTIFACTS / f"moment-duel-take-two-picked-{screen}.png"), full_page=True)
        shown.context.close()
    page = opened(browser, live_server, game_id, token)
    expect(page.locator('.actions [data-action^="take "]')).to_have_count(0)  # no list of pairs: the dice
    # The spellbook names the dice a power acts on (the rulebook's "domino" is the page's 2 dice).
    expect(page.locator(".spellbook")).to_contain_text(
        "draw your 2 dice without the connection rules", use_inner_text=True
    )
    assert "Take a die, or two with your power" in status(page)
    toggle = page.locator("button.power-toggle")
    assert toggle.inner_text().strip() == "Use your power: take 2 dice at once"
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("button.die.takeable[aria-pressed]")).to_have_count(0)  # a click takes one die
    toggle.click()
    expect(page.locator("button.power-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#take-two-hint")).to_have_text("Click the two dice you take", use_inner_text=True)
    page.locator("button.power-toggle").click()
    expect(page.locator("button.die.takeable[aria-pressed]")).to_have_count(0)
    page.locator("button.power-toggle").click()
    first, second = (
        page.locator('button.die.takeable[data-die="1"]'),
        page.locator('button.die.takeable[data-die="3"]'),
    )
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    took = page.locator("#log li").filter(has_text="You took dice 1 and 3")
    before = took.count()  # as player B, earlier
    mark = log_mark(page)
    second.click()
    wait_for_new_log(page, mark)
    assert took.count() == before + 1
    # Drawing them next: the toolbar names the dice, not a domino.
    page.wait_for_selector("#ghost-info")
    expect(page.locator("#ghost-info")).to_have_text(
        "Point at a highlighted square to see your dice there", use_inner_text=True
    )
    expect(page.locator("#rotate")).to_have_attribute(
        "title", "Turn your dice: R, this button, or tap the chosen square again"
    )
    assert not page.errors, page.errors


def test_player_b_takes_two_dice_on_the_dice(browser: Browser, live_server: str) -> None:
    """Player B's two dice are chosen on the dice alone, as player A's with the power: no list of
    pairs. The first die clicked is picked (a tick on it; clicked again, dropped), the words over
    the dice say what to click, each die it may go with is named by the move it makes; the second
    takes both. The keyboard does the same (Tab, Enter)."""
    game_id, token, view = at_the_moment(
        live_server,
        "duel",
        lambda legal: any("+" in a for a in legal) and not any(re.fullmatch(r"take \d", a) for a in legal),
    )
    screens(browser, live_server, game_id, token, "duel-player-b")
    pairs = [a for a in view["legal_actions"] if a.startswith("take ")]
    first, partner = (int(d) for d in pairs[0].removeprefix("take ").split("+"))
    for screen, (width, height, touch) in SCREENS.items():  # a die picked
        shown = opened(browser, live_server, game_id, token, width, height, touch)
        shown.locator(f'button.die.takeable[data-die="{first}"]').click()
        assert shown.evaluate(OVERFLOW) == [], screen
        shown.screenshot(path=str(ARTIFACTS / f"moment-duel-player-b-picked-{screen}.png"), full_page=True)
        shown.context.close()
    page = opened(browser, live_server, game_id, token)
    assert "Take two dice" in status(page)
    expect(page.locator('.actions [data-action^="take "]')).to_have_count(0)  # the dice, not a list of pairs
    expect(page.locator("button.power-toggle")).to_have_count(0)
    expect(page.locator("#take-two-hint")).to_have_text("Click the two dice you take", use_inner_text=True)
    dice = page.locator("button.die.takeable")
    assert dice.count() == len({d for a in pairs for d in a.removeprefix("take ").split("+")})
    die = page.locator(f'button.die.takeable[data-die="{first}"]')
    die.focus()
    page.keyboard.press("Enter")
    expect(die).to_have_attribute("aria-pressed", "true")
    expect(die.locator(".picked-mark")).to_have_count(1)
    expect(page.locator("#take-two-hint")).to_have_text(
        f"Die {first} picked: click the second die you take", use_inner_text=True
    )
    other = page.locator(f'button.die.takeable[data-die="{partner}"]')
    label = other.get_attribute("aria-label") or ""
    assert label.startswith(f"Take dice {first} and {partner} — "), label
    page.keyboard.press("Enter")  # again: dropped
    expect(die).to_have_attribute("aria-pressed", "false")
    expect(die.locator(".picked-mark")).to_have_count(0)
    expect(page.locator("#take-two-hint")).to_have_text("Click the two dice you take", use_inner_text=True)
    die.click()
    mark = log_mark(page)
    other.focus()
    page.keyboard.press("Enter")
    wait_for_new_log(page, mark)
    low, high = sorted([first, partner])
    assert page.locator("#log li").filter(has_text=f"You took dice {low} and {high}").count() == 1
    assert not page.errors, page.errors


def test_the_lightning_cross_is_added_on_the_map(browser: Browser, live_server: str) -> None:
    """The "one more cross" power gained is resolved on your map: each drawn square a choice, light
    enough that its coat stays readable."""
    game_id, token, view = at_the_moment(live_server, "duel", lambda legal: legal[0].startswith("cross "))
    screens(browser, live_server, game_id, token, "duel-cross")
    page = opened(browser, live_server, game_id, token)
    assert "Add a cross to one of your squares" in status(page)
    crosses = [a for a in view["legal_actions"] if a.startswith("cross ")]
    choices = page.locator(".kingdom.mine svg g.legal.choice")
    assert choices.count() == len(crosses)
    label = choices.first.get_attribute("aria-label")
    assert re.fullmatch(r"One more cross .+", label or ""), label
    # Over a drawn coat: no wash that hides it, a dashed outline and the cross to add in a corner.
    spot = choices.first.locator("rect.spot")
    assert spot.evaluate("(r) => getComputedStyle(r).fillOpacity") == "0"
    assert spot.evaluate("(r) => getComputedStyle(r).strokeDasharray") != "none"
    assert choices.first.locator(".cross-choice circle + use").count() == 1
    mark = log_mark(page)
    choices.first.click(force=True)
    wait_for_new_log(page, mark)
    expect(page.locator("#log li").filter(has_text=re.compile("^You added one more cross"))).to_have_count(1)
    assert not page.errors, page.errors


def test_origins_first_claim_of_two_players_is_made_on_the_row(browser: Browser, live_server: str) -> None:
    """The first player of a 2-player Origins takes dominoes 1 and 4 of the row, or 2 and 3, by
    clicking either of them: pointing at one lights its partner."""
    game_id, token, view = at_the_moment(live_server, "origins", lambda legal: "claim 1+4" in legal)
    screens(browser, live_server, game_id, token, "origins-first-claim")
    page = opened(browser, live_server, game_id, token)
    assert "Choose your two first dominoes" in status(page)
    row = [entry["domino"] for entry in view["observation"]["next_row"]]
    dominoes = page.locator("button.domino.claimable")
    expect(dominoes).to_have_count(4)
    expect(page.locator('.actions [data-action^="claim "]')).to_have_count(0)  # made on the row alone
    expect(page.locator("#pair-hint")).to_have_text(
        "Click a domino of a pair to take both (places 1 and 4 · places 2 and 3)", use_inner_text=True
    )
    label = dominoes.nth(3).get_attribute("aria-label")
    assert label == f"Choose the dominoes in places 1 and 4 of the line: domino {row[0]}, domino {row[3]}"
    dominoes.nth(0).hover()
    expect(dominoes.nth(3)).to_have_class(re.compile(r"\bpaired\b"))
    expect(dominoes.nth(1)).not_to_have_class(re.compile(r"\bpaired\b"))
    mark = log_mark(page)
    dominoes.nth(3).click()
    wait_for_new_log(page, mark)
    expect(page.locator("#log li").filter(has_text="You chose two dominoes")).to_have_count(1)
    ours = page.locator(".row-line .domino").filter(has=page.locator(".owner-name.seat0"))
    numbers = ours.evaluate_all("(ds) => ds.map((d) => Number(d.dataset.domino))")
    assert sorted(numbers) == sorted([row[0], row[3]])
    assert not page.errors, page.errors


def test_a_caveman_is_recruited_from_the_face_down_stack(browser: Browser, live_server: str) -> None:
    """With four kinds of resources a caveman of any kind still in the stack may be recruited: the
    cave offers each kind, at its price, and paying for him follows."""
    game_id, token, view = at_the_moment(
        live_server,
        "origins",
        lambda legal: any(a.startswith("recruit-stack ") for a in legal),
        {"mode": "tribe"},
    )
    for screen, (width, height, touch) in SCREENS.items():
        shown = opened(browser, live_server, game_id, token, width, height, touch)
        shown.locator("details.stack summary").click()
        assert shown.evaluate(OVERFLOW) == [], screen
        shown.screenshot(path=str(ARTIFACTS / f"moment-origins-stack-{screen}.png"), full_page=True)
        shown.context.close()
    page = opened(browser, live_server, game_id, token)
    page.locator("details.stack summary").click()
    if AXE.exists():
        assert axe_violations(page) == []
    expect(page.locator("details.stack summary")).to_have_text(
        "Any caveman from the face-down stack", use_inner_text=True
    )
    kinds = [a.split(" ")[1] for a in view["legal_actions"] if a.startswith("recruit-stack ")]
    cards = page.locator("details.stack .caveman-card.claimable")
    assert cards.count() == len(kinds)
    expect(cards.first).to_contain_text("price: 4 different resources", use_inner_text=True)
    mark = log_mark(page)
    cards.first.click()
    wait_for_new_log(page, mark)
    expect(page.locator("#log li").first).to_have_text(
        ending("from the face-down stack"), use_inner_text=True
    )
    assert "Pay for your caveman" in status(page)
    expect(page.locator(".cave .paying")).to_contain_text("4 resources still to pay", use_inner_text=True)
    assert not page.errors, page.errors
