"""nginx in front of two instances on one PostgreSQL, with the configuration docs/server.md gives
(``docs/nginx-kingdomino.conf``, run as it is, its addresses replaced): two accounts pair through
it, each on a different instance, the lobby of each instance hears the game listed and unlisted,
and the two play the rated game to its end over WebSockets through nginx.

The game skips without ``KINGDOMINO_TEST_POSTGRES_URL`` or without nginx (Debian's ``nginx``, which
``scripts/test`` installs). nginx runs in the foreground from a folder of the test's, with one
worker, so that it hands requests to the two instances in turn; each answer names the instance
that gave it (a header the test's own configuration adds), which the test uses to send each
player's requests to the instance it wants.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import pwd
import random
import secrets
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from tests.web.conftest import ServerProcess
from tests.web.deadlines import killed
from tests.web.servers import free_port
from websockets.asyncio.client import connect as connect_async
from websockets.sync.client import ClientConnection, connect

from kingdomino.ratings.pools import pool_of

URL = os.environ.get("KINGDOMINO_TEST_POSTGRES_URL")
NGINX = "/usr/sbin/nginx"
needs_postgres = pytest.mark.skipif(not URL, reason="KINGDOMINO_TEST_POSTGRES_URL is not set")
needs_nginx = pytest.mark.skipif(
    not os.access(NGINX, os.X_OK), reason=f"no nginx at {NGINX} (apt-get install nginx)"
)

#: The configuration docs/server.md shows, and the example addresses in it the test replaces.
DOCS = Path(__file__).resolve().parents[2] / "docs"
CONFIG = DOCS / "nginx-kingdomino.conf"
EXAMPLE_LISTEN = "listen 80;"
EXAMPLE_INSTANCES = ("127.0.0.1:8001", "127.0.0.1:8002")
#: The header of each answer through nginx naming the instance that gave it (the test's addition).
UPSTREAM = "X-Test-Upstream"
#: Seconds anything awaited may take on a loaded machine (a message, a start, a whole game).
DEADLINE = 60.0
GAME_DEADLINE = 180.0
PAIRING = {"game": "duel", "players": 2, "rated": True, "time_control": {"kind": "days", "days": 1}}


@contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """A new database on the test PostgreSQL server, dropped afterwards: the instances' lobby
    lists this test's games alone (other tests share the test database and may leave games
    waiting that the pairing would join)."""
    name = f"kdproxy_{secrets.token_hex(6)}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def site_config(listen: int, instances: list[int]) -> str:
    """docs/nginx-kingdomino.conf listening on ``listen``, in front of the ``instances``' ports."""
    config = CONFIG.read_text()
    assert config.count(EXAMPLE_LISTEN) == 1, f"{CONFIG} should listen once: {EXAMPLE_LISTEN}"
    config = config.replace(EXAMPLE_LISTEN, f"listen 127.0.0.1:{listen};")
    for example, port in zip(EXAMPLE_INSTANCES, instances, strict=True):
        assert config.count(f"server {example};") == 2, f"{CONFIG} names {example} in both upstreams"
        config = config.replace(f"server {example};", f"server 127.0.0.1:{port};")
    return config


def main_config(folder: Path, listen: int, instances: list[int]) -> Path:
    """nginx's whole configuration: in the foreground, every file in ``folder``, one worker, the
    answering instance named in each answer, and the site of docs/server.md."""
    site = folder / "kingdomino.conf"
    site.write_text(site_config(listen, instances))
    # As root, nginx's workers would run as nobody, who may not enter the test's folder.
    user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
    temporary = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = folder / "nginx.conf"
    main.write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n    access_log {folder / 'access.log'};\n{temporary}\n"
        f"    add_header {UPSTREAM} $upstream_addr always;\n    include {site};\n}}\n"
    )
    return main


