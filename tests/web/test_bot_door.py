"""``kingdomino bot --accept-challenges`` on a live server: a bot's account takes the challenges it
plays (a bot's ``--challenge`` among them: a match between two bots), declines the others with
their reason, declines ``later`` while its games at once are all taken, and, stopped, hands the
game it holds to an AI; it joins a club tournament and plays its games there to their end. The
bot that answers runs as its own process, stopped as a service
manager stops it (SIGTERM, which it takes as Ctrl-C)."""

from __future__ import annotations

import contextlib
import queue
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from tests.web.conftest import wait_for
from tests.web.deadlines import joined, killed
from tests.web.test_bot import CountedSocket
from typer.testing import CliRunner, Result

from kingdomino.cli import app
from kingdomino.cli.bot import Bot
from kingdomino.cli.bot_door import DECLINE_REASONS, ClockRange, Door, Takes, parse_clock_range
from kingdomino.web import challenges

PASSWORD = "a bot's long password"
#: A bot's account that answers its challenges, as the command line gives it.
DOOR = ["--accept-challenges", "--name", "Robo", "--password", "password"]
#: Seconds a test waits for a line of the bot's, or for a game's view, before it fails.
DEADLINE = 120.0


class Answering:
    """A ``kingdomino bot --accept-challenges`` process and the lines it has said."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.said: list[str] = []
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    def says(self, words: str) -> str:
        """The bot's first line from now on that holds ``words``; fails after ``DEADLINE``."""
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            self.said.append(line)
            if words in line:
                return line
        raise AssertionError(f"the bot never said {words!r}: {''.join(self.said)}")

    def stop(self) -> str:
        """Stop the bot as a service manager does; all it said after."""
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=DEADLINE)
        rest = []
        while not self.lines.empty():
            rest.append(self.lines.get())
        return "".join(rest)


