"""Players' accounts over HTTP: create one, log in and out, who is logged in, a new password,
close it, download its data.

The session's token travels only in a cookie (HttpOnly, SameSite=Lax), never in an answer's body
or an address: ``__Host-kd_session`` when the page is served over TLS (Secure, the whole site, no
domain: a browser keeps such a cookie only as this host set it over https, so a neighbouring
subdomain or a plain-http answer cannot plant or overwrite one), ``kd_session`` over plain http
(a browser refuses a Secure cookie from http, localhost aside). Both are read, the prefixed one
first: a session kept under the plain name before the prefix (or before the site was served over
https) goes on, and is moved to the prefixed name when the page next asks who is logged in.

These requests change who acts, so a foreign ``Origin`` is refused (a page of another site cannot
log a player in or out), and creating an account or logging in is limited per client
(``LOGINS``), and logging in per account name too (``NAME_LOGINS``), against guessing.
Hashing runs in a thread: the event loop only validates, stores and answers.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request, Response
from limits import RateLimitItem, parse
from limits.aio import storage, strategies
from pydantic import Field
from starlette.requests import HTTPConnection

from kingdomino.web import moderation, vacation
from kingdomino.web.account_export import export
from kingdomino.web.accounts import SESSION_DAYS, Account, Accounts
from kingdomino.web.closed_accounts import sweep
from kingdomino.web.download_name import attachment
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.bodies import Body
from kingdomino.web.routes.dependencies import Client, HubDep
from kingdomino.web.seats import name_key
from kingdomino.web.silence_mark import mark
from kingdomino.web.silences import silenced_until

router = APIRouter()

#: The session's cookie over plain http, and over TLS (``__Host-``: Secure, Path=/, no Domain).
COOKIE = "kd_session"
SECURE_COOKIE = f"__Host-{COOKIE}"
#: Account creations and logins a client may try, in a moving window.
LOGINS = parse("10/minute")
#: Logins to one account name (as it reads, ``seats.name_key``) from any client, in a moving
#: window: guesses spread over many addresses meet it. Counted for names with no account alike,
#: so the refusal does not tell whether the name exists; the cost, an account's owner kept out
#: for up to an hour by someone guessing, is the price of the guesses being few.
NAME_LOGINS = parse("30/hour")


class CredentialsRequest(Body):
    """An account's name and password, to create it or to log in."""

    name: str = Field(max_length=200, description="The account's name (2 to 24 characters once cleaned).")
    password: str = Field(max_length=1024, description="8 to 256 characters.")
    bot: bool = Field(
        default=False, description="A new account is a bot's (`kingdomino bot`): shown as a bot to players."
    )


class CloseRequest(Body):
    """The account's password, confirming that its owner closes it."""

    password: str = Field(max_length=1024, description="The password now.")


class PasswordRequest(Body):
    """The account's password now and the one that replaces it."""

    old_password: str = Field(max_length=1024, description="The password now.")
    new_password: str = Field(max_length=1024, description="8 to 256 characters.")


def accounts_of(connection: HTTPConnection) -> Accounts:
    """The app's accounts (``create_app`` puts them in the app's state)."""
    accounts: Accounts = connection.app.state.accounts
    return accounts


AccountsDep = Annotated[Accounts, Depends(accounts_of)]


def same_origin(request: Request) -> None:
    """Refuse a request a page of another site sent: its ``Origin`` names another host than the
    one it was sent to (the host alone: behind a proxy ending TLS the scheme differs)."""
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host", ""):
        raise HubError(403, "origin", "a request from another site's page is refused", "foreign_origin")


async def limited(request: Request, action: str, client: str, rate: RateLimitItem = LOGINS) -> None:
    """Refuse ``client``'s ``action`` beyond ``rate`` (the app's ``login_rate`` instead when set,
    for the tests), counted by each app, in memory. The asyncio storage: the threaded one started
    a thread for its expiry timer at a request after a quiet spell, 7 ms of a loaded server."""
    state = request.app.state
    if not hasattr(state, "login_tries"):
        state.login_tries = strategies.MovingWindowRateLimiter(storage.MemoryStorage())
    if not await state.login_tries.hit(getattr(state, "login_rate", rate), action, client):
        raise HubError(429, "client", "too many tries: wait a minute and try again", "too_many_tries")


