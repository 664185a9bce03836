"""``POST /api/score/table``: a table's kingdoms scored together, totalled and ranked by each
game's own tie-breaks (RULES.md: Kingdomino the largest region then the crowns, Duel the largest
domain, Origins the largest region then the fires; a full tie shares the place); every refusal
names its kingdom and field."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


def table(client: TestClient, game: str, texts: list[str], options: dict[str, Any] | None = None) -> Any:
    """The table's answer (its JSON, whatever the status)."""
    kingdoms = [{"name": f"P{i + 1}", "text": text} for i, text in enumerate(texts)]
    return client.post(
        "/api/score/table", json={"game": game, "options": options or {}, "kingdoms": kingdoms}
    )


@pytest.mark.parametrize(
    ("game", "texts", "places", "by"),
    [
        # 4 points each: the largest region (4 forest squares) ranks first.
        ("kingdomino", ["W1 W1 C", "F1 F0 F0 F0 C"], [2, 1], "largest_region"),
        # 4 points and a largest region of 2 each: 3 crowns rank before 2.
        ("kingdomino", ["W1 W1 C", "F1 F0 C L1\n.  .  S1 ."], [2, 1], "crowns"),
        ("kingdomino", ["W1 W1 C", "W1 W1 C", "F1 C"], [1, 1, 3], None),
        ("duel", ["S1 C\n.  S1", "S1 S0 C"], [2, 1], "largest_domain"),
        ("duel", ["S1 S0 C", "S1 S0 C"], [1, 1], None),
        ("origins", ["G1 G1 H", "G1 G0 G0 G0 H"], [2, 1], "largest_region"),
        ("origins", ["G1 G1 H", "G1 G0 H F1\n.  .  D1 .", "L1 H"], [2, 1, 3], "fires"),
    ],
)
def test_a_tie_on_points_is_broken_by_the_games_own_rule(
    client: TestClient, game: str, texts: list[str], places: list[int], by: str | None
) -> None:
    answer = table(client, game, texts, {"frame": 7} if game == "origins" and len(texts) == 2 else None)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["places"] == places
    assert body["winners"] == [seat for seat, place in enumerate(places) if place == 1]
    tied = body["ties"][0]
    assert tied["by"] == by and tied["total"] == (2 if game == "duel" else 4), body["ties"]


def test_a_tie_the_first_tie_break_leaves_in_part_is_ranked_by_the_next(client: TestClient) -> None:
    """Three kingdoms at 4 points: the largest region puts P3's forest of 4 first, and P1 and P2,
    still level on it (2 squares each), are ranked by the crowns (P2's 3 before P1's 2). The
    ties said only "the largest region ranks them" of all three, untrue of P1 and P2."""
    answer = table(client, "kingdomino", ["W1 W1 C", "W1 W0 C M2", "F1 F0 F0 F0 C"])
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["places"] == [3, 2, 1]
    assert body["ties"] == [
        {"kingdoms": [0, 1, 2], "total": 4, "by": "largest_region"},
        {"kingdoms": [0, 1], "total": 4, "by": "crowns"},
    ]
    shared = table(client, "kingdomino", ["W1 W1 C", "W1 W1 C", "F1 F0 F0 F0 C"]).json()
    assert shared["places"] == [2, 2, 1]
    assert [tie["by"] for tie in shared["ties"]] == ["largest_region", None]


def test_each_kingdom_is_explained_and_the_variants_count_for_every_one(client: TestClient) -> None:
    answer = table(client, "kingdomino", ["F1 C F1", "W1 W1 C", "C"], {"middle_kingdom": True})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    first, second, third = body["kingdoms"]
    assert (first["name"], first["total"]) == ("P1", 2 + 10)
    assert second["total"] == 4 + 10 and third["total"] == 10
    assert [bonus["key"] for bonus in second["bonuses"]] == ["middle_kingdom"]
    assert second["regions"][0]["cells"] and body["tiebreaks"] == ["largest_region", "crowns"]
    assert body["places"] == [2, 1, 3] and body["winners"] == [1] and body["ties"] == []


def test_origins_totems_are_each_kingdoms_own(client: TestClient) -> None:
    kingdoms = [{"text": "G0m D0 H", "totems": "mammoth"}, {"text": "G0m H"}]
    body = {"game": "origins", "options": {"mode": "totem", "frame": 7}, "kingdoms": kingdoms}
    answer = client.post("/api/score/table", json=body)
    assert answer.status_code == 200, answer.text
    assert [k["total"] for k in answer.json()["kingdoms"]] == [1 + 3, 1]


