"""``kingdomino bot``'s client: an agent that plays people and other bots on a server, through the
server's public API only (HTTP and the game's WebSocket), as lichess's bots do.

The bot logs in to its account (or plays as a guest, casual games only), asks for quick games
(``POST /api/pairing``) or challenges an account (``POST /api/challenges``), or accepts the
challenges it is sent (``bot_door``), and for each game follows the game's socket: when its seat
is to act it reads the game's actions (``GET /api/games/{id}/actions``), replays them through the
engine to have the position, asks its agent (pinging meanwhile: a socket silent for two pings
counts as gone), and sends the move on the socket with the index it saw (so a move is never
applied twice). It answers each ``pong`` with an ``echo``, as a page does:
the server measures the socket's round trip by it and credits the moves sent on it (``web/lag.py``),
so a bot far from its server is charged its thinking, not the network's delay; but not a pong
that waited unread while its agent thought (its echo would time the thinking, not the network). Any agent spec
works, plug-ins included (``mypkg.policies:make_ppo``).
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from typing import TYPE_CHECKING, Any, Protocol

from kingdomino.agents import make_agent
from kingdomino.cli.held_stop import HeldStop
from kingdomino.core.game import State
from kingdomino.games.registry import make_game

if TYPE_CHECKING:  # the bot's packages (the `bot` extra), imported when a bot runs
    import httpx


#: Seconds between the bot's pings until the server's first ``pong`` says its own ``ping_every``.
PING_EVERY = 10.0


#: Times in a row the bot opens a lost game socket again without hearing the game's state.
RECONNECTS = 6

#: The refusals of a move the game overtook: nothing to do but wait for the next state.
OVERTAKEN = ("not_your_turn", "game_over", "spectator_acts", "changed_elsewhere")

#: A game's statuses once it is over: played to its end, ended unplayed, called off by a player.
ENDS = ("finished", "expired", "aborted")
#: How many times a request the server asked to wait for (429 or 503 with ``Retry-After``: a
#: client's limit met, the server busy) is asked again before its refusal is taken as said.
PATIENCE = 5
#: The longest wait a ``Retry-After`` is taken at, in seconds.
LONGEST_WAIT = 60.0


def outcome(view: dict[str, Any]) -> str:
    """What became of the bot's game, in words, from the last view it had: its result, or why it
    ended without one (a challenge of the bot's declined: with the reason said), or why an AI
    plays the bot's seat now (the bot's token only watches then).

    >>> seats = [{"name": "Ann"}, {"name": "Bot", "timed_out": True}]
    >>> view = {"status": "finished", "your_seats": [1], "former_seats": [], "scores": [20, 31],
    ...         "places": [2, 1], "seats": seats, "ended": None}
    >>> outcome(view)
    "finished: scores [20, 31], the bot's seat 2, place 1 of 2"
    >>> outcome({**view, "status": "playing", "your_seats": [], "former_seats": [1]})
    "out of time: an AI plays the bot's seat 2 on"
    >>> outcome({**view, "status": "aborted", "ended": {"by": "abort", "seat": 0}})
    'called off by Ann before every player had moved: no result'
    >>> seats = [{"name": "Ann"}, {"name": "Robo", "challenged": True}]
    >>> declined = {"status": "expired", "wait_ended": "declined", "decline_reason": "later"}
    >>> outcome({**view, **declined, "seats": seats})
    'ended unplayed: Robo declined the challenge (later)'
    >>> cy = {"name": "Cy", "challenged": True, "declined": True}
    >>> seats = [{"name": "Ann"}, {"name": "Robo", "challenged": True}, cy]
    >>> outcome({**view, **declined, "seats": seats})
    'ended unplayed: Cy declined the challenge (later)'
    """
    seats = view["your_seats"] or view["former_seats"]
    seat = seats[0] if seats else None
    if view["status"] == "aborted":
        by = (view.get("ended") or {}).get("seat")
        name = view["seats"][by]["name"] if isinstance(by, int) else "a player"
        return f"called off by {name} before every player had moved: no result"
    if view.get("wait_ended") == "declined":
        seats_kept = [seat for seat in view["seats"] if seat.get("challenged")]
        declined = [seat for seat in seats_kept if seat.get("declined")] or seats_kept
        kept = declined[0]["name"] if declined else "the player"
        why = f" ({view['decline_reason']})" if view.get("decline_reason") else ""
        return f"ended unplayed: {kept} declined the challenge{why}"
    if view["status"] == "expired":
        return "ended unplayed: " + (
            "nobody joined in time" if view.get("wait_ended") == "expired" else "called off"
        )
    if seat is None:
        return f"{view['status']}: the bot holds no seat of it"
    if not view["your_seats"]:
        handed = view["seats"][seat]
        why = next((words for key, words in HANDED_OVER if handed.get(key)), "left")
        return f"{why}: an AI plays the bot's seat {seat + 1} on"
    place = f", place {view['places'][seat]} of {len(view['places'])}" if view.get("places") else ""
    return f"{view['status']}: scores {view['scores']}, the bot's seat {seat + 1}{place}"


#: Why an AI plays a person's seat, as a view's seat says it, in words.
HANDED_OVER = (("timed_out", "out of time"), ("resigned", "resigned"), ("away", "handed over while away"))


class Socket(Protocol):
    """What the bot uses of a game's WebSocket (``websockets.sync.client.ClientConnection``)."""

    def send(self, message: str) -> None:
        """Send one text message."""

    def recv(self, timeout: float | None = None) -> str | bytes:
        """The next message; ``TimeoutError`` after ``timeout`` seconds without one."""


