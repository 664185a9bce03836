"""``kingdomino bot --accept-challenges``: a bot that takes challenges, as lichess's bots do.

The bot's account hears its challenges on the lobby's socket (``WS /ws/lobby``, the session's
cookie sent as a page sends it) and answers each at once: accepted when it is a game the bot
takes (:class:`Takes`) and one of the games it plays at once (``--at-once``, the games it seeks
itself counted) is free, else declined with the reason (``POST /api/challenges/{id}/decline``,
one of ``DECLINE_REASONS``, which the challenger's page words). Every game, sought or accepted,
is played in a thread of its own by :func:`play_out`, the one loop of ``kingdomino bot``. Its
account's club tournament games are played the same way: every ``TOURNAMENTS_EVERY`` seconds it
asks which of them await its seat (``GET /api/tournaments``'s ``awaiting``) and takes each seat
(``POST /api/games/{id}/join``) while one of its games at once is free, and says each
tournament's end, its place there, and at its stop what it played (``bot_standings.py``). The bot
runs until stopped: a stop (Ctrl-C, SIGTERM) takes it out of every game it holds (``Bot.withdraw``),
and an accept under way is held (:class:`HeldStop`) until its game is known.
"""

from __future__ import annotations

import contextlib
import functools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NoReturn

import typer

from kingdomino.cli.bot import PING_EVERY, RECONNECTS, Bot, ServerRefused, outcome
from kingdomino.cli.bot_standings import TournamentsPlayed
from kingdomino.cli.held_stop import HeldStop

if TYPE_CHECKING:
    pass

#: Why the bot declines a challenge, the server's own list (``web.challenges.DECLINE_REASONS``):
#: not now, busy with its other games, the clock too fast or too slow, a kind of clock it does not
#: play, rated games only, casual games only, a game (or mode) it does not play.
DECLINE_REASONS = ("generic", "later", "too_fast", "too_slow", "clock", "rated", "casual", "game")
#: The kinds of clock ``--accept-clock`` names: ``none`` is an untimed game.
CLOCK_KINDS = ("none", "move", "game", "days")
#: The figure of each kind of clock its bounds are in: a move's seconds, a game's minutes, days.
FIGURES = {"move": "seconds", "game": "minutes", "days": "days"}
#: Which challenges the bot takes by their rating: any, rated ones alone, casual ones alone.
Rating = Literal["any", "rated", "casual"]
RATINGS: tuple[Rating, ...] = ("any", "rated", "casual")
#: Seconds the bot waits for a game's thread to say its end after it was stopped.
LAST_WORDS = 30.0
#: Seconds between the bot's looks at its tournament games awaiting its seat: nothing tells it of
#: a round's pairing, and a game waits minutes (the tournament's ``wait_minutes``) for it.
TOURNAMENTS_EVERY = 5.0


@dataclass(frozen=True)
class ClockRange:
    """A kind of clock the bot plays, and the bounds of its figure (``FIGURES``), both included."""

    kind: str
    low: int | None = None
    high: int | None = None


def parse_clock_range(text: str) -> ClockRange:
    """``--accept-clock``'s ``KIND`` or ``KIND:LOW-HIGH``; a ``ValueError`` says what was expected.

    >>> parse_clock_range("days"), parse_clock_range("move:10-60")
    (ClockRange(kind='days', low=None, high=None), ClockRange(kind='move', low=10, high=60))
    """
    kind, _, bounds = text.partition(":")
    low, dash, high = bounds.partition("-")
    if kind not in CLOCK_KINDS or (bounds and (kind == "none" or not dash or not (low + high).isdigit())):
        raise ValueError(
            f"expected none, move, game or days, or one with its bounds (move:10-60 seconds, "
            f"game:3-30 minutes, days:1-3), got {text!r}"
        )
    if not bounds:
        return ClockRange(kind)
    if not (low.isdigit() and high.isdigit()) or int(low) > int(high):
        raise ValueError(f"expected bounds LOW-HIGH, the lower first (e.g. move:10-60), got {text!r}")
    return ClockRange(kind, int(low), int(high))


def figure(clock: dict[str, Any] | None) -> int | None:
    """The figure of a listing's clock its bounds are in (``FIGURES``); None for an untimed game."""
    return None if clock is None else int(clock[FIGURES[clock["kind"]]])