@pytest.mark.parametrize(
    ("body", "field", "code", "words"),
    [
        # A bad kingdom is named by its place at the table.
        (
            {"game": "kingdomino", "kingdoms": [{"text": "C"}, {"text": "W1 X9 C"}]},
            "kingdoms.1.text",
            "",
            "column 4",
        ),
        (
            {"game": "kingdomino", "kingdoms": [{"text": "C"}, {"text": "W1 W1 W1 W1 W1 C"}]},
            "kingdoms.1.text",
            "out_of_frame",
            "frame",
        ),
        ({"game": "duel", "kingdoms": [{"text": "C"}] * 3}, "kingdoms", "table_players", "exactly 2"),
        ({"game": "kingdomino", "kingdoms": [{"text": "C"}] * 5}, "kingdoms", "table_players", "players"),
        (
            {"game": "kingdomino", "options": {"mighty_duel": True}, "kingdoms": [{"text": "C"}] * 3},
            "kingdoms",
            "table_option_players",
            "Mighty Duel",
        ),
        # Origins with three players is played on 5x5 territories, with two on 7x7.
        (
            {"game": "origins", "options": {"frame": 7}, "kingdoms": [{"text": "H"}] * 3},
            "options.frame",
            "table_frame",
            "5x5",
        ),
        (
            {"game": "origins", "options": {"frame": 5}, "kingdoms": [{"text": "H"}] * 2},
            "options.frame",
            "table_frame",
            "7x7",
        ),
        (
            {
                "game": "origins",
                "options": {"mode": "totem"},
                "kingdoms": [
                    {"text": "H", "totems": "fish"},
                    {"text": "H"},
                    {"text": "H", "totems": "mammoth,fish"},
                ],
            },
            "kingdoms.2.totems",
            "totem_held",
            "one holder",
        ),
        (
            {
                "game": "origins",
                "options": {"mode": "totem"},
                "kingdoms": [{"text": "H", "totems": "gold"}] * 3,
            },
            "kingdoms.0.totems",
            "",
            "unknown resource",
        ),
        (
            {"game": "duel", "kingdoms": [{"text": "C\ndomains S"}] * 2},
            "kingdoms.1.text",
            "power_held",
            "power",
        ),
        (
            {"game": "origins", "options": {"totems": "fish"}, "kingdoms": [{"text": "H"}] * 3},
            "options.totems",
            "",
            "each kingdom",
        ),
        ({"game": "chess", "kingdoms": [{"text": "C"}] * 2}, "game", "", "unknown game"),
        (
            {"game": "kingdomino", "options": {"zzz": True}, "kingdoms": [{"text": "C"}] * 2},
            "options.zzz",
            "",
            "zzz",
        ),
        ({"game": "kingdomino", "kingdoms": []}, "kingdoms", "", "at least 1"),
    ],
)
def test_a_bad_table_is_refused_by_its_kingdom_and_field(
    client: TestClient, body: dict[str, Any], field: str, code: str, words: str
) -> None:
    answer = client.post("/api/score/table", json=body)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["field"] == field and words in error["message"], error
    assert error.get("code", "") == code, error


def test_a_piece_held_twice_names_its_holder(client: TestClient) -> None:
    """A page words these refusals itself: the holder's name and the totem come with them."""
    kingdoms = [
        {"name": "Anna", "text": "H", "totems": "fish"},
        {"name": "Boris", "text": "H", "totems": "fish"},
    ]
    body = {"game": "origins", "options": {"mode": "totem", "frame": 7}, "kingdoms": kingdoms}
    error = client.post("/api/score/table", json=body).json()["error"]
    assert error["values"] == {"resource": "fish", "name": "Anna"}, error
    duel = {"game": "duel", "kingdoms": [{"text": "C\ndomains S"}, {"name": "Boris", "text": "C\ndomains D"}]}
    error = client.post("/api/score/table", json=duel).json()["error"]
    assert error["field"] == "kingdoms.1.text" and error["values"] == {"name": "kingdom 1"}, error


@pytest.mark.parametrize(
    ("game", "texts", "values"),
    [
        # The box has three mines with 2 crowns: four at the table are one too many.
        ("kingdomino", ["M2 M2 C", "M2 C", "M2 C"], {"terrain": "mine", "crowns": 2, "n": 3}),
        # One fire marker with 3 fires, for the whole table.
        ("origins", ["D0*3 H", "H", "H D0*3"], {"marker": 3, "n": 1}),
    ],
)
def test_the_table_s_kingdoms_come_from_one_box(
    client: TestClient, game: str, texts: list[str], values: dict[str, Any]
) -> None:
    """Each kingdom is within the box alone; together they hold a piece once too often: refused
    at the kingdom that takes it, named for the page's words; ``any_squares`` lays any."""
    answer = table(client, game, texts)
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["field"] == "kingdoms.2.text" and error["code"] == "beyond_box", error
    assert error["values"] == values and "the table's kingdoms" in error["message"], error
    assert table(client, game, texts, {"any_squares": True}).status_code == 200


def test_a_table_beyond_an_option_s_players_is_refused_by_the_option(client: TestClient) -> None:
    """Three players with the Mighty Duel ticked: the refusal said only "this game with these
    options is not for 3 players"; it names the option and the most players it takes."""
    answer = table(client, "kingdomino", ["C"] * 3, {"mighty_duel": True})
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "table_option_players", error
    assert error["values"] == {"n": 3, "option": "mighty_duel", "most": 2}, error
    assert table(client, "kingdomino", ["C"] * 5).json()["error"]["code"] == "table_players"


def test_the_formats_say_how_many_players_a_table_may_have(client: TestClient) -> None:
    formats = client.get("/api/score/formats").json()
    assert formats["kingdomino"]["players_with"] == {"mighty_duel": [2]}
    assert formats["duel"]["players_with"] == formats["origins"]["players_with"] == {}
    assert [formats[game]["players"] for game in ("kingdomino", "duel", "origins")] == [
        [2, 3, 4],
        [2],
        [2, 3, 4],
    ]
