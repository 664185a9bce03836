"""The games being played that anyone may watch, over HTTP (``live_games``): the list, a page of
it at a time, of every public game or of one player's.

Public: it names no token (a game is watched at its watch link, ``/game/{id}/watch``, without
one), lists public games alone, and bounds what one request costs: the database is read in a
thread, the ranked list once in a few seconds however many ask (``live_games.Lists``), at most
``MAX_CONSIDERED`` games are ranked, and at most ``MAX_PAGE`` described, the event loop serving
others after each game read from the database; a request counts as a game request of its client
(``game_requests``: a flood is refused 429 ``too_many_requests``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query

from kingdomino.games.registry import game_names
from kingdomino.web import relations, standings
from kingdomino.web.game_requests import game_request
from kingdomino.web.live_games import MAX_CONSIDERED, MAX_PAGE, PAGE, apart, described, lists_of
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.accounts import CurrentAccount
from kingdomino.web.routes.dependencies import HubDep

router = APIRouter()


@router.get("/api/live-games", dependencies=[Depends(game_request)])
async def live_games(
    hub: HubDep,
    reader: CurrentAccount,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="Games on the page.")] = PAGE,
    offset: Annotated[
        int, Query(ge=0, lt=MAX_CONSIDERED, description="Games of the list before the page.")
    ] = 0,
    player: Annotated[
        str | None,
        Query(min_length=1, max_length=64, description="Only the games this player (an account) plays."),
    ] = None,
    game: Annotated[
        str | None,
        Query(max_length=32, description="Only the games of one game (`kingdomino`, `duel`, `origins`)."),
    ] = None,
) -> dict[str, Any]:
    """The public games being played, the best player's rating first: `{games, total, offset,
    limit}`, each game with its players (names, ratings, scores), whose turn, the players' moves
    so far, its clocks, how many watch it here and its `watch` link. `player` keeps the games
    an account plays, a closed one's too (404 `no_player` for a name no account has); `game` the
    games of one game (TV's channels: `/tv/duel`). To a logged-in reader, not the games where an
    account sits that the reader blocks or that blocks them (TV reads this list too)."""
    if game is not None and game not in game_names():
        raise HubError(422, "game", f"expected one of {', '.join(game_names())}, got {game!r}")
    account = None
    if player is not None:
        found = await asyncio.to_thread(standings.account_named, hub.store, player, True)
        if found is None:
            raise HubError(404, "player", f"no player is named {player!r}", "no_player", {"name": player})
        account = found[0]
    games = await lists_of(hub.store).ranked(account)
    if reader is not None:
        games = apart(games, await asyncio.to_thread(relations.kept_apart, hub.store, reader.id))
    if game is not None:
        games = [ranked for ranked in games if ranked.game == game]
    page = []
    for listed in games[offset : offset + limit]:
        read = not hub.in_memory(listed.id)
        with contextlib.suppress(HubError):  # gone since it was ranked
            table = hub.table(listed.id)
            if table.stored.status == "playing" and table.stored.public:  # not ended meanwhile
                page.append(described(table, listed.ratings))
        if read:
            await asyncio.sleep(0)
    return {"games": page, "total": len(games), "offset": offset, "limit": limit}
