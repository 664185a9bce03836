"""The chat names each player in their seat's colour, as their kingdom and the scores do: Cleo,
whose seat is orange, read her own name in the page's blue (the colour of "mine") and Bela's,
whose seat is blue, in black, beside boards that drew them the other way round."""

from __future__ import annotations

from playwright.sync_api import Browser
from tests.web.browser.pages import ARTIFACTS
from tests.web.browser.test_online import online_game_of_two

#: The seats' colours of style.css (--seat0, --seat1), as the browser computes them.
BLUE, ORANGE = "rgb(11, 93, 158)", "rgb(143, 71, 0)"

#: The computed colour of the name of the chat's line that holds ``text``.
NAME_COLOUR = """(text) => {
  const lines = [...document.querySelectorAll('#chat-lines .chat-line')];
  const line = lines.find((li) => li.textContent.includes(text));
  return getComputedStyle(line.querySelector('.chat-name')).color;
}"""


def test_each_name_in_the_chat_is_in_its_seats_colour(browser: Browser, live_server: str) -> None:
    anna, boris, _ = online_game_of_two(browser, live_server)
    boris.wait_for_selector("#chat:not([hidden])")
    anna.fill("#chat-input", "Hello from the blue seat")
    anna.press("#chat-input", "Enter")
    boris.wait_for_selector("#chat-lines .chat-line:has-text('Hello from the blue seat')")
    boris.fill("#chat-input", "Hello from the orange seat")
    boris.press("#chat-input", "Enter")
    boris.wait_for_selector("#chat-lines .chat-line:has-text('Hello from the orange seat')")
    anna.wait_for_selector("#chat-lines .chat-line:has-text('Hello from the orange seat')")
    assert boris.evaluate(NAME_COLOUR, "from the orange seat") == ORANGE, "his own name"
    assert boris.evaluate(NAME_COLOUR, "from the blue seat") == BLUE, "Anna's name on his page"
    assert anna.evaluate(NAME_COLOUR, "from the blue seat") == BLUE, "her own name"
    assert anna.evaluate(NAME_COLOUR, "from the orange seat") == ORANGE, "Boris's name on her page"
    boris.locator("#chat").screenshot(path=str(ARTIFACTS / "chat-seat-colours.png"))
    assert not anna.errors and not boris.errors
