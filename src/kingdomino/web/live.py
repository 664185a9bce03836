"""A live game: its stored record, its engine state, its watchers, and what its seats may do.

The web server's model of one game, independent of how requests arrive (see ``hub``) and of
how views are written (see ``views``).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import secrets
import time
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from kingdomino.agents.levels import SEAT_LEVELS
from kingdomino.core.game import CHANCE, Game, State
from kingdomino.games.registry import make_game
from kingdomino.web.pages import TEXTS
from kingdomino.web.refusals import HubError
from kingdomino.web.store import StoredAction, StoredGame
from kingdomino.web.tokens import same_token

#: How long a human seat must be awaited with no page of it open before another player of the
#: game may hand it to an AI (an online friend gone for good would stall the game).
AWAY_SECONDS = 60.0

#: Sends one message, already serialised as JSON text, to a client.
Sender = Callable[[str], Awaitable[None]]
ViewKey = tuple[int, ...]


@dataclass(eq=False)
class Watcher:
    """A connected client: the seats its tokens hold (none: a spectator), how to send it text, and
    its tokens (a seat handed to an AI since it connected is no longer its own)."""

    seats: ViewKey
    send: Sender
    tokens: frozenset[str] = frozenset()


@dataclass(eq=False)
class LiveGame:
    stored: StoredGame
    game: Game
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None
    #: Bumped by every change of the state (an action, an undo): work done for an older version is stale.
    version: int = 0
    #: The serialised view of each seat set for ``views_version`` (a spectator's is ``()``).
    views: dict[ViewKey, str] = field(default_factory=dict)
    views_version: int = -1
    #: When this server loaded the game, when the current turn began, and when each human seat's
    #: last page here closed (``time.monotonic()``): what tells a seat that is away.
    loaded_at: float = field(default_factory=time.monotonic)
    turn_since: float = field(default_factory=time.monotonic)
    left_at: dict[int, float] = field(default_factory=dict)
    #: The seats last told to the pages as awaited while away (``Hub.tell_presence``).
    told_away: set[str] = field(default_factory=set)
    #: The client (``clients.client_key``) whose request last changed the game here: its AI
    #: turns and review take that client's turn in the AI queue (``""``: unknown, e.g. a game
    #: resumed after a restart, all of which share one turn).
    client: str = ""

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def actions(self) -> list[StoredAction]:
        return self.stored.actions

    def seat_of(self, token: str) -> int | None:
        return seat_of(self.stored, token)

    def is_spectator_token(self, token: str) -> bool:
        """The spectator link's token, or the token of a player whose seat an AI now plays."""
        return is_spectator_token(self.stored, token)

    def is_ai(self, seat: int) -> bool:
        """Whether ``seat`` is an AI seat (never true of ``CHANCE`` or ``TERMINAL``)."""
        return 0 <= seat < len(self.stored.seats) and self.stored.seats[seat]["kind"] == "ai"

    def humans(self) -> list[int]:
        return [seat for seat, info in enumerate(self.stored.seats) if info["kind"] == "human"]

    def hints_allowed(self) -> bool:
        """Hints are on when one human plays against AI seats, or when the game was created with them."""
        return self.stored.hints or len(self.humans()) <= 1

    def undo_refusal(self, seat: int) -> HubError | None:
        """Why ``seat`` may not take back its last action now (None: it may)."""

        def refused(message: str, code: str) -> HubError:
            return HubError(409, "undo", message, code)

        if self.stored.status == "finished" or self.state.is_terminal():
            return refused("the game is over: a finished game is final", "undo_over")
        if any(s != seat and not self.is_ai(s) for s in range(self.game.num_players)):
            return refused("undo is only allowed when every other seat is an AI", "undo_humans")
        mine = [a.index for a in self.actions if a.seat == seat]
        if not mine:
            return refused("you have no action to take back", "undo_nothing")
        later = self.actions[mine[-1] :]
        if any(a.seat == CHANCE for a in later):
            return refused(
                "new pieces were revealed since your last action, so it can no longer be taken back",
                "undo_revealed",
            )
        if any(a.index < int(self.stored.seats[a.seat].get("ai_since", 0)) for a in later if a.seat >= 0):
            return refused(
                "a player who has left made moves since your last action: theirs are not taken back",
                "undo_left",
            )
        return None

    def awaited_away(self, seat: int, now: float) -> float | None:
        """How long ``seat``, a human seat to act, has been awaited with no page of it open on this
        server (None: another seat acts, an AI plays it, or a page of it is open)."""
        if self.state.current_player != seat or seat < 0 or self.is_ai(seat):
            return None
        if any(seat in watcher.seats for watcher in self.watchers):
            return None
        return now - max(self.left_at.get(seat, self.loaded_at), self.turn_since)

    def takeover_refusal(self, by: int, seat: int, now: float, after: float) -> HubError | None:
        """Why ``by`` may not hand the seat ``seat`` of another player to an AI now (None: it may):
        it must be another human's seat, to act, with no page of it open for ``after`` seconds."""
        if self.stored.status == "finished" or self.state.is_terminal():
            return HubError(409, "game", "the game is over", "game_over")
        if seat == by or not 0 <= seat < len(self.stored.seats) or self.is_ai(seat):
            return HubError(409, "seat", "only another human player's seat is handed over", "takeover_seat")
        waited = self.awaited_away(seat, now)
        if waited is None:
            return HubError(
                409,
                "seat",
                "this player is not away: a page of theirs is open, or it is not their turn",
                "takeover_not_away",
            )
        if waited < after:
            wait = math.ceil(after - waited)
            message = f"this player may still come back: wait {wait} s more"
            return HubError(409, "seat", message, "takeover_wait", {"n": wait})
        return None

    def leave_refusal(self, seat: int) -> HubError | None:
        """Why ``seat`` may not hand itself to an AI now (None: it may): the game must still be
        played, and with another human seat, whom it would otherwise leave waiting."""
        if self.stored.status == "finished" or self.state.is_terminal():
            return HubError(409, "game", "the game is over", "game_over")
        if not [s for s in self.humans() if s != seat]:
            return HubError(
                409,
                "token",
                "a seat is handed to an AI only in a game with another human seat, so they can play on",
                "leave_alone",
            )
        return None

    def same_deal_refusal(self, seat: int) -> HubError | None:
        """Why ``seat`` may not play this game's deal again in a new game (None: it may).

        The new game has the same seed, so it meets the same draws (``State.chance_key``) and its
        AI seats answer the same positions alike: a player tries another way through a deal they
        know. That is only fair against AI seats, and only once the deal is all shown.
        """
        if self.is_ai(seat):
            return HubError(
                409, "game", "only a human seat of the game may play its deal again", "same_deal_seat"
            )
        if len(self.humans()) > 1:
            return HubError(
                409,
                "game",
                "a deal is played again only in a game of one human against AI seats: with "
                "several humans, the one who knows the deal would have an advantage",
                "same_deal_humans",
            )
        if self.stored.status != "finished":
            return HubError(
                409,
                "game",
                "the game is still being played: its deal can be played again once it is over",
                "same_deal_playing",
            )
        return None


