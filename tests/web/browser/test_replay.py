"""The end of a game and its replay: the review's marked moves, stepping with buttons and keys,
the browser's back and forward.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ARTIFACTS,
    OVERFLOW,
    LivePage,
    ai_game_to_its_end,
    at_the_end_of,
    create_game,
    duel_played_against_greedy,
    finish_through_the_api,
    focused_matches,
    new_page,
    present,
    review_of_a_finished_game,
    three_ai_seats_to_the_end,
    to_next_marked_move,
    two_ai_seats_to_the_end,
)


def test_the_replay_shows_the_review_with_a_marked_move(browser: Browser, live_server: str) -> None:
    """In Russian: the review tells the move played as the log does, to the player ("Вы выбираете
    тайл 36", not "Вы сыграл(а) Выберите тайл 36"), and the replay names the AI seat in the page's
    language ("Bruno (ИИ, жадный)", not "(AI, greedy)")."""
    page = new_page(browser, live_server, locale="ru")
    create_game(page, "kingdomino", 2)
    finish_through_the_api(page)
    page.click("#replay")
    page.wait_for_function(
        "document.querySelector('#review-state .review-seat')?.textContent.includes('ошибки:')",
        timeout=120000,
    )
    scores = present(page.locator("#replay-scores").text_content())
    assert "Bruno (ИИ, жадный)" in scores and "(AI" not in scores, scores
    # The step's scores stand where the game's are: the final scores would stand beside the step's.
    expect(page.locator("#scores-card #replay-scores")).to_have_count(1)
    assert "Вы: 0 очков" in present(page.locator("#scores-card").text_content())
    page.click("#review-next")
    page.wait_for_function("document.querySelector('#review-note')?.textContent.includes('Лучше:')")
    note = page.locator("#review-note").text_content() or ""
    assert note.startswith(("Вы выбираете тайл ", "Вы выкладываете тайл ")), note
    assert "отмечено на поле (шанс победы " in note and " % вместо " in note, note
    # The verdict is a sentence of its own: "Неточность. Лучше: ..." (it ran on: "Неточность Лучше:"),
    # and the better move is a sentence's words, not a menu's line ("Лучше: Выберите ...").
    assert re.search(r"\d\. (Ошибка|Неточность)\. Лучше: [а-яё]", note), note
    # The best alternative is drawn on the board of the position the move was chosen in.
    expect(page.locator("#board .hint-mark, #board .hinted")).to_have_count(1)
    # The move judged is the current one in the log, flagged, on the position it was chosen in.
    page.wait_for_selector("#log li.current.marked")
    expect(page.locator("#log li.current .review-mark")).to_have_count(1)
    page.screenshot(path=str(ARTIFACTS / "replay-review.png"), full_page=True)
    # The replay has its own address, its step's: reloaded, the page opens at the replay's step again.
    step = page.locator("#replay-step").input_value()
    assert page.url.endswith(f"/replay?step={step}")
    page.reload()
    page.wait_for_selector("#replay-panel")
    page.wait_for_function(f"document.querySelector('#replay-step')?.value === '{step}'")
    page.click("#replay-back")
    page.wait_for_selector("#ranking")
    assert not page.url.endswith("/replay")
    expect(page.locator("#scores-card")).to_be_visible()
    expect(page.locator("#replay-scores")).to_have_count(0)
    assert not page.errors


def test_the_duel_review_marks_on_the_board_every_better_move_it_says_is_marked(
    browser: Browser, live_server: str
) -> None:
    """Duel's better moves are drawn too: a placement (two dice drawn) as its two squares, two dice
    taken at once as both dice. A better move that is not made on the board is not said marked."""
    page = at_the_end_of(browser, live_server, "duel", duel_played_against_greedy)
    page.click("#replay")
    page.wait_for_function(
        "document.querySelector('#review-state .review-seat')?.textContent.includes('mistakes:')",
        timeout=120000,
    )
    # A Duel's review counts the player's own marks, on the player's line.
    seat_line = present(page.locator("#review-state .review-seat").text_content())
    counts = re.search(r"mistakes: (\d+) · inaccuracies: (\d+)", seat_line)
    assert counts, seat_line
    marked = int(counts[1]) + int(counts[2])
    assert marked, "greedy clicking makes mistakes against the AI"
    seen: dict[bool, int] = {True: 0, False: 0}
    for _ in range(min(8, marked)):
        before = page.locator("#replay-step").input_value()
        page.click("#review-next")
        page.wait_for_function(f"document.querySelector('#replay-step').value !== '{before}'")
        page.wait_for_function("document.querySelector('#review-note')?.textContent.includes('Better:')")
        note = present(page.locator("#review-note").text_content())
        said = "marked on the board" in note
        # A sentence that compares the two moves (it read "Best: Take die 2 (dot) (about 60 % to win)").
        compared = re.search(
            r"\. (?:Mistake|Inaccuracy)\. Better: [a-z].* \(win chance (\d+) % instead of (\d+) %\)\.$", note
        )
        assert compared and int(compared[1]) > int(compared[2]), note
        assert said == (page.locator("#board .hint-mark, #board .hinted").count() > 0)
        seen[said] += 1
    assert seen[True], seen  # placements and dice are the most of a Duel's decisions
    assert not page.errors


def test_stepping_through_a_replay_keeps_the_board_in_view(browser: Browser, live_server: str) -> None:
    """Each step of the replay showed its line of the log with scrollIntoView, which scrolled the
    page too: on a phone every step jumped to the log, far below the board. Now only the log's own
    box scrolls, and the current line is in it."""
    page = at_the_end_of(
        browser, live_server, "duel", duel_played_against_greedy, width=390, height=844, touch=True
    )
    page.click("#replay")
    page.wait_for_selector("#replay-label")
    page.evaluate("scrollTo(0, 0)")
    page.locator("#replay-next").scroll_into_view_if_needed()
    at = page.evaluate("scrollY")
    for step in range(1, 8):
        page.locator("#replay-next").tap()
        label = f"document.querySelector('#replay-label')?.textContent.includes('step {step} of')"
        page.wait_for_function(label)
        assert page.evaluate("scrollY") == at, f"step {step} scrolled the page"
    inside = page.evaluate(
        """() => { const log = document.querySelector('#log').getBoundingClientRect();
          const line = document.querySelector('#log li.current').getBoundingClientRect();
          return line.top >= log.top - 1 && line.bottom <= log.bottom + 1; }"""
    )
    assert inside, "the current line is out of the log's box"
    assert not page.errors


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_game_you_won_says_you_win(browser: Browser, live_server: str, language: str) -> None:
    """The status line at the end speaks to the player, as the log does, not putting "You" where a
    name goes ("Game over: You wins!", "Конец игры: побеждает Вы!")."""
    page = new_page(browser, live_server, locale=language)
    create_game(page, "kingdomino", 2, level="random")
    finish_through_the_api(page, best=True)
    first = page.locator("#ranking tbody tr").first
    expect(first, "the random AI won this deal").to_have_attribute("data-seat", "0")
    said = {"en": "Game over: you win!", "ru": "Конец игры: вы побеждаете!"}[language]
    expect(page.locator("#winner")).to_have_text(said)
    assert not page.errors


def test_a_replay_step_answered_late_is_not_drawn_over_a_later_one(
    browser: Browser, live_server: str
) -> None:
    """Each step asks the server for its frame, and only the last step asked for is drawn: an
    answer that comes after a later step's (a slider dragged, a button pressed twice quickly) must
    not put the board and log of step 1 under the words "step 2 of 74"."""
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    page.click("#replay")
    page.wait_for_selector("#replay-label")
    held: list[Any] = []
    page.route("**/api/games/*/replay?step=1", lambda route: held.append(route))
    page.click("#replay-next")
    while not held:  # step 1's answer is held back
        page.wait_for_timeout(20)
    page.click("#replay-next")
    page.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('step 2 of')")
    expect(page.locator("#log li")).to_have_count(2)
    with page.expect_response("**/api/games/*/replay?step=1"):
        held[0].continue_()
    page.wait_for_timeout(500)  # the late answer, come, is put aside
    assert "step 2 of" in present(page.locator("#replay-label").text_content())
    expect(page.locator("#log li"), "step 1's frame was drawn under step 2").to_have_count(2)
    assert not page.errors


def test_the_browsers_back_and_forward_go_between_the_end_and_the_replay(
    browser: Browser, live_server: str
) -> None:
    """The replay has its own address (so a reload shows the replay, not the end): Back goes to the
    end screen, Forward to the replay."""
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    page.click("#replay")
    page.wait_for_selector("#replay-panel")
    page.click("#replay-next")
    page.wait_for_url("**/replay?step=1")
    page.go_back()
    page.wait_for_selector("#ranking")
    assert not page.url.endswith("/replay") and page.locator("#replay-panel").count() == 0
    expect(page.locator("#scores-card")).to_be_visible()
    page.go_forward()
    page.wait_for_selector("#replay-panel")
    assert page.url.endswith("/replay?step=1") and page.locator("#ranking").count() == 0
    page.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('step 1 of')")
    assert not page.errors


def test_the_replay_steps_with_the_keys_and_goes_to_its_first_and_last_step(
    browser: Browser, live_server: str
) -> None:
    """The replay had two buttons and a slider: the keys stepped only with the slider focused, and
    the last step was a drag away. The arrow keys step wherever the focus is (but in a field), Home
    and End go to the first and last step, and so do two buttons."""
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    page.click("#replay")
    page.wait_for_selector("#replay-label")
    total = int(present(page.locator("#replay-step").get_attribute("max")))

    def at(step: int) -> None:
        page.wait_for_function(
            f"document.querySelector('#replay-label')?.textContent.includes('step {step} of {total}')"
        )
        assert page.locator("#replay-step").input_value() == str(step)

    page.locator("#board-card").focus()
    page.keyboard.press("ArrowRight")
    at(1)
    page.keyboard.press("End")
    at(total)
    expect(page.locator("#log li.current")).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    at(total - 1)
    page.keyboard.press("Home")
    at(0)
    page.click("#replay-last")
    at(total)
    page.click("#replay-first")
    at(0)
    expect(page.locator("#replay-first")).to_have_attribute("aria-keyshortcuts", "Home")
    expect(page.locator("#replay-last")).to_have_attribute("title", "Last step (End)")
    page.click("#replay-back")  # the end screen's keys are its own again
    page.wait_for_selector("#ranking")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-label")).to_have_count(0)
    assert not page.errors


def test_the_reviews_words_leave_a_laptops_replay_board_whole(browser: Browser, live_server: str) -> None:
    """On a 1366 x 768 laptop the review's verdict of a marked move (two lines) was written above the
    board after the board had been fitted to the room left, and the replay's title, its way back and
    the review's summary took three lines: the kingdom ended at 810 px. The words come first now,
    and the three share a line."""
    page = review_of_a_finished_game(browser, live_server, width=1366, height=768)
    for _ in range(4):
        to_next_marked_move(page)
        board = present(page.locator("#board .kingdom.mine svg.big").bounding_box())
        page.screenshot(path=str(ARTIFACTS / "replay-review-laptop.png"))
        assert board["y"] + board["height"] <= 768, f"the board ends at {board['y'] + board['height']}"
    assert not page.errors


def test_a_dynastys_replay_says_when_a_game_ended_and_shows_its_kingdoms(page: LivePage) -> None:
    """Stepping through a Dynasty, the board went back to empty kingdoms when a game of the match
    ended, and nothing said how it had ended: the replay shows the live table's note ("Game 1 of 3
    is over: ...") while the next game is young, and the kingdoms of the games played before."""
    ai_game_to_its_end(page, dynasty=True)
    game_id = page.url.rsplit("/", 1)[-1]
    page.click("#replay")
    page.wait_for_selector("#replay-label")
    first_of_game_2 = page.evaluate(
        """async (id) => {
          const frame = async (n) => (await fetch(`/api/games/${id}/replay?step=${n}`)).json();
          let lo = 0, hi = (await frame(0)).steps;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if ((await frame(mid)).observation.game_number >= 2) hi = mid; else lo = mid + 1;
          }
          return lo;
        }""",
        game_id,
    )
    page.fill("#replay-step", str(first_of_game_2 - 1))
    page.wait_for_function(
        f"document.querySelector('#replay-label')?.textContent.includes('step {first_of_game_2 - 1} of')"
    )
    assert (
        page.locator("#replay-match-note").is_hidden()
        and page.locator("#replay-scores .past-games").count() == 0
    )
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        f"document.querySelector('#replay-label')?.textContent.includes('step {first_of_game_2} of')"
    )
    note = page.locator("#replay-match-note")
    assert note.is_visible() and present(note.text_content()).startswith(
        "Game 1 of 3 is over: Ada (AI, random) "
    ), note.text_content()
    past = page.locator("#replay-scores .past-games details[data-game='1']")
    assert past.get_attribute("open") is not None and past.locator("figure > svg").count() == 2
    page.screenshot(path=str(ARTIFACTS / "replay-dynasty-game-2.png"), full_page=True)
    assert not page.errors


