"""The rules' pictures show real components: those ``help-pictures.js`` copies are the game data's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import kingdomino.games.data as data
import kingdomino.web as web

STATIC = Path(web.__file__).parent / "static"
DATA = Path(data.__file__).parent


def test_the_pictured_components_are_the_games_own() -> None:
    source = (STATIC / "help-pictures.js").read_text()
    found = re.search(r"/\* components \*/(.*?)/\* end of components \*/", source, re.S)
    assert found, "help-pictures.js lists its components between /* components */ and /* end of components */"
    pictured = json.loads(found.group(1))
    classic = {str(d[0]): d[1:] for d in json.loads((DATA / "classic.json").read_text())["dominoes"]}
    for number, halves in pictured["kingdomino"]["dominoes"].items():
        assert classic[number] == halves, number
    duel = json.loads((DATA / "duel.json").read_text())
    assert pictured["duel"]["dice"] == duel["dice"]
    assert pictured["duel"]["spellbook"] == duel["spellbook"]
    origins = json.loads((DATA / "origins.json").read_text())
    dominoes = {str(d[0]): d[1:] for d in origins["dominoes"]}
    for number, halves in pictured["origins"]["dominoes"].items():
        assert dominoes[number] == halves, number
    assert pictured["origins"]["fire_markers"] == [m["fires"] for m in origins["fire_markers"]]
    assert set(pictured["origins"]["cavemen"]) <= {c["id"] for c in origins["cavemen"]}
    assert pictured["origins"]["resources"] == [r["id"] for r in origins["resources"]]
