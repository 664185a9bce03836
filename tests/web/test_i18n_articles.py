"""Hungarian's article before a number or a name the code fills in: "az" before a vowel's sound
("az 5. dominó", "az Anna név"), else "a" ("a 12. dominó"). The texts said "a(z)" for both; they
ask for the article with ``{a:name}`` (``{A:name}`` at a sentence's start), and ``articles.js``
chooses it by how the value is read: numbers as Hungarian reads them (egy, öt, ötven, ezer,
ötezer), names by their first letter. The module is run in Node, on the real texts."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any

import pytest
from tests.web.test_i18n import PLACEHOLDER, STATIC, texts

#: Numbers and the article Hungarian reads before each (the ordinal "5." as the number 5).
NUMBERS = {
    0: "a",
    1: "az",
    2: "a",
    5: "az",
    7: "a",
    10: "a",
    11: "a",
    15: "a",
    21: "a",
    50: "az",
    54: "az",
    100: "a",
    150: "a",
    500: "az",
    1000: "az",
    1500: "az",
    2000: "a",
    5000: "az",
    10000: "a",
    50000: "az",
    100000: "a",
    1000000: "az",
    2000000: "a",
}
#: Names and their article: a vowel first (its accents aside) or not; Cyrillic as it sounds.
NAMES = {
    "Anna": "az",
    "Éva": "az",
    "Ödön": "az",
    "Ubul": "az",
    "Bela": "a",
    "Kira": "a",
    "Иван": "az",
    "Олег": "az",
    "Йосип": "a",
    "Елена": "a",
    "Club night": "a",
    "Esti klub": "az",
}
#: An article asked for before a placeholder.
ARTICLE = re.compile(r"\{([aA]):(\w+)\}")
#: The program Node runs: ``articles.js`` asked for each ``[template, params, language]`` of its input.
PROGRAM = f"""
import {{ fillPlaceholders }} from {json.dumps((STATIC / "articles.js").as_uri())};
let input = "";
for await (const chunk of process.stdin) input += chunk;
const asked = JSON.parse(input);
const said = asked.map(([template, params, language]) => fillPlaceholders(template, params, language));
console.log(JSON.stringify(said));
"""


def filled(asked: list[tuple[str, dict[str, Any], str]]) -> list[str]:
    """Each text of ``asked`` filled with its values in its language by ``articles.js``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is needed to run articles.js (scripts/test installs it)")
    done = subprocess.run(
        [node, "--input-type=module", "-e", PROGRAM],
        input=json.dumps(asked),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    said: list[str] = json.loads(done.stdout)
    return said


def test_numbers_take_the_article_of_their_reading() -> None:
    asked = [("{a:n}. dominó", {"n": n}, "hu") for n in NUMBERS]
    assert filled(asked) == [f"{article} {n}. dominó" for n, article in NUMBERS.items()]
    grouped = filled([("{A:n}", {"n": "1 000"}, "hu"), ("{A:n}", {"n": "2\u00a0000"}, "hu")])
    assert grouped == ["Az 1 000", "A 2\u00a0000"]


def test_names_take_the_article_of_their_first_letter() -> None:
    asked = [("Csak {a:name} tagjainak", {"name": name}, "hu") for name in NAMES]
    assert filled(asked) == [f"Csak {article} {name} tagjainak" for name, article in NAMES.items()]


def test_the_hungarian_texts_choose_their_articles() -> None:
    hungarian = texts("hu")
    assert {key: text for key, text in hungarian.items() if "(z)" in text} == {}
    asked: list[tuple[str, dict[str, Any], str]] = [
        (hungarian["log.claimed_you"], {"domino": 5}, "hu"),
        (hungarian["log.claimed_you"], {"domino": 12}, "hu"),
        (hungarian["act.turn"], {"die": 1, "face": 2}, "hu"),
        (hungarian["error.name_taken"], {"name": "Anna"}, "hu"),
        (hungarian["error.tournament_club"], {"name": "Kira klubja"}, "hu"),
        (texts("en")["log.claimed_you"], {"domino": 5}, "en"),
    ]
    assert filled(asked) == [
        "Az 5. dominót választottad",
        "A 12. dominót választottad",
        "Képesség: az 1. kocka fordítása a 2. oldalra",
        "Az Anna név foglalt (vagy összetéveszthető egy foglalt névvel)",
        "Ez a verseny csak a Kira klubja tagjainak szól",
        "You chose domino 5",
    ]


@pytest.mark.parametrize("value", [5, 12, "Anna", "Bela"])
def test_every_article_asked_for_is_chosen_and_filled(value: int | str) -> None:
    hungarian = {key: text for key, text in texts("hu").items() if ARTICLE.search(text)}
    assert len(hungarian) >= 30, "the texts that said a(z)"
    asked = [(text, dict.fromkeys(PLACEHOLDER.findall(text), value), "hu") for text in hungarian.values()]
    article = "az" if value in (5, "Anna") else "a"
    for (key, text), said in zip(hungarian.items(), filled(asked), strict=True):
        assert "{" not in said, (key, said)
        wanted = [
            f"{article.capitalize() if big == 'A' else article} {value}" for big, _ in ARTICLE.findall(text)
        ]
        assert all(words in said for words in wanted), (key, said)
