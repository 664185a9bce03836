"""A rematch: a finished game played again by its players, with a new deal, as one of them offers.

The first player to ask for it (``POST /api/games/{id}/rematch`` with their seat's token) makes
the new game and offers it: the finished game notes its id (``rematch``, a new revision), so
every page of it hears of the offer in its view, on any server. The new game and the note are
one write: two servers offering at once store one game, and the second asker joins it. Each
other player joins by the same request with their own token. Every player keeps the seat they
had (its number, its name, its account), each with a new token handed only to the holder of the
old seat's token; the offer itself holds no token and no seed, only the new game's id and who
offered it.

The new game has the finished one's game, options, hints, draft aids and clock; its deal is a
new secret seed. Its AI seats are the finished game's, at the same levels; a seat handed to an
AI during the game stays an AI's, and its former player is refused. A rated game's rematch is
rated when every seat is still its account's (each seat of the rematch bound to the same
account); a rated game's seat handed to an AI makes its rematch unrated, and so does a rated
game without a clock (stored before a rated game needed one, ``open_seats.check_rated_clock``).
A player who joins while logged in has the seat claimed for the account
(``account_games.claim_seat``), unless another account holds it.

A spectator, a seat an AI took over, a game not over and a club tournament's game (its next game is
the tournament's next round's) are refused, each with its reason, and so is a player whose account
a block stands between with another player's (``relations.rematch_apart``).
The new game is playing from its creation, as a game with invite links is, but its clock waits
for its players: each human seat but the offerer's is ``to_join`` until its player asks for the
rematch or opens its page with the seat's token (``seat_joined``), and no time runs until every
one has (``clocks.joining``), so a player reading the end screen loses none. Both games' pages
say whom it awaits (``rematch_wait``). A timed rematch some player has not joined
``clocks.JOIN_GRACE`` after the offer is called off (``endings.no_show``), and so is one a player
aborts: the finished game's end screen says so, and a new rematch may be offered.

The same deal (``same_deal``) is the other game made from a finished one: a practice game's
one human plays its seed again against the same AI seats.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from kingdomino.games.registry import make_game
from kingdomino.web.account_games import claim_seat
from kingdomino.web.hub import Hub
from kingdomino.web.live import tournament_of
from kingdomino.web.play_on import deal_again
from kingdomino.web.refusals import HubError, tournament_replay
from kingdomino.web.relations import rematch_apart
from kingdomino.web.rematch_wait import called_off, note, tell_old_game
from kingdomino.web.seats import SeatPlayer, human_seat
from kingdomino.web.store import RematchLink, StaleGame
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.table import Table
from kingdomino.web.tokens import former_seat_of


def rematch_seat(table: Table, token: str) -> int:
    """The seat of the finished game whose holder of ``token`` may offer or join its rematch, or
    the refusal: the game is not over, is a club tournament's, the token is a spectator's, or an
    AI took its seat over."""
    if table.stored.status != "finished":
        not_over = "the game is not over: a rematch is offered once it is finished"
        raise HubError(409, "game", not_over, "rematch_unfinished")
    if tournament_of(table.stored) is not None:
        raise tournament_replay()
    seat = table.seat_of(token)
    if seat is not None and table.stored.seats[seat]["kind"] == "human":
        return seat
    if former_seat_of(table.stored, token) is not None:
        raise HubError(
            409,
            "token",
            "your seat was handed to an AI: in the rematch an AI plays it too",
            "rematch_seat_ai",
        )
    watching = "a spectator watches: only the game's players play its rematch"
    raise HubError(403, "token", watching, "rematch_spectator")


def rematch_rated(stored: StoredGame) -> bool:
    """Whether the rematch of ``stored`` is rated: it was, with a clock (a rated game stored before
    a rated game needed one is not played again rated without), and every seat is still its
    account's."""
    return (
        stored.rated
        and stored.time_control is not None
        and all(info["kind"] == "human" and info.get("account") is not None for info in stored.seats)
    )


def rematch_seats(stored: StoredGame, by: int) -> list[dict[str, Any]]:
    """The rematch's seats: each human's with its name and account and a new token (each but the
    offerer's ``by`` awaiting its player: ``to_join``), each AI's (one that took a player's seat
    over too) at its level."""
    seats: list[dict[str, Any]] = []
    for seat, info in enumerate(stored.seats):
        if info["kind"] == "human":
            row = human_seat(str(info["name"]), True)
            row.update({key: info[key] for key in ("account", "bot") if info.get(key) is not None})
            if seat != by:
                row["to_join"] = True
            seats.append(row)
        else:
            seats.append({"kind": "ai", "level": info["level"], "name": info["name"], "token": None})
    return seats


