"""``kingdomino bot`` (issue #65): agents that play on a server through its public API only. Two
bots, each with its own client, pair by quick game and play the game to its end."""

from __future__ import annotations

import random
import secrets
import signal
import subprocess
import sys
import threading
import time
from typing import Any

import httpx
import pytest
from tests.web.process_lines import next_line
from tests.web.servers import free_port
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosedError
from websockets.frames import Close

from kingdomino.cli import app
from kingdomino.cli.bot import Bot, ServerRefused, outcome, parse_clock, position
from kingdomino.cli.held_stop import HeldStop
from kingdomino.games.registry import make_game
from kingdomino.web.frames import decode
from kingdomino.web.refusals import HubError
from kingdomino.web.routes.game_socket import SocketMessage

#: Options no other test's open games have: the two bots pair with each other.
OPTIONS = {"harmony": True, "middle_kingdom": True}
#: Options of the games a bot is stopped in (3 players): no other test's.
STOPPED_OPTIONS = {"harmony": True, "dynasty": True}
#: The game a bot is stopped in as the server pairs it: no other test's.
PAIRED_GAME = ["--game", "origins", "--mode", "discovery", "--players", "3", "--name", "Paired"]


def test_two_bots_pair_and_play_a_game_to_its_end(live_server: str) -> None:
    finished: dict[str, dict[str, Any]] = {}
    first_waiting = threading.Event()

    def run(name: str, agent: str) -> None:
        with httpx.Client(timeout=30) as http:
            made = http.post(
                f"{live_server}/api/accounts", json={"name": name, "password": "bot password", "bot": True}
            )
            assert made.status_code == 201 and made.json()["account"]["bot"] is True, made.text
            bot = Bot(live_server, http, agent, seed=1)
            game_id, token = bot.pair("kingdomino", 2, OPTIONS, False, name)
            first_waiting.set()
            finished[name] = {"id": game_id, **bot.play(game_id, token)}

    names = [f"Ada{secrets.token_hex(3)}", f"Bob{secrets.token_hex(3)}"]
    opener = threading.Thread(target=run, args=(names[0], "random"))
    opener.start()
    assert first_waiting.wait(60)
    listed = httpx.get(f"{live_server}/api/open-games", timeout=30).json()["games"]
    assert [game["creator_bot"] for game in listed if game["creator"] == names[0]] == [True]  # shown as a bot
    joiner = threading.Thread(target=run, args=(names[1], "greedy"))
    joiner.start()
    for thread in (opener, joiner):
        thread.join(180)
        assert not thread.is_alive()
    views = [finished[names[0]], finished[names[1]]]
    assert views[0]["id"] == views[1]["id"] and all(view["status"] == "finished" for view in views)
    assert {seat["name"] for seat in views[0]["seats"]} == set(names)
    assert all(seat.get("bot") for seat in views[0]["seats"])
    # The position the bots rebuilt from the public actions is the server's.
    with httpx.Client(base_url=live_server, timeout=30) as http:
        record = http.get(f"/api/games/{views[0]['id']}/record").json()  # public once finished
    assert len(record["actions"]) == views[0]["index"] and views[0]["scores"] == views[1]["scores"]


def test_the_position_is_rebuilt_from_the_games_actions() -> None:
    state = make_game("duel", 2, {}).new_initial_state()
    rng = random.Random(4)
    texts = []
    for _ in range(12):
        action = state.sample_chance(rng) if state.is_chance() else rng.choice(state.legal_actions())
        texts.append(state.action_text(action))
        state.apply(action)
    actions = [[index, 0, text] for index, text in enumerate(texts)]
    rebuilt = position({"game": "duel", "players": 2, "options": {}, "actions": actions})
    assert rebuilt.view(None) == state.view(None)


def test_the_command_says_what_it_takes() -> None:
    result = CliRunner().invoke(app, ["bot", "--help"])
    assert result.exit_code == 0 and "--agent" in result.output and "public API" in result.output


