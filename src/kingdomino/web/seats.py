"""A game's seats as stored: each seat's row (kind, name, level, token), a human's seat handed to
an AI, and the names shown, cleaned of what would hide or pass one off as another.

An AI seat's name always says it is one ("Bruno (AI, hard)"); a human's may not end as an AI's
does, in any language the pages speak, in any brackets, commas or look-alike letters.
"""

from __future__ import annotations

import json
import re
import secrets
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.web.confusables import skeleton
from kingdomino.web.pages import TEXTS
from kingdomino.web.refusals import HubError
from kingdomino.web.seat_agents import WORD, check_level, seat_levels

#: Unicode categories never kept in a name: controls, format characters (the marks that turn the
#: direction of the text around them, zero-width spaces, the soft hyphen, tags) and lone surrogates;
#: line and paragraph separators read as spaces. The zero-width joiners are kept inside a word
#: (emoji sequences, Persian and Indic spelling) but not at its ends, where they show nothing.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
_JOINERS = "\u200c\u200d"
#: Letters that show nothing: the Hangul fillers (modern Hangul is written in whole syllables,
#: without them). "Anna" and a filler made a second account's name that looked the same.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
#: Combining marks kept in a row on one letter (Vietnamese stacks two, Indic scripts a few): a name
#: of one letter under 39 accents ran up over the lines above it.
MAX_MARKS = 4
#: How the server ends an AI seat's name: "(AI, <level>)", the level or the operator's agent that
#: plays it ("Bruno (AI, hard)", "Bo (AI, ppo-2)": ``seat_agents.WORD``). The pages read the same
#: ending (``static/ai-levels.js``'s ``AI_ENDING``, held to this one by ``tests/web/test_names.py``).
AI_ENDING = re.compile(rf" ?\(AI, ({WORD})\)$")
#: How pages word an AI seat in every language ("Bruno (ИИ, сложный)"): a bracketed pair at the end
#: of a name, read through its ``_skeleton``. A human's name may end in such a pair ("Anna (Pest,
#: HU)") unless it reads as an AI's (:func:`reads_as_ai`).
AI_NAME_ENDING = re.compile(r"\(([^()]*),([^()]*)\)$")
#: Commas as they look, whatever the script (NFKC folds the fullwidth and small ones).
_COMMAS = frozenset("\u060c\u3001\u201a\u02cf\ua4f9")
#: Where the pages' texts are: each language's words for an AI seat ("seat.ai:hard": "AI, hard").
I18N = Path(__file__).parent / "static" / TEXTS
#: Letters that look like others, each read as one of them: Cyrillic and Greek capitals and small
#: letters drawn as Latin ones ("АІ" in Cyrillic reads "AI"), and the Latin l, digit 1 and bar drawn
#: as a capital I ("Al, hard" reads "AI, hard"). Applied after case folding, so small letters.
_LOOK_ALIKES = str.maketrans(
    {
        **dict.fromkeys("аα", "a"),
        **dict.fromkeys("вβ", "b"),
        **dict.fromkeys("сϲ", "c"),
        **dict.fromkeys("еε", "e"),
        **dict.fromkeys("һ", "h"),
        **dict.fromkeys("іιl1|ı", "i"),
        **dict.fromkeys("ј", "j"),
        **dict.fromkeys("кκ", "k"),
        **dict.fromkeys("мμ", "m"),
        **dict.fromkeys("н", "h"),
        **dict.fromkeys("оο0", "o"),
        **dict.fromkeys("рρ", "p"),
        **dict.fromkeys("ѕ", "s"),
        **dict.fromkeys("тτ", "t"),
        **dict.fromkeys("уγ", "y"),
        **dict.fromkeys("хχ", "x"),
    }
)


