"""The log of what happened: every line a sentence that names who did what."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect
from tests.web.browser.pages import (
    ROOT,
    LivePage,
    create_game,
    new_page,
    open_a_game_for_the_lobby,
    play_by_clicking_board,
)


def random_game_log(
    game: str, players: int, options: dict[str, Any], seed: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A game played at random to its end: its last observation and every entry of its log (the
    seat that acted, or a negative one for chance, the action's text and the description written
    when it was played, as the server stores them)."""
    import random

    from kingdomino import make_game

    state = make_game(game, players, options).new_initial_state()
    rng = random.Random(seed)
    entries: list[dict[str, Any]] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = state.sample_chance(rng) if state.is_chance() else legal[int(rng.random() * len(legal))]
        text, description = state.game.action_text(action), state.describe_action(action)
        entries.append({"seat": state.current_player, "text": text, "description": description})
        state.apply(action)
    return state.view(), entries


def log_lines(
    page: LivePage, observation: dict[str, Any], entries: list[dict[str, Any]], names: list[str]
) -> list[str]:
    """The page's words for each log entry, the seats named ``names``."""
    lines: list[str] = page.evaluate(
        """async ([observation, entries, names]) => {
          const { logWords } = await import(staticBase + 'words.js');
          const seats = names.map((name, seat) => ({ seat, name, kind: 'human' }));
          const view = { seats, your_seats: [], game: '', current_player: -1, observation };
          return entries.map((entry) => logWords(view, entry));
        }""",
        [observation, entries, names],
    )
    return lines


def test_the_log_names_who_was_recruited_placed_and_paid_with(page: LivePage) -> None:
    observation, played = random_game_log("origins", 2, {"mode": "tribe"}, 7)
    entries = [entry for entry in played if entry["text"].split(" ")[0] in ("recruit", "caveman", "pay")]
    assert {entry["text"].split(" ")[0] for entry in entries} == {"recruit", "caveman", "pay"}
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    words = log_lines(page, observation, entries, ["Anna", "Bruno"])
    # The game is over: the cave and the squares have changed, yet every line says who or what it was.
    assert all("?" not in line for line in words), words
    english = json.loads((ROOT / "src/kingdomino/web/static/i18n/en.json").read_text())
    resources = [english[f"resource.{r}"] for r in ("mammoth", "fish", "mushroom", "flint")]
    cavemen = [english[key] for key in english if key.startswith("caveman.") and key.count(".") == 1]
    for entry, line in zip(entries, words):
        named = resources if entry["text"].startswith("pay") else cavemen
        assert any(name in line for name in named), line


@pytest.mark.parametrize(
    ("game", "players", "options", "verbs"),
    [
        ("duel", 2, {}, {"take", "draw", "bonus", "turn", "power", "coat", "domains", "cross", "pass"}),
        ("origins", 3, {"mode": "totem", "fire_kingdom": True}, {"claim", "place", "fire", "totem"}),
        ("origins", 2, {"mode": "tribe"}, {"claim", "place", "recruit", "caveman", "pay", "fire"}),
        ("kingdomino", 2, {}, {"claim", "place"}),
    ],
)
def test_every_log_line_is_a_sentence_of_what_was_done(
    page: LivePage, game: str, players: int, options: dict[str, bool | str], verbs: set[str]
) -> None:
    """Every move of a whole game reads as a sentence in the past (or narrative present) with who
    did it, never the move list's imperative after a colon ("Bruno: Power: separate your dice")."""
    games: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []

    def played() -> set[str]:
        return {e["text"].split(" ")[0] for _, entries in games for e in entries if e["seat"] >= 0}

    while not verbs <= played():
        assert len(games) < 40, f"no 40 random games of {game} played all of {verbs}"
        games.append(random_game_log(game, players, options, len(games)))
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    for language in ("en", "ru", "uk"):  # languages whose every sentence of a seat starts with its name
        you = page.evaluate(
            """async (lang) => {
              const i18n = await import(staticBase + 'i18n.js');
              await i18n.loadLanguage(lang);
              return i18n.t('name.you');
            }""",
            language,
        )
        names = ["Anna", you, "Chen"][:players]
        for observation, entries in games:
            for entry, line in zip(entries, log_lines(page, observation, entries, names)):
                assert "{" not in line and "?" not in line, (language, entry, line)
                if entry["seat"] >= 0:  # "Anna: Recruit ..." was the move list's words after a name
                    assert line.startswith(f"{names[entry['seat']]} "), (language, entry, line)


