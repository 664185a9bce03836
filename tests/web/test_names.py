"""Seat names as every page shows them: nothing invisible, no human passing as an AI or back.

What it refuses: "Bo (AI, hard)" followed by a zero-width space (or a word joiner, a soft hyphen,
a variation selector, a tag character) for a human, which would show as an AI's name; so would
"Bo (ИИ, сложный)", the Russian page's words for an AI; a name of zero-width characters, which
shows as nothing; one letter under 39 accents, which runs over the lines above it. And an AI seat
named "Anna" by its creator must not read as a person.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import assert_error_shape

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.web import seat_agents
from kingdomino.web.seats import AI_ENDING, account_marks, ai_seat, seat_row


def named(client: TestClient, name: str, kind: str = "human") -> tuple[int, dict[str, Any]]:
    seat = {"kind": kind, "name": name} if kind == "human" else {"kind": "ai", "level": "hard", "name": name}
    body = {"game": "kingdomino", "players": 2, "seats": [seat, {"kind": "ai", "level": "random"}]}
    answer = client.post("/api/games", json=body)
    return answer.status_code, answer.json()


@pytest.mark.parametrize(
    "name",
    [
        "Bo (AI, hard)",
        "Bo (AI, hard)\u200b",  # zero-width space
        "Bo (AI, hard)\u2060",  # word joiner
        "Bo (AI, hard)\u00ad",  # soft hyphen
        "Bo (AI, hard)\ufe0f",  # variation selector
        "Bo (AI, hard)\U000e0020",  # tag space
        "Bo (AI, hard)\u200d",  # a joiner at the end
        "Bo \uff08AI\uff0c hard\uff09",  # fullwidth brackets and comma
        "Bo (AI\u201a hard)",  # a low quotation mark for the comma
        "Bo (ИИ, сложный)",  # the Russian page's words
        "Bo (Gép, nehéz)",
        "Bo [ШІ, складний]",
        "Bo (\u0410\u0406, Paris)",  # Cyrillic letters that read "AI", whatever follows
        "Bo (Al, Paris)",  # a small L for the I
        "Bo (A.I., Paris)",
        "Bo (Anna, hard)",  # a level, whatever comes first
        "Bo (Anna, HARD)",
        "Bo (Anna, легкий)",  # "лёгкий" without its dots
        "Bo (Anna, nehez)",  # "nehéz" without its accent
        "Bo (Gép, Pest, HU)",
    ],
)
def test_a_human_name_that_reads_as_an_ai_s_is_refused_by_name(client: TestClient, name: str) -> None:
    status, body = named(client, name)
    assert status == 422, body
    error = assert_error_shape(body)
    assert error["field"] == "seats[0].name" and error["code"] == "name_as_ai"
    assert "(AI, hard)" in error["message"]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("\u200b\u2060\ufeff", "Player 1"),  # nothing visible: the seat's default
        ("\u061cBo", "Bo"),  # the Arabic letter mark turns the text's direction
        ("Bo\u2028Berg", "Bo Berg"),  # a line separator reads as a space
        ("a" + "\u0301" * 39, "\u00e1" + "\u0301" * 4),  # at most 4 marks on a letter (NFC)
        ("Zoë Nguyễn", "Zoë Nguyễn"),
        ("अनुष्का", "अनुष्का"),
        ("می\u200cخواهم", "می\u200cخواهم"),  # a joiner inside a word stays
        ("\U0001f469\u200d\U0001f467", "\U0001f469\u200d\U0001f467"),
        ("Bo (Anna)", "Bo (Anna)"),
        ("Bo\u3164", "Bo"),  # the Hangul fillers are letters that show nothing
        ("\u115f\u1160\uffa0", "Player 1"),
    ],
)
def test_a_name_keeps_only_what_shows(client: TestClient, name: str, shown: str) -> None:
    status, body = named(client, name)
    assert status == 201, body
    assert body["seats"][0]["name"] == shown


def test_an_ai_seat_s_own_name_says_it_is_an_ai(client: TestClient) -> None:
    assert named(client, "Anna", "ai")[1]["seats"][0]["name"] == "Anna (AI, hard)"
    assert named(client, "Anna (AI, easy)", "ai")[1]["seats"][0]["name"] == "Anna (AI, hard)"
    assert named(client, "", "ai")[1]["seats"][0]["name"] == "Ada (AI, hard)"


@pytest.mark.parametrize(
    "name",
    [
        "Anna (Pest, HU)",
        "Kim (Seoul, KR)",
        "Jean (Paris, FR)",
        "Олена (Київ, UA)",
        "Bo (2, 3)",
        "Bo (Anna, Berg)",
        "Bo (AI)",  # no comma: no AI seat's ending
    ],
)
def test_a_human_name_may_end_in_a_bracketed_place(client: TestClient, name: str) -> None:
    """A name ending in "(x, y)" is not taken for an AI's ("Anna (Pest, HU)", "Kim (Seoul, KR)"):
    only a word for an AI first, or a level last, is refused."""
    status, body = named(client, name)
    assert status == 201, body
    assert body["seats"][0]["name"] == name


@pytest.fixture
def ppo_offered() -> Iterator[None]:
    """The operator offers an agent named with a hyphen, as ``--seat-agent ppo-2=SPEC`` does."""
    seat_agents.allow({"ppo-2": "greedy"})
    yield
    seat_agents.allow({})


@pytest.mark.usefixtures("ppo_offered")
def test_a_seat_handed_on_again_says_its_new_ai_alone() -> None:
    """A seat the agent "ppo-2" played, handed on (a player's seat given to an AI, a new game made
    with the last one's names), read "Bo (AI, ppo-2) (AI, medium)": the ending's level was read as
    a word without hyphens."""
    played = ai_seat({"kind": "human", "name": "Bo", "token": "t"}, "ppo-2", since=0)
    assert played["name"] == "Bo (AI, ppo-2)"
    assert ai_seat(played, "medium", since=3)["name"] == "Bo (AI, medium)"
    assert ai_seat({**played, "name": "Bo (AI, ppo-2) (AI, medium)"}, "hard", 5)["name"] == "Bo (AI, hard)"
    for name, level in [("Bo (AI, ppo-2)", "ppo-2"), ("Bo (AI, ppo-2)", "easy"), ("Bo (AI, easy)", "ppo-2")]:
        assert seat_row(0, {"kind": "ai", "level": level, "name": name})["name"] == f"Bo (AI, {level})"


@pytest.mark.parametrize(
    "name", ["Eve (AI, ppo-2)", "Eve (ИИ, ppo-2)", "Eve (Anna, ppo-2)", "Eve (Bo, PPO-2)"]
)
def test_a_human_name_ending_as_an_operator_agent_s_is_refused(
    client: TestClient, ppo_offered: None, name: str
) -> None:
    """The operator's agent is a level of this server: "(Anna, ppo-2)" reads as "(Anna, hard)" does
    (``ppo_offered`` after ``client``, whose app offers the levels alone)."""
    body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human", "name": name}, {"kind": "ai"}]}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 422, answer.text
    assert assert_error_shape(answer.json())["code"] == "name_as_ai"


def test_the_pages_read_an_ai_seat_s_name_as_the_server_writes_it() -> None:
    """One ending, "(AI, <level>)", in the server and in the page (``static/ai-levels.js``), whose
    level is any name the server offers: a level or an operator's agent ("ppo-2")."""
    words = (Path(seat_agents.__file__).parent / "static" / "ai-levels.js").read_text(encoding="utf-8")
    page = re.search(r"^export const AI_ENDING = /(.*)/;$", words, re.MULTILINE)
    assert page is not None and page[1] == AI_ENDING.pattern
    for level in (*SEAT_LEVELS, "ppo-2", "a" + "-9" * 11):
        assert seat_agents.NAME.match(level) and AI_ENDING.search(f"Bo (AI, {level})"), level


def test_a_tournament_seat_an_ai_took_still_names_its_tournament() -> None:
    """A tournament game whose every player ran out of time lost its way back to the tournament:
    the seats an AI took named it no more, and the page found none that did."""
    human = {"kind": "human", "name": "Kira", "token": "t", "account": 3, "tournament": "abc123"}
    taken = ai_seat(human, "medium", since=7)
    assert (taken["tournament"], taken["account"]) == ("abc123", 3)
    assert account_marks(taken) == {"tournament": "abc123"}, "what the page reads its way back by"
    assert "tournament" not in ai_seat({"kind": "human", "name": "Bo", "token": "t"}, "easy", since=2)
