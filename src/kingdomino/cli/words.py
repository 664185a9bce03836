"""Player words for the engine's identifiers, wherever the command line shows them to a person.

The engine names its components by identifiers (``forest_jungle``, ``double_dot``,
``first_claim``) that records, JSON and the web protocol keep; its log sentences and score
sheets carry them too. A player reads the game's words instead: "forest/jungle",
"double dot", "first claim". The words come from the games' data (each component's
``name``), so this module knows no game by heart. Records and the JSON fields a program reads
(actions, identifiers) are never passed through it; a JSON field written for people (the
``move`` of ``analyse --json``) is.

>>> term("forest_jungle"), term("double_dot"), term("first_claim"), term("wheat")
('forest/jungle', 'double dot', 'first claim', 'wheat')
>>> in_words("roll: die 1 all_black x2, die 2 ?")
'roll: die 1 all black x2, die 2 ?'
"""

from __future__ import annotations

import re
from functools import cache

from kingdomino.games.classic import components as classic
from kingdomino.games.duel import components as duel
from kingdomino.games.origins import components as origins

#: An identifier that is not a word: parts joined by underscores (``take_two_dice_as_player_A``).
IDENTIFIER = re.compile(r"\b[a-z][a-z0-9]*(?:_[A-Za-z0-9]+)+\b")
#: The colour or remark a component's name ends with: "forest / jungle (dark green)".
_REMARK = re.compile(r"\s*\([^)]*\)\s*$")


def name_words(name: str) -> str:
    """A component's data name as a player says it: the remark in brackets dropped, the
    alternatives joined by a bare slash (``"forest / jungle (dark green)"`` -> ``"forest/jungle"``)."""
    return " ".join(_REMARK.sub("", name).replace(" / ", "/").split())


@cache
def vocabulary() -> dict[str, str]:
    """Every component identifier of the family that is not a word already, with its words."""
    named: dict[str, str] = {t.id: name_words(t.name) for t in classic.TERRAINS}
    named.update((t.id, name_words(t.name)) for t in origins.TERRAINS)
    for coat in duel.COATS:
        named[coat.id] = coat.name.lower()
    for power, facts in duel.POWERS.items():
        named[power] = str(facts["name"])
    for kind in origins.CAVEMEN:
        named[kind.id] = name_words(kind.name)
    return {identifier: words for identifier, words in named.items() if IDENTIFIER.fullmatch(identifier)}


def term(identifier: str) -> str:
    """One identifier in words: the game's own name for a component, else its parts spaced
    (``first_claim`` -> ``first claim``); a word stays as it is."""
    return vocabulary().get(identifier, identifier.replace("_", " "))


def in_words(text: str) -> str:
    """An engine sentence (a log line, a bonus, an action) with every identifier in words."""
    return IDENTIFIER.sub(lambda match: term(match[0]), text)
