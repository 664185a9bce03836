"""A tournament's game at a table of three or four has several opponents, whom the lobby names in
one ``{name}`` ("Kira, Emil"): the words around it read for one opponent and for several alike.
Hungarian said "a játszmád ellenfele Kira, Emil" (your game's opponent, one), where it now says
the game is "Kira, Emil ellen" (against them), as the other languages do."""

from __future__ import annotations

from tests.web.test_i18n import LANGUAGES, texts

#: Hungarian's singular "opponent" (ellenfél, ellenfele, ellenfeled), wrong before several names.
SINGULAR_OPPONENT = ("ellenfél", "ellenfele ", "ellenfeled")


def test_a_tables_opponents_are_named_as_one_or_several() -> None:
    for language in LANGUAGES:
        assert "{name}" in texts(language)["tournament.awaiting"], language
    awaiting = texts("hu")["tournament.awaiting"]
    assert not any(word in awaiting for word in SINGULAR_OPPONENT), awaiting
    assert "{name} ellen" in awaiting, awaiting