def test_the_keyboards_focus_goes_from_the_end_to_the_replay_and_back(
    browser: Browser, live_server: str
) -> None:
    """ "Replay the game" and "Back to the end" are replaced by what they open, and the focus goes on
    to the step buttons, and back to "Replay the game" (not to the page)."""
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    page.focus("#replay")
    page.keyboard.press("Enter")
    page.wait_for_selector("#replay-label")
    assert focused_matches(page, "#replay-next")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('step 1 of')")
    page.focus("#replay-back")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ranking")
    assert focused_matches(page, "#replay")
    assert not page.errors


def test_the_replays_board_and_its_step_buttons_are_in_view_together(
    browser: Browser, live_server: str
) -> None:
    """On a 1366 x 768 laptop the step's score sheets stood between the replay's buttons and the
    board, which began at 527 px and ended under the window's edge; on a phone the buttons were a
    screen above the kingdoms. The step's scores are under the board now (in the scores' own card),
    and the step's buttons stay at the top of the screen while the board is looked at."""
    page = at_the_end_of(
        browser, live_server, "three AI seats", three_ai_seats_to_the_end, width=1366, height=768
    )
    page.click("#replay")
    page.wait_for_selector("#replay-label")
    for step in range(1, 30):
        page.click("#replay-next")
        page.wait_for_function(
            f"document.querySelector('#replay-label')?.textContent.includes('step {step} of')"
        )
        board = present(page.locator("#board .kingdom.mine svg.big").bounding_box())
        assert board["y"] + board["height"] <= 768, (
            f"step {step}: the board ends at {board['y'] + board['height']}"
        )
    # the step's, not the game's final ones
    expect(page.locator("#scores-card #replay-scores")).to_have_count(1)
    assert "step 29 of" in (page.locator("#replay-label").text_content() or "")
    phone = new_page(browser, live_server, 390, 844, touch=True)
    phone.goto(page.url.split("?")[0])
    phone.evaluate(
        "(games) => localStorage.setItem('kingdomino.games', games)",
        page.evaluate("localStorage.getItem('kingdomino.games')"),
    )
    phone.reload()
    phone.wait_for_selector("#replay-label")
    for step in range(1, 4):
        phone.locator("#board .others-col").scroll_into_view_if_needed()
        button = present(phone.locator("#replay-next").bounding_box())
        assert button["y"] >= 0 and button["y"] + button["height"] <= 844, (
            f"the button is off the screen: {button}"
        )
        phone.locator("#replay-next").tap()
        phone.wait_for_function(
            f"document.querySelector('#replay-label')?.textContent.includes('step {step} of')"
        )
    phone.screenshot(path=str(ARTIFACTS / "replay-phone-bar.png"))
    assert phone.evaluate(OVERFLOW) == []
    assert not page.errors and not phone.errors


