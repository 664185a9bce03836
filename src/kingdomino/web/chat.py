"""A game's chat: its two rooms, who reads and writes in each, and what a message may say.

* The **players' room** is the game's people's, where two or more play it (or a seat waits for
  one), not to a page holding all their seats (one screen). A page holding a seat's token reads
  and writes there under the seat's name; so does a player whose seat an AI took over (the
  token they keep). A spectator is refused (``chat_not_a_player``).
* The **spectators' room** is for whoever watches the game. Guests read; a logged-in account
  writes under its name (``chat_guest`` otherwise). While the game is played its players neither
  read it nor write in it, from their seat's page or their account's (``chat_players_wait``):
  what spectators say could help them. Once it is over they read it too.

A message is free text (at most ``MAX_TEXT`` characters, cleaned as names are: no control,
format or direction characters, spaces collapsed) or a quick phrase's code (``PHRASES``), which
each reader's page words in its own language. A sender writes at most ``RATE`` (per seat in the
players' room, per account in the spectators'), a room holds at most ``MAX_MESSAGES``; the
players' room stays open after the game's end, under the same limits. Nothing a message carries
comes from the game: no chat message says more than its sender wrote.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, get_args

from limits import RateLimitItem, parse
from limits.aio import storage, strategies

from kingdomino.web.accounts import Account
from kingdomino.web.chat_store import ChatLine
from kingdomino.web.game_requests import per, seconds_to_wait
from kingdomino.web.live import LiveGame
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import clean_name
from kingdomino.web.tokens import former_seat_of

#: A quick phrase, by the code a message carries (``chat.phrase.<code>`` on the page).
Phrase = Literal[
    "hello",
    "good_luck",
    "have_fun",
    "well_played",
    "good_game",
    "thank_you",
    "sorry",
    "one_moment",
    "must_go_soon",
    "bye",
]
PHRASES: tuple[str, ...] = get_args(Phrase)
Room = Literal["players", "spectators"]
ROOMS: tuple[Room, ...] = ("players", "spectators")

#: The longest message, in characters (a text message's, as lichess's).
MAX_TEXT = 140
#: The most messages a room of a game holds; then it is full (``chat_full``).
MAX_MESSAGES = 300
#: How often one sender may write: 5 messages in any 10 seconds.
RATE: RateLimitItem = parse("5/10 seconds")
#: How often one page may read the rooms anew (``chat_read``: each a read of the database; a page
#: reads them when its socket opens and once more when the game ends).
READ_RATE: RateLimitItem = parse("10/minute")


#: The pages' numbers at this server, in the order they opened.
_pages = itertools.count()


@dataclass(eq=False)
class Reader:
    """A page of a game that reads its chat: the tokens it holds and the account it is logged in
    as (None: a guest) by its ``session``. Its seats are worked out anew at each message (a seat
    handed to an AI since is still its player's to chat from)."""

    tokens: frozenset[str]
    account: Account | None
    session: str | None = None
    #: The account's preferences (``preferences``), read as the page opened: its pages start with
    #: the chat off; the spectators' room of its own games never reaches them.
    chat_off: bool = False
    hides_spectators: bool = False
    #: The end of the silence its browser bears (``silence_mark``: a silenced account logged out
    #: there), which keeps it from the players' room as a guest; None: none.
    marked: datetime | None = None
    #: The page's own number at this server (its reads' count, ``READ_RATE``).
    number: int = field(default_factory=lambda: next(_pages))


def player_seats(live: LiveGame, reader: Reader) -> list[int]:
    """The seats whose tokens ``reader`` holds, or held until an AI took the seat over, ascending."""
    held = set(live.seats_held(reader.tokens))
    held.update(
        seat for seat in (former_seat_of(live.stored, token) for token in reader.tokens) if seat is not None
    )
    return sorted(held)


def plays(live: LiveGame, reader: Reader) -> bool:
    """Whether ``reader`` is one of the game's players: by a seat's token or by its account."""
    account = reader.account
    mine = account is not None and any(info.get("account") == account.id for info in live.stored.seats)
    return mine or bool(player_seats(live, reader))


def reader_accounts(live: LiveGame, reader: Reader) -> set[int]:
    """The accounts ``reader`` reads as: the one it is logged in as and those of the seats it
    holds (a page or a bot at its account's seat, logged in or not): whom their blocks keep
    from it."""
    seats = live.stored.seats
    held = {int(seats[seat]["account"]) for seat in player_seats(live, reader) if seats[seat].get("account")}
    return held | ({reader.account.id} if reader.account is not None else set())


def people(live: LiveGame) -> list[int]:
    """The seats people play or played (an AI took it over), or wait for one (an open seat)."""
    seats = enumerate(live.stored.seats)
    return [seat for seat, info in seats if info["kind"] in ("human", "open") or info.get("former_token")]


def has_players_room(live: LiveGame, reader: Reader) -> bool:
    """Whether the game has a players' room for ``reader``: two people or more play it, and not
    all at ``reader``'s screen (a page holding every person's seat)."""
    seats = people(live)
    return len(seats) >= 2 and not set(seats) <= set(player_seats(live, reader))


def over(live: LiveGame) -> bool:
    """Whether the game is no longer played: its players may read the spectators' room."""
    return live.over() or live.stored.status == "expired"


def refusal(live: LiveGame, reader: Reader, room: Room) -> HubError | None:
    """Why ``reader`` may not read ``room`` (None: it may)."""
    if room == "players":
        if not has_players_room(live, reader):
            return HubError(
                409, "room", "this game has no players' room: one person plays it", "chat_no_players_room"
            )
        if not player_seats(live, reader):
            return HubError(
                403,
                "room",
                "only the game's players, by their seat's link, write in its players' room",
                "chat_not_a_player",
            )
        return None
    if plays(live, reader) and not over(live):
        return HubError(
            403, "room", "the players read the spectators' room once the game is over", "chat_players_wait"
        )
    if reader.hides_spectators and plays(live, reader):
        message = "your preferences keep the spectators' room of your games from you"
        return HubError(403, "room", message, "chat_spectators_hidden")
    return None


def write_refusal(live: LiveGame, reader: Reader, room: Room) -> HubError | None:
    """Why ``reader`` may not write in ``room`` (None: it may)."""
    refused = refusal(live, reader, room)
    if refused is None and room == "spectators" and reader.account is None:
        return HubError(403, "room", "log in to write in the spectators' room: guests read it", "chat_guest")
    return refused


def new_line(live: LiveGame, reader: Reader, room: Room, words: str | None, phrase: str | None) -> ChatLine:
    """The message ``reader`` writes in ``room``, checked (its id not known yet)."""
    refused = write_refusal(live, reader, room)
    if refused is not None:
        raise refused
    if (words is None) == (phrase is None):
        raise HubError(400, "text", "a chat message is a text or a phrase, one of the two")
    shown = None if words is None else clean_name(words)
    if shown is not None and not shown:
        raise HubError(400, "text", "the message says nothing visible", "chat_empty")
    if room == "players":
        seat = player_seats(live, reader)[0]
        info = live.stored.seats[seat]
        name, account, bot = str(info["name"]), info.get("account") is not None, bool(info.get("bot"))
        return ChatLine(0, room, time.time(), seat, name, account, bot, shown, phrase)
    assert reader.account is not None
    return ChatLine(0, room, time.time(), None, reader.account.name, True, reader.account.bot, shown, phrase)


def sender_key(live: LiveGame, reader: Reader, line: ChatLine) -> str:
    """Whose rate a message counts against: the seat in the players' room, the account elsewhere."""
    if line.seat is not None:
        return f"{live.id}/seat/{line.seat}"
    return f"account/{reader.account.id if reader.account else ''}"


class SenderRates:
    """Each sender's messages within ``RATE`` (a moving window, in this server's memory)."""

    def __init__(self, rate: RateLimitItem = RATE, reads: RateLimitItem = READ_RATE) -> None:
        self.rate = rate
        self.reads = reads
        self.limiter = strategies.MovingWindowRateLimiter(storage.MemoryStorage())

    async def take(self, key: str) -> None:
        """Count a message of ``key``, or refuse it (``chat_too_fast``, with the seconds to wait)."""
        await self._take(self.rate, key, "text", "messages")

    async def read(self, reader: Reader) -> None:
        """Count a reading of the rooms by ``reader``'s page, or refuse it (``chat_too_fast``)."""
        await self._take(self.reads, f"read/{reader.number}", "type", "readings of the chat")

    async def _take(self, rate: RateLimitItem, key: str, named: str, what: str) -> None:
        if await self.limiter.hit(rate, "chat", key):
            return
        stats = await self.limiter.get_window_stats(rate, "chat", key)
        wait = seconds_to_wait(stats)
        raise HubError(
            429,
            named,
            f"too many {what}: at most {rate.amount} {per(rate)}; wait {wait} s",
            "chat_too_fast",
            {"seconds": wait},
        )