@contextmanager
def nginx_in_front(folder: Path, instances: list[int]) -> Iterator[str]:
    """nginx running in front of ``instances`` while the block runs; yields its base URL."""
    listen = free_port()
    config = main_config(folder, listen, instances)
    command = [NGINX, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{listen}"
    try:
        deadline = time.monotonic() + DEADLINE
        while True:
            if process.poll() is not None:
                errors = process.stderr.read().decode() if process.stderr else ""
                pytest.fail(f"nginx stopped ({process.returncode}): {errors}")
            try:
                if httpx.get(f"{base}/api/meta").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            killed(process)


@contextmanager
def two_instances(database: str) -> Iterator[tuple[int, int]]:
    """Two ``kingdomino serve`` on ``database`` trusting nginx's forwarded headers; yields their
    ports. One starts after the other: two starting at once on a loaded machine (the other test
    worker starting servers too) outran the start's deadline."""
    options = ("--forwarded-allow-ips", "127.0.0.1", "--ai-workers", "1")
    started: list[ServerProcess] = []
    try:
        for _ in range(2):
            started.append(ServerProcess(database, *options))
        yield started[0].port, started[1].port
    finally:
        for instance in started:
            instance.kill()


def answered_by(headers: Any) -> int:
    """The port of the instance that gave an answer through nginx."""
    upstream = headers.get(UPSTREAM)
    assert upstream, f"no {UPSTREAM} header: an add_header in the site hides the test's"
    return int(upstream.rsplit(":", 1)[1])


class Front:
    """Requests through nginx, each sent to the instance the test chooses."""

    def __init__(self, base: str) -> None:
        self.base = base

    def next_to(self, port: int) -> None:
        """Make the next request through nginx go to the instance on ``port``: nginx's one worker
        hands requests to the instances in turn, so ask until one is answered by the other."""
        for _ in range(3):
            if answered_by(httpx.get(f"{self.base}/api/meta").headers) != port:
                return
        raise AssertionError("nginx does not take the instances in turn")

    def post(self, client: httpx.Client, port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
        """``client`` posts ``body`` to ``path`` as a page of the site would (its Origin), answered
        by the instance on ``port``."""
        self.next_to(port)
        answer = client.post(path, json=body, headers={"Origin": self.base})
        assert answer.status_code in (200, 201), answer.text
        assert answered_by(answer.headers) == port
        return dict(answer.json())

    @contextmanager
    def lobby(self, port: int) -> Iterator[ClientConnection]:
        """A lobby socket through nginx on the instance on ``port``, its list of open games read."""
        self.next_to(port)
        with connect(f"ws{self.base[4:]}/ws/lobby") as socket:
            assert socket.response is not None and answered_by(socket.response.headers) == port
            first = json.loads(socket.recv(timeout=DEADLINE))
            assert first == {"type": "open_games", "games": []}
            yield socket


def heard(socket: ClientConnection, fits: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The next message on ``socket`` that ``fits``."""
    deadline = time.monotonic() + DEADLINE
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        if fits(message):
            return message


async def play(url: str, seed: int) -> dict[str, Any]:
    """A player's page: each legal move of its seat sent as it comes, until the game's end; the
    last state."""
    rng = random.Random(seed)
    async with connect_async(url, max_size=2**22) as socket, asyncio.timeout(GAME_DEADLINE):
        acted = -1
        while True:
            message = json.loads(await socket.recv())
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            if message["status"] == "finished":
                return dict(message)
            assert message["status"] == "playing", message["status"]
            if message["legal_actions"] and message["index"] > acted:
                acted = message["index"]
                action = rng.choice(message["legal_actions"])
                await socket.send(json.dumps({"type": "action", "action": action, "index": acted}))


async def both_play(base: str, game_id: str, tokens: list[str]) -> list[dict[str, Any]]:
    ws = f"ws{base[4:]}/ws/games/{game_id}"
    return list(await asyncio.gather(*(play(f"{ws}?tokens={token}", n) for n, token in enumerate(tokens))))


@contextmanager
def account(base: str, name: str) -> Iterator[httpx.Client]:
    """A browser of its own (its cookies) logged in as a new account named ``name``."""
    with httpx.Client(base_url=base, timeout=DEADLINE) as client:
        answer = client.post(
            "/api/accounts", json={"name": name, "password": f"password of {name}"}, headers={"Origin": base}
        )
        assert answer.status_code == 201, answer.text
        assert "kd_session" in client.cookies
        yield client


def assert_ratings_moved(base: str, names: list[str], winners: list[int]) -> None:
    """Each player's page shows one rated Duel, the winner above 1500 and the loser below (a
    draw: both at 1500), each deviation below the starting 350."""
    pool = pool_of("duel", 2)
    deadline = time.monotonic() + DEADLINE
    for seat, name in enumerate(names):
        while True:
            page = httpx.get(f"{base}/api/players/{name}")
            assert page.status_code == 200, page.text
            rating = next((r for r in page.json()["ratings"] if r["pool"] == pool), None)
            if rating is not None:
                break
            assert time.monotonic() < deadline, f"{name} has no {pool} rating"
            time.sleep(0.1)
        assert rating["games"] == 1 and rating["deviation"] < 350
        if len(winners) == 1:
            assert (rating["rating"] > 1500) == (seat in winners), (name, rating, winners)
        else:
            assert rating["rating"] == 1500


def test_the_server_guide_shows_the_configuration_the_test_runs() -> None:
    guide = (DOCS / "server.md").read_text()
    assert f"```nginx\n{CONFIG.read_text()}```" in guide


@needs_postgres
@needs_nginx
def test_two_accounts_pair_and_play_a_rated_game_through_nginx(tmp_path: Path) -> None:
    assert URL is not None
    names = [f"Anna {secrets.token_hex(3)}", f"Bela {secrets.token_hex(3)}"]
    with (
        fresh_database(URL) as database,
        two_instances(database) as (a, b),
        nginx_in_front(tmp_path, [a, b]) as base,
        account(base, names[0]) as anna,
        account(base, names[1]) as bela,
    ):
        front = Front(base)
        with front.lobby(a) as lobby_a, front.lobby(b) as lobby_b:
            opened = front.post(anna, a, "/api/pairing", PAIRING)
            assert opened["created"] is True and opened["status"] == "open" and opened["rated"]
            game_id = opened["id"]
            for lobby in (lobby_a, lobby_b):  # B's hears A's write through PostgreSQL
                listed = heard(lobby, lambda m: m["type"] == "listed" and m["game"]["id"] == game_id)
                assert listed["game"]["creator"] == names[0] and listed["game"]["open"] == 1
            joined = front.post(bela, b, "/api/pairing", PAIRING)
            assert joined["created"] is False and joined["id"] == game_id and joined["started"]
            for lobby in (lobby_a, lobby_b):  # A's hears B's write
                gone = heard(lobby, lambda m: m["type"] == "unlisted" and m["id"] == game_id)
                assert gone["status"] == "playing"
        tokens = [opened["seats"][0]["token"], joined["token"]]
        ends = asyncio.run(both_play(base, game_id, tokens))
        assert [end["index"] for end in ends] == [ends[0]["index"]] * 2
        assert [seat["name"] for seat in ends[0]["seats"]] == names
        final = anna.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        assert final["status"] == "finished" and final["rated"] and final["index"] == ends[0]["index"]
        # Ratings come with GET /api/players/{name} (the ratings work): checked once it is served.
        if importlib.util.find_spec("kingdomino.web.routes.players") is not None:
            assert_ratings_moved(base, names, ends[0]["winners"])


@needs_nginx
def test_the_operators_figures_answer_the_proxys_machine_alone(tmp_path: Path, live_server: str) -> None:
    """``GET /api/stats`` through the shipped file: answered to 127.0.0.1 (the operator on the
    proxy's machine), 403 from any other address (here 127.0.0.2, another address of this
    machine's loopback), while the rest of the site answers both."""
    port = int(live_server.rsplit(":", 1)[1])
    with nginx_in_front(tmp_path, [port, port]) as base:
        here = httpx.get(f"{base}/api/stats", timeout=DEADLINE)
        assert here.status_code == 200 and "sockets" in here.json(), here.text
        elsewhere = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=DEADLINE)
        with elsewhere:
            for path in ("/api/stats", "/api/stats?x=1", "/api/%73tats", "/api//stats", "/api/stats/"):
                answer = elsewhere.get(f"{base}{path}", follow_redirects=True)
                assert answer.status_code in (403, 404), (path, answer.status_code, answer.text)
            assert elsewhere.get(f"{base}/api/meta").status_code == 200
