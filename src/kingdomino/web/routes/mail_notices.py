"""The mailed notices of games by the day over HTTP (``web.mail_notices``): ``GET`` and ``PUT
/api/account/mail/notices``, the account's choice, offered when the server sends mail and the
account has a verified address; and ``/mail/unsubscribe?token=``, the link each such mail
carries, which turns its notice off without logging in: ``GET`` shows a page that asks (a mail
scanner that fetches the link turns nothing off), ``POST`` turns it off, from that page's button
or a mail program's one click (RFC 8058: no ``Origin`` to check, the signed token is the
authority). The link of a mail older than the notice's last turning on turns nothing off: its
page says so (409).
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from limits import parse
from pydantic import Field
from starlette.requests import HTTPConnection

from kingdomino.web import mail_notices
from kingdomino.web.mail_notice_sweep import MailNotices
from kingdomino.web.preferences import Language, Strict, preferences_of
from kingdomino.web.push_texts import say
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import LoggedIn, limited, same_origin
from kingdomino.web.routes.dependencies import Client
from kingdomino.web.routes.mail import MailDep

router = APIRouter()

#: Changes and unsubscribing links a client may send, in a moving window.
CHANGES = parse("30/minute")


class NoticesRequest(Strict):
    """The notices to turn on or off (those not named are kept), and the page's language."""

    turns: bool | None = Field(default=None, description="Mail me when it is my move (a game by the day).")
    time_short: bool | None = Field(default=None, description="Mail me when a game's time is running out.")
    language: Language = Field(default="en", description="The mails' language unless the account chose one.")


def notices_of(connection: HTTPConnection) -> MailNotices:
    """The app's mailed notices (``create_app`` puts them in the app's state)."""
    notices: MailNotices = connection.app.state.mail_notices
    return notices


NoticesDep = Annotated[MailNotices, Depends(notices_of)]


@router.get("/api/account/mail/notices")
async def read(account: LoggedIn, notices: NoticesDep, mail: MailDep) -> dict[str, Any]:
    """Whether the notices are offered (the server sends mail), whether the account has a verified
    address, and which notices it chose."""
    address = (await asyncio.to_thread(mail.address_of, account.id))["address"]
    chosen = await asyncio.to_thread(mail_notices.choices_of, notices.store, account.id)
    return {"available": notices.available, "verified": address is not None, **chosen}


@router.put("/api/account/mail/notices")
async def write(
    body: NoticesRequest,
    request: Request,
    account: LoggedIn,
    notices: NoticesDep,
    mail: MailDep,
    client: Client,
) -> dict[str, Any]:
    """Turn the notices named on or off. 503 ``mail_unavailable``; turning one on without a
    verified address, 409 ``mail_notice_no_address``."""
    same_origin(request)
    await limited(request, "mail_notices", client, CHANGES)
    mail.check_available()
    chosen: dict[str, object] = {n: on for n in mail_notices.NOTICES if (on := getattr(body, n)) is not None}
    address = (await asyncio.to_thread(mail.address_of, account.id))["address"]
    if address is None and any(chosen.values()):
        message = "verify an e-mail address first: the notices go to it"
        raise HubError(409, "address", message, "mail_notice_no_address")
    changed: dict[str, object] = {**chosen, "language": body.language} if chosen else {}
    after = await asyncio.to_thread(mail_notices.choose, notices.store, account.id, changed)
    return {"available": True, "verified": address is not None, **after}


@router.get("/mail/unsubscribe", include_in_schema=False)
async def ask(request: Request, notices: NoticesDep, client: Client, token: str = "") -> HTMLResponse:
    """The page a mail's link opens: what it turns off, and the button that does."""
    await limited(request, "unsubscribe", client, CHANGES)
    return await asyncio.to_thread(_answer, notices, token, False)


@router.post("/mail/unsubscribe", include_in_schema=False)
async def turn_off(request: Request, notices: NoticesDep, client: Client, token: str = "") -> HTMLResponse:
    """Turn the link's notice off: its page's button, or a mail program's one click."""
    await limited(request, "unsubscribe", client, CHANGES)
    return await asyncio.to_thread(_answer, notices, token, True)


def _answer(notices: MailNotices, token: str, done: bool) -> HTMLResponse:
    """The page of ``token``'s link: a link not signed here is refused (400), an older mail's
    one (the notice turned on again since) too (409); else the question (``done`` False) or, the
    notice turned off, the answer, in the account's language."""
    found = mail_notices.read_token(notices.store, token[:128])
    if found is None:
        return _page("en", say("en", "mail_notices.link_invalid"), None, 400)
    account_id, notice, count = found
    language = preferences_of(notices.store, account_id).language or mail_notices.language_of(
        notices.store, account_id
    )
    choice = say(language, f"prefs.mail_{notice}")
    older = (
        not mail_notices.turn_off(notices.store, account_id, notice, count)
        if done
        else mail_notices.older_link(notices.store, account_id, notice, count)
    )
    if older:
        return _page(language, say(language, "mail_notices.link_older", choice=choice), None, 409)
    words = say(language, "mail_notices.turned_off" if done else "mail_notices.confirm", choice=choice)
    return _page(language, words, None if done else token, 200)


def _page(language: str, words: str, token: str | None, status: int) -> HTMLResponse:
    """A small page of its own (no script): ``words``, and the button that posts ``token``."""
    title, button = (
        escape(say(language, "mail_notices.title")),
        escape(say(language, "mail_notices.confirm_button")),
    )
    form = (
        f'<form method="post" action="/mail/unsubscribe?token={escape(token)}">'
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
        f'<button type="submit" id="unsubscribe">{button}</button></form>'
        if token is not None
        else f'<p><a href="/account/preferences">{escape(say(language, "prefs.title"))}</a></p>'
    )
    html = (
        f'<!DOCTYPE html><html lang="{escape(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{title}</title><link rel="stylesheet" href="/static/style.css"></head>'
        '<body><header class="top"><a href="/" class="brand">\u265b Kingdomino family</a></header>'
        f'<main><section class="card unsubscribe"><h1>{title}</h1><p id="said">{escape(words)}</p>{form}'
        "</section></main></body></html>"
    )
    return HTMLResponse(
        html, status_code=status, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    )
