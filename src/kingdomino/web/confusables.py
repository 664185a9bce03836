"""Names that look alike: the confusable skeleton of Unicode's security mechanisms (UTS #39,
section 4), read from Unicode's own ``confusables.txt`` kept in ``data/`` (its version and where
it came from: ``data/SOURCES.md``).

Two strings whose skeletons are equal are confusable: "Bоris" with a Cyrillic о, "ᏴoᏒis" in
Cherokee letters and "Boris" have one skeleton. The table is Unicode's; accounts' names fold the
skeleton further as ``seats.name_key`` folds a name (``seats.look_alike_key``), since a name is
told apart from another regardless of case, accents and spaces.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

#: Unicode's table of confusables (UTS #39 data, version in its header).
CONFUSABLES = Path(__file__).parent / "data" / "confusables.txt"


@cache
def prototypes() -> dict[str, str]:
    """Each confusable character and its prototype, the string it is read as (``confusables.txt``:
    ``source ; target ; MA # comment``, code points in hex)."""
    table: dict[str, str] = {}
    for number, line in enumerate(CONFUSABLES.read_text(encoding="utf-8-sig").splitlines(), 1):
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        fields = [field.strip() for field in data.split(";")]
        if len(fields) != 3 or len(fields[0].split()) != 1:
            raise ValueError(f"{CONFUSABLES.name} line {number}: expected 'source ; target ; type'")
        table[chr(int(fields[0], 16))] = "".join(chr(int(code, 16)) for code in fields[1].split())
    return table


def skeleton(text: str) -> str:
    """``text``'s skeleton (UTS #39): decomposed (NFD), each character replaced by its prototype,
    decomposed again.

    >>> skeleton("B\\u043eris") == skeleton("Boris") == "Boris"
    True
    >>> skeleton("Amie"), skeleton("0pal")
    ('Arnie', 'Opal')
    """
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in decomposed))