class ServerRefused(Exception):
    """The server answered a request with an error: its message, as it said it."""


def position(actions: dict[str, Any]) -> State:
    """The position a game's actions (``GET /api/games/{id}/actions``) lead to, by the engine."""
    game = make_game(actions["game"], actions["players"], actions["options"])
    state = game.new_initial_state()
    for _, _, text in actions["actions"]:
        state.apply(state.parse_action(text))
    return state


def parse_clock(text: str) -> dict[str, Any] | None:
    """A quick game's clocks as ``--clock`` writes them (``POST /api/pairing``'s ``time_control``;
    the server checks the figures): ``move:SECONDS``, ``game:MINUTES+INCREMENT`` or ``days:DAYS``;
    ``""`` an untimed game. A ``ValueError`` says what was expected.

    >>> parse_clock("move:30"), parse_clock("game:5+3")
    ({'kind': 'move', 'seconds': 30}, {'kind': 'game', 'minutes': 5, 'increment': 3})
    >>> parse_clock("game:10"), parse_clock("days:1"), parse_clock("")
    ({'kind': 'game', 'minutes': 10, 'increment': 0}, {'kind': 'days', 'days': 1}, None)
    """
    if not text:
        return None
    kind, _, figures = text.partition(":")
    numbers = figures.split("+") if kind == "game" else [figures]
    if kind not in ("move", "game", "days") or not all(n.isdigit() for n in numbers) or len(numbers) > 2:
        raise ValueError(f"expected move:SECONDS, game:MINUTES+INCREMENT or days:DAYS, got {text!r}")
    if kind == "move":
        return {"kind": "move", "seconds": int(figures)}
    if kind == "days":
        return {"kind": "days", "days": int(figures)}
    increment = int(numbers[1]) if len(numbers) > 1 else 0
    return {"kind": "game", "minutes": int(numbers[0]), "increment": increment}


def parse_rating_range(text: str) -> dict[str, int] | None:
    """``--rating-range``'s ``LOW:HIGH``, points below and above the bot's rating that the players
    of its quick games may be (``POST /api/pairing``'s ``rating_range``; the server checks its
    steps and bounds); ``""`` none. A ``ValueError`` says what was expected.

    >>> parse_rating_range("-200:300"), parse_rating_range("0:100"), parse_rating_range("")
    ({'low': -200, 'high': 300}, {'low': 0, 'high': 100}, None)
    """
    if not text:
        return None
    low, colon, high = text.partition(":")
    if not colon or not all(re.fullmatch(r"[-+]?\d{1,5}", figure) for figure in (low, high)):
        raise ValueError(
            f"expected LOW:HIGH, points below and above the bot's rating (e.g. -200:300), got {text!r}"
        )
    if int(low) > 0 or int(high) < 0:
        raise ValueError(
            f"expected LOW 0 or below and HIGH 0 or above: the range holds the bot's rating, got {text!r}"
        )
    return {"low": int(low), "high": int(high)}


