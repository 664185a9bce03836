"""An account's e-mail address and a forgotten password over HTTP (``mail_links``): the address
an account adds and verifies, "Forgot your password?" and the page its link opens.

Each refuses a foreign ``Origin`` and is limited per client (``routes.accounts.limited``).
``POST /api/account/forgot`` answers at once, the same words whether the name or address has an
account or not, and does its work (a read, a link written, a mail queued) after the answer, so
that neither its words nor its time tell an asker which accounts exist; it is limited per client
(``FORGOTTEN``) and per name or address asked (``FORGOTTEN_PER_NAME``), and the account behind it
is mailed at most ``mail_links.MAILS_PER_HOUR`` links an hour. Without the operator's mail
settings each answers 503 ``mail_unavailable`` (the page says so and offers none of it).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request, Response
from fastapi.responses import HTMLResponse
from limits import parse
from pydantic import Field
from starlette.requests import HTTPConnection

from kingdomino.web.failures import log_failure
from kingdomino.web.mail_links import Mail
from kingdomino.web.preferences import Language
from kingdomino.web.routes.accounts import (
    LoggedIn,
    account_json,
    keep_session,
    limited,
    same_origin,
)
from kingdomino.web.routes.app_pages import page
from kingdomino.web.routes.bodies import Body
from kingdomino.web.routes.dependencies import Client
from kingdomino.web.seats import clean_name, name_key

router = APIRouter()

#: "Forgot your password?" asked by one client, and for one name or address from any client.
FORGOTTEN = parse("10/hour")
FORGOTTEN_PER_NAME = parse("5/hour")


class AddressRequest(Body):
    """An address to verify as the account's, its password confirming the change."""

    address: str = Field(max_length=320, description="The address (the common form: `name@example.org`).")
    password: str = Field(max_length=1024, description="The account's password now.")
    language: Language = Field(default="en", description="The mail's language unless the account chose one.")


class RemoveRequest(Body):
    """The account's password, confirming that its address is removed."""

    password: str = Field(max_length=1024, description="The account's password now.")


class TokenRequest(Body):
    """The token of a mailed link."""

    token: str = Field(max_length=128, description="The token the link carries.")


class ForgotRequest(Body):
    """Who forgot their password: the account's name or its verified address."""

    name: str = Field(
        min_length=1, max_length=320, description="The account's name, or its verified address."
    )
    language: Language = Field(default="en", description="The mail's language unless the account chose one.")


class ResetRequest(Body):
    """A reset link's token and the new password."""

    token: str = Field(max_length=128, description="The token the link carries.")
    new_password: str = Field(max_length=1024, description="8 to 256 characters.")


def mail_of(connection: HTTPConnection) -> Mail:
    """The app's mail (``create_app`` puts it in the app's state)."""
    mail: Mail = connection.app.state.mail
    return mail


MailDep = Annotated[Mail, Depends(mail_of)]


@router.get("/api/mail")
async def mail_offered(mail: MailDep) -> dict[str, bool]:
    """Whether this server sends mail (its operator's ``--smtp-url``): the page offers "Forgot
    your password?" and an address only then."""
    return {"available": mail.available}


@router.get("/api/account/mail")
async def address(mail: MailDep, account: LoggedIn) -> dict[str, Any]:
    """Whether the server sends mail, the account's verified address and when it was verified
    (null: none), and the address a mailed link waits to verify (null: none)."""
    found = await asyncio.to_thread(mail.address_of, account.id)
    return {"available": mail.available, **found}


@router.post("/api/account/mail", status_code=202)
async def add_address(
    body: AddressRequest, request: Request, mail: MailDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Mail a link to verify ``address`` as the account's (24 hours, once); the address counts
    from then on. 403 ``password_wrong``, 422 ``mail_address``, 429 ``too_many_mails``."""
    same_origin(request)
    mail.check_available()
    await limited(request, "mail", client)
    pending = await asyncio.to_thread(mail.ask_verify, account, body.password, body.address, body.language)
    return {"pending": pending}


@router.post("/api/account/mail/remove")
async def remove_address(
    body: RemoveRequest, request: Request, mail: MailDep, account: LoggedIn, client: Client
) -> dict[str, Any]:
    """Remove the account's verified address (and a link waiting to verify one): `removed` false
    when it had none. The address removed is told by mail. 403 ``password_wrong``."""
    same_origin(request)
    await limited(request, "mail", client)
    return {"removed": await asyncio.to_thread(mail.remove, account, body.password)}


@router.post("/api/account/verify")
async def verify(body: TokenRequest, request: Request, mail: MailDep, client: Client) -> dict[str, Any]:
    """Follow a verifying link: its address is its account's from now on (no login needed: the
    link may be opened on another device). 400 ``mail_link_invalid``, 409 ``mail_address_taken``."""
    same_origin(request)
    await limited(request, "verify", client)
    return {"address": await asyncio.to_thread(mail.verify, body.token)}


@router.post("/api/account/forgot", status_code=202)
async def forgot(
    body: ForgotRequest, request: Request, mail: MailDep, client: Client, later: BackgroundTasks
) -> dict[str, Any]:
    """Mail a link to choose a new password to the verified address of the account named (by its
    name or that address), if there is one: the same answer either way (the module)."""
    same_origin(request)
    mail.check_available()
    asked = body.name.strip()
    await limited(request, "forgot", client, FORGOTTEN)
    key = asked.lower() if "@" in asked else name_key(clean_name(asked))
    await limited(request, "forgot_name", key, FORGOTTEN_PER_NAME)

    def look_up() -> None:
        try:
            mail.forgot(asked, body.language)
        except Exception as error:
            log_failure(error, "mailing a forgotten password's link")

    later.add_task(look_up)
    return {"sent": True}


@router.post("/api/account/reset")
async def reset(
    body: ResetRequest,
    request: Request,
    response: Response,
    mail: MailDep,
    client: Client,
) -> dict[str, Any]:
    """Choose a new password with a reset link (an hour, once): every session of the account
    ends, and this browser is logged in. 400 ``mail_link_invalid``, 400 ``password_length``."""
    same_origin(request)
    await limited(request, "reset", client)
    account, token = await asyncio.to_thread(mail.reset, body.token, body.new_password)
    keep_session(response, request, token)
    return {"account": account_json(account)}


@router.get("/account/verify", include_in_schema=False)
@router.get("/account/reset", include_in_schema=False)
async def link_page(request: Request) -> HTMLResponse:
    """The page a mailed link opens (``static/account-mail-page.js``): it sends the link's token
    when its reader confirms, so that a mail scanner fetching the link uses nothing."""
    return page("account-mail-page.js", request)