@contextmanager
def answering(live_server: str, name: str, *flags: str) -> Iterator[Answering]:
    """A bot's new account ``name`` answering its challenges on ``live_server`` (stopped at the end)."""
    command = [sys.executable, "-m", "kingdomino", "bot", "--server", live_server, "--agent", "random"]
    account = ["--name", name, "--password", PASSWORD, "--new-account", "--accept-challenges"]
    process = subprocess.Popen(
        [*command, *account, *flags], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    bot = Answering(process)
    try:
        bot.says("waiting for challenges")
        yield bot
    finally:
        killed(process)


@contextmanager
def new_account(live_server: str, name: str) -> Iterator[httpx.Client]:
    """A client logged in to a new person's account ``name``."""
    with httpx.Client(base_url=live_server, headers={"Origin": live_server}, timeout=30) as http:
        made = http.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        yield http


def challenge(http: httpx.Client, name: str, **fields: Any) -> tuple[str, str]:
    """``http``'s account challenges ``name`` to a Duel: the game's id and the challenger's token."""
    made = http.post("/api/challenges", json={"name": name, "game": "duel", "players": 2, **fields})
    assert made.status_code == 201, made.text
    return made.json()["id"], made.json()["seats"][0]["token"]


def invoked(arguments: list[str], awaited: str) -> Result:
    """``kingdomino`` run in this process with ``arguments``, in a thread of its own so that the
    wait has a deadline (``DEADLINE``): a bot whose challenge is never answered waits for ever."""
    results: list[Result] = []
    thread = threading.Thread(target=lambda: results.append(CliRunner().invoke(app, arguments)), daemon=True)
    thread.start()
    joined([thread], awaited, DEADLINE)
    return results[0]


def test_a_bot_plays_another_bots_challenge_and_declines_a_game_it_does_not_play(live_server: str) -> None:
    robo, kira = f"Robo{secrets.token_hex(3)}", f"Kira{secrets.token_hex(3)}"
    with answering(live_server, robo, "--game", "duel") as bot:
        kira_bot = ["bot", "--server", live_server, "--agent", "greedy", "--name", kira]
        kira_bot += ["--password", PASSWORD]
        challenging = [*kira_bot, "--new-account", "--challenge", robo, "--game", "duel"]
        played = invoked(challenging, "Kira's bot to play its challenge to the end")
        assert played.exit_code == 0, played.output
        assert "game 1: finished: scores" in played.output, played.output
        assert "finished: scores" in bot.says(f"challenge from {kira}: finished")
        # The same command again (its account made by the first run) logs in to the account.
        again = [*kira_bot, "--new-account", "--challenge", robo, "--game", "kingdomino"]
        declined = invoked(again, "Kira's bot to hear its challenge declined")
        assert declined.exit_code == 0, declined.output
        assert f"ended unplayed: {robo} declined the challenge (game)" in declined.output, declined.output
        bot.says(f"declined {kira}'s challenge (game)")
        # Stopped while it holds no game, it says what it did: its author knows it heard the stop.
        assert bot.stop() == "stopped: 1 game played, none under way\n" and bot.process.returncode == 130


def test_new_account_again_takes_only_a_bot_s_account_of_its_password(live_server: str) -> None:
    """``--new-account`` on a name taken: a person's account, or another password, is refused in
    words (the first run's bot's account is logged in to: the test above)."""
    pat = f"Pat{secrets.token_hex(3)}"
    with new_account(live_server, pat):
        command = ["bot", "--server", live_server, "--agent", "greedy", "--name", pat, "--new-account"]
        env = {"COLUMNS": "200"}
        person = CliRunner().invoke(app, [*command, "--password", PASSWORD], env=env)
        assert person.exit_code == 2, person.output
        assert f"--new-account: '{pat}' is a person's account, not a bot's" in person.output
        other = CliRunner().invoke(app, [*command, "--password", "another long password"], env=env)
        assert other.exit_code == 2, other.output
        taken = f"the name '{pat}' is taken (or reads as one that is), and not with this password"
        assert taken in other.output, other.output


def test_a_bot_declines_a_clock_and_later_and_a_stop_hands_its_game_on(live_server: str) -> None:
    robo = f"Robo{secrets.token_hex(3)}"
    days = {"kind": "days", "days": 1}
    with (
        answering(live_server, robo, "--game", "duel", "--accept-clock", "days:1-3", "--at-once", "1") as bot,
        new_account(live_server, f"Pat{secrets.token_hex(3)}") as pat,
        new_account(live_server, f"Kim{secrets.token_hex(3)}") as kim,
    ):
        untimed, untimed_token = challenge(pat, robo)
        view = wait_for(pat, untimed, untimed_token, lambda view: view["status"] == "expired", DEADLINE)
        assert (view["wait_ended"], view["decline_reason"]) == ("declined", "clock")
        slow, slow_token = challenge(pat, robo, time_control={"kind": "days", "days": 7})
        view = wait_for(pat, slow, slow_token, lambda view: view["status"] == "expired", DEADLINE)
        assert view["decline_reason"] == "too_slow"
        game_id, token = challenge(pat, robo, time_control=days)
        wait_for(pat, game_id, token, lambda view: view["status"] == "playing", DEADLINE)
        bot.says(f"challenge from {pat.get('/api/account').json()['account']['name']}:")
        busy, busy_token = challenge(kim, robo, time_control=days)
        view = wait_for(kim, busy, busy_token, lambda view: view["status"] == "expired", DEADLINE)
        assert view["decline_reason"] == "later"  # its one game at once is Pat's
        said = bot.stop()
        assert bot.process.returncode == 130, said
        assert "stopped: an AI plays its seat on" in said, said
        assert said.endswith("stopped: 0 games played, 1 under way withdrawn\n"), said
        view = wait_for(pat, game_id, token, lambda view: view["seats"][1]["kind"] == "ai", DEADLINE)
        pat.post(f"/api/games/{game_id}/resign", json={"token": token}).raise_for_status()


def paired_game(http: httpx.Client, path: str, round_: int) -> dict[str, Any]:
    """The game (not the bye) of round ``round_`` of the tournament at ``path``, once it is made."""
    deadline = time.monotonic() + DEADLINE
    while True:
        found: dict[str, Any] = http.get(path).json()
        games: list[dict[str, Any]] = [
            g for r in found["rounds_played"] if r["round"] == round_ for g in r["games"] if g["second"]
        ]
        if games and games[0]["game_id"]:
            return games[0]
        assert time.monotonic() < deadline, (
            f"round {round_} was never paired: {found['status']} {found['round']}"
        )
        time.sleep(0.05)


def test_a_bot_joins_a_club_tournament_and_plays_its_games_to_their_end(live_server: str) -> None:
    robo, pat_name, kim_name = (f"{who}{secrets.token_hex(3)}" for who in ("Robo", "Pat", "Kim"))
    settings = {"name": "Bots night", "game": "duel", "format": "round_robin", "bots": True}
    with new_account(live_server, pat_name) as pat, new_account(live_server, kim_name) as kim:
        made = pat.post("/api/tournaments", json={**settings, "time_control": {"kind": "days", "days": 1}})
        assert made.status_code == 201, made.text
        path = f"/api/tournaments/{made.json()['id']}"
        assert kim.post(f"{path}/join").status_code == 200
        with answering(live_server, robo, "--join-tournament", made.json()["id"]) as bot:
            assert robo in [entrant["name"] for entrant in pat.get(path).json()["entrants"]]
            assert pat.post(f"{path}/start").status_code == 200
            people = {pat_name: pat, kim_name: kim}
            for round_ in (1, 2, 3):  # three players: a round robin of three rounds, a bye in each
                game = paired_game(pat, path, round_)
                game_id = game["game_id"]
                sitting = [people[game[side]] for side in ("first", "second") if game[side] in people]
                tokens = [
                    http.post(f"/api/games/{game_id}/join", json={}).json()["token"] for http in sitting
                ]
                wait_for(sitting[0], game_id, tokens[0], lambda view: view["status"] == "playing", DEADLINE)
                resigned = sitting[0].post(f"/api/games/{game_id}/resign", json={"token": tokens[0]})
                assert resigned.status_code == 200, resigned.text
                if len(sitting) == 1:  # the bot's game: it took its seat, and plays it to its end
                    assert "finished: scores" in bot.says(f"tournament Bots night, round {round_}: finished")
            deadline = time.monotonic() + DEADLINE
            while (found := pat.get(path).json())["status"] != "finished":
                assert time.monotonic() < deadline, f"the tournament never finished: round {found['round']}"
                time.sleep(0.05)
            assert (found["standings"][0]["name"], found["standings"][0]["points"]) == (robo, 3)
            over = bot.says("tournament Bots night is over")  # its author reads its place
            assert over.startswith("tournament Bots night is over: place 1 of 3, 3 points ("), over
            assert bot.stop() == "stopped: 2 games played, none under way\n"  # a bye is no game
            assert bot.process.returncode == 130


class Stopped(Exception):
    """What stops a :class:`CountingDoor`'s listening in a test."""


class CountingDoor(Door):
    """A door whose lobby sockets are :class:`CountedSocket`s, each one kept in ``sockets``."""

    def __init__(self, *args: Any, wanted: int) -> None:
        super().__init__(*args)
        self.wanted, self.sockets = wanted, list[CountedSocket]()
        self.first = threading.Event()

    def _hear(self, socket: Any) -> None:
        counted = CountedSocket(socket, self.wanted)
        self.sockets.append(counted)
        self.first.set()
        super()._hear(counted)

    def listened(self) -> None:
        """Listen until ``failure`` is set to :class:`Stopped`."""
        with contextlib.suppress(Stopped):
            self._listen()


@pytest.mark.socket_idle_seconds(1.2)
def test_a_bot_door_keeps_its_lobby_socket_past_the_idle_limit(live_server: str) -> None:
    """The door pinged its lobby socket every 10 s whatever the server's pongs said: a server whose
    idle limit is under that closed it again and again, a challenge made meanwhile unheard. Here
    the limit is 1.2 s: the door hears fifteen pongs (3 s at a sixth of the limit) on one socket."""
    with httpx.Client(timeout=30) as http:
        name = f"Robo{secrets.token_hex(3)}"
        made = http.post(
            f"{live_server}/api/accounts", json={"name": name, "password": PASSWORD, "bot": True}
        )
        assert made.status_code == 201, made.text
        door = CountingDoor(lambda: Bot(live_server, http, "random", 1), Takes(), 1, wanted=15)
        thread = threading.Thread(target=door.listened, daemon=True)
        thread.start()
        try:
            assert door.first.wait(DEADLINE), "the door never opened its lobby socket"
            assert door.sockets[0].heard.wait(DEADLINE), f"{door.sockets[0].pongs} pongs on its first socket"
            assert len(door.sockets) == 1
        finally:
            door.failure = Stopped()
            thread.join(DEADLINE)
    assert not thread.is_alive()


def test_a_list_of_tournament_games_refused_is_said_once_and_asked_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A server without club tournaments (an older one) refuses the list: the bot says so once,
    and goes on answering its challenges rather than stopping."""
    asked: list[str] = []

    def refusing(request: httpx.Request) -> httpx.Response:
        asked.append(request.url.path)
        return httpx.Response(404, json={"detail": "Not Found"})

    with httpx.Client(transport=httpx.MockTransport(refusing)) as http:
        door = Door(lambda: Bot("http://host", http, "random", 1), Takes(), 1)
        for _ in range(2):
            door._take_tournament_seats()
    assert asked == ["/api/tournaments", "/api/tournaments"]
    assert capsys.readouterr().out.count("club tournament games not listed: HTTP 404") == 1


def test_the_bot_knows_the_servers_reasons() -> None:
    """The bot declines with the reasons the server takes: a reason the server refused would
    leave the challenge waiting until it ran out."""
    assert DECLINE_REASONS == challenges.DECLINE_REASONS


@pytest.mark.parametrize(
    ("listing", "reason"),
    [
        ({"game": "kingdomino"}, "game"),
        ({"options": {"mode": "tribe"}, "game": "origins"}, None),
        ({"options": {"mode": "totem"}, "game": "origins"}, "game"),
        ({"rated": False}, "rated"),
        ({"time_control": None}, "clock"),
        ({"time_control": {"kind": "game", "minutes": 2, "increment": 0}}, "too_fast"),
        ({"time_control": {"kind": "game", "minutes": 45, "increment": 5}}, "too_slow"),
        ({"players": 4}, "game"),
        ({"players": 3}, None),
        ({}, None),
    ],
)
def test_the_reason_of_a_challenge_declined(listing: dict[str, Any], reason: str | None) -> None:
    takes = Takes(("duel", "origins:tribe"), (parse_clock_range("game:3-30"),), "rated", (2, 3))
    clock = {"kind": "game", "minutes": 10, "increment": 5}
    challenge = {"game": "duel", "options": {}, "rated": True, "time_control": clock, "players": 2}
    assert takes.reason({**challenge, **listing}) == reason


def test_a_clock_range_is_read_or_refused_in_its_words() -> None:
    assert parse_clock_range("none") == ClockRange("none")
    assert parse_clock_range("game:3-30") == ClockRange("game", 3, 30)
    for wrong in ("hourly", "move:60-10", "move:10", "none:1-2"):
        with pytest.raises(ValueError, match="expected"):
            parse_clock_range(wrong)


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--accept-challenges"], "--accept-challenges: needs the bot's account"),
        (["--challenge", "Kira"], "--challenge: needs the bot's account"),
        (["--at-once", "2"], "--at-once: says which challenges the bot takes: add --accept-challenges"),
        (["--accept-clock", "hourly", *DOOR], "--accept-clock: expected none, move, game or days"),
        (["--accept-game", "chess", *DOOR], "--accept-game: unknown game 'chess'"),
        (["--accept-game", "duel:tribe", *DOOR], "--accept-game: only Kingdomino Origins has modes"),
        (["--accept-rating", "sometimes", *DOOR], "--accept-rating: expected any, rated or casual"),
        (["--accept-players", "3"], "--accept-players: says which challenges the bot takes"),
        (["--join-tournament", "ab12"], "--join-tournament: the bot plays its tournament games with"),
    ],
)
def test_a_mistake_of_the_door_is_said_before_any_connection(words: list[str], said: str) -> None:
    result = CliRunner().invoke(app, ["bot", "--server", "http://127.0.0.1:9", "--agent", "greedy", *words])
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {said}"), result.output