def account_json(account: Account) -> dict[str, Any]:
    return {
        "id": account.id,
        "name": account.name,
        "created": account.created.isoformat(),
        "bot": account.bot,
    }


def over_tls(connection: HTTPConnection) -> bool:
    """Whether the page is served over TLS: the request's own scheme, or the one a trusted proxy
    forwards (``X-Forwarded-Proto``, believed from ``--forwarded-allow-ips`` alone)."""
    return connection.url.scheme in ("https", "wss")


def session_token(connection: HTTPConnection) -> str | None:
    """The session token the request carries: its ``__Host-kd_session`` cookie, else its
    ``kd_session`` (plain http, or kept before the prefix was used); None: no session."""
    return connection.cookies.get(SECURE_COOKIE) or connection.cookies.get(COOKIE) or None


#: The session token of a route's request, as its parameter.
SessionToken = Annotated[str | None, Depends(session_token)]


def keep_session(response: Response, request: Request, token: str) -> None:
    """Keep ``token`` in the session cookie of the request's scheme (``__Host-kd_session`` over
    TLS, the plain name dropped; ``kd_session`` over http)."""
    secure = over_tls(request)
    response.set_cookie(
        SECURE_COOKIE if secure else COOKIE,
        token,
        max_age=SESSION_DAYS * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )
    if secure and COOKIE in request.cookies:
        response.delete_cookie(COOKIE, path="/")


async def logged_in(
    open_session: Callable[[str, str], tuple[Account, str]],
    action: str,
    body: CredentialsRequest,
    request: Request,
    response: Response,
    client: Client,
    also_limited: Callable[[], Awaitable[None]] | None = None,
) -> dict[str, Any]:
    """The account ``open_session`` opens a session of from ``body``'s name and password, its
    token kept in the cookie, once the request's origin and the client's tries (and
    ``also_limited``'s) are checked; whether it is a moderator (its menu links their page)."""
    same_origin(request)
    await limited(request, action, client)
    if also_limited is not None:
        await also_limited()
    account, token = await asyncio.to_thread(open_session, body.name, body.password)
    keep_session(response, request, token)
    moderator = await asyncio.to_thread(moderation.is_moderator, request.app.state.hub.store, account.id)
    return {"account": {**account_json(account), "moderator": moderator}}


@router.post("/api/accounts", status_code=201)
async def create_account(
    body: CredentialsRequest, request: Request, response: Response, accounts: AccountsDep, client: Client
) -> dict[str, Any]:
    """Create an account and log in with it (the session in the `kd_session` cookie); 409 if the
    name is taken or reads as one that is."""
    return await logged_in(
        lambda name, password: accounts.create(name, password, body.bot),
        "create",
        body,
        request,
        response,
        client,
    )


@router.post("/api/session")
async def log_in(
    body: CredentialsRequest, request: Request, response: Response, accounts: AccountsDep, client: Client
) -> dict[str, Any]:
    """Log in: the session in the `kd_session` cookie; 401 for a wrong name or password alike.
    Limited per client and per name (``NAME_LOGINS``), whether the name has an account or not."""

    async def per_name() -> None:
        await limited(request, "login_name", name_key(body.name), NAME_LOGINS)

    return await logged_in(accounts.log_in, "login", body, request, response, client, per_name)


@router.delete("/api/session")
async def log_out(request: Request, response: Response, accounts: AccountsDep) -> dict[str, Any]:
    """Log out: the session ends and its cookies are cleared (under either name). A silenced
    account leaves its silence's mark on the browser (``silence_mark``)."""
    same_origin(request)
    for name in (SECURE_COOKIE, COOKIE):
        session = request.cookies.get(name)
        if session:
            account = await asyncio.to_thread(accounts.account_for, session)
            until = await asyncio.to_thread(silenced_until, accounts.store, account.id if account else None)
            if until is not None:
                mark(response, until, over_tls(request))
            await asyncio.to_thread(accounts.log_out, session)
    clear_session(response)
    return {"account": None}


def clear_session(response: Response) -> None:
    """Clear the session's cookies, under either name."""
    for name in (SECURE_COOKIE, COOKIE):
        response.delete_cookie(name, path="/", secure=name == SECURE_COOKIE, httponly=True)


