"""The words of a mailed notice (``mail_notice_sweep``): the games it is about, each with its link,
why its reader gets it (the preferences page's own words for the choice) and the link that turns it
off, in plain text and HTML, in the account's language (``push_texts.say``). The links are built
from the site's address (``--public-url``), never a request's. Every value put in the HTML is
escaped: a name is its player's to choose.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from html import escape

from kingdomino.web.mail_texts import site_mail
from kingdomino.web.push_texts import game_with, say, time_words

#: The path of the link that turns a notice off; its token follows.
UNSUBSCRIBE = "/mail/unsubscribe?token="


@dataclass(frozen=True)
class Waiting:
    """A game a notice is about: its id and kind (``kingdomino``...), the other players' names,
    and the seconds left for the move."""

    game_id: str
    game: str
    others: list[str]
    seconds_left: float


def notice_mail(
    notice: str,
    language: str,
    sender: str,
    to: str,
    name: str,
    public_url: str,
    games: list[Waiting],
    token: str,
) -> EmailMessage:
    """The mail of ``notice`` (``turns``, ``time_short``) about ``games`` to ``to``, the account
    ``name``'s; its link ``token`` turns the notice off (RFC 8058's one click too)."""
    off = f"{public_url}{UNSUBSCRIBE}{token}"
    hello = say(language, "mail.hello", name=name)
    if len(games) == 1:
        subject = say(
            language,
            f"mail_notices.{notice}.subject",
            game=game_with(language, games[0].game, games[0].others),
        )
    else:
        subject = say(language, f"mail_notices.{notice}.subject_many", n=len(games))
    body = say(language, f"mail_notices.{notice}.body" + ("" if len(games) == 1 else "_many"))
    lines = [(_line(notice, language, waiting), f"{public_url}/game/{waiting.game_id}") for waiting in games]
    why = say(language, "mail_notices.why", choice=say(language, f"prefs.mail_{notice}"))
    stop = say(language, "mail_notices.off")
    listed = "\n".join(f"- {words}: {link}" for words, link in lines)
    items = "".join(f'<li><a href="{escape(link)}">{escape(words)}</a></li>' for words, link in lines)
    html = (
        f"<p>{escape(hello)}</p><p>{escape(body)}</p><ul>{items}</ul>"
        f'<p>{escape(why)}<br><a href="{escape(off)}">{escape(stop)}</a></p>'
    )
    text = f"{hello}\n\n{body}\n\n{listed}\n\n{why}\n{stop} {off}"
    message = site_mail(subject, language, sender, to, public_url, text, html)
    message["List-Unsubscribe"] = f"<{off}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    return message


def _line(notice: str, language: str, waiting: Waiting) -> str:
    """A game as the mail lists it: with whom, and for a time running out, the time left."""
    game = game_with(language, waiting.game, waiting.others)
    if notice != "time_short":
        return game
    return say(language, "mail_notices.time_left", game=game, time=time_words(language, waiting.seconds_left))