def test_the_replay_says_a_review_waits_its_turn_and_which_moves_it_left_out(
    browser: Browser, live_server: str
) -> None:
    """A review waiting behind others says its place in line (it said "Reviewing the moves… 0 of
    40" as if it computed); a ready review that left decisions out by its budget of searches
    counts them in its summary, and says so at such a decision."""
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    answers = [
        {"status": "queued", "place": 3, "done": 0, "total": 40},
        {
            "status": "ready",
            "moves": [
                {"index": 5, "seat": 0, "action": "-", "forced": False, "reviewed": False, "mark": None}
            ],
            "summary": {"mistake": 0, "inaccuracy": 0, "not_reviewed": 1},
            "searches_per_game": 72,
        },
    ]
    page.route(
        "**/api/games/*/review",
        lambda route: route.fulfill(
            status=202 if len(answers) > 1 else 200, json=answers.pop(0) if len(answers) > 1 else answers[0]
        ),
    )
    page.click("#replay")
    page.wait_for_function("document.querySelector('#review-state')?.textContent.includes('place in line')")
    expect(page.locator("#review-state")).to_have_text("The review waits its turn… place in line: 3")
    page.wait_for_function("document.querySelector('#review-state')?.textContent.startsWith('Mistakes')")
    summary = page.locator("#review-state").text_content()
    assert summary == "Mistakes: 0 · inaccuracies: 0 · not reviewed: 1", summary
    page.eval_on_selector(
        "#replay-step", "(slider) => { slider.value = '5'; slider.dispatchEvent(new Event('input')); }"
    )
    page.wait_for_function("document.querySelector('#review-note')?.textContent.includes('not reviewed')")
    note = page.locator("#review-note").text_content()
    assert note == "This move was not reviewed: a game's review searches 72 moves at most.", note
    assert not page.errors