def seat_of(stored: StoredGame, token: str) -> int | None:
    """The seat whose token ``token`` is (None: no seat's)."""
    for seat, info in enumerate(stored.seats):
        if info.get("token") and same_token(str(info["token"]), token):
            return seat
    return None


def is_spectator_token(stored: StoredGame, token: str) -> bool:
    """The spectator link's token, or the token of a player whose seat an AI now plays."""
    if same_token(stored.spectator_token, token):
        return True
    formers = [str(info["former_token"]) for info in stored.seats if info.get("former_token")]
    return any(same_token(former, token) for former in formers)


def rebuild(stored: StoredGame) -> tuple[Game, State]:
    """The game and its state after every stored action (each checked again by the engine)."""
    game = make_game(stored.game, stored.players, stored.options)
    return game, replayed(game, stored.actions)


def replayed(game: Game, actions: list[StoredAction]) -> State:
    """The state after ``actions``, each checked again by the engine."""
    state = game.new_initial_state()
    for action in actions:
        state.apply(state.parse_action(action.text))
    return state


#: Unicode categories never kept in a name: controls, format characters (the marks that turn the
#: direction of the text around them, zero-width spaces, the soft hyphen, tags) and lone surrogates;
#: line and paragraph separators read as spaces. The zero-width joiners are kept inside a word
#: (emoji sequences, Persian and Indic spelling) but not at its ends, where they show nothing.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})
_JOINERS = "\u200c\u200d"
#: Combining marks kept in a row on one letter (Vietnamese stacks two, Indic scripts a few): a name
#: of one letter under 39 accents ran up over the lines above it.
MAX_MARKS = 4
#: How the server names an AI seat ("Bruno (AI, hard)"), and how pages word it in every language
#: ("Bruno (ИИ, сложный)"): a bracketed pair at the end of a name, read through its ``_skeleton``.
#: A human's name may end in such a pair ("Anna (Pest, HU)") unless it reads as an AI's
#: (:func:`reads_as_ai`).
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
    words after it read backwards, or hide what it ends with), at most ``MAX_MARKS`` combining
    marks on a letter, spaces collapsed and trimmed.

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
        elif (category not in _HIDDEN_CATEGORIES or char in _JOINERS) and marks <= MAX_MARKS:
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