def clean_name(name: str) -> str:
    """A name as shown: without control, format or direction characters (a name could make the
    words after it read backwards, or hide what it ends with) or letters that show nothing, at
    most ``MAX_MARKS`` combining marks on a letter, spaces collapsed and trimmed.

    >>> clean_name("  Anna\\u202e \\n Berg\\x00 \\u200b")
    'Anna Berg'
    >>> clean_name("Bo (AI, hard)\\u200d"), len(clean_name("a" + "\\u0301" * 39))
    ('Bo (AI, hard)', 5)
    """
    kept = []
    marks = 0
    for char in unicodedata.normalize("NFC", name):
        category = unicodedata.category(char)
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if category in ("Zl", "Zp"):
            kept.append(" ")
        elif (
            (category not in _HIDDEN_CATEGORIES or char in _JOINERS)
            and char not in _BLANK_LETTERS
            and marks <= MAX_MARKS
        ):
            kept.append(char)
    return " ".join(word.strip(_JOINERS) for word in "".join(kept).split() if word.strip(_JOINERS))


def _skeleton(name: str) -> str:
    """``name`` as it reads: compatibility forms folded (fullwidth letters and brackets), marks
    and invisible characters dropped, every bracket a parenthesis and every comma a comma.

    >>> _skeleton("Bo \\uff08\\u0410\\u0406\\u201a hard\\uff09\\ufe0f")
    'Bo (АІ, hard)'
    """
    chars = []
    for char in unicodedata.normalize("NFKC", name):
        category = unicodedata.category(char)
        if category[0] in "CM":
            continue
        if char in _COMMAS:  # before the brackets: the low quotation mark that looks one opens
            char = ","
        elif category in ("Ps", "Pe"):
            char = "(" if category == "Ps" else ")"
        chars.append(char)
    return " ".join("".join(chars).split())


def _folded(word: str) -> str:
    """A word as it reads, for comparing: its ``_skeleton``, case folded, accents dropped ("nehéz"
    reads "nehez", "лёгкий" "легкий"), look-alike letters read as one (:data:`_LOOK_ALIKES`), and
    nothing but its letters and digits kept ("A.I." reads "ai").

    >>> _folded(" \u0410\u0406 "), _folded("Gép"), _folded("A.I.")
    ('ai', 'gep', 'ai')
    """
    letters = unicodedata.normalize("NFKD", _skeleton(word).casefold())
    kept = "".join(char for char in letters if not unicodedata.category(char).startswith("M"))
    return "".join(char for char in kept.translate(_LOOK_ALIKES) if char.isalnum())


def name_key(name: str) -> str:
    """A name as it reads, for telling two names apart: each word folded (:func:`_folded`) and
    joined, so that "Anna", "anna" and "Аnna" (a Cyrillic A) are one name.

    >>> name_key("Anna Berg") == name_key("АNNA  berg") == "annaberg"
    True
    """
    return "".join(_folded(word) for word in name.split())


def look_alike_key(name: str) -> str:
    """A name as it looks, for refusing a new one that passes for another: its Unicode confusable
    skeleton (``confusables.skeleton``, UTS #39) read as :func:`name_key` reads, so that "Boris",
    "Bοris" (a Greek ο), "ᏴoᏒis" (Cherokee) and "BORIS" are one, and "Amie" is "Arnie" (an "m" is
    drawn as "rn").

    >>> look_alike_key("\u13f4o\u13d2is") == look_alike_key("BORIS") == "boris"
    True
    """
    return name_key(skeleton(name))


