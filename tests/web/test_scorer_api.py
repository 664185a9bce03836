"""``POST /api/score``: a kingdom written as text, scored and explained for the scorer page; every
bad text or option refused with the field and what was expected."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

KINGDOM = """
W1 W0 F0 F0 .
W0 C  G2 G0 .
"""


def test_a_kingdom_is_scored_region_by_region_with_its_squares(client: TestClient) -> None:
    answer = client.post("/api/score", json={"game": "kingdomino", "options": {}, "text": KINGDOM})
    assert answer.status_code == 200, answer.text
    sheet = answer.json()
    assert sheet["total"] == 3 * 1 + 2 * 2
    grassland, wheat, forest = sheet["regions"]  # most points first; the forest, crownless, at 0 (listed)
    assert (wheat["kind"], wheat["squares"], wheat["multiplier"], wheat["points"]) == ("wheat", 3, 1, 3)
    assert (forest["kind"], forest["squares"], forest["multiplier"], forest["points"]) == ("forest", 2, 0, 0)
    assert sorted(map(tuple, wheat["cells"])) == [(-1, -1), (-1, 0), (0, -1)]
    assert sorted(map(tuple, grassland["cells"])) == [(0, 1), (0, 2)]


def test_the_variants_add_their_bonuses(client: TestClient) -> None:
    body = {"game": "kingdomino", "options": {"middle_kingdom": True}, "text": "F1 C F1"}
    sheet = client.post("/api/score", json=body).json()
    line = {"name": "middle kingdom", "points": 10, "key": "middle_kingdom", "values": {}}
    assert sheet["total"] == 2 + 10 and sheet["bonuses"] == [line]


def test_a_bonus_at_zero_says_why(client: TestClient) -> None:
    """A "Middle Kingdom 0" line of the scorer's sheet names the rule it missed."""
    options = {"middle_kingdom": True, "harmony": True}
    body = {"game": "kingdomino", "options": options, "text": "C F1 F1 F0"}
    middle, harmony = client.post("/api/score", json=body).json()["bonuses"]
    assert middle["points"] == 0 and middle["missed"] == {
        "key": "off_centre",
        "values": {"frame": 5},
        "reason": "the castle is not in the centre of the 5x5 square",
    }
    assert harmony["missed"]["key"] == "not_full" and harmony["missed"]["values"] == {"n": 21}


@pytest.mark.parametrize(
    ("game", "options", "text", "total"),
    [
        ("duel", {}, "S1 S0 C\ndomains S", 2 + 3),
        ("origins", {"mode": "discovery"}, "G1 G1 H", 4),
        ("origins", {"mode": "tribe"}, "G0m D0@HU H", 3),  # the hunter: 3 a mammoth next to it
        ("origins", {"mode": "totem", "totems": "mammoth"}, "G0m D0 H", 1 + 3),
    ],
)
def test_every_game_is_scored(
    client: TestClient, game: str, options: dict[str, Any], text: str, total: int
) -> None:
    answer = client.post("/api/score", json={"game": game, "options": options, "text": text})
    assert answer.status_code == 200, answer.text
    assert answer.json()["total"] == total


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"game": "kingdomino", "text": "W1 X9 C"}, "text", "line 1, column 4"),
        ({"game": "kingdomino", "text": "W1 W1"}, "text", "no castle"),
        ({"game": "kingdomino", "text": "W1 W1 W1 W1 W1 C"}, "text", "frame"),
        ({"game": "chess", "text": "C"}, "game", "unknown game"),
        ({"game": "origins", "options": {"mode": "war"}, "text": "H"}, "options.mode", "expected one of"),
        (
            {"game": "kingdomino", "options": {"mighty_duel": True, "frame": 5}, "text": "C"},
            "options.frame",
            "7",
        ),
        ({"game": "duel", "options": {"harmony": True}, "text": "C"}, "options.harmony", "no options"),
        # An unknown option is named as the field (it was "text", at "line 1, column 1").
        ({"game": "kingdomino", "options": {"zzz": True}, "text": "C"}, "options.zzz", "unknown option"),
        ({"game": "origins", "options": {"zzz": True}, "text": "H"}, "options.zzz", "unknown option"),
        # A frame is one of the game's sizes: a huge one would build a huge grid (checked first).
        ({"game": "kingdomino", "options": {"frame": 100000}, "text": "C"}, "options.frame", "5, 7"),
        ({"game": "origins", "options": {"frame": "x"}, "text": "H"}, "options.frame", "5, 7"),
        (
            {"game": "kingdomino", "options": {"harmony": "false"}, "text": "C"},
            "options.harmony",
            "true or false",
        ),
        ({"game": "kingdomino", "text": "C" * 5000}, "text", "4000"),
        # Cavemen outside Tribe mode counted nothing, silently; a resource off its terrain counted.
        ({"game": "origins", "options": {"mode": "totem"}, "text": "D0@HU H"}, "options.mode", "Tribe mode"),
        ({"game": "origins", "options": {"mode": "totem"}, "text": "D0k H"}, "text", "only on quarry"),
    ],
)
def test_a_bad_kingdom_or_option_is_refused_with_where_and_why(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    answer = client.post("/api/score", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["field"] == field and words in error["message"], error


@pytest.mark.parametrize(("game", "text"), [("kingdomino", "W1 W1 W1 W1 W1 C"), ("origins", "H . . . . G0")])
def test_a_kingdom_beyond_its_frame_is_named_for_the_page_to_word(
    client: TestClient, game: str, text: str
) -> None:
    """A scorer whose frame was made smaller than its kingdom meets this refusal: the page words it
    by its code, with the frame's side."""
    error = client.post("/api/score", json={"game": game, "text": text}).json()["error"]
    assert error["code"] == "out_of_frame" and error["values"] == {"n": 5}, error


def test_a_square_beyond_the_box_is_named_for_the_page_to_word(client: TestClient) -> None:
    """A square the box lacks (a wheat field with 3 crowns), or has fewer of, is refused by its code
    and the piece's terrain and number; ``any_squares`` scores it as written; Duel, drawn from dice,
    takes no such option."""
    error = client.post("/api/score", json={"game": "kingdomino", "text": "W3 C"}).json()["error"]
    assert (error["field"], error["code"]) == ("text", "not_in_box")
    assert error["values"] == {"terrain": "wheat", "crowns": 3}
    body = {"game": "origins", "options": {"mode": "tribe"}, "text": "H D0*3 D0*3"}
    error = client.post("/api/score", json=body).json()["error"]
    assert (error["code"], error["values"]) == ("beyond_box", {"marker": 3, "n": 1}), error
    body = {"game": "kingdomino", "options": {"any_squares": True}, "text": "W3 C"}
    assert client.post("/api/score", json=body).json()["total"] == 3
    body = {"game": "duel", "options": {"any_squares": True}, "text": "S1 C"}
    assert client.post("/api/score", json=body).json()["error"]["field"] == "options.any_squares"


def test_the_formats_give_each_terrain_the_numbers_of_its_squares_in_the_box(client: TestClient) -> None:
    """The scorer page's brush offers a terrain only the crowns (fires, craters) its squares have."""
    formats = client.get("/api/score/formats").json()
    classic = {t["id"]: t["numbers"] for t in formats["kingdomino"]["terrains"]}
    assert classic["wheat"] == [0, 1] and classic["mine"] == [0, 1, 2, 3]
    origins = {t["id"]: t["numbers"] for t in formats["origins"]["terrains"]}
    assert origins["grassland"] == [0, 1] and origins["volcano"] == [1, 2, 3]