@cache
def ai_words() -> tuple[frozenset[str], frozenset[str]]:
    """The words an AI seat's name ends with in every page language, folded (:func:`_folded`):
    the words for an AI ("AI", "Gép", "ИИ", "ШІ") and the level names ("hard", "nehéz",
    "сложный"...). They are the pages' own texts (``seat.ai:<level>`` of each i18n file, "AI,
    hard"), so a language or a level added there is refused here too; the levels' ids as well."""
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
    letters too. A place or a country in brackets is a name ("Anna (Pest, HU)").

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
    return _folded(first) in machines or _folded(last) in levels


def seat_row(index: int, seat: dict[str, Any]) -> dict[str, Any]:
    """A seat as stored: kind, name, AI level or (for a human) a fresh secret token. A name is kept
    without control or direction characters; one left blank (or with nothing visible) is the
    seat's default. An AI's name always says it is one ("Anna (AI, hard)"), and a human's may not
    end as an AI's does ("(AI, hard)", in any language), which would pass one off as the other."""
    name = clean_name(str(seat.get("name") or ""))
    if seat["kind"] == "ai":
        level = seat.get("level") or "easy"
        if level not in SEAT_LEVELS:
            raise HubError(400, f"seats[{index}].level", f"expected one of {', '.join(SEAT_LEVELS)}")
        base = re.sub(r" ?\(AI, \w+\)$", "", name)
        return {
            "kind": "ai",
            "level": level,
            "name": f"{base} (AI, {level})" if base else ai_name(index, level),
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
    return {
        "kind": "human",
        "name": name or f"Player {index + 1}",
        "online": bool(seat.get("online")),
        "token": secrets.token_urlsafe(16),
    }


def ai_seat(human: dict[str, Any], level: str, since: int) -> dict[str, Any]:
    """The seat of a human once an AI of ``level`` plays it: the name keeps the player's and says
    the AI, as the default AI names do ("Anna (AI, medium)"); the player's token no longer acts
    but still watches (``former_token``), so a player who comes back sees the game go on. The
    seat's actions before ``since`` (the number of actions then) were the player's own."""
    if level not in SEAT_LEVELS:
        raise HubError(400, "level", f"expected one of {', '.join(SEAT_LEVELS)}")
    base = re.sub(r" \(AI, \w+\)$", "", str(human["name"]))
    return {
        "kind": "ai",
        "level": level,
        "name": f"{base} (AI, {level})",
        "token": None,
        "former_token": human.get("token"),
        "ai_since": since,
    }


#: Default names of AI seats, one per seat index, so that several AI seats are told apart.
AI_NAMES = ("Ada", "Bruno", "Clara", "Dmitri", "Edith", "Ferenc", "Gala", "Hugo")


def ai_name(index: int, level: str) -> str:
    """The default name of the AI in seat ``index``: its own name and its level ("Bruno (AI, hard)").

    The browser reads this form to show the level in the player's language (``localName`` in
    ``static/words.js``): keep the two in step.
    """
    return f"{AI_NAMES[index % len(AI_NAMES)]} (AI, {level})"


def status_of(state: State) -> str:
    return "finished" if state.is_terminal() else "playing"


#: Bits of secret in a seed the server draws: past any search of every seed against a game's first
#: draws.
SECRET_SEED_BITS = 128


def new_seed() -> int:
    """A secret seed for a game whose creator chose none."""
    return secrets.randbits(SECRET_SEED_BITS)