@cache
def ai_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words an AI seat's name ends with in every page language, folded (:func:`_folded`):
    the words for an AI ("AI", "Gép", "ИИ", "ШІ") and the level names ("hard", "nehéz",
    "сложный"...). They are the pages' own texts (``seat.ai:<level>`` of each i18n file, "AI,
    hard"), so a language or a level added there is refused here too; the levels' ids as well
    (and the operator's agents', :func:`reads_as_ai`)."""
    machines: set[str] = set()
    levels = {_folded(level) for level in SEAT_LEVELS}
    for path in sorted(I18N.glob("*.json")):
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if key.startswith("seat.ai:"):
                machine, level = str(text).rsplit(",", 1)
                machines.add(_folded(machine))
                levels.add(_folded(level))
    return frozenset(machines), frozenset(levels)


def reads_as_ai(name: str) -> bool:
    """Whether ``name`` ends as an AI seat's name does in some language: a bracketed pair whose
    first part is a word for an AI or whose last part is a level ("(AI, hard)", "(Gép, nehéz)",
    "[ИИ, сложный]", "(AI, Paris)", "(Bo, hard)"), in any brackets and commas, in look-alike
    letters too; an agent the operator offers is a level here ("(Bo, ppo-2)"). A place or a
    country in brackets is a name ("Anna (Pest, HU)").

    >>> reads_as_ai("Bo (AI, hard)"), reads_as_ai("Bo (ШІ, складний)"), reads_as_ai("Bo (Anna)")
    (True, True, False)
    >>> reads_as_ai("Anna (Pest, HU)"), reads_as_ai("Kim (Seoul, KR)"), reads_as_ai("Bo (Al, x)")
    (False, False, True)
    """
    ending = AI_NAME_ENDING.search(_skeleton(name))
    if ending is None:
        return False
    machines, levels = ai_words()
    first, last = ending[1].split(",")[0], ending[2].split(",")[-1]
    offered = {_folded(level) for level in seat_levels()}
    return _folded(first) in machines or _folded(last) in levels | offered


class SeatPlayer(NamedTuple):
    """The account taking a seat: its id, its name, and whether it is a bot's (``kingdomino bot``)."""

    id: int
    name: str
    bot: bool = False

    def seat(self, online: bool) -> dict[str, Any]:
        """The seat row this account takes: it bears the account's name (and says a bot is one)."""
        row = {**human_seat(self.name, online), "account": self.id}
        return {**row, "bot": True} if self.bot else row


def seat_row(index: int, seat: dict[str, Any], account: SeatPlayer | None = None) -> dict[str, Any]:
    """A seat as stored: kind, name, AI level or (for a human) a fresh secret token. A name is kept
    without control or direction characters; one left blank (or with nothing visible) is the
    seat's default. An AI's name always says it is one ("Anna (AI, hard)"), and a human's may not
    end as an AI's does ("(AI, hard)", in any language), which would pass one off as the other.

    A human seat taken by a logged-in player is their ``account`` (id, name): it bears the
    account's name. An ``open`` seat waits for a player from the lobby (``open_seats``), or for
    the one account it is kept ``for`` (a challenge's, ``challenges``).
    """
    if seat["kind"] == "open":
        kept_for = seat.get("for")
        return open_seat(kept_for) if isinstance(kept_for, SeatPlayer) else open_seat()
    if account is not None:
        return account.seat(bool(seat.get("online")))
    name = clean_name(str(seat.get("name") or ""))
    if seat["kind"] == "ai":
        level = seat.get("level") or "easy"
        check_level(level, f"seats[{index}].level")
        return {
            "kind": "ai",
            "level": level,
            "name": ai_named(name, level) if without_ai(name) else ai_name(index, level),
            "token": None,
        }
    if reads_as_ai(name):
        raise HubError(
            422,
            f"seats[{index}].name",
            f"a player's name may not end as an AI seat's does, in brackets with a word for an AI "
            f"before the comma or a level after it ('(AI, hard)'): {name!r}",
            "name_as_ai",
            {"n": index + 1},
        )
    return human_seat(name or default_name(index), bool(seat.get("online")))


def default_name(index: int) -> str:
    """The name of seat ``index`` left blank by its player: "Player 1" for the first."""
    return f"Player {index + 1}"


def human_seat(name: str, online: bool) -> dict[str, Any]:
    """A human's seat named ``name``, with a fresh secret token."""
    return {"kind": "human", "name": name, "online": online, "token": secrets.token_urlsafe(16)}


def open_seat(kept_for: SeatPlayer | None = None) -> dict[str, Any]:
    """A seat waiting for a player from the lobby: nobody's yet, so no token acts for it. One
    ``kept_for`` an account (a challenge's) bears its name and waits for that account alone."""
    if kept_for is None:
        return {"kind": "open", "name": "", "token": None}
    return {"kind": "open", "name": kept_for.name, "token": None, "for": kept_for.id}


