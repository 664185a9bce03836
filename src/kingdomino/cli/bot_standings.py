"""The lines a bot says of what it played: when a club tournament it played in is over, its place,
its points and the tournament's page, as a player reads them on the page (a bot run for a
tournament otherwise ended on its last game's line, and its author read the standings in a
browser); and at its stop, how many games it played and how many it held then (a bot stopped
while it held no game said nothing, and its author could not tell it had heard the stop)."""

from __future__ import annotations

import threading
from collections.abc import Iterable

import typer

from kingdomino.cli.bot import Bot, ServerRefused


class TournamentsPlayed:
    """The club tournaments the bot took a seat in, by id (their names), each said once it is over;
    the games it played to their end, by id, said at its stop."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.account = ""
        self.games: set[str] = set()
        self.lock = threading.Lock()

    def game_over(self, game_id: str) -> None:
        """The bot played ``game_id`` to its end (a game's thread says it)."""
        with self.lock:
            self.games.add(game_id)

    def stopped(self, withdrawn: Iterable[str]) -> None:
        """Say the bot's stop: the games it played to their end, and those ``withdrawn`` from it at
        the stop (each said already; its thread may have seen it end since, not counted played)."""
        left = set(withdrawn)
        with self.lock:
            played = len(self.games - left)
        games = "1 game" if played == 1 else f"{played} games"
        under_way = f"{len(left)} under way withdrawn" if left else "none under way"
        typer.echo(f"stopped: {games} played, {under_way}")

    def note(self, tournament_id: str, name: str) -> None:
        """The bot took a seat in tournament ``tournament_id`` (named ``name``)."""
        self.names[tournament_id] = name

    def look(self, lobby: Bot, running: Iterable[str]) -> None:
        """Say the end of each tournament noted that is no longer ``running``; one the server does
        not answer for now is looked at again at the next look."""
        still = set(running)
        for tournament_id in [known for known in self.names if known not in still]:
            try:
                found = Bot.checked(lobby.request("GET", f"/api/tournaments/{tournament_id}"))
                if not self.account:
                    account = Bot.checked(lobby.request("GET", "/api/account")).get("account") or {}
                    self.account = str(account.get("name", ""))
            except ServerRefused:
                continue
            if found.get("status") == "running":
                continue
            name = self.names.pop(tournament_id)
            page = f"{lobby.server}/tournament/{tournament_id}"
            if found.get("status") != "finished":
                typer.echo(f"tournament {name}: {found.get('status')} ({page})")
                continue
            standings = found.get("standings", [])
            mine = next((line for line in standings if line.get("name") == self.account), None)
            place = f"place {mine['rank']} of {len(standings)}, {mine['points']:g} points" if mine else "over"
            typer.echo(f"tournament {name} is over: {place} ({page})")
