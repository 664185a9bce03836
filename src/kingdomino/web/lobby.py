"""The lobby: the games waiting for players, as every server lists them, and the pages watching
the list.

Each server holds the list in memory, read from the store when it starts. A change made here
(a game opened, a seat taken, a game started, called off or expired) is applied at once; one
made by another server sharing the database is heard through its write notice (``notify``) and
the game's listing read again. Every change goes to the watching pages as one message:
``{"type": "listed", "game": listing}`` or ``{"type": "unlisted", "id", "status", "wait_ended"}``
(``wait_ended``: why a game ended unplayed, ``wait_end``); a page that connects first gets
``{"type": "open_games", "games": [...]}``.

A challenge (``challenges``: a game whose open seats are kept each for one account) is held here
as the other waiting games are, but listed to nobody else: the pages logged in as its accounts
(its challenger's and each challenged one's, ``challenged``) get it first in ``{"type":
"challenges", "account", "challenges": [...]}`` (``account``: the page's), then ``{"type":
"challenge", "challenge": listing}`` and ``{"type": "challenge_gone", "id", "status",
"wait_ended", "declined", "decline_reason"}`` (``declined``: the name of the player who declined,
else None; ``decline_reason``: why, when they said); each listing says whether it awaits the page's
account's answer (``to_you``).

A listing says what a player needs to choose a game: the game, its options and description,
its seats (names, and which are open), rated or casual, how long it still waits, and the
creator's rating in the game's pool (``lobby_ratings``: read once, when the game is first listed).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from kingdomino.games.registry import make_game
from kingdomino.web.live import Sender
from kingdomino.web.lobby_ratings import CreatorRatings, Shown, creator_ratings, pool_or_none
from kingdomino.web.notify import WriteNotice
from kingdomino.web.seats import kept_for
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredGame
from kingdomino.web.wait_end import wait_end


def listing(stored: StoredGame, rating: Shown | None) -> dict[str, Any]:
    """How the lobby shows a waiting game (never a token), its creator's ``rating`` as read."""
    game = make_game(stored.game, stored.players, stored.options)
    pool = pool_or_none(stored.game, stored.players)
    seat = stored.creator()
    creator = stored.seats[seat] if seat is not None else None
    account = creator.get("account") if creator else None
    awaited = kept_for(stored.seats)
    # A challenge's accepted seats are its challenged accounts' too (every seat but the creator's is kept).
    accepted = [
        info["account"]
        for at, info in enumerate(stored.seats)
        if awaited and at != seat and info["kind"] == "human" and info.get("account") is not None
    ]
    return {
        "id": stored.id,
        "game": stored.game,
        "players": stored.players,
        "options": dict(game.options),
        "description": game.describe(),
        "rated": stored.rated,
        "pool": pool,
        "seats": [
            {
                "name": seat["name"],
                "kind": seat["kind"],
                "level": seat.get("level"),
                "bot": bool(seat.get("bot")),
                # The account playing it, or the one it is kept for (a challenge's: its page
                # tells its own seat from the others it names).
                "account": seat.get("account", seat.get("for")),
            }
            for seat in stored.seats
        ],
        "open": sum(seat["kind"] == "open" for seat in stored.seats),
        "creator": creator["name"] if creator else None,
        "creator_seat": seat,
        "creator_account": account,
        "creator_bot": bool(creator.get("bot")) if creator else False,
        "rating": rating,
        "rating_range": stored.rating_range,
        "takebacks": stored.takebacks,
        "created": stored.created.isoformat(),
        "open_until": stored.open_until,
        "ai_fill": stored.ai_fill,
        "time_control": stored.time_control,
        "challenged": [*accepted, *awaited],
        "awaited": awaited,
    }


def seated(game: dict[str, Any], accounts: set[int] | frozenset[int]) -> bool:
    """Whether an account of ``accounts`` sits at the listed ``game`` (or a seat is kept for it)."""
    return bool(accounts) and any(seat["account"] in accounts for seat in game["seats"])


def tournament_game(stored: StoredGame) -> bool:
    """A club tournament's game (its seats name the tournament): its page lists it, not the lobby."""
    return any(seat.get("tournament") for seat in stored.seats)


