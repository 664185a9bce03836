"""Fixtures for the browser app: an app over a fresh SQLite file, a test client, a live server."""

from __future__ import annotations

import asyncio
import functools
import os
import random
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import httpx
import pytest
import uvicorn
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from limits import parse
from sqlalchemy import create_engine, make_url, update
from sqlalchemy.pool import NullPool
from tests.web.deadlines import WAIT_SECONDS, joined
from tests.web.noise import NOISE, make_noise
from tests.web.servers import ServerProcess as ServerProcess
from tests.web.servers import free_port as free_port

from kingdomino.web import ai_game_limits, socket_limits
from kingdomino.web.accounts import Accounts
from kingdomino.web.ai_workers import AIAnswer, AIJob, AIWorkers, make_executor
from kingdomino.web.app import create_app
from kingdomino.web.hub import Hub
from kingdomino.web.live import AWAY_SECONDS
from kingdomino.web.page_link import SOCKET_IDLE_SECONDS
from kingdomino.web.refusals import REFUSAL_CODES
from kingdomino.web.routes import players as player_routes
from kingdomino.web.routes import puzzles as puzzle_routes
from kingdomino.web.routes import scoring
from kingdomino.web.store import Store
from kingdomino.web.tables import GameRow

T = TypeVar("T")

#: A small search for the reviews of the games the tests finish (a second or two each).
QUICK_REVIEW = "mcts:iterations=12,playout=random,prune=4"


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


#: The test PostgreSQL's URL (``scripts/test-postgres``), if one is set.
POSTGRES = os.environ.get("KINGDOMINO_TEST_POSTGRES_URL")


