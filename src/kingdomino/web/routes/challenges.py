"""Challenges over HTTP: challenge one to three accounts by name to a game, list the challenges
waiting, accept or decline one (``web.challenges``). A challenge is an account's act, so each
request needs the ``kd_session`` cookie, and a foreign ``Origin`` is refused; challenges are
opened within the limit of games opened per client a minute (``games.OPEN_GAMES``)."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from limits import parse

from kingdomino.web import challenges, preferences, relations, views
from kingdomino.web.accounts import Account
from kingdomino.web.hub import Hub
from kingdomino.web.open_seats import Seeker
from kingdomino.web.push_events import challenge_made
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import LoggedIn, account_required, limited, same_origin
from kingdomino.web.routes.bodies import ChallengeRequest, DeclineRequest
from kingdomino.web.routes.dependencies import Client, HubDep
from kingdomino.web.routes.games import OPEN_GAMES
from kingdomino.web.routes.open_games import JOINS, seated
from kingdomino.web.seats import SeatPlayer

router = APIRouter()


#: The challenges one account makes another in a moving hour, called off or not: each is a push
#: to the other's browsers and a line in their lobby, and a challenger who calls off and challenges
#: again in a loop reached them ten times a minute (the client's games opened).
PAIR_CHALLENGES = parse("5/hour")


async def not_again(request: Request, challenger: int, challenged: list[SeatPlayer]) -> None:
    """Refuse ``challenger`` a challenge to an account of ``challenged`` it challenged
    ``PAIR_CHALLENGES`` times already: 429 ``challenged_again``, naming it."""
    for other in challenged:
        try:
            await limited(request, "challenge_pair", f"{challenger}>{other.id}", PAIR_CHALLENGES)
        except HubError:
            message = f"you challenged {other.name} too often in the last hour: try again later"
            raise HubError(429, "name", message, "challenged_again", {"name": other.name}) from None


#: The challenges one account receives in a moving hour from all the accounts it does not follow:
#: each pair is bound (``PAIR_CHALLENGES``), but many accounts, each within its own bound, still
#: sent one player's browsers a push each. The accounts it follows reach it beyond the bound, so
#: strangers who fill it cannot keep its friends from challenging it.
TARGET_CHALLENGES = parse("20/hour")


async def not_flooded(request: Request, hub: Hub, challenger: int, challenged: list[SeatPlayer]) -> None:
    """Refuse a challenge to an account of ``challenged`` that accounts it does not follow
    challenged ``TARGET_CHALLENGES`` times already: 429 ``challenged_too_much``, naming it."""
    for other in challenged:
        known = await asyncio.to_thread(relations.relation, hub.store, other.id, challenger)
        if known["following"]:
            continue
        try:
            await limited(request, "challenged", str(other.id), TARGET_CHALLENGES)
        except HubError:
            message = f"{other.name} was challenged too often in the last hour: try again later"
            raise HubError(429, "name", message, "challenged_too_much", {"name": other.name}) from None


#: The challenging account, as a route's parameter.
_challenger = account_required(
    "log in to challenge a player: a challenge is between accounts", "challenge_guest"
)
Challenger = Annotated[Account, Depends(_challenger)]


@router.post("/api/challenges", status_code=201)
async def challenge(
    body: ChallengeRequest, request: Request, hub: HubDep, client: Client, account: Challenger
) -> dict[str, Any]:
    """Challenge the accounts named (`name`, or one to three `names`) to a game of you and them:
    the answer is the new game's, as a creation's (`POST /api/games`: your seat 0 and its token);
    each other seat waits for its account alone, listed to nobody else (a bot's account too: it
    answers through the same requests), and the game starts once all have accepted. Refused for a
    guest (401), yourself, a name with no account or named twice, other than one player named for
    each other seat, a challenge to the same player still waiting, too many challenges waiting
    from you or for one of them, a player whose preferences take no challenge from you, and one
    you challenged 5 times in the last hour (`challenged_again`), and one challenged 20 times in
    the last hour by accounts it does not follow (`challenged_too_much`)."""
    same_origin(request)
    names = body.named()
    challenges.check_players(body.players, len(names))
    challenged = await challenges.challenged_accounts(hub, account, names)
    named = {other.id: other.name for other in challenged}
    await asyncio.to_thread(relations.apart, hub.store, account.id, named, "challenge_refused")
    await asyncio.to_thread(preferences.check_challenge, hub.store, account.player(), challenged)
    await not_again(request, account.id, challenged)
    await not_flooded(request, hub, account.id, challenged)
    await limited(request, "open_game", client, OPEN_GAMES)
    table = await hub.create(
        body.game,
        body.players,
        dict(body.options),
        [{"kind": "human", "name": ""}, *({"kind": "open", "for": other} for other in challenged)],
        client=client,
        rated=body.rated,
        wait_minutes=body.wait_minutes,
        account=account.player(),
        time_control=body.time_control.spec() if body.time_control else None,
        public=body.public,
        takebacks=body.takebacks,
    )
    challenge_made(hub.pusher, table)
    return views.created(table)


@router.get("/api/challenges")
async def waiting(account: LoggedIn, hub: HubDep) -> dict[str, Any]:
    """The challenges waiting that the logged-in account made or was made, the oldest first, as
    `WS /ws/lobby` lists them (`to_you`: it waits for your answer)."""
    return {"challenges": hub.lobby.challenges_of(account.id)}


@router.post("/api/challenges/{game_id}/accept")
async def accept(
    game_id: str, request: Request, account: LoggedIn, hub: HubDep, client: Client
) -> dict[str, Any]:
    """Accept a challenge to you: you take the seat kept for you, and the game starts if every
    other challenged player has accepted too; the answer is a join's (`id`, `seat`, `token`,
    `started`)."""
    same_origin(request)
    await limited(request, "join", client, JOINS)
    challenges.kept_seat(hub.table(game_id), account)
    table, seat, token = await hub.join(game_id, Seeker(account.player()), client)
    return seated(table.id, seat, token, table.stored.status == "playing")


@router.post("/api/challenges/{game_id}/decline")
async def decline(
    game_id: str, request: Request, account: LoggedIn, hub: HubDep, body: DeclineRequest | None = None
) -> dict[str, Any]:
    """Decline a challenge to you, with a `reason` if you say one (one you accepted too, while
    others have still to answer): the game ends unplayed for all its players, no result and no
    rating; their pages say you declined, and why (the view's `wait_ended`: `declined`, your seat
    marked `declined`, and `decline_reason`)."""
    same_origin(request)
    await challenges.decline(hub, game_id, account, body.reason if body else None)
    return {"ok": True}