def kept_for(seats: list[dict[str, Any]]) -> list[int]:
    """The accounts whose answer a challenge's ``seats`` await: each open seat kept ``for`` one
    (``open_seat``); none for any other game."""
    return [int(seat["for"]) for seat in seats if seat["kind"] == "open" and seat.get("for") is not None]


def ai_seat(human: dict[str, Any], level: str, since: int) -> dict[str, Any]:
    """The seat of a human once an AI of ``level`` plays it: the name keeps the player's and says
    the AI, as the default AI names do ("Anna (AI, medium)"); the player's token no longer acts
    but still watches (``former_token``), so a player who comes back sees the game go on. The
    seat's actions before ``since`` (the number of actions then) were the player's own. The
    seat stays its account's (``account``), whose rated result counts it last, and its club
    tournament's (``tournament``): the game's page still leads back to it."""
    check_level(level, "level")
    seat = {
        "kind": "ai",
        "level": level,
        "name": ai_named(str(human["name"]), level),
        "token": None,
        "former_token": human.get("token"),
        "ai_since": since,
    }
    if human.get("account") is not None:
        seat["account"] = human["account"]
    if human.get("tournament"):
        seat["tournament"] = human["tournament"]
    if human.get("simul"):
        seat["simul"] = human["simul"]
    return seat


#: Default names of AI seats, one per seat index, so that several AI seats are told apart.
AI_NAMES = ("Ada", "Bruno", "Clara", "Dmitri", "Edith", "Ferenc", "Gala", "Hugo")


def ai_name(index: int, level: str) -> str:
    """The default name of the AI in seat ``index``: its own name and its level ("Bruno (AI, hard)").

    The browser reads this form to show the level in the player's language (``localName`` in
    ``static/seat-names.js``): keep the two in step.
    """
    return ai_named(AI_NAMES[index % len(AI_NAMES)], level)


def without_ai(name: str) -> str:
    """``name`` without the AIs it says play it (:data:`AI_ENDING`, every one: a seat handed on
    twice was once stored as "Bo (AI, ppo-2) (AI, medium)").

    >>> without_ai("Bo (AI, ppo-2)"), without_ai("Bo (AI, ppo-2) (AI, medium)"), without_ai("(AI, hard)")
    ('Bo', 'Bo', '')
    """
    while (ending := AI_ENDING.search(name)) is not None:
        name = name[: ending.start()]
    return name


def ai_named(name: str, level: str) -> str:
    """``name`` as the AI ``level`` plays it, saying that AI alone: a seat handed on again says
    its new AI, not both ("Bo (AI, ppo-2)" handed to the medium AI is "Bo (AI, medium)").

    >>> ai_named("Bo", "ppo-2"), ai_named("Bo (AI, ppo-2)", "medium")
    ('Bo (AI, ppo-2)', 'Bo (AI, medium)')
    """
    return f"{without_ai(name)} (AI, {level})"


def account_marks(seat: dict[str, Any]) -> dict[str, Any]:
    """What a game's view says of a seat's account: ``account: true`` for a seat an account plays,
    so a page tells it from a guest who typed the same name (a guest "Magnus" is not the account
    Magnus); ``challenged: true`` for an open seat kept for the account a challenge awaits
    (``open_seat``), which bears its name, and ``declined: true`` once that account declined;
    ``tournament``: the club tournament whose game it is (``tournament_rounds``), and ``simul``: the
    simul's (``simuls``), for the page's way back to it."""
    marks = {"tournament": str(seat["tournament"])} if seat.get("tournament") else {}
    if seat.get("simul"):
        marks["simul"] = str(seat["simul"])
    if seat["kind"] == "open":
        if seat.get("for") is None:
            return marks
        return {**marks, "challenged": True, **({"declined": True} if seat.get("declined") else {})}
    return {**marks, "account": True} if played_by_account(seat) else marks


def played_by_account(seat: dict[str, Any]) -> bool:
    """An account plays the seat (a guest may type any name: the pages mark an account's)."""
    return seat["kind"] == "human" and seat.get("account") is not None