async def current_account(accounts: AccountsDep, token: SessionToken) -> Account | None:
    """The account logged in with the request's cookie (None: no one)."""
    return await asyncio.to_thread(accounts.account_for, token) if token else None


#: The logged-in account, as a route's parameter.
CurrentAccount = Annotated[Account | None, Depends(current_account)]


def account_required(why: str, code: str) -> Callable[[Account | None], Awaitable[Account]]:
    """The dependency of routes that are an account's: the logged-in account, a guest refused 401
    ``code`` saying ``why`` (each kind of route says why it is an account's).

    >>> member = account_required("log in to join or run a club", "clubs_guest")
    >>> Member = Annotated[Account, Depends(member)]
    """

    async def account_of(account: CurrentAccount) -> Account:
        if account is None:
            raise HubError(401, "session", why, code)
        return account

    return account_of


#: The logged-in account, a guest refused with ``session_ended``, as a route's parameter.
LoggedIn = Annotated[Account, Depends(account_required("log in first: no session here", "session_ended"))]


@router.get("/api/account")
async def who(
    account: CurrentAccount, request: Request, response: Response, token: SessionToken, hub: HubDep
) -> dict[str, Any]:
    """The account logged in with this cookie (`null`: no one, an answer like any other, so that a
        page asking it at every start logs no failed request), with its `vacation` as
        `GET /api/account/vacation` says it (the lobby says an account away that it is) and whether it
    is a `moderator` (its menu links the moderators' page). Over TLS, a
        session still kept under the plain name is moved to the prefixed one."""
    if account is None:
        return {"account": None}
    if token and over_tls(request) and SECURE_COOKIE not in request.cookies:
        keep_session(response, request, token)
    away = await asyncio.to_thread(vacation.state, hub.store, account.id, time.time())
    moderator = await asyncio.to_thread(moderation.is_moderator, hub.store, account.id)
    return {"account": {**account_json(account), "vacation": away, "moderator": moderator}}


@router.post("/api/account/password")
async def change_password(
    body: PasswordRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    client: Client,
    session: SessionToken,
) -> dict[str, Any]:
    """Change the password: every other session of the account ends, this one goes on; the
    account's verified address is told by mail (``mail_links``)."""
    same_origin(request)
    await limited(request, "password", client)
    if not session:
        raise HubError(401, "session", "log in first: no session here", "session_ended")
    token = await asyncio.to_thread(accounts.change_password, session, body.old_password, body.new_password)
    keep_session(response, request, token)
    changed = await asyncio.to_thread(accounts.account_for, token)
    if changed is not None:
        await asyncio.to_thread(request.app.state.mail.tell_password_changed, changed.id)
    return {"changed": True}


@router.post("/api/account/close")
async def close_account(
    body: CloseRequest,
    request: Request,
    response: Response,
    accounts: AccountsDep,
    hub: HubDep,
    client: Client,
    session: SessionToken,
) -> dict[str, Any]:
    """Close the logged-in account, its owner confirming with its password: no login opens it
    again, every session of it ends (this one's cookies cleared), its push subscriptions go, its
    waiting games and challenges are called off (``closed_accounts``). Its name stays taken and
    its finished games stay as played."""
    same_origin(request)
    await limited(request, "close", client)
    if not session:
        raise HubError(401, "session", "log in first: no session here", "session_ended")
    await asyncio.to_thread(accounts.close_own, session, body.password)
    clear_session(response)
    await sweep(hub)
    return {"account": None, "closed": True}


@router.get("/api/account/export")
async def export_account(accounts: AccountsDep, account: LoggedIn) -> Response:
    """The logged-in account's data as a JSON file to download (``account_export``: the account,
    its ratings and their changes, its games with their links, its tournaments, counts of its
    sessions and push subscriptions; no password hash, no seat's token), its file named for the
    account's name and the day (``download_name``)."""
    data = await asyncio.to_thread(export, accounts.store, account.id)
    day = datetime.now(UTC).date().isoformat()
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1),
        media_type="application/json",
        headers={
            "Content-Disposition": attachment(["kingdomino", account.name, day], "json", "account"),
            "Cache-Control": "no-store",
        },
    )