def test_the_help_is_whole_at_eighty_columns() -> None:
    """The server's example, the plug-in example and the password's variable were cut with "…"
    in an 80-column terminal (the two-name flags `--rated/--no-rated` took the column's room)."""
    result = CliRunner().invoke(app, ["bot", "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0
    assert "…" not in result.output, result.output
    text = " ".join(result.output.split())
    assert "http://localhost:8000" in text and "mypkg.policies:make_ppo" in text
    assert "KINGDOMINO_BOT_PASSWORD" in text


def stop_in_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot pairs for a 3-player game of ``STOPPED_OPTIONS`` and is stopped (Ctrl-C) at once."""
    pair = Bot.pair

    def paired(self: Bot, game: str, players: int, options: dict[str, Any], rated: bool, *rest: Any) -> Any:
        return pair(self, game, 3, STOPPED_OPTIONS, rated, *rest)

    def stopped(self: Bot, game_id: str, token: str) -> dict[str, Any]:
        raise KeyboardInterrupt

    monkeypatch.setattr(Bot, "pair", paired)
    monkeypatch.setattr(Bot, "play", stopped)


def assert_called_off(live_server: str, said: str) -> None:
    """The stopped bot said (``said``: its output) that it called off the game waiting for players
    whose link it gave first, and the lobby no longer lists that game."""
    assert "stopped: the game waiting for players is called off" in said, said
    game_id = said.split("/game/")[1].split()[0]
    listed = httpx.get(f"{live_server}/api/open-games", timeout=30).json()["games"]
    assert game_id not in [game["id"] for game in listed]


def test_a_bot_stopped_while_its_game_waits_calls_the_game_off(
    live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot stopped while its quick game waited for players left the game in the lobby: whoever
    joined it then waited for a bot that was gone. The game is called off."""
    stop_in_its_game(monkeypatch)
    result = CliRunner().invoke(app, ["bot", "--server", live_server, "--agent", "greedy", "--name", "Quits"])
    assert result.exit_code == 130, result.output
    assert_called_off(live_server, result.output)


def test_a_bot_stopped_in_a_game_being_played_hands_its_seat_to_an_ai(
    live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other players of a game the bot stops in play on, an AI in the bot's seat."""
    stop_in_its_game(monkeypatch)
    ask = {"game": "kingdomino", "players": 3, "options": STOPPED_OPTIONS, "name": "Opener"}
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as http:
        opened = http.post("/api/pairing", json=ask).json()
        assert opened["created"] is True, opened
        token = opened["seats"][0]["token"]
        http.post(f"/api/games/{opened['id']}/join", json={"name": "Second"}).raise_for_status()
        result = CliRunner().invoke(
            app, ["bot", "--server", live_server, "--agent", "greedy", "--name", "Quits"]
        )
        assert result.exit_code == 130, result.output
        assert f"/game/{opened['id']}" in result.output, result.output
        assert "stopped: an AI plays its seat on" in result.output, result.output
        seats = http.get(f"/api/games/{opened['id']}", params={"token": token}).json()["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "human", "ai"], seats


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--agent", "wizard"], "--agent: agent 'wizard': unknown kind"),
        (["--agent", "greedy", "--game", "duel", "--players", "3"], "--players: Kingdomino Duel is for"),
        (["--agent", "greedy", "--mode", "tribe"], "--mode: only Kingdomino Origins has modes"),
        (["--agent", "greedy", "--game", "chess"], "--game: unknown game 'chess'"),
        (["--agent", "greedy", "--rated"], "--rated: needs the bot's account: --name and --password"),
        (["--agent", "greedy", "--new-account"], "--new-account: needs the bot's account"),
        (
            ["--agent", "greedy", "--rated", "--name", "B", "--password", "password B"],
            "--rated: a rated game needs a clock: add --clock",
        ),
        (["--agent", "greedy", "--clock", "30"], "--clock: expected move:SECONDS, game:MINUTES+INCREMENT"),
    ],
)
def test_a_mistake_is_said_in_one_line_before_any_connection(words: list[str], said: str) -> None:
    """The bot's own options are checked before it reaches for the server (nothing listens at
    the address given): each mistake is one line naming its flag, exit code 2, no traceback."""
    server = f"http://127.0.0.1:{free_port()}"
    result = CliRunner().invoke(app, ["bot", "--server", server, *words])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {said}") and "Traceback" not in result.output, result.output


@pytest.mark.parametrize(
    ("server", "said"),
    [
        ("localhost:8000", "--server: expected an address starting with http:// or https://"),
        ("http://127.0.0.1:{port}", "--server: cannot reach http://127.0.0.1:{port}"),
    ],
)
def test_a_server_it_cannot_use_is_said_in_one_line(server: str, said: str) -> None:
    """An address without its scheme, or one where no server answers, printed httpx's traceback."""
    port = free_port()
    result = CliRunner().invoke(app, ["bot", "--server", server.format(port=port), "--agent", "greedy"])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {said.format(port=port)}"), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


def test_a_bot_stopped_in_a_game_it_joined_gives_its_seat_back(
    live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot paired into someone's game that still waits for players gives its seat back as it
    stops: the game waits on for others, and the bot said it had called the game off."""
    stop_in_its_game(monkeypatch)
    ask = {"game": "kingdomino", "players": 3, "options": STOPPED_OPTIONS, "name": "Opener"}
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as http:
        opened = http.post("/api/pairing", json=ask).json()
        assert opened["created"] is True, opened
        try:
            result = CliRunner().invoke(
                app, ["bot", "--server", live_server, "--agent", "greedy", "--name", "Joins"]
            )
            assert result.exit_code == 130, result.output
            assert f"/game/{opened['id']}" in result.output, result.output
            assert "stopped: its seat is given back: the game waits for other players" in result.output
            seats = http.get(f"/api/games/{opened['id']}", params={"token": opened["token"]}).json()["seats"]
            assert [seat["kind"] for seat in seats] == ["human", "open", "open"], seats
        finally:
            http.post(f"/api/games/{opened['id']}/cancel", json={"token": opened["token"]})


def test_a_bot_asks_for_the_clock_it_is_given(live_server: str) -> None:
    """``kingdomino bot`` had no clock: it never met a player who asked for a timed quick game.
    ``--clock move:30`` pairs for a game of 30 s a move (listed so while it waits)."""
    with httpx.Client(timeout=30) as http:
        bot = Bot(live_server, http, "random", seed=1)
        clock = parse_clock("move:30")
        game_id, token = bot.pair("kingdomino", 3, STOPPED_OPTIONS, False, "Clocked", clock)
        listed = http.get(f"{live_server}/api/open-games").json()["games"]
        bot.withdraw(game_id, token)  # no other test's bot joins it
    waiting = next(game for game in listed if game["id"] == game_id)
    assert waiting["time_control"] == {"kind": "move", "seconds": 30}, waiting


class CountedSocket:
    """A bot's socket that counts the ``pong`` messages it hears, and sets ``heard`` at ``wanted``."""

    def __init__(self, socket: Any, wanted: int) -> None:
        self.socket, self.wanted, self.pongs = socket, wanted, 0
        self.heard = threading.Event()

    def send(self, text: str) -> None:
        self.socket.send(text)

    def recv(self, timeout: float | None = None) -> str:
        text = str(self.socket.recv(timeout=timeout))
        if '"pong"' in text:
            self.pongs += 1
            if self.pongs >= self.wanted:
                self.heard.set()
        return text


class PingCountingBot(Bot):
    """A bot whose sockets are :class:`CountedSocket`s, each one kept in ``sockets``."""

    def __init__(self, *args: Any, wanted: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.wanted, self.sockets = wanted, list[CountedSocket]()
        self.first = threading.Event()

    def follow(self, socket: Any, game_id: str, token: str) -> dict[str, Any]:
        counted = CountedSocket(socket, self.wanted)
        self.sockets.append(counted)
        self.first.set()
        return super().follow(counted, game_id, token)


def joined_and_played(live_server: str, game_id: str) -> None:
    """A greedy bot pairs into the Duel waiting on ``live_server`` (``game_id``) and plays it out."""
    with httpx.Client(timeout=30) as http:
        other = Bot(live_server, http, "greedy", seed=2)
        joined, token = other.pair("duel", 2, {}, False, "Joiner")
        assert joined == game_id
        other.play(game_id, token)


@pytest.mark.socket_idle_seconds(5.0)
def test_a_bot_waiting_longer_than_the_servers_idle_limit_keeps_its_socket(live_server: str) -> None:
    """A bot never pinged: the server closes a socket silent for its idle limit (60 s; 4408), so a
    bot whose quick game waited a minute for a player died ("cannot reach"), its game left in the
    lobby. Here the limit is 5 s: the bot waits through eight pings (6.7 s at the server's
    ``ping_every``, a sixth of the limit) on one socket, then plays its game to the end on it."""
    finished: dict[str, dict[str, Any]] = {}
    with httpx.Client(timeout=30) as http:
        waiting = PingCountingBot(live_server, http, "random", seed=1, wanted=8)
        game_id, token = waiting.pair("duel", 2, {}, False, "Patient")
        thread = threading.Thread(target=lambda: finished.update(view=waiting.play(game_id, token)))
        thread.start()
        assert waiting.first.wait(30)
        assert waiting.sockets[0].heard.wait(60), waiting.sockets[0].pongs
        joined_and_played(live_server, game_id)
        thread.join(120)
    assert not thread.is_alive() and finished["view"]["status"] == "finished"
    assert len(waiting.sockets) == 1


#: Options of the games a bot's opponent ends or leaves: no other test's.
ENDED_OPTIONS = {"mighty_duel": True, "harmony": True}


def bot_and_person(
    live_server: str, http: httpx.Client
) -> tuple[str, str, str, threading.Thread, dict[str, Any]]:
    """A bot playing a quick game (in a thread) with a person who joined it and never moves: the
    game's id, the bot's token, the person's, the bot's thread and, once it returns, its last view."""
    bot = Bot(live_server, http, "random", seed=1)
    game_id, token = bot.pair("kingdomino", 2, ENDED_OPTIONS, False, "Botty")
    last: dict[str, Any] = {}
    thread = threading.Thread(target=lambda: last.update(bot.play(game_id, token)), daemon=True)
    thread.start()
    ask = {"game": "kingdomino", "players": 2, "options": ENDED_OPTIONS, "name": "Person"}
    joined = httpx.post(f"{live_server}/api/pairing", json=ask, timeout=30).json()
    assert joined["id"] == game_id, joined
    return game_id, token, joined["token"], thread, last


def test_a_bot_whose_game_is_aborted_stops_and_says_so(live_server: str) -> None:
    """A game its opponent aborted (``status`` ``aborted``) was not an end to the bot: it waited on
    the socket for ever."""
    with httpx.Client(timeout=30, base_url=live_server) as http:
        game_id, _, person, thread, last = bot_and_person(live_server, http)
        http.post(f"/api/games/{game_id}/abort", json={"token": person}).raise_for_status()
        thread.join(60)
    assert not thread.is_alive() and last["status"] == "aborted"
    assert outcome(last) == "called off by Person before every player had moved: no result"


def test_a_bot_whose_seat_an_ai_took_stops_and_says_so(live_server: str) -> None:
    """A bot whose seat went to an AI (out of time, or handed over) watched the game to its end,
    then failed on its own seat (``your_seats`` empty: an ``IndexError`` and a traceback)."""
    with httpx.Client(timeout=30, base_url=live_server) as http:
        game_id, token, person, thread, last = bot_and_person(live_server, http)
        http.post(f"/api/games/{game_id}/leave", json={"token": token}).raise_for_status()
        thread.join(60)
        http.post(f"/api/games/{game_id}/resign", json={"token": person}).raise_for_status()
    assert not thread.is_alive() and last["your_seats"] == [] and last["status"] == "playing"
    seat = last["former_seats"][0]
    assert outcome(last) == f"left: an AI plays the bot's seat {seat + 1} on"


class Unpinged:
    """A bot's socket that never sends its pings: the server closes it after its idle limit."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket

    def send(self, text: str) -> None:
        if '"ping"' not in text:
            self.socket.send(text)

    def recv(self, timeout: float | None = None) -> str:
        return str(self.socket.recv(timeout=timeout))


class SilentBot(Bot):
    """A bot whose sockets never ping; ``reconnected`` is set once it opened a second one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sockets = 0
        self.reconnected = threading.Event()

    def follow(self, socket: Any, game_id: str, token: str) -> dict[str, Any]:
        self.sockets += 1
        if self.sockets > 1:
            self.reconnected.set()
        return super().follow(Unpinged(socket), game_id, token)


@pytest.mark.socket_idle_seconds(1.0)
def test_a_bot_whose_socket_is_closed_connects_again_and_plays_on(live_server: str) -> None:
    """A bot whose socket was lost (the server restarted or closed it, the network went) stopped
    with "cannot reach", its seat left to run out. Here the server closes the socket of a bot
    that does not ping (4408 after 1 s): it opens it again, and plays its game to the end."""
    finished: dict[str, Any] = {}
    with httpx.Client(timeout=30) as http:
        silent = SilentBot(live_server, http, "random", seed=1)
        game_id, token = silent.pair("duel", 2, {}, False, "Silent")
        thread = threading.Thread(target=lambda: finished.update(silent.play(game_id, token)), daemon=True)
        thread.start()
        assert silent.reconnected.wait(60)
        joined_and_played(live_server, game_id)
        thread.join(120)
    assert not thread.is_alive() and finished["status"] == "finished"


def test_a_socket_the_server_refuses_is_said_and_not_tried_again(live_server: str) -> None:
    """A socket the server refuses (a token of no seat: its error, then 4403) is the server's
    refusal, said in its words, not a lost connection to open again."""
    with httpx.Client(timeout=30) as http:
        bot = Bot(live_server, http, "random", seed=1)
        game_id, token = bot.pair("kingdomino", 2, ENDED_OPTIONS, False, "Refused")
        try:
            with pytest.raises(ServerRefused, match="not a seat"):
                bot.play(game_id, "made-up-token")
        finally:
            bot.withdraw(game_id, token)


def test_a_request_the_server_asks_to_wait_for_is_sent_again_after_the_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server limits a client's game requests (429 with ``Retry-After``) and answers 503
    with one when it is busy: the bot waits as told and asks again, where it stopped and
    handed its game to an AI; a wait it was never told is no reason to ask again."""
    asked: list[str] = []
    answers = iter(
        [
            httpx.Response(429, headers={"Retry-After": "3"}, json={"error": {"message": "too many"}}),
            httpx.Response(503, headers={"Retry-After": "2"}, json={"error": {"message": "busy"}}),
            httpx.Response(200, json={"id": "abc", "token": "t0"}),
            httpx.Response(429, json={"error": {"message": "too many, and no wait said"}}),
        ]
    )

    def answer(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.path)
        return next(answers)

    waited: list[float] = []
    monkeypatch.setattr(time, "sleep", waited.append)  # this test's process waits for nothing
    with httpx.Client(transport=httpx.MockTransport(answer)) as http:
        bot = Bot("http://server", http, "random", seed=1)
        assert bot.pair("duel", 2, {}, False, "Patient") == ("abc", "t0")
        assert waited == [3.0, 2.0] and asked == ["/api/pairing"] * 3
        with pytest.raises(ServerRefused, match="no wait said"):
            bot.pair("duel", 2, {}, False, "Patient")
    assert waited == [3.0, 2.0]


#: Seconds a bot stopped in the test's own thread may take to leave the game it waits in.
STOP_DEADLINE = 60.0


def called_off_later(base: str, paired: dict[str, Any], lost: list[str]) -> threading.Timer:
    """A watchdog of the bot just ``paired`` and stopped in the test's own thread: past
    ``STOP_DEADLINE`` its game is called off here (its id noted in ``lost``), for a bot whose stop
    was lost waits for players for ever, and the test with it. Cancel it once the bot is done."""

    def call_off() -> None:
        lost.append(str(paired["id"]))
        httpx.post(
            f"{base}/api/games/{paired['id']}/cancel",
            json={"token": paired["token"]},
            headers={"Origin": base},
            timeout=30,
        )

    timer = threading.Timer(STOP_DEADLINE, call_off)
    timer.daemon = True
    timer.start()
    return timer


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_a_bot_stopped_as_the_server_pairs_it_calls_its_game_off(
    live_server: str, monkeypatch: pytest.MonkeyPatch, stop: signal.Signals
) -> None:
    """A bot stopped after the server had paired it (its game made) but before it read which game
    knew no game to leave: the game waited in the lobby for a bot that was gone. The stop is held
    until the bot knows its game, and then calls the game off."""
    assert threading.current_thread() is threading.main_thread()  # where signals are handled
    request = Bot.request
    watchdogs: list[threading.Timer] = []
    lost: list[str] = []

    def stopped_when_paired(
        self: Bot, method: str, path: str, *rest: Any, **arguments: Any
    ) -> httpx.Response:
        answer = request(self, method, path, *rest, **arguments)
        if path == "/api/pairing":
            watchdogs.append(called_off_later(live_server, answer.json(), lost))
            signal.raise_signal(stop)  # the server has paired the bot, which has not read its answer
        return answer

    monkeypatch.setattr(Bot, "request", stopped_when_paired)
    try:
        result = CliRunner().invoke(app, ["bot", "--server", live_server, "--agent", "greedy", *PAIRED_GAME])
    except KeyboardInterrupt:
        pytest.fail("the bot stopped before it knew its game: the game was left waiting for it")
    finally:
        for timer in watchdogs:
            timer.cancel()
    assert not lost, (
        f"the stop was lost: the bot still waited for players {STOP_DEADLINE:g} s on: {result.output}"
    )
    assert result.exit_code == 130, result.output
    assert_called_off(live_server, result.output)


def test_a_stop_while_the_server_asks_the_bot_to_wait_is_made_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No game is made while the server asks the bot to wait and ask again: a stop held as it
    asked is made then, not held through the waits; and a second stop is made at once."""
    asked: list[str] = []

    def busy(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.path)
        signal.raise_signal(signal.SIGINT)
        return httpx.Response(503, headers={"Retry-After": "30"}, json={"error": {"message": "busy"}})

    waited: list[float] = []
    monkeypatch.setattr(time, "sleep", waited.append)
    with (
        httpx.Client(transport=httpx.MockTransport(busy)) as http,
        HeldStop() as held,
        pytest.raises(KeyboardInterrupt),
    ):
        Bot("http://server", http, "random", seed=1).pair("duel", 2, {}, False, "Stopped", None, held)
    assert asked == ["/api/pairing"] and waited == []
    with HeldStop() as held:
        signal.raise_signal(signal.SIGINT)
        assert held.came
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)


def test_a_stop_the_process_ignores_is_not_held() -> None:
    """A bot started in a shell's background ignores Ctrl-C: holding it made it a stop."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with HeldStop() as held:
            signal.raise_signal(signal.SIGINT)
            held.let_go()
        after = signal.getsignal(signal.SIGINT)
    except KeyboardInterrupt:
        pytest.fail("a Ctrl-C the process ignores stopped the bot")
    finally:
        signal.signal(signal.SIGINT, before)
    assert after is signal.SIG_IGN


def test_a_bot_run_as_a_function_gives_back_the_callers_sigterm() -> None:
    """``kingdomino bot`` run in another program's process (a test's ``CliRunner``, a notebook)
    left its SIGTERM a Ctrl-C for good: that program, told to stop, raised KeyboardInterrupt
    wherever it was instead of ending."""
    before = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        result = CliRunner().invoke(app, ["bot", "--server", "http://127.0.0.1:9", "--agent", "greedy"])
        after = signal.getsignal(signal.SIGTERM)
    finally:
        signal.signal(signal.SIGTERM, before)
    assert result.exit_code == 2 and "cannot reach" in result.output, result.output
    assert after is signal.SIG_DFL


class RefusedSocket:
    """A socket the server refused before the bot's first ping went out: the ping meets the
    closed connection, the refusal sent before the close is still there to read."""

    def send(self, message: str) -> None:
        raise ConnectionClosedError(Close(4403, ""), None)

    def recv(self, timeout: float | None = None) -> str:
        return '{"type": "error", "message": "these tokens are not a seat of this game"}'


def test_a_refusal_that_closed_the_socket_before_the_first_ping_is_still_said() -> None:
    """The server sends its error and closes the socket at once: the bot's first ping could
    meet the closed socket, and the bot took the refusal for a lost connection to open again."""
    with httpx.Client() as http:
        bot = Bot("http://127.0.0.1:1", http, "random", seed=1)
        with pytest.raises(ServerRefused, match="not a seat"):
            bot.follow(RefusedSocket(), "abc", "made-up-token")


def test_a_bot_whose_move_is_refused_stops_and_hands_its_seat_on(
    live_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot whose move the server refused (its position is not the server's, a plug-in's bug)
    heard the socket's error, ignored it and waited for ever for a state that never came. It stops,
    says the server's refusal, and hands its seat to an AI so that its opponent plays on."""
    pair, move = Bot.pair, Bot.move

    def paired(self: Bot, game: str, players: int, options: dict[str, Any], *rest: Any) -> Any:
        return pair(self, "kingdomino", 2, ENDED_OPTIONS, *rest)

    monkeypatch.setattr(Bot, "pair", paired)
    monkeypatch.setattr(Bot, "move", lambda self, *ids: {**move(self, *ids), "action": "claim 99"})
    with httpx.Client(timeout=30) as http:
        opponent = Bot(live_server, http, "random", seed=3)
        game_id, token = pair(opponent, "kingdomino", 2, ENDED_OPTIONS, False, "Opponent")
        monkeypatch.setattr(opponent, "move", lambda *ids: move(opponent, *ids))
        done: dict[str, Any] = {}
        thread = threading.Thread(target=lambda: done.update(opponent.play(game_id, token)), daemon=True)
        thread.start()
        said: list[Any] = []
        broken = ["bot", "--server", live_server, "--agent", "greedy", "--name", "Broken"]
        cli = threading.Thread(target=lambda: said.append(CliRunner().invoke(app, broken)), daemon=True)
        cli.start()
        cli.join(120)
        thread.join(120)
    assert not cli.is_alive() and not thread.is_alive()
    output = said[0].output
    assert f"/game/{game_id}" in output and "stopped: an AI plays its seat on" in output, output
    assert "error: the server refused: the move 'claim 99'" in output and said[0].exit_code == 2, output
    assert done["status"] == "finished"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("[]", "an array"),
        ("5", "a number"),
        ('"ping"', "a string"),
        ("true", "true or false"),
        ("null", "null"),
    ],
)
def test_a_socket_message_that_is_no_object_is_refused_in_a_clients_words(text: str, shown: str) -> None:
    """A client's socket message of JSON that is not an object was refused "body: Input should be
    a valid dictionary or instance of SocketMessage": a class of the server, and no field named."""
    with pytest.raises(HubError) as refused:
        decode({"type": "websocket.receive", "text": text}, SocketMessage)
    assert refused.value.field == "message"
    assert refused.value.message == f'expected a JSON object, e.g. {{"type": "ping"}}, got {shown}'


