"""Clubs over HTTP (``web.clubs``, ``web.club_views``): create one, read its page (anyone), join,
leave or ask to join it, and its leaders' acts: answer requests, give the lead, remove members,
change its description and admission, close it; the logged-in account's clubs, a player's, the
biggest. Every change is a logged-in account's (401 ``clubs_guest``), refused from another site's
page (``Origin``) and limited per client as the other account requests are. Database reads and
writes run in a thread, off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse
from limits import parse
from pydantic import Field

from kingdomino.ratings.pools import pool_names
from kingdomino.web import club_views, clubs, relations, standings
from kingdomino.web.accounts import Account
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import CurrentAccount, account_required, limited, same_origin
from kingdomino.web.routes.app_pages import page
from kingdomino.web.routes.bodies import Body
from kingdomino.web.routes.dependencies import Client, HubDep

router = APIRouter()

#: Clubs a client may create, and the other changes it may ask for, in a moving window: a club's
#: clicks are far fewer, a script's loop meets them.
CREATIONS = parse("5/minute")
ACTS = parse("30/minute")
#: Clubs' pages and lists a client may read, in a moving window: a page of a club of 2,000
#: members holds a database thread about 35 ms and answers 350 kB, a script's loop of them would
#: hold the threads and the network; a club of 30 people behind one address, each reading a page
#: every ten seconds, reads 180.
READS = parse("300/minute")

Admission = Literal["open", "request"]


_member = account_required("log in to join or run a club: clubs are accounts'", "clubs_guest")
Member = Annotated[Account, Depends(_member)]


class ClubRequest(Body):
    """A new club."""

    name: str = Field(min_length=1, max_length=64, description="Its name, unique as accounts' names are.")
    description: str = Field(default="", max_length=4000, description="At most 500 characters, 20 lines.")
    admission: Admission = Field(
        default="open", description="`open`: anyone joins; `request`: its leaders accept each request."
    )


class ClubChange(Body):
    """A leader's change of the club (a field left out stays as it was)."""

    description: str | None = Field(default=None, max_length=4000, description="The new description.")
    admission: Admission | None = Field(default=None, description="`open` or `request`.")


class RoleRequest(Body):
    """A leader's choice of a member's role."""

    role: Literal["leader", "member"] = Field(description="`member` (accepts a request) or `leader`.")


async def _act(request: Request, client: str, rate: Any = ACTS) -> None:
    same_origin(request)
    await limited(request, "club", client, rate)


async def _account_id(hub: HubDep, name: str) -> int:
    found = await asyncio.to_thread(standings.account_named, hub.store, name)
    if found is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    return found[0]


@router.get("/club/{name}", include_in_schema=False)
async def club_page(name: str, request: Request) -> HTMLResponse:
    del name
    return page("club.js", request)