def test_a_finished_games_replay_link_opens_it_for_anyone(browser: Browser, live_server: str) -> None:
    """Only the creator held a link to a finished game, and its replay's address opened nothing
    without one. The finished game's page (at its foot: in the ranking's card it pushed a
    laptop's kingdom under the edge) and the replay offer the replay's link, which opens the replay on
    a friend's phone that never saw the game; an unfinished game's or an unknown id's address
    says why it opens nothing, and shows no board."""
    page = at_the_end_of(browser, live_server, "two AI seats", two_ai_seats_to_the_end)
    game_id = page.url.rstrip("/").split("/")[-1]
    link = f"{live_server}/game/{game_id}/replay"
    expect(page.locator("#share-card .replay-link input")).to_have_value(link)
    copy = "#share-card .replay-link button.copy"
    page.click(copy)
    page.wait_for_function(f"(document.querySelector('{copy}')?.textContent ?? 'Copy') !== 'Copy'")
    page.screenshot(path=str(ARTIFACTS / "replay-link-end.png"))
    friend = new_page(browser, live_server, 390, 844, touch=True)
    friend.goto(link)
    friend.wait_for_selector("#replay-panel")
    friend.wait_for_function("document.querySelector('#replay-label')?.textContent.includes('step 0 of')")
    expect(friend.locator("#share-card .replay-link input")).to_have_value(link)
    friend.click("#replay-last")
    friend.wait_for_function(
        "document.querySelector('#replay-label')?.textContent.includes('step 0 of') === false"
    )
    assert not friend.evaluate(OVERFLOW)
    friend.screenshot(path=str(ARTIFACTS / "replay-link-friend-phone.png"), full_page=True)
    assert not friend.errors, friend.errors
    friend.click("#replay-back")
    friend.wait_for_selector("#ranking")
    expect(friend.locator("#share-card .replay-link input")).to_have_value(link)
    playing = friend.request.post(
        f"{live_server}/api/games",
        data={"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "ai", "level": "random"}]},
    ).json()["id"]
    refused = ((f"/game/{playing}/replay", "not over yet"), ("/game/0123456789abcdef/replay", ""))
    for address, words in refused:
        other = new_page(browser, live_server, 390, 844, locale="ru", touch=True)
        other.goto(live_server + address)
        other.wait_for_selector("#unavailable")
        expect(other.locator("#board, #replay-panel")).to_have_count(0)
        if words:
            english = new_page(browser, live_server)
            english.goto(live_server + address)
            english.wait_for_selector("#unavailable")
            expect(english.locator("#unavailable")).to_contain_text(words, use_inner_text=True)
        other.screenshot(path=str(ARTIFACTS / f"replay-link-refused-{'playing' if words else 'unknown'}.png"))
        assert all("403" in error or "404" in error for error in other.errors), other.errors
