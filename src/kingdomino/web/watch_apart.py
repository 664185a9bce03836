"""A public game's watch link refused across a block, as TV and the list of games leave it out.

The list of games being played (``live_games.apart``) and TV leave out, for a logged-in reader,
the games where an account sits that the reader blocks or that blocks them; the game's own watch
link (``/game/{id}/watch``, its socket and ``GET /api/games/{id}`` without a token) refuses them
the same way, in words: the blocker is told plainly whom they blocked (their own act, as
``relations.apart`` says it), the blocked account only that it cannot watch this game. Only a game
being played: its finished replay is open to anyone, as the archive is. A guest is not refused
(who is logged out is nobody's), nor a holder of the spectator link (the creator sent it), nor a
player of the game itself (their watch link offers them their seat).
"""

from __future__ import annotations

import asyncio

from kingdomino.web import relations
from kingdomino.web.accounts import Accounts
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame


def refuse_across_blocks(store: Store, me: int, stored: StoredGame) -> None:
    """Refuse ``me`` the watching of ``stored`` being played when a block stands between ``me``
    and an account seated at it: 403 ``watch_blocked`` naming the one ``me`` blocked, else 403
    ``watch_refused`` without saying why."""
    if stored.status != "playing":
        return
    seated = {
        int(seat["account"]): str(seat["name"]) for seat in stored.seats if seat.get("account") is not None
    }
    if me in seated:
        return
    refused = HubError(403, "game", "you cannot watch this game", "watch_refused")
    relations.refuse_across(
        store, me, seated, ("game", "watch_blocked", "watch their games"), lambda _: refused
    )


async def check_watcher(accounts: Accounts, session: str | None, stored: StoredGame) -> None:
    """``refuse_across_blocks`` for the account of the ``session`` cookie, if any: a page that
    opens a game without a token."""
    if not session or stored.status != "playing":
        return
    account = await asyncio.to_thread(accounts.account_for, session)
    if account is not None:
        await asyncio.to_thread(refuse_across_blocks, accounts.store, account.id, stored)
