"""The games' names in Ukrainian: one naming throughout (uk.json's ``_notes``). The base game is
"Доміношне Королівство", the title of the Ukrainian rules; Duel and Origins, with no Ukrainian
rules, are named after it. The lobby and the leaderboards said "Доміношне Королівство" next to
"Kingdomino Дуель / Витоки"."""

from __future__ import annotations

import re

from tests.web.test_i18n import texts

#: The Ukrainian rules' title of the base game.
UKRAINIAN_NAME = "Доміношне Королівство"


def test_ukrainian_names_every_game_after_the_ukrainian_rules() -> None:
    uk = texts("uk")
    assert uk["game.kingdomino"] == UKRAINIAN_NAME
    for key in ("game.duel", "game.origins", "pool.duel", "pool.origins-2", "pool.origins-3-4"):
        assert uk[key].startswith(f"{UKRAINIAN_NAME}: "), (key, uk[key])
    # The Latin name is left to the command line's words ("kingdomino serve").
    latin = {key: text for key, text in uk.items() if re.search(r"Kingdomino", text)}
    assert latin == {}
