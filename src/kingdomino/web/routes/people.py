"""Following and blocking accounts over HTTP (``web.relations``): the logged-in account follows
or blocks another by name, lists whom it follows (with what each does now) and whom it blocks,
and reads what it did about one account (its player page's buttons).

Each is an account's act: a guest is refused 401 ``relations_guest``; a change from another
site's page is refused (``Origin``), and changes are limited per client (``RELATIONS``) as the
other account requests are. Database reads and writes run in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from limits import parse

from kingdomino.web import challenges, relations, standings
from kingdomino.web.accounts import Account
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import account_required, limited, same_origin
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Follows, unfollows, blocks and unblocks a client may send, in a moving window: a page's
#: clicks are far fewer, a script walking the accounts meets it.
RELATIONS = parse("30/minute")


_member = account_required("log in to follow or block players: they are accounts' lists", "relations_guest")
Member = Annotated[Account, Depends(_member)]


async def _changed(
    request: Request, hub: HubDep, client: Client, account: Account, name: str, verb: str
) -> relations.Other:
    """The account ``name`` that ``account`` follows or blocks (``verb``), once the request's
    origin and the client's rate are checked."""
    same_origin(request)
    await limited(request, "relations", client, RELATIONS)
    return await asyncio.to_thread(relations.other_account, hub.store, account.id, name, verb)


@router.get("/api/account/following")
async def following(account: Member, hub: HubDep) -> dict[str, Any]:
    """The accounts you follow, by name, each with the public games it plays now (`playing`, each
    with its `watch` page) and when its latest finished game began (`last_played`)."""
    found = await asyncio.to_thread(relations.following_list, hub.store, account.id)
    return {"following": found, "max": relations.MAX_FOLLOWING}


@router.put("/api/account/following/{name:path}")
async def follow(name: str, request: Request, account: Member, hub: HubDep, client: Client) -> dict[str, Any]:
    """Follow the account `name` (a bot's too): `changed` false if you already did. Refused for
    yourself, a name with no account, while either of you blocks the other, and beyond 500."""
    other = await _changed(request, hub, client, account, name, "follow")
    changed = await asyncio.to_thread(relations.follow, hub.store, account.id, other)
    return {"name": other.name, "following": True, "changed": changed}


@router.delete("/api/account/following/{name:path}")
async def unfollow(
    name: str, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Stop following the account `name`: `changed` false if you did not follow it."""
    other = await _changed(request, hub, client, account, name, "follow")
    changed = await asyncio.to_thread(relations.unfollow, hub.store, account.id, other)
    return {"name": other.name, "following": False, "changed": changed}


@router.get("/api/account/blocked")
async def blocked(account: Member, hub: HubDep) -> dict[str, Any]:
    """The accounts you block, by name."""
    found = await asyncio.to_thread(relations.blocked_list, hub.store, account.id)
    return {"blocked": found, "max": relations.MAX_BLOCKING}


@router.put("/api/account/blocked/{name:path}")
async def block(name: str, request: Request, account: Member, hub: HubDep, client: Client) -> dict[str, Any]:
    """Block the account `name`: it can no longer challenge you (its challenges waiting for your
    answer are declined), quick pairing never seats you together, neither joins an open game the
    other sits at, and neither follows the other."""
    other = await _changed(request, hub, client, account, name, "block")
    changed = await asyncio.to_thread(relations.block, hub.store, account.id, other)
    # Their challenges waiting for your answer are declined, as you would have.
    for game_id, game in list(hub.lobby.games.items()):
        if game["challenged"] and game["creator_account"] == other.id and account.id in game["challenged"]:
            with contextlib.suppress(HubError):  # it ended meanwhile
                await challenges.decline(hub, game_id, account)
    return {"name": other.name, "blocking": True, "changed": changed}


@router.delete("/api/account/blocked/{name:path}")
async def unblock(
    name: str, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Unblock the account `name`: `changed` false if you did not block it."""
    other = await _changed(request, hub, client, account, name, "block")
    changed = await asyncio.to_thread(relations.unblock, hub.store, account.id, other)
    return {"name": other.name, "blocking": False, "changed": changed}


@router.get("/api/account/relations/{name:path}")
async def relation(name: str, account: Member, hub: HubDep) -> dict[str, Any]:
    """What you did about the account `name`: `following`, `blocking` (both false on your own)."""
    found = await asyncio.to_thread(standings.account_named, hub.store, name)
    if found is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    return {"name": found[1], **await asyncio.to_thread(relations.relation, hub.store, account.id, found[0])}