class Bot:
    """One agent's seat at games of ``server``, over ``http`` (its session's cookie kept there).
    ``takebacks``: the bot accepts a takeback another player asks of it (else it declines)."""

    def __init__(
        self, server: str, http: httpx.Client, agent: str, seed: int, takebacks: bool = False
    ) -> None:
        self.server = server.rstrip("/")
        self.http = http
        self.agent = make_agent(agent, seed)
        self.takebacks = takebacks
        #: The takebacks answered, by who asked and at which index: a state sent again is not a new one.
        self.answered: set[tuple[int, int]] = set()
        #: Whether the game's socket open now has sent the game's state yet.
        self.heard = False
        #: The index of the state the bot last moved at.
        self.acted_at: int | None = None
        #: The move the bot last sent, which an ``error`` of the socket refuses.
        self.sent: dict[str, Any] | None = None
        #: The pings sent on the socket open now whose pongs were not read yet, and how many of
        #: the next pongs to read waited while the agent thought: those are not echoed.
        self.pongs_due = 0
        self.stale_pongs = 0

    def pair(
        self,
        game: str,
        players: int,
        options: dict[str, Any],
        rated: bool,
        name: str,
        clock: dict[str, Any] | None = None,
        held: HeldStop | None = None,
        rating_range: dict[str, int] | None = None,
        takebacks: bool = True,
    ) -> tuple[str, str]:
        """A quick game's id and the bot's seat token (a new open game waiting, or one joined), with
        the ``clock`` wanted (:func:`parse_clock`; none: untimed), the ``rating_range`` of its
        players (:func:`parse_rating_range`) and whether its game allows ``takebacks``. A stop
        ``held`` meanwhile is made at once while the server asks the bot to wait: no game was made
        then."""
        body = {"game": game, "players": players, "options": options, "rated": rated, "name": name}
        body["takebacks"] = takebacks
        if clock:
            body["time_control"] = clock
        if rating_range:
            body["rating_range"] = rating_range
        answer = self.checked(self.request("POST", "/api/pairing", held, json=body))
        return str(answer["id"]), str(answer["token"])

    def challenge(
        self,
        name: str,
        game: str,
        players: int,
        options: dict[str, Any],
        rated: bool,
        clock: dict[str, Any] | None = None,
        held: HeldStop | None = None,
        takebacks: bool = True,
    ) -> tuple[str, str]:
        """The id of a challenge of the account ``name`` (a bot's too, for matches between bots)
        and the bot's seat token: the game waits for that account's answer (``POST
        /api/challenges``), and allows ``takebacks`` or not. A stop ``held`` meanwhile is made as
        :meth:`pair`'s is."""
        body = {"name": name, "game": game, "players": players, "options": options, "rated": rated}
        body["takebacks"] = takebacks
        if clock:
            body["time_control"] = clock
        answer = self.checked(self.request("POST", "/api/challenges", held, json=body))
        return str(answer["id"]), str(answer["seats"][0]["token"])

    def play(self, game_id: str, token: str) -> dict[str, Any]:
        """Play the bot's seat of ``game_id`` to the game's end; the last view. A socket lost (the
        server restarted, the network went, the bot fell behind or was silent and was closed) is
        opened again, as a page does, after 1, 2, 4, 8 and then 10 s: the server's first message
        is then the game's state. ``RECONNECTS`` failures in a row, with no state between, give up.
        A request of a move that does not reach the server (restarting) is a socket lost too: the
        state heard again says whether the move got through (its index moved on) or is still due."""
        import httpx
        from websockets.exceptions import ConnectionClosed, InvalidHandshake
        from websockets.sync.client import connect

        url = self.server.replace("http", "ws", 1) + f"/ws/games/{game_id}?tokens={token}"
        failures = 0
        while True:
            self.heard, self.pongs_due, self.stale_pongs = False, 0, 0
            try:
                with connect(url, max_size=2**24, open_timeout=30) as socket:
                    return self.follow(socket, game_id, token)
            except (ConnectionClosed, InvalidHandshake, OSError, httpx.TransportError):
                self.acted_at = None  # a move whose request failed may still be due
                failures = 1 if self.heard else failures + 1
                if failures > RECONNECTS:
                    raise
                time.sleep(min(2.0 ** (failures - 1), 10.0))

    def follow(self, socket: Socket, game_id: str, token: str) -> dict[str, Any]:
        """Follow the game on ``socket`` and play the bot's turns until the game ends; the last view.
        The server closes a socket that says nothing for a minute (4408), and a bot waits that long
        for a player to join, or for a person's move: it pings every ``ping_every`` seconds (each
        ``pong`` says how often), the first ping at once, and echoes each pong at once (the
        server's measure of the round trip, credited to its moves)."""
        from websockets.exceptions import ConnectionClosed

        ping_every, pinged = PING_EVERY, float("-inf")
        while True:
            if time.monotonic() >= pinged + ping_every:
                # A socket refused is closed at once: its error, sent first, is still read below.
                with contextlib.suppress(ConnectionClosed):
                    socket.send(json.dumps({"type": "ping"}))
                    self.pongs_due += 1
                pinged = time.monotonic()
            try:
                message = json.loads(socket.recv(timeout=max(0.0, pinged + ping_every - time.monotonic())))
            except TimeoutError:
                continue
            if message.get("type") == "pong":
                ping_every = float(message.get("ping_every") or PING_EVERY)
                self.pongs_due = max(0, self.pongs_due - 1)
                if self.stale_pongs:
                    self.stale_pongs -= 1
                else:
                    socket.send(json.dumps({"type": "echo"}))
            if message.get("type") == "error":
                if not self.heard:
                    raise ServerRefused(str(message.get("message")))  # the socket was refused: said once
                self.refused(message)
            if message.get("type") != "state":
                continue
            self.heard = True
            if message["status"] in ENDS or not message["your_seats"]:
                return dict(message)  # the game is over, or an AI plays the bot's seat now
            if self.acted_at is not None and message["index"] < self.acted_at:
                self.acted_at = None  # moves were taken back: the bot plays that index again
            if self.answer_takeback(game_id, token, message):
                continue  # its answer changes the game: the next state says what to play
            if message["legal_actions"] and message["index"] != self.acted_at:
                self.acted_at = message["index"]  # once per index: a state sent again is not a turn
                self.send(socket, token, self.thought(socket, game_id, token, ping_every))

    def thought(self, socket: Socket, game_id: str, token: str, ping_every: float) -> dict[str, Any]:
        """The agent's move (``move``), thought in a thread while ``socket`` pings every
        ``ping_every`` seconds: the server counts a socket that missed two pings as gone from
        the table (its opponents see the connection lost, and after a while may claim the game),
        and an agent may think longer than that. The pongs wait to be read after the move, and
        so does any pong due when it began: none of them is echoed (``stale_pongs``)."""
        from concurrent.futures import ThreadPoolExecutor

        from websockets.exceptions import ConnectionClosed

        pool = ThreadPoolExecutor(1, thread_name_prefix="bot-move")
        try:
            thinking = pool.submit(self.move, game_id, token)
            while True:
                try:
                    return thinking.result(timeout=ping_every)
                except TimeoutError:
                    with contextlib.suppress(ConnectionClosed):  # the move's send finds it closed
                        socket.send(json.dumps({"type": "ping"}))
                        self.pongs_due += 1
        finally:
            self.stale_pongs = self.pongs_due
            pool.shutdown(wait=False)

    def answer_takeback(self, game_id: str, token: str, state: dict[str, Any]) -> bool:
        """Answer the takeback ``state`` says awaits the bot's seat (``POST
        /api/games/{id}/takeback/answer``): accepted with ``takebacks``, else declined, as a
        person answers it; unanswered, the asker would wait until someone played on. Whether it
        answered one (a refusal, the request voided meanwhile, is the game moving on)."""
        request = (state.get("takeback") or {}).get("request")
        if not request or request["outcome"] is not None:
            return False
        asked = (int(request["by"]), int(state["index"]))
        if asked in self.answered or not set(request["awaited"]) & set(state["your_seats"]):
            return False
        self.answered.add(asked)
        body = {"token": token, "accept": self.takebacks}
        self.request("POST", f"/api/games/{game_id}/takeback/answer", json=body)
        return True

    def send(self, socket: Socket, token: str, move: dict[str, Any]) -> None:
        """Send ``move`` on the game's socket, where its round trip is measured (a move over HTTP,
        ``POST /api/games/{id}/actions``, is credited none): the server answers ``ack``, or an
        ``error`` that :meth:`refused` reads."""
        self.sent = move
        socket.send(json.dumps({"type": "action", "token": token, **move}))

    def refused(self, error: dict[str, Any]) -> None:
        """The socket's ``error``, the refusal of the bot's last move. A move the game overtook
        (another came first: the index, a turn gone, the game over, the seat an AI's) waits for the
        next state; any other refusal of the bot's own move (an illegal one: the bot's position is
        not the server's) raises :class:`ServerRefused`: waiting would wait for ever."""
        if error.get("field") == "index" or error.get("code") in OVERTAKEN:
            return
        move = self.sent or {"action": "", "index": None}
        raise ServerRefused(f"the move {move['action']!r} at index {move['index']}: {error.get('message')}")

    def withdraw(self, game_id: str, token: str) -> str:
        """Take the bot out of ``game_id`` as it stops: a game still waiting for players is called
        off (else it stays in the lobby, and whoever joins it waits for a bot that is gone), or,
        one the bot joined, its seat given back, open again; a game being played (begun
        meanwhile too: the call-off refused) goes on with an AI in the bot's seat. What was done,
        in words, as the server's answer says it."""
        import httpx

        said = []
        for path in ("cancel", "leave"):
            try:
                answer = self.request("POST", f"/api/games/{game_id}/{path}", json={"token": token})
            except httpx.TransportError as error:
                return f"the game is left as it is (the server cannot be reached: {error})"
            if answer.status_code < 400 and path == "leave":
                return "an AI plays its seat on"
            if answer.status_code < 400:
                with contextlib.suppress(ValueError):
                    if answer.json().get("called_off") is False:
                        return "its seat is given back: the game waits for other players"
                return "the game waiting for players is called off"
            said.append(self.refusal(answer))
        return f"the game is left as it is ({'; '.join(said)})"

    def request(
        self, method: str, path: str, held: HeldStop | None = None, **arguments: Any
    ) -> httpx.Response:
        """The server's answer to ``method`` on ``path``. An answer asking to wait (429: the
        server's limit of a client's requests met; 503: the server busy; each with
        ``Retry-After``) is waited for, as it says, and the request sent again, ``PATIENCE``
        times at most: a bot that stopped there would hand a game it could still play to an AI.
        A stop ``held`` while the request is under way is let go while it waits (:class:`HeldStop`).
        """
        for _ in range(PATIENCE):
            answer = self.http.request(method, f"{self.server}{path}", **arguments)
            wait = answer.headers.get("Retry-After", "")
            if answer.status_code not in (429, 503) or not wait.isdigit():
                return answer
            if held is not None:
                held.let_go()
            time.sleep(min(float(wait), LONGEST_WAIT))
            if held is not None:
                held.hold()
        return answer

    def move(self, game_id: str, token: str) -> dict[str, Any]:
        """The agent's move now: its text and the index of the game it was chosen at."""
        actions = self.checked(self.request("GET", f"/api/games/{game_id}/actions", params={"token": token}))
        state = position(actions)
        return {"action": state.action_text(self.agent.act(state)), "index": actions["index"]}

    @staticmethod
    def checked(answer: httpx.Response) -> dict[str, Any]:
        """The answer's JSON; a refusal (or an answer that is not the game server's JSON, from an
        address that is some other server) raises :class:`ServerRefused` with what it said."""
        try:
            body = answer.json()
        except ValueError:
            body = None
        if answer.status_code >= 400 or not isinstance(body, dict):
            raise ServerRefused(Bot.refusal(answer))
        return body

    @staticmethod
    def refusal(answer: httpx.Response) -> str:
        """What a refusing answer said: the server's message, else its status and first bytes."""
        try:
            body = answer.json()
        except ValueError:
            body = None
        error = body.get("error", {}) if isinstance(body, dict) else {}
        said = error.get("message") if isinstance(error, dict) else None
        return str(said) if said else f"HTTP {answer.status_code} {answer.text[:200]!r}"