@dataclass(frozen=True)
class Takes:
    """Which challenges the bot takes: its games (``game`` or ``game:mode``; none: every one), its
    clocks (none: every one), rated or casual (``any``), and its tables' sizes (none: every one;
    an agent trained for two players declines a challenge of four, with ``game``)."""

    games: tuple[str, ...] = ()
    clocks: tuple[ClockRange, ...] = ()
    rating: Rating = "any"
    players: tuple[int, ...] = ()

    def reason(self, challenge: dict[str, Any]) -> str | None:
        """Why the bot declines ``challenge`` (a lobby's listing), or None: it takes it.

        >>> takes = Takes(("duel",), (ClockRange("move", 10, 60), ClockRange("days")), "rated")
        >>> listing = {"game": "duel", "options": {}, "rated": True, "time_control": None}
        >>> takes.reason({**listing, "game": "kingdomino"}), takes.reason(listing)
        ('game', 'clock')
        >>> move = {"kind": "move", "seconds": 5}
        >>> takes.reason({**listing, "time_control": move}), takes.reason({**listing, "rated": False})
        ('too_fast', 'rated')
        >>> takes.reason({**listing, "time_control": {"kind": "days", "days": 7}}) is None
        True
        >>> Takes(players=(2,)).reason({**listing, "players": 4})
        'game'
        """
        game, mode = challenge["game"], challenge["options"].get("mode")
        if self.games and game not in self.games and f"{game}:{mode}" not in self.games:
            return "game"
        if self.players and challenge["players"] not in self.players:
            return "game"
        if self.rating != "any" and challenge["rated"] != (self.rating == "rated"):
            return self.rating
        clock = challenge["time_control"]
        kind = clock["kind"] if clock else "none"
        ranges = [wanted for wanted in self.clocks if wanted.kind == kind]
        if not self.clocks:
            return None
        if not ranges:
            return "clock"
        shown = figure(clock)
        if shown is None or any(r.low is None or r.high is None or r.low <= shown <= r.high for r in ranges):
            return None
        return "too_fast" if all(r.low is not None and shown < r.low for r in ranges) else "too_slow"


class Held:
    """The games the bot holds now (each id's token), at most ``at_once``, a seat counted from the
    moment it is asked for; once ``closed`` (the bot stops) no game is taken."""

    def __init__(self, at_once: int) -> None:
        self.at_once = at_once
        self.games: dict[str, str] = {}
        self.taken = 0
        self.closed = False
        self.changed = threading.Condition()

    def reserve(self, wait: bool = False) -> bool:
        """A seat of the ``at_once`` taken now, or False (all taken, or the bot stopping);
        ``wait``: until one is free, False only once the bot stops."""
        with self.changed:
            while wait and not self.closed and self.taken >= self.at_once:
                self.changed.wait()
            if self.closed or self.taken >= self.at_once:
                return False
            self.taken += 1
            return True

    def hold(self, game_id: str, token: str) -> bool:
        """The reserved seat is ``game_id``'s; False when the bot stopped meanwhile."""
        with self.changed:
            self.games[game_id] = token
            return not self.closed

    def release(self, game_id: str | None) -> None:
        with self.changed:
            if game_id is not None:
                self.games.pop(game_id, None)
            self.taken -= 1
            self.changed.notify_all()

    def close(self) -> dict[str, str]:
        """Take no more games; the games held now, to be withdrawn."""
        with self.changed:
            self.closed = True
            self.changed.notify_all()
            return dict(self.games)


def play_out(
    player: Bot, label: str, game_id: str, token: str, held: HeldStop | None = None
) -> dict[str, Any]:
    """Play the bot's seat of ``game_id`` to its end, saying its address first and its outcome
    last (each line named by ``label``); the last view. A stop (``held``'s, let go once the game is
    said) or a failure takes the bot out of the game first (``Bot.withdraw``), said."""
    import httpx
    from websockets.exceptions import WebSocketException

    try:
        typer.echo(f"{label}: {player.server}/game/{game_id}")
        if held is not None:
            held.let_go()
        last = player.play(game_id, token)
    except (KeyboardInterrupt, ServerRefused, httpx.TransportError, OSError, WebSocketException):
        typer.echo(f"  stopped: {player.withdraw(game_id, token)}")  # nobody waits for it
        raise
    typer.echo(f"  {label}: {outcome(last)}")
    return last


