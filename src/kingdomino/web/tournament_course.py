"""The course of a round robin or Swiss tournament once started: a round paired and its games
made, the next round paired once every game of the round is over, the end written after the last;
and, at a server's start, a running tournament caught up where it was.

Its own module because this is the part of ``tournaments`` that several servers may run at once
for one tournament, with its own rules: a round's rows are written once (another server's
pairing stands), a game linked to its row by another server first leaves this one's unplayed, and
a result kept here counts the same as one counted by the game's end. Every method runs under the
tournaments' lock, which its caller holds. An arena pairs its players as they come free instead
(``arena``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import IntegrityError

from kingdomino.web import tournament_end
from kingdomino.web import tournament_rounds as rounds
from kingdomino.web import tournament_store as records
from kingdomino.web.hub import Hub
from kingdomino.web.tournament_store import Tournament


class Course:
    """The rounds of ``hub``'s tournaments, each read by ``read`` (``Tournaments.read``)."""

    def __init__(self, hub: Hub, read: Callable[[str], Awaitable[Tournament]]) -> None:
        self.hub = hub
        self.store = hub.store
        self.read = read

    async def pair(self, tournament_id: str, round_: int) -> None:
        """Pair round ``round_`` and make its games, then go on if every game of it is over
        already (byes and forfeits alone)."""
        tournament = await self.read(tournament_id)
        if tournament.round < round_:
            # A search of tables may take a tenth of a second: off the event loop.
            games = await asyncio.to_thread(rounds.pairings, tournament, round_)
            with contextlib.suppress(IntegrityError):  # another server paired it first: its rows stand
                await asyncio.to_thread(records.add_round, self.store, tournament_id, round_, games)
        await self.make_games(tournament_id)
        await self.advance(tournament_id)

    async def make_games(self, tournament_id: str) -> None:
        """Make the games of the current round that are still to make. A game another server
        linked to its row first (two servers going on with one round) leaves this one's unplayed."""
        tournament = await self.read(tournament_id)
        for game in tournament.of_round(tournament.round):
            players = records.seated(game)
            if game.game_id is None and game.first_points is None and len(players) > 1:
                game_id = await rounds.make_pairing_game(self.hub, tournament, players)
                linked = await asyncio.to_thread(
                    records.set_game, self.store, tournament_id, game.round, game.board, game_id
                )
                if not linked:
                    table = self.hub.table(game_id)
                    async with table.lock:
                        table.write_seats(table.stored.seats, "expired", "game")
                    await self.hub.seats_changed(table)

    async def advance(self, tournament_id: str) -> None:
        """After a game of the current round ended: the next round, or the end of the tournament,
        once every game of the round is over."""
        tournament = await self.read(tournament_id)
        if tournament.status != "running" or tournament.format == "arena":
            return
        if any(game.first_points is None for game in tournament.of_round(tournament.round)):
            return
        if tournament.round >= tournament.rounds or not rounds.goes_on(tournament):
            told = tournament_end.rounds_told(tournament)
            await asyncio.to_thread(tournament_end.finish, self.store, tournament_id, told)
            return
        await self.pair(tournament_id, tournament.round + 1)

    async def catch_up(self, tournament_id: str) -> None:
        """A running tournament at a server's start: a game made but not linked is made again, a
        game that ended while the server was stopped counts, and the next round follows if due."""
        await self.make_games(tournament_id)
        tournament = await self.read(tournament_id)
        for game in tournament.of_round(tournament.round):
            if game.game_id is None or game.first_points is not None:
                continue
            table = self.hub.read(game.game_id)
            result = None if table is None else rounds.result_of(table.stored, table.state)
            if result is not None:
                await self._keep(tournament_id, game, result)
        await self.advance(tournament_id)

    async def _keep(self, tournament_id: str, game: Any, result: dict[str, Any]) -> None:
        """Keep ``result`` for ``game`` (a row of the tournament's games) unless it has one."""
        await asyncio.to_thread(records.set_result, self.store, tournament_id, game.round, game.board, result)
