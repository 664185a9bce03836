"""The words of a push notification, in the language its browser subscribed with: the page's own
texts (``static/i18n/LANG.json``), so that a notification reads as the page's would, with English
where a language lacks a text. A notification says only what every player of the game may see:
the game, the other players' names, the time left.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from kingdomino.web.seats import I18N

#: The one-word forms each language's counted texts take (``key#one``...), as ``Intl.PluralRules``
#: gives them for whole numbers.
SLAVIC = ("uk", "ru")


@dataclass(frozen=True)
class PushText:
    """A notification: its game, the tag the page's own notification of the same event has
    (``turn-notify.js``), so that the browser shows one, its title and body, and what it opens."""

    game_id: str
    tag: str
    title: str
    body: str
    #: The page a click on it opens: the game's, or the lobby (where a challenge is answered).
    href: str

    def payload(self) -> str:
        """What the service worker receives (``sw.js``'s ``push``)."""
        fields = {
            "game": self.game_id,
            "tag": self.tag,
            "title": self.title,
            "body": self.body,
            "href": self.href,
        }
        return json.dumps(fields)


@cache
def texts(language: str) -> dict[str, str]:
    """The texts of ``language`` over English's."""
    english = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    path = I18N / f"{language}.json"
    own = json.loads(path.read_text(encoding="utf-8")) if language != "en" and path.is_file() else {}
    return {**english, **own}


def plural(language: str, n: int) -> str:
    """The plural form of the whole number ``n`` in ``language``.

    >>> [plural("ru", n) for n in (1, 2, 5, 11, 21, 22, 25)]
    ['one', 'few', 'many', 'many', 'one', 'few', 'many']
    >>> plural("hu", 1), plural("en", 2)
    ('one', 'other')
    """
    if language not in SLAVIC:
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


def say(language: str, key: str, **values: Any) -> str:
    """The text ``key`` in ``language`` with its ``{placeholders}`` filled; a counted one (``n``)
    in its plural form.

    >>> say("ru", "push.hours", n=2), say("en", "title.your_turn")
    ('2 часа', 'Your turn')
    """
    words = texts(language)
    if "n" in values and f"{key}#other" in words:
        key = f"{key}#{plural(language, int(values['n']))}"
        key = key if key in words else f"{key.split('#')[0]}#other"
    text = words.get(key, key)
    for name, value in values.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def listed(language: str, names: list[str]) -> str:
    """Names joined as the page's ``Intl.ListFormat`` joins them: "Bela, Cleo and Dan"."""
    if len(names) < 2:
        return "".join(names)
    return say(language, "push.names", first=", ".join(names[:-1]), last=names[-1])


def time_words(language: str, seconds: float) -> str:
    """The time left in words: whole hours, or minutes under one (at least one).

    >>> time_words("en", 2.5 * 3600), time_words("uk", 90)
    ('2 hours', '2 хвилини')
    """
    hours = int(seconds // 3600)
    if hours >= 1:
        return say(language, "push.hours", n=hours)
    return say(language, "push.minutes", n=max(1, -(-int(seconds) // 60)))


def game_with(language: str, game: str, others: list[str]) -> str:
    """A game as a notification names it: "Kingdomino with Bela"."""
    return say(
        language, "notify.game_with", game=say(language, f"game.{game}"), players=listed(language, others)
    )


def your_turn(language: str, game_id: str, revision: int, game: str, others: list[str]) -> PushText:
    """It is the player's turn in ``game`` (a game's name: ``kingdomino``...) with ``others``."""
    title = say(language, "title.your_turn")
    return PushText(
        game_id, f"{game_id}:{revision}", title, game_with(language, game, others), f"/game/{game_id}"
    )


def time_short(
    language: str, game_id: str, revision: int, game: str, others: list[str], seconds: float
) -> PushText:
    """The time for the player's move in ``game`` runs short: ``seconds`` left."""
    title = say(language, "notify.time_short", time=time_words(language, seconds))
    body = game_with(language, game, others)
    return PushText(game_id, f"{game_id}:{revision}:short", title, body, f"/game/{game_id}")


def challenged(language: str, game_id: str, game: str, by: str) -> PushText:
    """``by`` challenges the player to a game of ``game``: answered in the lobby."""
    title, body = say(language, "challenge.from", name=by), say(language, f"game.{game}")
    return PushText(game_id, f"{game_id}:challenge", title, body, "/")
