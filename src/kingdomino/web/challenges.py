"""Challenges: one account asks one to three others, by name, to play a game, now or by the day.

A challenge is an open game (``open_seats``) whose other seats are each kept ``for`` one challenged
account (``seats.open_seat``): nobody else may take them, and the lobby lists it to its players
alone (``lobby``), at once on every page each has open. Each challenged player accepts (takes their
kept seat: the game starts once every kept seat is taken) or declines (the game ends unplayed for
all, ``wait_end``'s ``declined``, the declining seat saying so; one who accepted may still decline
until the game starts), with one of ``DECLINE_REASONS`` if it says why (a bot does: ``kingdomino
bot --accept-challenges``); the challenger calls it off as any waiting game (``POST
/api/games/{id}/cancel``); unanswered, it ends as any open game whose wait ran out
(``wait_minutes``, 20 by default; a turn-based game waits at least one turn's days), never filled
by an AI. None of these ends has a result or moves a rating. Every seat is kept: a challenge with
seats open to the lobby beside the kept ones is not offered.

A bot's account is challenged as a person's: it hears its challenges on the lobby's socket, as a
page does, and answers each through the same requests.

Refused: a guest's challenge (the kept seats are accounts', and so is the challenger's), a
challenge to oneself, to a name with no account, one naming an account twice, of other than one
player named for each other seat, a second challenge to the same player while one waits, more
than ``MAX_CHALLENGES`` waiting from one account, and more than ``MAX_CHALLENGED`` waiting for one
account's answer (each account named is counted: someone with many accounts still cannot bury a
player under challenges).
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal, get_args

from kingdomino.web.accounts import Account
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import SeatPlayer, kept_for, open_seat
from kingdomino.web.standings import account_named
from kingdomino.web.table import Table

#: The challenges one account may have waiting at once, as the open games it may open.
MAX_CHALLENGES = 3
#: The challenges waiting for one account at once, from all the others.
MAX_CHALLENGED = 10
#: Why a challenge is declined, when its player says (a bot's filters, as lichess's bots say):
#: not now, busy with other games, its clock too fast or too slow for them, a kind of clock they do
#: not play, a rated game wanted, a casual one wanted, a game (or mode, or table) they do not play.
DeclineReason = Literal["generic", "later", "too_fast", "too_slow", "clock", "rated", "casual", "game"]
DECLINE_REASONS: tuple[str, ...] = get_args(DeclineReason)


async def challenged_account(hub: Hub, challenger: Account, name: str) -> SeatPlayer:
    """The account named ``name`` that ``challenger`` may challenge now, or the refusal."""
    found = await asyncio.to_thread(account_named, hub.store, name)
    if found is None:
        raise HubError(404, "name", f"no player is named {name!r}", "no_player", {"name": name})
    account_id, account_name, _created, bot = found
    if account_id == challenger.id:
        raise HubError(422, "name", "you cannot challenge yourself", "challenge_yourself")
    waiting = [game for game in hub.lobby.games.values() if game["challenged"]]
    if any(g["creator_account"] == challenger.id and account_id in g["challenged"] for g in waiting):
        raise HubError(
            409,
            "name",
            f"your challenge to {account_name} still waits for an answer",
            "challenge_pending",
            {"name": account_name},
        )
    if sum(g["creator_account"] == challenger.id for g in waiting) >= MAX_CHALLENGES:
        raise HubError(
            429,
            "name",
            f"you have {MAX_CHALLENGES} challenges waiting, the most at once: "
            "call one off or wait for an answer",
            "too_many_challenges",
            {"n": MAX_CHALLENGES},
        )
    if sum(account_id in g["awaited"] for g in waiting) >= MAX_CHALLENGED:
        raise HubError(
            429,
            "name",
            f"{account_name} has {MAX_CHALLENGED} challenges waiting, the most at once: try later",
            "challenged_too_often",
            {"name": account_name},
        )
    return SeatPlayer(account_id, account_name, bot)


async def challenged_accounts(hub: Hub, challenger: Account, names: list[str]) -> list[SeatPlayer]:
    """The accounts ``names`` that ``challenger`` may challenge now, in that order, or the first
    refusal (``challenged_account``); an account named twice is refused (its one seat)."""
    found: list[SeatPlayer] = []
    for name in names:
        account = await challenged_account(hub, challenger, name)
        if any(other.id == account.id for other in found):
            raise HubError(
                422,
                "names",
                f"{account.name} is named twice: a challenge keeps one seat for each player",
                "challenge_twice",
                {"name": account.name},
            )
        found.append(account)
    return found


def check_players(players: int, named: int) -> None:
    """Refuse a challenge whose game has other than one seat for each account ``named`` and the
    challenger's (every seat is kept: none is left open to the lobby)."""
    if not 1 <= named <= 3:
        raise HubError(
            422, "names", f"name one to three players to challenge, got {named}", "challenge_names"
        )
    if players != named + 1:
        raise HubError(
            422,
            "players",
            f"a challenge to {named} named is a game of {named + 1} players, got {players}: "
            "name one player for each other seat",
            "challenge_players",
            {"players": players},
        )


def kept_seat(table: Table, account: Account) -> int:
    """The seat of ``table``'s waiting game kept for ``account``, or the refusal: the game no
    longer waits, or it challenges someone else (or nobody)."""
    stored = table.stored
    if stored.status != "open":
        raise HubError(409, "game", "this challenge no longer waits for an answer", "not_open")
    for seat, info in enumerate(stored.seats):
        if info["kind"] == "open" and info.get("for") == account.id:
            return seat
    raise HubError(403, "game", "this game challenges nobody on your account", "not_challenged")


def answering_seat(table: Table, account: Account) -> int:
    """The seat by which ``account`` declines ``table``'s waiting challenge: the one kept for it,
    or the one it took by accepting while others have still to answer (it may change its mind
    before the game starts), or the refusal (the challenger calls it off instead). A club
    tournament's game keeps its seats as a challenge does, but is no challenge: a decline would end
    it 0-0, robbing the other player of the game or of its win by forfeit."""
    stored = table.stored
    if any(info.get("tournament") for info in stored.seats):
        raise HubError(
            409,
            "game",
            "a tournament's game is not declined: a player who does not come loses it by forfeit",
            "tournament_game",
        )
    creator = stored.creator()
    if stored.status == "open" and kept_for(stored.seats):
        for seat, info in enumerate(stored.seats):
            if seat != creator and info["kind"] == "human" and info.get("account") == account.id:
                return seat
        if creator is not None and stored.seats[creator].get("account") == account.id:
            raise HubError(
                403,
                "game",
                "you made this challenge: call it off rather than decline it",
                "not_challenged",
            )
    return kept_seat(table, account)


async def decline(hub: Hub, game_id: str, account: Account, reason: str | None = None) -> None:
    """``account`` declines the challenge ``game_id``, waiting for its answer or accepted while
    others have not answered: it ends unplayed for all, its seat (kept for it again) saying so,
    and why when ``reason`` (one of ``DECLINE_REASONS``, checked by the request's body) says."""
    table = hub.table(game_id)
    async with table.lock:
        seat = answering_seat(table, account)
        seats: list[dict[str, Any]] = [dict(info) for info in table.stored.seats]
        seats[seat] = {**open_seat(account.player()), "declined": True}
        if reason is not None:
            seats[seat]["decline_reason"] = reason
        table.write_seats(seats, "expired", "game")
    await hub.seats_changed(table)