@router.post("/api/clubs", status_code=201)
async def create(
    body: ClubRequest, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Create a club, which you lead. Refused when its name reads or looks as another club's, has
    a "/", beyond 3 clubs you created and 20 you are in."""
    await _act(request, client, CREATIONS)
    name = await asyncio.to_thread(
        clubs.create, hub.store, account.id, body.name, body.description, body.admission
    )
    return {"name": name, "role": "leader"}


@router.get("/api/clubs")
async def listing(
    request: Request,
    hub: HubDep,
    client: Client,
    member: Annotated[str | None, Query(description="A player's name: their clubs.")] = None,
) -> dict[str, Any]:
    """The clubs with the most members (at most 100), or the clubs of the player `member` (their
    role in each; requests to join are not shown). Counted with the clubs' pages (300 a minute
    per client: 429 `too_many_tries`)."""
    await limited(request, "club_read", client, READS)
    if member is None:
        return {"clubs": await asyncio.to_thread(club_views.listed, hub.store)}
    found = await asyncio.to_thread(club_views.clubs_of, hub.store, await _account_id(hub, member))
    return {"clubs": [{k: v for k, v in c.items() if k != "requests"} for c in found if c["role"] != "asked"]}


@router.get("/api/account/clubs")
async def mine(
    account: Member, hub: HubDep, leading: Annotated[bool, Query(description="Only those you lead.")] = False
) -> dict[str, Any]:
    """Your clubs (and those you ask to join: role `asked`), each with its members' count and, where
    you lead, the requests waiting."""
    found = await asyncio.to_thread(club_views.clubs_of, hub.store, account.id, leading)
    return {"clubs": found, "max": clubs.MAX_CLUBS}


@router.get("/api/clubs/{name}")
async def club(
    name: str,
    request: Request,
    hub: HubDep,
    client: Client,
    account: CurrentAccount,
    pool: Annotated[str | None, Query(description="The pool its members are ranked in.")] = None,
) -> dict[str, Any]:
    """A club's page: its description and admission, its members ranked by rating in `pool` (else
    the pool where most of them are rated), the public games they play now (`playing`: not
    those where an account sits that you block or that blocks you), its members-only
    tournaments, `you` (your role: `leader`, `member`, `asked` or null) and, for a leader, the
    `requests` to join waiting. At most 300 a minute per client, with the lists of
    clubs (429 `too_many_tries`)."""
    await limited(request, "club_read", client, READS)
    if pool is not None and pool not in pool_names():
        raise HubError(
            404, "pool", f"expected one of {', '.join(pool_names())}, got {pool!r}", "no_pool", {"pool": pool}
        )
    found = await asyncio.to_thread(clubs.find, hub.store, name, account.id if account else None)
    apart = await asyncio.to_thread(relations.kept_apart, hub.store, account.id) if account else set()
    return await asyncio.to_thread(club_views.club_page, hub.store, found, pool, frozenset(apart))


@router.patch("/api/clubs/{name}")
async def change(
    name: str, body: ClubChange, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """A leader changes the club's description or admission."""
    await _act(request, client)
    await asyncio.to_thread(clubs.describe, hub.store, name, account.id, body.description, body.admission)
    return {"ok": True}


@router.delete("/api/clubs/{name}")
async def close(name: str, request: Request, account: Member, hub: HubDep, client: Client) -> dict[str, Any]:
    """A leader closes the club (refused while a members-only tournament of it is open or running)."""
    await _act(request, client)
    return {"name": await asyncio.to_thread(clubs.close, hub.store, name, account.id), "closed": True}


@router.post("/api/clubs/{name}/join")
async def join(name: str, request: Request, account: Member, hub: HubDep, client: Client) -> dict[str, Any]:
    """Join an open club, or ask to join one by request: `role` is `member` or `asked`."""
    await _act(request, client)
    return {"role": await asyncio.to_thread(clubs.join, hub.store, name, account.id)}


@router.post("/api/clubs/{name}/leave")
async def leave(name: str, request: Request, account: Member, hub: HubDep, client: Client) -> dict[str, Any]:
    """Leave the club, or take back your request (`changed` false: you were not in it). Refused to
    its last leader: make another member a leader first, or close the club."""
    await _act(request, client)
    return {"changed": await asyncio.to_thread(clubs.leave, hub.store, name, account.id)}


@router.put("/api/clubs/{name}/members/{player}")
async def set_role(
    name: str, player: str, body: RoleRequest, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """A leader accepts `player`'s request (`role`: `member`), makes a member a leader, or takes
    the lead back (the last leader keeps it). `was`: the role they had."""
    await _act(request, client)
    other = await _account_id(hub, player)
    was = await asyncio.to_thread(clubs.set_role, hub.store, name, account.id, other, body.role)
    return {"name": player, "role": body.role, "was": was}


@router.delete("/api/clubs/{name}/members/{player}")
async def remove(
    name: str, player: str, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """A leader removes `player` from the club, or refuses their request: `was`, the role they had
    (null: they were not in it)."""
    await _act(request, client)
    other = await _account_id(hub, player)
    return {"name": player, "was": await asyncio.to_thread(clubs.remove, hub.store, name, account.id, other)}


@router.delete("/api/clubs/{name}/bars/{player}")
async def lift(
    name: str, player: str, request: Request, account: Member, hub: HubDep, client: Client
) -> dict[str, Any]:
    """A leader lets `player`, whom the club turned away, join or ask again before the 30 days
    end: `lifted` (false: they were not kept out)."""
    await _act(request, client)
    other = await _account_id(hub, player)
    return {"name": player, "lifted": await asyncio.to_thread(clubs.lift, hub.store, name, account.id, other)}