@contextmanager
def fresh_postgres(prefix: str = "kd_fresh") -> Iterator[str]:
    """The URL of a new, empty database on the test PostgreSQL (for a test that must be the
    database's only user); dropped after."""
    assert POSTGRES is not None
    name = f"{prefix}_{secrets.token_hex(4)}"
    admin = create_engine(POSTGRES, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield make_url(POSTGRES).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def either_database(request: pytest.FixtureRequest, database: str) -> str:
    """Each test twice: over a fresh SQLite file, then over the test PostgreSQL (skipped when
    ``KINGDOMINO_TEST_POSTGRES_URL`` is not set; a database other tests share)."""
    if request.param == "sqlite":
        return database
    if not POSTGRES:
        pytest.skip("KINGDOMINO_TEST_POSTGRES_URL is not set")
    return POSTGRES


@pytest.fixture
def own_database(either_database: str) -> Iterator[str]:
    """Each test twice: over a fresh SQLite file, then over a PostgreSQL database of the test's own
    (``fresh_postgres``, dropped after), for a test that lists or counts what its database holds or
    names its players by fixed names: CI runs the PostgreSQL tests side by side over one database."""
    if either_database != POSTGRES:
        yield either_database
        return
    with fresh_postgres("kd_own") as url:
        yield url


@pytest.fixture
def shared_postgres() -> Iterator[str]:
    """A PostgreSQL database of the test's own, which its two servers (two apps over it) share;
    skipped without ``KINGDOMINO_TEST_POSTGRES_URL``: servers share none but PostgreSQL."""
    if not POSTGRES:
        pytest.skip("KINGDOMINO_TEST_POSTGRES_URL is not set")
    with fresh_postgres("kd_servers") as url:
        yield url


def store_of(client: TestClient) -> Store:
    """The store of a test client's app."""
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    return store


#: Argon2id at the least cost, so that the tests hash quickly (the server keeps the library's).
QUICK = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@contextmanager
def api_over(database: str) -> Iterator[TestClient]:
    """A client of an app over ``database`` with accounts (hashed at the least cost) and logins
    not limited."""
    app = create_app(
        database,
        secret_seeds=seeded_secrets(),
        review_agent=QUICK_REVIEW,
        ai_workers=session_workers(),
    )
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    app.state.login_rate = parse("1000/minute")
    with TestClient(app) as client:
        yield client


@pytest.fixture
def api(either_database: str) -> Iterator[TestClient]:
    """``api_over`` SQLite, then PostgreSQL (``either_database``, a database other tests share)."""
    with api_over(either_database) as client:
        yield client


@pytest.fixture
def own_api(own_database: str) -> Iterator[TestClient]:
    """``api_over`` SQLite, then a PostgreSQL database of the test's own (``own_database``): for a
    test that reads a list of every account's games or players, which other tests' rows change."""
    with api_over(own_database) as client:
        yield client


def seeded_secrets(seed: int = 1) -> Callable[[], int]:
    """The server's secret seeds drawn from a fixed generator, so that tests replay the same games."""
    rng = random.Random(seed)
    return lambda: rng.getrandbits(48)


class SecretSeeds:
    """``seeded_secrets`` that can start over: the server a session's tests share (``live_server``)
    draws each test's games from the start of the same sequence, as a server of its own would."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __call__(self) -> int:
        return self.rng.getrandbits(48)

    def start_over(self) -> None:
        self.rng = random.Random(self.seed)


class SessionWorkers:
    """The AI worker processes of a test session's servers (each xdist worker its own), started
    on first use and kept when a server stops: spawning a pool (its processes import the engine)
    took seconds of each test that asked an AI for a move. A job left running by a stopped server
    only delays the next ones; the tests that kill workers or pace jobs bring executors of their own."""

    def __init__(self) -> None:
        self.workers = cast(AIWorkers, make_executor(""))
        self.slots = self.workers.slots
        self.board = self.workers.board

    async def run(self, job: AIJob) -> AIAnswer:
        return await self.workers.run(job)

    def progress(self, job: AIJob) -> float | None:
        return self.workers.progress(job)

    def close(self) -> None:
        """Kept for the session's next server; the processes exit with the session."""

    def stop(self) -> None:
        """The processes stopped, a running search ended first (``AIWorkers.close``), within
        ``WAIT_SECONDS``: past it they are killed and the session's last test fails, naming them."""
        stopping = threading.Thread(target=self.workers.close, name="the session's AI workers", daemon=True)
        stopping.start()
        stopping.join(WAIT_SECONDS)
        if stopping.is_alive():
            pool = cast(Any, self.workers.workers)._pool
            for process in list((pool._processes or {}).values()):
                process.kill()
            joined([stopping], "the session's AI worker processes to stop (killed)")


@functools.cache
def session_workers() -> SessionWorkers:
    """The session's ``SessionWorkers``, made on first use."""
    return SessionWorkers()


@pytest.fixture(scope="session", autouse=True)
def session_workers_stopped() -> Iterator[None]:
    """The session's AI workers stopped at its end, before the interpreter's exit tears down
    the modules their pool's threads still use."""
    yield
    if session_workers.cache_info().currsize:
        session_workers().stop()


def new_app(database: str) -> Any:
    """A new app over ``database``: fixed secret seeds, quick reviews (a game that ends starts its
    review, which took the workers' time from the test's next moves), the session's AI workers,
    passwords hashed at the least cost (``QUICK``)."""
    app = create_app(
        database, secret_seeds=seeded_secrets(), review_agent=QUICK_REVIEW, ai_workers=session_workers()
    )
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    return app


@pytest.fixture(autouse=True)
def lifted_socket_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sockets' messages unlimited unless a test sets its app's ``socket_rates``: tests wait for a
    pong in tight loops (thousands a second on a test client), which the limits would refuse as
    a flood; ``test_socket_flood`` tests them, the server's own among them. Nor the sockets a
    client opens (``socket_openings``; ``test_socket_openings``): a module's tests open hundreds."""
    monkeypatch.setattr(socket_limits, "MESSAGE_RATES", {"message": (parse("1000000/minute"),)})
    monkeypatch.setattr(socket_limits, "OPENINGS", (parse("1000000/minute"),))
    monkeypatch.setattr(ai_game_limits, "AI_GAMES", parse("1000000/minute"))
    monkeypatch.setattr(ai_game_limits, "MAX_AI_GAMES", 1000000)
    monkeypatch.setattr(scoring, "SCORE_REQUESTS", (parse("1000000/minute"),))
    monkeypatch.setattr(player_routes, "LEADERBOARDS", (parse("1000000/minute"),))
    monkeypatch.setattr(puzzle_routes, "PUZZLE_READS", (parse("1000000/minute"),))


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """A test client of ``new_app(database)``."""
    with TestClient(new_app(database)) as test_client:
        yield test_client


def create(
    client: TestClient,
    game: str = "kingdomino",
    players: int = 2,
    seats: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    seed: int | None = 7,
    hints: bool = False,
) -> dict[str, Any]:
    """A new game; ``seed`` is sent only to a practice game (at most one human seat), as the server asks."""
    seats = seats or [{"kind": "human"}, {"kind": "ai", "level": "greedy"}]
    body: dict[str, Any] = {"game": game, "players": players, "seats": seats, "options": options or {}}
    if seed is not None and sum(seat["kind"] == "human" for seat in seats) <= 1:
        body["seed"] = seed
    if hints:
        body["hints"] = True
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def wait_for(
    client: httpx.Client,
    game_id: str,
    token: str,
    predicate: Callable[..., object],
    timeout: float = 30.0,
) -> dict[str, Any]:
    """The game's view for ``token`` once ``predicate`` holds of it (polled; a TestClient or an
    httpx client of a live server)."""
    deadline = time.monotonic() + timeout
    while True:
        view: dict[str, Any] = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if predicate(view):
            return view
        assert time.monotonic() < deadline, f"timed out waiting; last view index {view.get('index')}"
        time.sleep(0.02)


#: The browser contexts the running test opened (``browser.pages.new_page``): the browser is shared
#: by a module's tests, so each test's pages are closed when it ends, before its server stops,
#: and none goes on running (its socket, its timers) beside the next test's.
BROWSER_CONTEXTS: list[Any] = []


def close_browser_contexts() -> None:
    while BROWSER_CONTEXTS:
        BROWSER_CONTEXTS.pop().close()  # a context closed already, or its browser, closes quietly


@pytest.fixture(autouse=True)
def browser_contexts_closed() -> Iterator[None]:
    """The contexts of a test without a live server closed at its end (see ``BROWSER_CONTEXTS``)."""
    yield
    close_browser_contexts()


@pytest.fixture
def live_server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A live server for the test: the session's (``session_server``), idle and drawing the same
    secret seeds as a new one would; each test makes games of its own on it. With
    ``@pytest.mark.away_seconds(s)`` (a shorter wait before an away player's seat may be handed
    to an AI) or ``@pytest.mark.socket_idle_seconds(s)`` (a shorter silence before a game page's
    socket is closed, and so quicker pings) the test gets a server of its own. A test leaves no
    open game on the shared server (checked once it is done): it calls off what it opened. With
    ``KINGDOMINO_TEST_NOISE`` set, the server carries other players' games and accounts before
    each test (``tests/web/noise.py``)."""
    away = request.node.get_closest_marker("away_seconds")
    idle = request.node.get_closest_marker("socket_idle_seconds")
    if away or idle:
        database = request.getfixturevalue("database")
        app = live_app(
            database,
            away.args[0] if away else AWAY_SECONDS,
            socket_idle_seconds=idle.args[0] if idle else SOCKET_IDLE_SECONDS,
        )
        with served_in_a_thread(app, free_port()) as base:
            yield base
            close_browser_contexts()
        return
    base, seeds = request.getfixturevalue("session_server")
    if NOISE:
        make_noise(base)
    wait_until_idle(base)
    seeds.start_over()
    before = {game["id"] for game in open_games(base)}
    yield base
    close_browser_contexts()
    left = [game for game in open_games(base) if game["id"] not in before]
    assert not left, (
        "the test left open games on the shared server, which a later test's quick pairing or "
        f"list of open games would meet: call them off (cancel with the creator's token): {left}"
    )


def open_games(base: str) -> list[dict[str, Any]]:
    """The games waiting for players on the server at ``base``."""
    games: list[dict[str, Any]] = httpx.get(f"{base}/api/open-games", timeout=30).json()["games"]
    return games


@pytest.fixture(scope="session")
def session_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, SecretSeeds]]:
    """The server the session's ``live_server`` tests share, over a database of its own: its
    base URL and its secret seeds. Starting a server (its app, its pages) and its AI workers
    took about a second of each test."""
    seeds = SecretSeeds()
    database = f"sqlite:///{tmp_path_factory.mktemp('session-server') / 'games.sqlite3'}"
    with served_in_a_thread(live_app(database, secret_seeds=seeds), free_port()) as base:
        yield base, seeds


#: The most seconds the session's server may take to finish what earlier tests left it doing.
IDLE_DEADLINE = 120.0


def wait_until_idle(base: str) -> None:
    """Wait until the server at ``base`` computes nothing: no AI move, hint or review running or
    waiting (``/api/stats``), so that what an earlier test left it doing (an AI game playing on,
    a review) takes no slot of the next test's."""
    deadline = time.monotonic() + IDLE_DEADLINE
    with httpx.Client(base_url=base, timeout=30) as http:
        while True:
            stats = http.get("/api/stats").json()
            busy = stats["queue"]["running"] + stats["queue"]["waiting"]
            busy += stats["reviews"]["computing"] + stats["reviews"]["queued"]
            if not busy:
                return
            assert time.monotonic() < deadline, f"the session's server is still busy: {stats}"
            time.sleep(0.05)


def live_app(
    database: str,
    away_seconds: float = AWAY_SECONDS,
    secret_seeds: Callable[[], int] | None = None,
    socket_idle_seconds: float = SOCKET_IDLE_SECONDS,
) -> Any:
    """The app ``live_server`` serves: AI moves at once, fixed secret seeds, quick reviews, the
    session's AI workers, passwords hashed at the least cost. A test that reaches into the server
    (its hub) makes it with this and serves it itself."""
    app = create_app(
        database,
        ai_delay=0.0,
        secret_seeds=secret_seeds or seeded_secrets(),
        review_agent=QUICK_REVIEW,
        away_seconds=away_seconds,
        ai_workers=session_workers(),
        socket_idle_seconds=socket_idle_seconds,
    )
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    # The browser tests of a worker share one server, from one address: each makes accounts and
    # open games, more than a client may a minute or have waiting (the limits have tests of their own).
    app.state.login_rate = parse("1000/minute")
    app.state.max_waiting = 1000
    # Nor is a worker's server one client's game requests: its pages and bots, test after test.
    app.state.game_rate = (parse("100000/minute"),)
    # Nor its sockets' messages: a test floods one on purpose (``test_outbox``'s spectator that
    # never reads), and its refusals would close the worker's address's next sockets for a minute.
    app.state.socket_rates = {"message": (parse("1000000/minute"),)}
    app.state.socket_openings = (parse("1000000/minute"),)
    app.state.ai_game_rate = parse("1000000/minute")
    app.state.max_ai_games = 1000000
    app.state.score_rate = (parse("1000000/minute"),)
    app.state.leaderboard_rate = (parse("1000000/minute"),)
    app.state.puzzle_read_rate = (parse("1000000/minute"),)
    return app


#: The event loop of each server ``served_in_a_thread`` runs, by its base URL.
_SERVER_LOOPS: dict[str, asyncio.AbstractEventLoop] = {}


@contextmanager
def served_in_a_thread(app: Any, port: int) -> Iterator[str]:
    """``app`` served on loopback ``port`` by uvicorn in a thread of the test, once it answers:
    its base URL. The server stops when the block ends. The port is bound here, before the
    thread starts: a ``free_port`` is free only until someone binds it, and the other xdist
    worker's next ``free_port`` may be the same while uvicorn starts."""
    # A connection still open at the stop (a page's request under way) is cut after 10 s.
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    config.timeout_graceful_shutdown = 10
    server = uvicorn.Server(config)
    base = f"http://127.0.0.1:{port}"
    bound = socket.socket()
    bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    bound.bind(("127.0.0.1", port))

    async def serve() -> None:
        _SERVER_LOOPS[base] = asyncio.get_running_loop()
        await server.serve(sockets=[bound])

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    try:
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield base
    finally:
        server.should_exit = True
        thread.join(WAIT_SECONDS)
        bound.close()
        _SERVER_LOOPS.pop(base, None)
        assert not thread.is_alive(), f"waited {WAIT_SECONDS:g} s for the server at {base} to stop"


def on_the_server_loop(base: str, read: Callable[[], T]) -> T:
    """``read()`` run on the event loop of the server at ``base`` (one ``served_in_a_thread``),
    where the server's own code runs: the hub's queue belongs to that loop, and reading it from
    the test's thread while the loop changes it races ("deque mutated during iteration")."""

    async def call() -> T:
        return read()

    return asyncio.run_coroutine_threadsafe(call(), _SERVER_LOOPS[base]).result(timeout=10)


def deadline_passed(base: str, hub: Hub, game_id: str) -> None:
    """The deadline of ``game_id`` (its turn's clock, or its wait for players) moved a second into
    the past, in its database and its table on the server at ``base``, for the server's sweep to
    find: a clock or a wait runs out without the test waiting for it."""
    past = time.time() - 1

    def move() -> None:
        with hub.store.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(deadline=past))
        hub.table(game_id).stored.deadline = past

    on_the_server_loop(base, move)


