"""The inbox over HTTP (``web.inbox_store``): the logged-in account's notifications, the latest
first a page at a time with the count of those unread, and marking one or all of them read.

They are an account's: a guest is refused 401 ``inbox_guest``; marking read from another site's
page is refused (``Origin``); each request counts against the client's ``INBOX`` rate, as the
other account requests count against theirs. Database reads and writes run in a thread.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from limits import parse
from pydantic import Field

from kingdomino.web import inbox_store
from kingdomino.web.accounts import Account
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import account_required, limited, same_origin
from kingdomino.web.routes.bodies import MAX_ROW_ID, Body
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Inbox requests a client may send, in a moving window: a page reads it once a minute, when it
#: is seen again and when its bell is opened; a script asking in a loop meets it.
INBOX = parse("60/minute")


_reader = account_required("log in to read your notifications: they are an account's", "inbox_guest")
Reader = Annotated[Account, Depends(_reader)]


class ReadRequest(Body):
    """Which notification to mark read: ``id``, or every one if it is left out."""

    id: int | None = Field(
        default=None, ge=1, le=MAX_ROW_ID, description="The notification's `id`; left out: every one."
    )


@router.get("/api/account/notifications")
async def notifications(
    request: Request,
    account: Reader,
    hub: HubDep,
    client: Client,
    limit: Annotated[int, Query(ge=1, le=inbox_store.MAX_PAGE)] = 20,
    before: Annotated[
        int | None, Query(ge=1, le=MAX_ROW_ID, description="The next page: the entries before this id.")
    ] = None,
) -> dict[str, Any]:
    """Your notifications, the latest first: `unread` (how many are), `entries` (each `id`,
    `kind`, `params`, `at`, `read`, and `token`: your seat's in a game you play that goes on) and
    `more` (older ones follow: ask again with `before` the last id)."""
    await limited(request, "inbox", client, INBOX)
    return await asyncio.to_thread(inbox_store.entries, hub.store, account.id, before, limit, time.time())


@router.post("/api/account/notifications/read")
async def mark_read(
    request: Request, account: Reader, hub: HubDep, client: Client, body: ReadRequest | None = None
) -> dict[str, Any]:
    """Mark the notification `id` read, or every one when `id` is left out (or no body is sent):
    `marked` says how many were unread. An `id` not yours is refused 404 `no_notification`."""
    same_origin(request)
    await limited(request, "inbox", client, INBOX)
    entry = body.id if body is not None else None
    if entry is not None and not await asyncio.to_thread(inbox_store.has_entry, hub.store, account.id, entry):
        raise HubError(404, "id", f"you have no notification {entry}", "no_notification", {"id": entry})
    return {"marked": await asyncio.to_thread(inbox_store.mark_read, hub.store, account.id, entry)}