#: How often an offer is tried again when the finished game changed under it for another reason
#: than another server's offer (a seat claimed meanwhile).
OFFER_TRIES = 3


def _rematch_game(hub: Hub, stored: StoredGame, by: int) -> StoredGame:
    """The rematch of ``stored`` offered by seat ``by``, not stored yet: its players, options and
    clock, a new deal."""
    return StoredGame(
        id=secrets.token_hex(8),
        game=stored.game,
        players=stored.players,
        options=dict(stored.options),
        seed=hub.secret_seeds(),
        seats=rematch_seats(stored, by),
        spectator_token=secrets.token_urlsafe(16),
        status="playing",
        created=now(),
        actions=[],
        hints=stored.hints,
        aids=stored.aids,
        rated=rematch_rated(stored),
        time_control=stored.time_control,
        rematch_of=stored.id,
        public=stored.public,
        takebacks=stored.takebacks,
    )


async def _offered(hub: Hub, table: Table, seat: int, client: str) -> tuple[str, bool]:
    """The id of ``table``'s rematch, made now (offered by ``seat``) if none is yet, and whether
    it was made now. The new game and the offer are one write: a server that offers second stores
    nothing and reads the first one's offer."""
    async with table.lock:
        for _ in range(OFFER_TRIES):
            stored = table.stored
            if stored.rematch is not None and not called_off(stored.rematch):
                return str(stored.rematch["id"]), False
            made = _rematch_game(hub, stored, seat)
            link = RematchLink(table.id, table.version, seat, note(made, seat))
            game = make_game(stored.game, stored.players, stored.options)
            try:
                new = await hub.start_game(made, game, client, link)
            except StaleGame:
                table.reload()
                continue
            table.version = link.revision + 1
            table.stored.rematch = link.note
            return new.id, True
    raise HubError(409, "game", "the game moved on: it was changed by another server", "changed_elsewhere")


async def seat_joined(hub: Hub, table: Table, seat: int) -> None:
    """Note that ``seat``'s player joined the rematch of ``table`` (asked for it, or opened its
    page with the seat's token), in it and in the finished game's note of it
    (``rematch_wait``): once every human seat's has, its clock starts (``clocks.joining``)."""
    if not table.stored.seats[seat].get("to_join"):
        return  # every page of every other game: no lock to wait for
    for _ in range(OFFER_TRIES):
        async with table.lock:
            if not table.stored.seats[seat].get("to_join") or table.stored.status != "playing":
                return
            seats = [dict(info) for info in table.stored.seats]
            del seats[seat]["to_join"]
            try:
                table.write_seats(seats, "playing", "token")
            except HubError:
                continue  # another server wrote the game first: it was read again
        await table.publish()
        table.host.start_ai_turn(table)  # a new revision: an AI turn computed before is stale
        await tell_old_game(hub, table)
        return


async def rematch(
    hub: Hub, game_id: str, token: str, account: SeatPlayer | None = None, client: str = ""
) -> dict[str, Any]:
    """The rematch of the finished game ``game_id`` for the holder of ``token``: offered if no
    one has yet. The answer: the new game's ``id``, the caller's ``seat`` and its ``token``,
    whether this request ``offered`` it, whether it is ``rated``, and whether the seat is now
    the logged-in account's (``claimed``; None: no one is logged in)."""
    table = hub.table(game_id, frozenset([token]))
    seat = rematch_seat(table, token)
    await asyncio.to_thread(rematch_apart, hub.store, table.stored.seats, seat)
    rematch_id, offered = await _offered(hub, table, seat, client)
    if offered:
        await table.publish()
    new = hub.table(rematch_id)
    row = new.stored.seats[seat]
    if row["kind"] != "human":
        raise HubError(409, "token", "your seat of the rematch was handed to an AI", "rematch_seat_ai")
    await seat_joined(hub, new, seat)
    claimed: bool | None = None
    if account is not None:
        try:
            claimed = await claim_seat(new, str(row["token"]), account) == seat
        except HubError:
            claimed = False
    return {
        "id": new.id,
        "seat": seat,
        "token": row["token"],
        "offered": offered,
        "rated": new.stored.rated,
        "claimed": claimed,
    }


async def same_deal(hub: Hub, game_id: str, token: str, client: str = "") -> Table:
    """A new game of the finished game ``game_id`` with its seats, options and seed: the same
    deal, played again by its one human against the same AI seats (a practice game)."""
    table = hub.table(game_id)
    table.check_same_deal(token)
    stored = table.stored
    seats = [{key: info.get(key) for key in ("kind", "name", "level", "online")} for info in stored.seats]
    return await deal_again(hub, stored, seats, client, hints=stored.hints)