def assert_error_shape(body: Any) -> dict[str, Any]:
    """The error of a refusal's body, which must be in the documented shape: ``{"error": {"field",
    "message"}}``, with the ``code`` of a refusal the page words (one of ``REFUSAL_CODES``) and the
    ``values`` its words need where it has them."""
    assert isinstance(body, dict) and set(body) == {"error"}, body
    error = body["error"]
    assert isinstance(error, dict) and {"field", "message"} <= set(error), body
    assert set(error) <= {"field", "message", "code", "values"}, body
    assert all(isinstance(error[key], str) and error[key] for key in ("field", "message")), body
    assert error.get("code", "internal") in REFUSAL_CODES, body
    assert isinstance(error.get("values", {}), dict), body
    return dict(error)


def unversioned(message: Any) -> dict[str, Any]:
    """A game socket's message without the game's version every one carries (``"v"``: a number,
    null only in a refusal before the game is known)."""
    assert isinstance(message, dict) and "v" in message, message
    assert message["v"] is None or isinstance(message["v"], int), message
    return {key: value for key, value in message.items() if key != "v"}


def assert_socket_error(message: Any, *left_out: str) -> dict[str, Any]:
    """The error of a game socket's ``error`` message (its other keys ``left_out``), which must be
    in the documented shape (``assert_error_shape``)."""
    assert isinstance(message, dict) and message.get("type") == "error", message
    body = {key: value for key, value in unversioned(message).items() if key not in ("type", *left_out)}
    return assert_error_shape({"error": body})