class Door:
    """A bot's door to its challenges: the lobby's socket answered, its games played in threads.

    ``make`` gives each game its own :class:`Bot` (its agent, its socket's state); ``seek``, when
    the bot also looks for games of its own (quick games, or challenges it makes), gives one such
    game's id and token, ``seeking`` of them one after another, each taking a seat of the
    ``at_once``."""

    def __init__(
        self,
        make: Callable[[], Bot],
        takes: Takes,
        at_once: int,
        seek: Callable[[Bot], tuple[str, str]] | None = None,
        seeking: int = 0,
    ) -> None:
        self.make, self.takes, self.seek, self.seeking = make, takes, seek, seeking
        self.held = Held(at_once)
        #: The challenges answered and the tournament seats taken (or refused), by game id: the
        #: socket, or the list of tournament games, may name one again.
        self.answered: set[str] = set()
        #: The first failure of a game's thread: the bot stops with it.
        self.failure: BaseException | None = None
        self.threads: list[threading.Thread] = []
        #: What the server last said refusing the list of tournament games, said once, not every look.
        self.list_refused = ""
        self.played = TournamentsPlayed()
        self.lobby = make()

    def run(self) -> None:
        """Answer challenges (and play the games sought) until stopped, or until a game fails: then
        every game held is withdrawn, what it played said, and the failure raised."""
        if self.seek is not None and self.seeking:
            self._start(self._sought)
        try:
            self._listen()
        finally:
            for game_id, token in (withdrawn := self.held.close()).items():
                typer.echo(f"  stopped: {self.lobby.withdraw(game_id, token)} ({game_id})")
            for thread in self.threads:
                thread.join(LAST_WORDS)
            self.played.stopped(withdrawn)

    def _listen(self) -> None:
        """The lobby's socket, opened again as a game's is when it is lost."""
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect
        from websockets.typing import Origin

        server = self.lobby.server
        headers = {"Cookie": "; ".join(f"{c.name}={c.value}" for c in self.lobby.http.cookies.jar)}
        url = server.replace("http", "ws", 1) + "/ws/lobby"
        failures = 0
        typer.echo(f"waiting for challenges and tournament games on {server}")
        while True:
            try:
                with connect(
                    url, origin=Origin(server), additional_headers=headers, max_size=2**24
                ) as socket:
                    failures = 0
                    self._hear(socket)
            except (ConnectionClosed, InvalidHandshake, OSError):
                failures += 1
                if failures > RECONNECTS:
                    raise
                time.sleep(min(2.0 ** (failures - 1), 10.0))

    def _hear(self, socket: Any) -> None:
        """Answer each challenge the socket tells of, pinging it at the pace its pongs say (the
        server closes a lobby socket silent for its idle limit, 4408), and take the tournament
        seats awaiting the bot; a game's failure is raised here."""
        ping_every, pinged, looked = PING_EVERY, float("-inf"), float("-inf")
        while True:
            if self.failure is not None:
                raise self.failure
            if time.monotonic() >= looked + TOURNAMENTS_EVERY:
                self._take_tournament_seats()
                looked = time.monotonic()
            if time.monotonic() >= pinged + ping_every:
                socket.send(json.dumps({"type": "ping"}))
                pinged = time.monotonic()
            try:
                message = json.loads(
                    socket.recv(timeout=min(1.0, max(0.0, pinged + ping_every - time.monotonic())))
                )
            except TimeoutError:
                continue
            kind = message.get("type")
            if kind == "pong":
                ping_every = float(message.get("ping_every") or PING_EVERY)
            if kind not in ("challenges", "challenge"):
                continue
            for challenge in message["challenges"] if kind == "challenges" else [message["challenge"]]:
                if challenge["to_you"] and challenge["id"] not in self.answered:
                    self.answered.add(challenge["id"])
                    self._answer(challenge)

    def _answer(self, challenge: dict[str, Any]) -> None:
        """Accept ``challenge`` and play it in a thread, or decline it with the reason; a challenge
        gone meanwhile (called off, run out) is said and forgotten."""
        game_id, who = challenge["id"], challenge["creator"]
        reason = self.takes.reason(challenge) or (None if self.held.reserve() else "later")
        if reason is not None:
            answer = self.lobby.request("POST", f"/api/challenges/{game_id}/decline", json={"reason": reason})
            said = "" if answer.status_code < 400 else f": {Bot.refusal(answer)}"
            typer.echo(f"declined {who}'s challenge ({reason}){said}")
            return
        accept, refused = f"/api/challenges/{game_id}/accept", f"{who}'s challenge could not be accepted"
        self._seat_and_play(game_id, accept, f"challenge from {who}", refused)

    def _take_tournament_seats(self) -> None:
        """Take the seat of each club tournament game awaiting the bot and play it in a thread;
        one beyond the ``at_once`` is left to a later look (a game waits minutes for its
        players), and a seat refused (its wait ran out meanwhile) is said and forgotten. The list
        refused (a server without club tournaments, or one failing now) is said once and asked
        again at the next look: the challenges are answered meanwhile."""
        try:
            listing = Bot.checked(self.lobby.request("GET", "/api/tournaments", params={"status": "running"}))
        except ServerRefused as error:
            if str(error) != self.list_refused:
                typer.echo(f"club tournament games not listed: {error}")
            self.list_refused = str(error)
            return
        self.list_refused = ""
        self.played.look(self.lobby, (str(running["id"]) for running in listing.get("running", [])))
        for game in listing.get("awaiting", []):
            game_id, label = game["game_id"], f"tournament {game['name']}, round {game['round']}"
            self.played.note(str(game["tournament"]), str(game["name"]))
            if game_id in self.answered or not self.held.reserve():
                continue
            self.answered.add(game_id)
            join = f"/api/games/{game_id}/join"
            self._seat_and_play(game_id, join, label, f"{label}: the seat could not be taken", {})

    def _seat_and_play(
        self, game_id: str, path: str, label: str, refused: str, body: dict[str, Any] | None = None
    ) -> None:
        """Take the seat the request ``path`` gives (an accept, a join) and play ``game_id`` in a
        thread (``label`` names it); a refusal is said after ``refused`` and its game slot freed."""
        with HeldStop() as stop:  # a stop while the server seats the bot, before it knows its token
            try:
                seated = Bot.checked(self.lobby.request("POST", path, json=body))
            except ServerRefused as error:
                self.held.release(None)
                typer.echo(f"{refused}: {error}")
                return
            token = str(seated["token"])
            self.held.hold(game_id, token)
            self._start(functools.partial(self._played, label, game_id, token))
            stop.let_go()

    def _sought(self) -> None:
        """The games the bot seeks itself, one after another, each when a seat of ``at_once`` is free."""
        assert self.seek is not None
        for number in range(self.seeking):
            if not self.held.reserve(wait=True):
                return
            player = self.make()
            try:
                game_id, token = self.seek(player)
            except BaseException:
                self.held.release(None)
                raise
            if not self.held.hold(game_id, token):  # the bot stopped while the server made it
                typer.echo(f"  stopped: {player.withdraw(game_id, token)} ({game_id})")
                self.held.release(game_id)
                return
            self._played(f"game {number + 1}", game_id, token, player)

    def _played(self, label: str, game_id: str, token: str, player: Bot | None = None) -> None:
        try:
            play_out(player or self.make(), label, game_id, token)
            self.played.game_over(game_id)
        finally:
            self.held.release(game_id)

    def _start(self, work: Callable[[], None]) -> None:
        """Run ``work`` in a thread; its failure is kept for the listener to raise."""

        def guarded() -> None:
            try:
                work()
            except Exception as error:
                if self.failure is None:
                    self.failure = error

        thread = threading.Thread(target=guarded, daemon=True)
        self.threads.append(thread)
        thread.start()


def join_tournament(player: Bot, tournament_id: str) -> None:
    """``--join-tournament``: the bot's account joins ``tournament_id``, said; one it plays in
    already is said too, not refused, so that a bot started again with the same flags goes on."""
    found = Bot.checked(player.request("GET", f"/api/tournaments/{tournament_id}"))
    if not (found.get("you") or {}).get("playing"):
        Bot.checked(player.request("POST", f"/api/tournaments/{tournament_id}/join"))
    typer.echo(f"playing in the tournament {found['name']} ({player.server}/tournament/{tournament_id})")


def answering(door: Door) -> NoReturn:
    """Run ``door`` until stopped; a stop exits 130 once every game held is withdrawn."""
    with contextlib.suppress(KeyboardInterrupt):
        door.run()
    raise typer.Exit(130)