def test_screen_readers_hear_what_the_others_did(page: LivePage) -> None:
    """The log is not live (it would read everything again at each change): a hidden live line tells
    what the other seats and chance did since the last drawing, and never your own moves."""
    create_game(page, "kingdomino", 2)
    heard = page.locator("#heard")
    expect(heard).to_have_attribute("aria-live", "polite")
    for _ in range(12):
        play_by_clicking_board(page, 1)
        page.wait_for_selector("#your-turn, #winner")
        if "Bruno (AI, greedy)" in (heard.text_content() or ""):
            break
    told = heard.text_content() or ""
    assert re.search(r"Bruno \(AI, greedy\) (chose|placed|discarded) domino \d+", told), told
    assert "You " not in told, told
    page.reload()  # a page opened on a game does not read its history out
    page.wait_for_selector("#your-turn, #winner")
    expect(heard).to_have_text("")


def test_a_placement_in_the_log_locates_both_halves(page: LivePage) -> None:
    """ "You placed domino 7, 1 down from the castle" located the first half only."""
    observation, played = random_game_log("kingdomino", 2, {}, 3)
    entries = [entry for entry in played if entry["text"].startswith("place ")][:6]
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    english = json.loads((ROOT / "src/kingdomino/web/static/i18n/en.json").read_text())
    for entry, line in zip(entries, log_lines(page, observation, entries, ["Anna", "Bruno"]), strict=True):
        direction = english[f"dir.{entry['text'].split(' ')[2]}"]
        assert ", first half " in line and line.endswith(f", second half {direction}"), line


def test_a_game_waiting_for_players_logs_its_draws_once_it_starts(browser: Browser, live_server: str) -> None:
    """A game from the lobby shows no deal while it waits for its second player (its creator
    could otherwise call it off until a deal suited them): its log is empty. Once Boris takes
    the open seat, the kings' draws are logged with his name, never "Open seat"."""
    anna = new_page(browser, live_server)
    open_a_game_for_the_lobby(anna, live_server, "Anna")
    anna.wait_for_selector("#waiting-players")
    expect(anna.locator("#log li")).to_have_count(0)
    game_id = anna.url.split("/game/")[1].split("?")[0].split("/")[0]
    joined = httpx.post(f"{live_server}/api/games/{game_id}/join", json={"name": "Boris"}, timeout=30)
    assert joined.status_code == 200, joined.text
    anna.wait_for_function("document.querySelectorAll('#log li').length > 0")
    log = anna.locator("#log").inner_text()
    assert "Open seat" not in log, log
    assert "The king of Boris is drawn" in log, log
    assert not anna.errors


def test_a_revealed_caveman_and_dice_that_fit_only_with_a_power_read_right(page: LivePage) -> None:
    """ "A Amazon warrior is revealed in the cave": the cave's line names the caveman without an
    article. Duel's "Your dice fit nowhere: draw nothing" while a power (ignore the connection,
    split, turn a die) would make a drawing: the status says to use one, or draw nothing."""
    page.goto(page.base_url + "/")
    page.wait_for_selector("#create")
    said = page.evaluate(
        """async () => {
          const { logWords, todo } = await import(staticBase + 'words.js');
          const view = { seats: [], your_seats: [], game: 'origins', current_player: -1, observation: null };
          return [logWords(view, { seat: -1, text: 'reveal warrior2', description: '' }),
            todo(['pass', 'power split', 'bonus 1']), todo(['pass', 'bonus 1'])];
        }"""
    )
    assert said == [
        "Revealed in the cave: Amazon warrior (strength 2)",
        "Your dice fit nowhere as they are: use a power, or draw nothing",
        "Your dice fit nowhere: draw nothing",
    ], said
