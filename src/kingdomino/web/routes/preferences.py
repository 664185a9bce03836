"""An account's preferences over HTTP (``web.preferences``): ``GET /api/account/preferences``
reads them, ``PUT`` sets those its body names and keeps the others.

They are an account's: a guest is refused 401 ``preferences_guest`` (a guest's page keeps its
settings in the browser). A change from another site's page is refused (``Origin``), and changes
are limited per client (``CHANGES``) as the other account requests are. The database is read and
written in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from limits import parse

from kingdomino.web import preferences
from kingdomino.web.accounts import Account
from kingdomino.web.preferences import Preferences
from kingdomino.web.routes.accounts import account_required, limited, same_origin
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Changes a client may send, in a moving window: a page writes one per click, a script meets it.
CHANGES = parse("30/minute")


_owner = account_required(
    "log in to keep preferences on the server: a guest's page keeps them in its browser", "preferences_guest"
)
Owner = Annotated[Account, Depends(_owner)]


@router.get("/api/account/preferences")
async def read(account: Owner, hub: HubDep) -> dict[str, Any]:
    """Your preferences: who may challenge you, your chat, and the page's settings."""
    found = await asyncio.to_thread(preferences.preferences_of, hub.store, account.id)
    return found.model_dump()


@router.put("/api/account/preferences")
async def write(
    body: Preferences, request: Request, account: Owner, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Set the preferences the body names (the others are kept); the answer is all of them. An
    unknown key or a wrong value is refused 422, naming the field and what it takes."""
    same_origin(request)
    await limited(request, "preferences", client, CHANGES)
    changed = await asyncio.to_thread(preferences.change, hub.store, account.id, body)
    return changed.model_dump()