class Lobby:
    """The open games of ``store`` and the pages watching them."""

    def __init__(self, store: Store, ratings: CreatorRatings | None = None) -> None:
        self.store = store
        #: How the creators' ratings are read (from ``store``'s ratings unless a test says).
        self.read_ratings: CreatorRatings = ratings or creator_ratings(store)
        self.games: dict[str, dict[str, Any]] = {}
        #: The client each listed game was created from (never listed: an address is not public).
        self.clients: dict[str, str | None] = {}
        self.watchers: set[Sender] = set()
        #: The watching pages logged in, by account: they are told of their challenges.
        self.accounts: dict[int, set[Sender]] = {}
        #: The accounts a block stands between each page's account and (``relations.kept_apart``,
        #: read as it connected): the games where one of them sits are not listed to it.
        self.apart: dict[Sender, set[int]] = {}

    def load(self) -> None:
        """Read every open game from the store (at start, and after notices may have been lost)."""
        games = [stored for stored in self.store.open_games() if not tournament_game(stored)]
        ratings = self.read_ratings(games)
        self.games = {stored.id: listing(stored, ratings[stored.id]) for stored in games}
        self.clients = {stored.id: stored.creator_client for stored in games}

    def waiting_of(self, client: str, account: int | None) -> int:
        """How many of the listed games ``client`` or ``account`` created (``open_seats.MAX_WAITING``;
        challenges have their own bound, ``challenges``)."""
        return sum(
            (
                (bool(client) and self.clients.get(game_id) == client)
                or (account is not None and game["creator_account"] == account)
            )
            and not game["challenged"]
            for game_id, game in self.games.items()
        )

    def listed(self, apart: set[int] | frozenset[int] = frozenset()) -> list[dict[str, Any]]:
        """The open games, the oldest first (not the challenges, which are their players' own),
        but those where an account of ``apart`` sits (a block stands between it and the reader)."""
        return sorted(
            (game for game in self.games.values() if not game["challenged"] and not seated(game, apart)),
            key=lambda game: str(game["created"]),
        )

    def challenges_of(self, account: int) -> list[dict[str, Any]]:
        """The challenges waiting that ``account`` made or was made, the oldest first, each saying
        whether it awaits ``account``'s answer (``to_you``)."""
        return [
            {**game, "to_you": account in game["awaited"]}
            for game in sorted(self.games.values(), key=lambda game: str(game["created"]))
            if game["challenged"] and (account in game["challenged"] or account == game["creator_account"])
        ]

    async def changed(self, stored: StoredGame) -> None:
        """``stored`` was written here or elsewhere: list it anew, or drop it once it stopped waiting."""
        if stored.status == "open" and not tournament_game(stored):
            entry = listing(stored, self._rating(stored))
            self.games[stored.id] = entry
            self.clients[stored.id] = stored.creator_client
            if entry["challenged"]:
                await self._tell_challenge(
                    entry, lambda to_you: {"type": "challenge", "challenge": {**entry, "to_you": to_you}}
                )
            else:
                await self._tell_listed(entry)
        elif (gone := self.games.pop(stored.id, None)) is not None:
            self.clients.pop(stored.id, None)
            end = wait_end(stored)
            ended = {"id": stored.id, "status": stored.status, "wait_ended": end["wait_ended"]}
            if gone["challenged"]:
                declined = next((seat["name"] for seat in stored.seats if seat.get("declined")), None)
                gone_said = {
                    "type": "challenge_gone",
                    **ended,
                    "declined": declined,
                    "decline_reason": end["decline_reason"],
                }
                await self._tell_challenge(gone, lambda _to_you: gone_said)
            else:
                await self.tell({"type": "unlisted", **ended})

    def _rating(self, stored: StoredGame) -> Shown | None:
        """The creator's rating of ``stored``: kept from its first listing, else read now. Read on
        the loop, as the write that listed it was, not in a thread: a game filled while its
        rating was read would be dropped before it was listed, then listed as waiting."""
        listed = self.games.get(stored.id)
        if listed is not None:
            rating: Shown | None = listed["rating"]
            return rating
        return self.read_ratings([stored])[stored.id]

    async def heard(self, written: WriteNotice) -> None:
        """Another server wrote a game: if it is or was open, read its listing again."""
        if written.server == self.store.server:
            return
        if written.status != "open" and written.game_id not in self.games:
            return
        stored = await asyncio.to_thread(self.store.load, written.game_id)
        if stored is not None:
            await self.changed(stored)

    async def join(self, send: Sender, account: int | None = None, apart: set[int] | None = None) -> None:
        """A page watches the list: it gets the whole list now, then every change; a page logged
        in as ``account`` its challenges too, and never the games where an account of ``apart``
        sits (a block between them)."""
        self.watchers.add(send)
        if apart:
            self.apart[send] = apart
        await send(json.dumps({"type": "open_games", "games": self.listed(apart or frozenset())}))
        if account is not None:
            self.accounts.setdefault(account, set()).add(send)
            challenges = self.challenges_of(account)
            await send(json.dumps({"type": "challenges", "account": account, "challenges": challenges}))

    def part(self, send: Sender) -> None:
        self.watchers.discard(send)
        self.apart.pop(send, None)
        for account, pages in list(self.accounts.items()):
            pages.discard(send)
            if not pages:
                del self.accounts[account]

    async def _tell_challenge(self, entry: dict[str, Any], message: Callable[[bool], dict[str, Any]]) -> None:
        """Send the challenge ``entry``'s news, ``message(to_you)``, to the pages of its accounts."""
        for account in (entry["creator_account"], *entry["challenged"]):
            to_you = account in entry["awaited"]
            text = json.dumps(message(to_you))
            for send in list(self.accounts.get(account, ())):
                try:
                    await send(text)
                except Exception:
                    self.part(send)

    async def _tell_listed(self, entry: dict[str, Any]) -> None:
        """Tell the watching pages of ``entry`` listed anew; a page kept apart from an account
        seated there is told it is gone instead (it may have been listed to it before that one sat)."""
        listed = json.dumps({"type": "listed", "game": entry})
        hidden = json.dumps({"type": "unlisted", "id": entry["id"], "status": "open", "wait_ended": None})
        for send in list(self.watchers):
            try:
                await send(hidden if seated(entry, self.apart.get(send, frozenset())) else listed)
            except Exception:
                self.watchers.discard(send)

    async def tell(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every watching page; a page whose sending fails is gone.

        A page's sender only queues the message for its socket (``outbox``), so the pages are
        told one after another: gathering them made a task per page, and with 200 pages the
        request that changed the lobby waited 20 ms for them to be scheduled."""
        text = json.dumps(message)
        for send in list(self.watchers):
            try:
                await send(text)
            except Exception:
                self.watchers.discard(send)