class OnceUnreachableBot(Bot):
    """A bot whose first move's request (the game's actions read) fails as a server restarting
    fails it (connection refused)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.failed = 0

    def move(self, game_id: str, token: str) -> dict[str, Any]:
        if not self.failed:
            self.failed += 1
            raise httpx.ConnectError("[Errno 111] Connection refused")
        return super().move(game_id, token)


def test_a_bot_whose_move_does_not_reach_the_server_plays_on(live_server: str) -> None:
    """A bot whose move's request met a server restarting ("connection refused") stopped with
    "cannot reach" while its socket would have reconnected a moment later: its game went on
    without it. The request's failure is a lost connection: the bot connects again and moves."""
    finished: dict[str, Any] = {}
    with httpx.Client(timeout=30) as http:
        unlucky = OnceUnreachableBot(live_server, http, "random", seed=1)
        game_id, token = unlucky.pair("kingdomino", 2, ENDED_OPTIONS, False, "Unlucky")
        thread = threading.Thread(target=lambda: finished.update(unlucky.play(game_id, token)), daemon=True)
        thread.start()
        with httpx.Client(timeout=30) as other_http:
            other = Bot(live_server, other_http, "greedy", seed=2)
            joined, other_token = other.pair("kingdomino", 2, ENDED_OPTIONS, False, "Other")
            assert joined == game_id
            playing = threading.Thread(target=other.play, args=(game_id, other_token), daemon=True)
            playing.start()
            thread.join(120)
            playing.join(120)
        if playing.is_alive():  # the unlucky bot is gone: its game is ended for the next tests
            httpx.post(f"{live_server}/api/games/{game_id}/resign", json={"token": other_token}, timeout=30)
    assert not thread.is_alive() and unlucky.failed == 1 and finished["status"] == "finished"


def test_a_bot_terminated_while_its_game_waits_calls_the_game_off(live_server: str) -> None:
    """A bot stopped by a service manager (SIGTERM: systemd, ``docker stop``) died at once, its game
    left in the lobby: the next player who paired joined a bot that was gone. It stops as at Ctrl-C."""
    command = [sys.executable, "-m", "kingdomino", "bot", "--server", live_server, "--agent", "random"]
    options = ["--game", "origins", "--mode", "totem", "--players", "4", "--name", "Termed"]
    bot = subprocess.Popen([*command, *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    waiting = next_line(bot, "the bot's line giving its game's link")
    assert "/game/" in waiting, waiting
    bot.send_signal(signal.SIGTERM)
    assert_called_off(live_server, waiting + bot.communicate(timeout=60)[0])
