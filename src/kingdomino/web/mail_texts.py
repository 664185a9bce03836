"""The mails' words: a link to verify an address, a link to choose a new password, a notice to an
address that it is no longer the account's or that the password changed, in plain text and HTML, in
the account's language (the page's own texts, ``static/i18n``, as push notifications read them:
``push_texts.say``). Every value put in the HTML is escaped: a name is its player's to choose."""

from __future__ import annotations

from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from html import escape
from urllib.parse import urlsplit

from kingdomino.web.push_texts import say


def link_mail(
    kind: str, language: str, sender: str, to: str, name: str, link: str, public_url: str
) -> EmailMessage:
    """The mail of ``kind`` (``verify`` or ``reset``) to ``to``, the account ``name``'s, with its
    ``link``; signed with the site's address (``public_url``)."""
    return _mail(kind, language, sender, to, name, public_url, link)


def notice_mail(kind: str, language: str, sender: str, to: str, name: str, public_url: str) -> EmailMessage:
    """The notice of ``kind`` (``address_changed``, ``address_removed``, ``password_changed``) to
    ``to``, the account ``name``'s address until now: what changed and what to do if its owner
    did not change it; no link (a notice is no way in)."""
    return _mail(kind, language, sender, to, name, public_url, None)


def _mail(
    kind: str, language: str, sender: str, to: str, name: str, public_url: str, link: str | None
) -> EmailMessage:
    """The mail of ``kind`` to ``to``: a greeting, what happened, the ``link`` if any (as a button
    and written out), what to do if its owner did not ask, the site's signature."""
    hello = say(language, "mail.hello", name=name)
    body, ignore = say(language, f"mail.{kind}.body", address=to), say(language, f"mail.{kind}.ignore")
    texts = [hello, body, *([link] if link else []), ignore]
    button = (
        f'<p><a href="{escape(link)}">{escape(say(language, f"mail.{kind}.action"))}</a></p>'
        f"<p>{escape(link)}</p>"
        if link
        else ""
    )
    html = f"<p>{escape(hello)}</p><p>{escape(body)}</p>{button}<p>{escape(ignore)}</p>"
    subject = say(language, f"mail.{kind}.subject")
    return site_mail(subject, language, sender, to, public_url, "\n\n".join(texts), html)


#: Written between "=" and "?" in a subject: invisible, and no encoded word begins there.
JOINER = "\u2060"


def plain_subject(subject: str) -> str:
    """``subject`` as its header keeps it word for word. The header's parser reads any
    "=?charset?q?...?=" in it as an encoded word (RFC 2047) and decodes it, line breaks and all, so
    a player named "=?x?q?=0ABcc:...?=" wrote a header of their own into the mail of an opponent's
    move; a word joiner after each "=" before "?" leaves the name as it reads.

    >>> plain_subject("Your move: Kingdomino with =?x?q?=0ABcc:a@b.c?=") == (
    ...     "Your move: Kingdomino with =\u2060?x?q?=0ABcc:a@b.c?="
    ... )
    True
    """
    return subject.replace("=?", f"={JOINER}?")


def site_mail(
    subject: str, language: str, sender: str, to: str, public_url: str, text: str, html: str
) -> EmailMessage:
    """A mail of the site to ``to``: its ``text`` and its ``html`` (escaped by the caller), each
    signed with the site's address, with the headers every mail of the site has (in ``language``,
    sent by a machine: ``Auto-Submitted``, which auto-replies heed)."""
    signed = say(language, "mail.signature", site=public_url)
    signature = say(language, "mail.signature", site=urlsplit(public_url).netloc)
    message = EmailMessage()
    message["Subject"] = plain_subject(subject)
    message["From"] = sender
    message["To"] = Address(addr_spec=to)
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=urlsplit(public_url).hostname)
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(f"{text}\n\n-- \n{signed}\n")
    page = (
        f'<!DOCTYPE html><html lang="{escape(language)}"><body>{html}'
        f'<p>-- <br><a href="{escape(public_url)}">{escape(signature)}</a></p></body></html>'
    )
    message.add_alternative(page, subtype="html")
    message["Content-Language"] = language  # after the parts: setting them drops the Content-* headers
    return message
