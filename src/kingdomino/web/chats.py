"""The chats of this server's games (``chat`` says the rules): the pages that read each game's
chat, a message written (validated, stored, told to the pages that read its room), a room's
messages read, and the other servers' messages heard (PostgreSQL's ``kingdomino_chat``). A page
reading as an account (logged in, or at its account's seat) is neither sent nor read the lines
of the accounts it blocks (``relations``), a bot on the socket as any page.

On the game's socket a page sends ``{"type": "chat_read"}`` (answered ``{"type": "chat_history",
"rooms": {room: {"messages": [...], "write": null | code}}, "off"}``, the rooms it may read, with
why it may not write in one (a silenced account's ``silenced`` with its ``until``), and ``off``:
its account's pages start with the chat off) and ``{"type": "chat", "room", "text" | "phrase"}``
(answered ``{"type": "ack", "chat": id}``); every page that reads the room then hears
``{"type": "chat", "room", "messages": [message]}``, on this server and the others.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from kingdomino.web import chat, relations, silences
from kingdomino.web.accounts import Account, Accounts
from kingdomino.web.chat import Reader, Room
from kingdomino.web.chat_store import CHAT_CHANNEL, ChatLine, add_line, room_lines
from kingdomino.web.memory import GameMemory
from kingdomino.web.notify import listen
from kingdomino.web.preferences import preferences_of
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store
from kingdomino.web.stored import now
from kingdomino.web.table import Table

log = logging.getLogger(__name__)

#: How a page is sent a message: its socket's outbox, never replacing one waiting (``_Page.put``).
Send = Callable[[str], Awaitable[None]]


def writer_account(table: Table, reader: Reader, room: Room) -> int | None:
    """The account ``reader`` writes in ``room`` as: its seat's in the players' room (None: a
    guest's seat), its own in the spectators'."""
    if room == "players":
        seats = chat.player_seats(table, reader)
        seat_account = table.stored.seats[seats[0]].get("account") if seats else None
        return None if seat_account is None else int(seat_account)
    return reader.account.id if reader.account is not None else None


def silence_of(store: Store, table: Table, reader: Reader, room: Room) -> datetime | None:
    """When the silence that keeps ``reader`` from writing in ``room`` ends (None: none): the
    account it writes as (``writer_account``); in the players' room, at a guest's seat, also the
    account the page is logged in as, and the mark a silenced account left on its browser as it
    logged out (``silence_mark``): the same person at the guest's door of the same browser."""
    until = silences.silenced_until(store, writer_account(table, reader, room))
    if until is not None or room != "players":
        return until
    logged_in = silences.silenced_until(store, reader.account.id if reader.account is not None else None)
    return logged_in or (reader.marked if reader.marked is not None and reader.marked > now() else None)


class Chats:
    """Every game's chat at this server: the pages reading it, and its messages' way in and out."""

    def __init__(self, store: Store, accounts: Accounts, tables: GameMemory) -> None:
        self.store = store
        self.accounts = accounts
        self.tables = tables
        self.rates = chat.SenderRates()
        #: The pages of each game open here, each with how to send it a message.
        self.readers: dict[str, dict[Reader, Send]] = {}
        self._listening: asyncio.Task[None] | None = None

    # --- pages ------------------------------------------------------------------------------

    async def join(
        self,
        game_id: str,
        tokens: frozenset[str],
        session: str | None,
        send: Send,
        marked: datetime | None = None,
    ) -> Reader:
        """A page of ``game_id`` opened, holding ``tokens`` and logged in by ``session`` (if any),
        its browser bearing a silence ``marked`` to end then (``silence_mark``; None: none)."""
        reader = await self.reader(tokens, session)
        reader.marked = marked
        self.readers.setdefault(game_id, {})[reader] = send
        return reader

    async def reader(self, tokens: frozenset[str], session: str | None) -> Reader:
        """A page holding ``tokens``, logged in by ``session`` (if any), with its account's chat
        preferences."""
        account = await self.account_of(session)
        reader = Reader(tokens, account, session)
        if account is not None:
            chosen = await asyncio.to_thread(preferences_of, self.store, account.id)
            reader.chat_off, reader.hides_spectators = chosen.chat_off, not chosen.spectators_chat
        return reader

    async def account_of(self, session: str | None) -> Account | None:
        """The account logged in by ``session`` (None: a guest, or a session over)."""
        return await asyncio.to_thread(self.accounts.account_for, session) if session else None

    def part(self, game_id: str, reader: Reader) -> None:
        pages = self.readers.get(game_id, {})
        pages.pop(reader, None)
        if not pages:
            self.readers.pop(game_id, None)

    # --- a page's messages ------------------------------------------------------------------

    async def history(self, table: Table, reader: Reader, counted: bool = True) -> dict[str, object]:
        """The ``chat_history`` message: each room ``reader`` may read, its messages and why it may
        not write there (a refusal's code; None: it may); to a player, the spectators' room once
        something was said there. A page's own asking is ``counted`` (``chat.READ_RATE``)."""
        if counted:
            await self.rates.read(reader)
        kept = await asyncio.to_thread(relations.blocked_by, self.store, chat.reader_accounts(table, reader))
        rooms: dict[str, object] = {}
        for room in chat.ROOMS:
            if chat.refusal(table, reader, room) is not None:
                continue
            lines = await asyncio.to_thread(room_lines, self.store, table.id, room)
            if room == "spectators" and not lines and chat.plays(table, reader):
                continue  # the end of every game of a player's would show them an empty room
            refused = chat.write_refusal(table, reader, room)
            if refused is None:
                until = await asyncio.to_thread(silence_of, self.store, table, reader, room)
                refused = None if until is None else silences.refusal(until)
            said = [line.to_json() for line in lines if line.sender not in kept]
            why = {"write": refused.code, **refused.values} if refused is not None else {"write": None}
            rooms[room] = {"messages": said, **why}
        return {"type": "chat_history", "rooms": rooms, "off": reader.chat_off}

    async def write(
        self,
        table: Table,
        reader: Reader,
        said: tuple[Room, str | None, str | None],
        acknowledge: Callable[[int], Awaitable[None]],
    ) -> None:
        """Validate and store ``reader``'s message (its room, words or phrase), ``acknowledge`` its
        id, then tell the pages that read its room (the sender's too). A refusal is a ``HubError``."""
        room, words, phrase = said
        line = chat.new_line(table, reader, room, words, phrase)
        if line.seat is None and await self.account_of(reader.session) is None:
            # Said as the account: its session may have ended since the page opened (logged out,
            # a new password, the account closed), and the page is a guest's from then on.
            reader.account = None
            raise HubError(401, "session", "log in first: this session has ended", "session_ended")
        await self.rates.take(chat.sender_key(table, reader, line))
        account_id = writer_account(table, reader, room)
        until = await asyncio.to_thread(silence_of, self.store, table, reader, room)
        if until is not None:
            raise silences.refusal(until)
        stored = add_line(self.store, table.id, line, account_id, chat.MAX_MESSAGES)
        if stored is None:
            raise HubError(
                409,
                "room",
                f"this room holds its {chat.MAX_MESSAGES} messages, the most it may",
                "chat_full",
                {"n": chat.MAX_MESSAGES},
            )
        # The other pages are sent the line before its sender hears it was taken: whoever the
        # sender tells next has it already. The sender's page hears the ack first, so it knows
        # the line that comes as its own.
        pages = await self.readers_of(table, stored)
        own = self.readers.get(table.id, {}).get(reader)
        await self.send_to(table, stored, [send for send in pages if send is not own])
        await acknowledge(stored.id)
        await self.send_to(table, stored, [send for send in pages if send is own])

    async def tell(self, table: Table, line: ChatLine) -> None:
        """Send ``line`` to every page of ``table`` here that may read it (``readers_of``)."""
        await self.send_to(table, line, await self.readers_of(table, line))

    async def readers_of(self, table: Table, line: ChatLine) -> list[Send]:
        """How to send ``line`` to each page of ``table`` here that may read its room, but those
        reading as an account that blocks its sender (one read of the blocks for them all)."""
        room: Room = "players" if line.room == "players" else "spectators"
        pages = list(self.readers.get(table.id, {}).items())
        pages = [(reader, send) for reader, send in pages if chat.refusal(table, reader, room) is None]
        readers = {reader: chat.reader_accounts(table, reader) for reader, _ in pages}
        blockers: set[int] = set()
        if line.sender is not None:
            among = set().union(*readers.values())
            blockers = await asyncio.to_thread(relations.blockers_of, self.store, line.sender, among)
        return [send for reader, send in pages if not readers[reader] & blockers]

    async def send_to(self, table: Table, line: ChatLine, pages: list[Send]) -> None:
        """Send ``line`` to ``pages`` (of ``table``), each in turn."""
        text = json.dumps({"type": "chat", "room": line.room, "messages": [line.to_json()]})
        for send in pages:
            try:
                await send(text)
            except Exception:  # a page gone meanwhile hears nothing; the others still do
                log.debug("a chat message was not sent to a page of %s", table.id, exc_info=True)

    # --- the other servers ------------------------------------------------------------------

    def start(self) -> None:
        """Hear the other servers' messages (PostgreSQL only: one SQLite file has one server)."""
        if self.store.notifies:
            self._listening = asyncio.create_task(
                listen(
                    self.store.url,
                    self.heard_payload,
                    self.caught_up,
                    channel=CHAT_CHANNEL,
                    read=str,
                    outage=self.store.outage,
                )
            )

    async def stop(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)

    async def heard_payload(self, payload: str) -> None:
        """Another server stored a message: tell this server's pages of its game."""
        fields = json.loads(payload)
        table = self.tables.get(str(fields["game"]))
        if fields["server"] == self.store.server or table is None:
            return
        await self.tell(table, ChatLine.from_json(fields["line"], fields.get("sender")))

    async def caught_up(self) -> None:
        """After messages may have been missed (the listening connection came back): every page
        reading a chat here is sent its rooms again."""
        for game_id, pages in list(self.readers.items()):
            table = self.tables.get(game_id)
            for reader, send in list(pages.items()):
                if table is not None:
                    await send(json.dumps(await self.history(table, reader, counted=False)))
