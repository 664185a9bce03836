"""The fuzz suite of the web API: over 10,000 generated requests and WebSocket frames a run.

Every HTTP route (and unknown routes and methods) and the WebSocket get well-formed,
ill-formed and hostile inputs: wrong types, unknown fields and message types, bodies
nested thousands of levels, numbers of thousands of digits, bytes that are not UTF-8,
non-ASCII and over-long tokens, binary frames. Whatever comes in:

* the server never answers 5xx (and any exception in the app fails the test with its traceback);
* every refusal (4xx) has exactly the body ``{"error": {"field": str, "message": str}}``;
* a refusal changes nothing: the stored games, finished games and actions are as many as before;
* a WebSocket stays open: a ``ping`` after any frame gets its ``pong``.

Runs are deterministic (``derandomize=True``): about 60 s of CPU in all, so about 30 s with
``-n 2`` on two free cores. The app runs on SQLite; the same suite passes on PostgreSQL.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from limits import parse
from starlette.testclient import WebSocketTestSession
from tests.web.conftest import assert_error_shape, assert_socket_error, seeded_secrets, unversioned
from tests.web.sockets import close_code, messages_until, next_message

from kingdomino.web.app import create_app
from kingdomino.web.store import Store

#: Left out of the fast loop (`./scripts/test --fast`).
pytestmark = pytest.mark.slow


def fuzz(examples: int, *strategies: st.SearchStrategy[Any]) -> Callable[[Callable[..., None]], None]:
    """Run the decorated check at once on ``examples`` inputs drawn from ``strategies``.

    Deterministic (``derandomize``), no deadline (a first request warms caches), no example
    database; and every one of the ``examples`` must have run, so the suite's count holds.
    """

    def run_now(check: Callable[..., None]) -> None:
        ran = 0

        @settings(
            max_examples=examples,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(st.tuples(*strategies))
        def counted(inputs: tuple[Any, ...]) -> None:
            nonlocal ran
            ran += 1
            check(*inputs)

        counted()
        assert ran >= examples, f"{ran} of {examples} inputs ran"

    return run_now


def fuzz_app(database: str) -> FastAPI:
    """The app under fuzz (the one place to adapt if ``create_app`` changes).

    AI seats wait an hour before moving, so a created game never changes by itself and
    no AI search runs; hints use the ``random`` agent's cheap ranking by immediate gains.
    """
    # The socket's fuzz sends thousands of frames, each with a ping, as fast as they are answered:
    # a flood by design, which the socket's limits (tests of their own) would refuse.
    rates = {"message": (parse("1000000/minute"),)}
    app = create_app(
        database, ai_delay=3600.0, hint_agent="random", secret_seeds=seeded_secrets(11), socket_rates=rates
    )
    return app


@dataclass
class Target:
    """The running app and its games: one being played, one finished.

    HTTP requests go through httpx's ASGI transport on the TestClient's event loop (half
    the cost of the TestClient's own requests); WebSockets through the TestClient.
    """

    client: TestClient
    http: httpx.AsyncClient
    store: Store
    playing: str
    seats: list[str]
    spectator: str
    finished: str
    finished_seats: list[str]

    def request(self, method: str, url: str, **options: Any) -> httpx.Response:
        """An HTTP request to the app (any server exception is raised here)."""
        portal = self.client.portal
        assert portal is not None
        return portal.call(functools.partial(self.http.request, method, url, **options))

    @property
    def known_tokens(self) -> list[str]:
        return [*self.seats, self.spectator, *self.finished_seats]

    @property
    def known_games(self) -> list[str]:
        return [self.playing, self.finished]


def new_game(client: TestClient, game: str) -> dict[str, Any]:
    seats = [{"kind": "human"}, {"kind": "human"}]
    response = client.post("/api/games", json={"game": game, "players": 2, "seats": seats, "hints": True})
    assert response.status_code == 201, response.text
    return dict(response.json())


def play_to_the_end(client: TestClient, game_id: str, tokens: list[str]) -> None:
    """Play each seat's first legal action until the game is over."""
    while True:
        view = client.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        if view["status"] == "finished":
            return
        token = tokens[view["current_player"]]
        action = client.get(f"/api/games/{game_id}", params={"token": token}).json()["legal_actions"][0]
        response = client.post(f"/api/games/{game_id}/actions", json={"token": token, "action": action})
        assert response.status_code == 200, response.text


async def asgi_client(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://fuzz")


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    database = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'games.sqlite3'}"
    app = fuzz_app(database)
    with TestClient(app) as client:
        playing = new_game(client, "kingdomino")
        finished = new_game(client, "duel")
        finished_seats = [seat["token"] for seat in finished["seats"]]
        play_to_the_end(client, finished["id"], finished_seats)
        assert client.portal is not None
        http = client.portal.call(asgi_client, app)
        yield Target(
            client,
            http,
            app.state.hub.store,
            playing["id"],
            [seat["token"] for seat in playing["seats"]],
            playing["spectator_token"],
            finished["id"],
            finished_seats,
        )


# --- checking answers ---------------------------------------------------------------------------


COUNTS = (
    "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM games WHERE status = 'finished'),"
    " (SELECT count(*) FROM actions)"
)


def snapshot(store: Store) -> tuple[int, ...]:
    """How many games are stored, how many of them are finished, and how many actions they hold."""
    with store.engine.connect() as connection:
        return tuple(connection.exec_driver_sql(COUNTS).one())


def checked(target: Target, request: Callable[[], httpx.Response]) -> httpx.Response:
    """Send ``request``; no 5xx, and a refusal is in the error shape and changes nothing."""
    before = snapshot(target.store)
    response = request()
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        if response.request.method != "HEAD":
            assert_error_shape(response.json())
        assert snapshot(target.store) == before, response.text
    return response


# --- what is generated --------------------------------------------------------------------------

#: Text that can travel in a URL (a lone surrogate cannot be encoded as UTF-8).
URL_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=24)
#: Text inside JSON: lone surrogates travel as \\udXXX escapes.
JSON_TEXT = st.text(max_size=24)
ODD_TOKENS = st.sampled_from(
    ["é", "tøken", "日本語", "\U0001f600" * 16, "a" * 64, "a" * 65, " ", ",", "\x00"]
)
JSON_LEAF = st.none() | st.booleans() | st.integers() | st.floats() | JSON_TEXT
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(JSON_TEXT, inner, max_size=3),
    max_leaves=5,
)
ACTION_TEXT = st.sampled_from(
    ["claim 1", "claim 17", "place 0 0 0", "discard", "pass", "fly away", "", "claim"]
)
INDEX = st.integers(min_value=-(2**70), max_value=2**70) | st.sampled_from([0, 5, 6, 7])


def raw_bodies(valid: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """Bodies that are not JSON, or JSON no parser should have to read, or cut short."""
    text = json.dumps(valid).encode()
    return st.one_of(
        st.integers(1, 4000).map(lambda n: b"[" * n + b"]" * n),
        st.integers(1, 3000).map(lambda n: b'{"a":' * n + b"1" + b"}" * n),
        st.integers(1, 3000).map(lambda n: b"[" * n),
        st.integers(4200, 9000).map(lambda n: b'{"index": ' + b"9" * n + b"}"),
        st.integers(4200, 9000).map(lambda n: b"-" + b"7" * n),
        st.integers(0, len(text)).map(lambda n: text[:n]),
        st.binary(max_size=64),
        st.sampled_from([b"NaN", b"Infinity", b"null", b"[]", b'"x"', b"1e999", b"\xef\xbb\xbf{}", b"{}"]),
        st.integers(16 * 1024 - 8, 20 * 1024).map(lambda n: b" " * n),
    )


#: Mostly JSON, as clients send it; the others are read as no JSON at all (422 for the body).
CONTENT_TYPES = st.sampled_from([*["application/json"] * 5, "application/problem+json", "text/plain", None])


def token_values(target: Target) -> st.SearchStrategy[Any]:
    """Tokens of seats and the spectator, forged and odd ones, and values that are no token at all."""
    return st.one_of(st.sampled_from(target.known_tokens), JSON_TEXT, ODD_TOKENS, JSON_VALUE)


def url_tokens(target: Target) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(target.known_tokens), URL_TEXT, ODD_TOKENS)


def game_ids(target: Target) -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(target.known_games), URL_TEXT, st.just("0" * 16))


def payloads(fields: dict[str, st.SearchStrategy[Any]], valid: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """Request bodies: JSON objects with any subset of ``fields`` and maybe an unknown one, any
    JSON value, or (one time in four) a body that is not JSON or should not be parsed."""
    objects = st.fixed_dictionaries({}, optional={**fields, "extra": JSON_VALUE})
    as_json = st.one_of(objects, objects, JSON_VALUE).map(lambda body: json.dumps(body).encode())
    return st.one_of(as_json, as_json, as_json, raw_bodies(valid))


def post(target: Target, path: str, content: bytes, content_type: str | None) -> httpx.Response:
    headers = {"content-type": content_type} if content_type else {}
    return checked(target, lambda: target.request("POST", path, content=content, headers=headers))


# --- HTTP -----------------------------------------------------------------------------------------


def test_creating_games(target: Target) -> None:
    seat = st.fixed_dictionaries(
        {},
        optional={
            "kind": st.sampled_from(["human", "ai", "open", "robot"]) | JSON_VALUE,
            "name": JSON_TEXT | JSON_VALUE,
            "level": st.sampled_from(["random", "greedy", "hard", "godlike"]) | JSON_VALUE,
            "online": st.booleans() | JSON_VALUE,
        },
    )
    fields = {
        "game": st.sampled_from(["kingdomino", "duel", "origins", "chess", ""]) | JSON_VALUE,
        "players": st.integers(-3, 12) | JSON_VALUE,
        "options": st.dictionaries(JSON_TEXT, st.booleans() | st.integers() | JSON_TEXT, max_size=3)
        | JSON_VALUE,
        "seats": st.lists(seat, max_size=5) | JSON_VALUE,
        "seed": st.integers(-(2**64), 2**64) | JSON_VALUE,
        "rated": st.booleans() | JSON_VALUE,
        "wait_minutes": st.integers(-5, 20000) | JSON_VALUE,
        "ai_fill": st.sampled_from(["easy", "godlike"]) | JSON_VALUE,
        "time_control": TIME_CONTROLS,
    }
    valid = {"game": "duel", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}

    @fuzz(1500, payloads(fields, valid), CONTENT_TYPES)
    def run(content: bytes, content_type: str | None) -> None:
        response = post(target, "/api/games", content, content_type)
        if response.status_code == 201:
            assert set(response.json()) >= {"id", "seats", "spectator_token"}


#: Time controls of every kind, with figures in and out of bounds, and values that are none.
TIME_CONTROLS = (
    st.fixed_dictionaries(
        {},
        optional={
            "kind": st.sampled_from(["game", "move", "days", "hourglass"]) | JSON_VALUE,
            "minutes": st.integers(-2, 300) | JSON_VALUE,
            "increment": st.integers(-2, 300) | JSON_VALUE,
            "seconds": st.integers(-2, 5000) | JSON_VALUE,
            "days": st.integers(-2, 30) | JSON_VALUE,
            "level": st.sampled_from(["medium", "godlike"]) | JSON_VALUE,
        },
    )
    | JSON_VALUE
)


def test_the_lobby_joining_calling_off_and_pairing(target: Target) -> None:
    """An open game's seats taken, a game called off, quick pairing: by guests with any names and
    forged tokens, for any game id; the lobby's list stays a list."""
    opened = target.client.post(
        "/api/games",
        json={"game": "kingdomino", "players": 4, "seats": [{"kind": "human"}] + [{"kind": "open"}] * 3},
    )
    assert opened.status_code == 201, opened.text
    open_id = opened.json()["id"]
    ids = game_ids(target) | st.just(open_id)
    names = {
        "name": st.sampled_from(["Anna", "", " ", "Bo (AI, hard)", "\u202e", "x" * 41])
        | JSON_TEXT
        | JSON_VALUE
    }
    pairing = {
        "game": st.sampled_from(["kingdomino", "duel", "origins", "chess"]) | JSON_VALUE,
        "players": st.integers(-1, 9) | JSON_VALUE,
        "options": st.dictionaries(JSON_TEXT, st.booleans() | JSON_TEXT, max_size=2) | JSON_VALUE,
        "rated": st.booleans() | JSON_VALUE,
        "time_control": TIME_CONTROLS,
        **names,
    }
    routes = st.sampled_from(["join", "cancel", "pairing"])

    @fuzz(
        900,
        routes,
        ids,
        payloads({**names, "token": token_values(target)}, {"name": "Anna"}),
        payloads(pairing, {}),
    )
    def run(route: str, game_id: str, seat_body: bytes, pairing_body: bytes) -> None:
        if route == "pairing":
            post(target, "/api/pairing", pairing_body, "application/json")
        else:
            post(target, f"/api/games/{quote(game_id, safe='')}/{route}", seat_body, "application/json")
        assert isinstance(target.request("GET", "/api/open-games").json()["games"], list)


def test_accounts_players_and_leaderboards(target: Target) -> None:
    """Accounts made and logged into with any names and passwords, players' pages and
    leaderboards looked up by any name, games claimed with forged tokens (without a session)."""
    credentials = {"name": JSON_TEXT | JSON_VALUE | st.just("Anna Berg"), "password": JSON_TEXT | JSON_VALUE}
    claims = {
        "games": st.lists(
            st.fixed_dictionaries({}, optional={"id": game_ids(target), "token": token_values(target)})
        )
    }
    posts = st.sampled_from(
        ["/api/accounts", "/api/session", "/api/account/password", "/api/account/games/claim"]
    )
    gets = st.sampled_from(
        ["/api/players/{x}", "/api/leaderboards/{x}", "/api/account", "/api/account/games"]
    )

    @fuzz(300, posts, payloads({**credentials, **claims}, {"name": "Anna", "password": "x"}), gets, URL_TEXT)
    def run(path: str, body: bytes, get: str, segment: str) -> None:
        post(target, path, body, "application/json")
        checked(target, lambda: target.request("GET", get.format(x=quote(segment, safe=""))))


def test_looking_up_games(target: Target) -> None:
    item = st.fixed_dictionaries(
        {}, optional={"id": game_ids(target) | JSON_VALUE, "token": token_values(target)}
    )
    fields = {"games": st.lists(item, max_size=4) | JSON_VALUE}

    @fuzz(900, payloads(fields, {"games": []}), CONTENT_TYPES)
    def run(content: bytes, content_type: str | None) -> None:
        response = post(target, "/api/games/lookup", content, content_type)
        if response.status_code == 200:
            assert isinstance(response.json()["games"], list)


def test_scoring_kingdoms_written_as_text(target: Target) -> None:
    """The scorer's text and options: plausible cells of every game, odd ones, huge frames and
    numbers; a kingdom is scored (200) or refused by field (422), fast, and nothing is stored."""
    cells = st.sampled_from(
        [
            "C",
            "H",
            ".",
            "W1",
            "F0",
            "M3",
            "G0m",
            "D0*2",
            "V3",
            "V9",
            "L1f",
            "D0@HU",
            "Q2@W3",
            "S1",
            "X",
            "W99",
            "é",
        ]
    )
    rows = st.lists(st.lists(cells, min_size=1, max_size=9).map(" ".join), max_size=9).map("\n".join)
    option_values = (
        st.booleans() | st.integers(-(2**40), 2**40) | st.sampled_from(["5", "7", "tribe", "totem", "x"])
    )
    fields = {
        "game": st.sampled_from(["kingdomino", "duel", "origins", "chess"]) | JSON_VALUE,
        "text": rows | rows.map(lambda text: text + "\ndomains S") | JSON_TEXT | JSON_VALUE,
        "options": st.dictionaries(
            st.sampled_from(
                ["frame", "mode", "harmony", "middle_kingdom", "mighty_duel", "totems", "fire_kingdom"]
            )
            | JSON_TEXT,
            option_values,
            max_size=3,
        )
        | JSON_VALUE,
    }

    @fuzz(800, payloads(fields, {"game": "kingdomino", "text": "C"}), CONTENT_TYPES)
    def run(content: bytes, content_type: str | None) -> None:
        response = post(target, "/api/score", content, content_type)
        if response.status_code == 200:
            assert isinstance(response.json()["total"], int)

    # A table of such kingdoms (``/api/score/table``): any count, names, totems held twice.
    totems = st.sampled_from(["fish", "mammoth,fish", "gold", ""]) | JSON_VALUE
    kingdom = st.fixed_dictionaries(
        {}, optional={"name": JSON_TEXT | JSON_VALUE, "text": fields["text"], "totems": totems}
    )
    table = {
        "game": fields["game"],
        "options": fields["options"],
        "kingdoms": st.lists(kingdom, max_size=5) | JSON_VALUE,
    }
    valid = {"game": "kingdomino", "kingdoms": [{"text": "C"}, {"text": "C"}]}

    @fuzz(600, payloads(table, valid), CONTENT_TYPES)
    def run_table(content: bytes, content_type: str | None) -> None:
        response = post(target, "/api/score/table", content, content_type)
        if response.status_code == 200:
            body = response.json()
            assert len(body["places"]) == len(body["kingdoms"]) and min(body["places"]) == 1, body


def test_viewing_hints_records_and_replays(target: Target) -> None:
    paths = st.sampled_from(["", "/hint", "/record", "/replay"])
    queries = st.dictionaries(
        st.sampled_from(["token", "step", "tokens", "x"]),
        st.one_of(url_tokens(target), st.integers(-5, 200).map(str), st.just("9" * 5000)),
        max_size=3,
    )

    @fuzz(1500, game_ids(target), paths, queries)
    def run(game_id: str, path: str, query: dict[str, str]) -> None:
        url = f"/api/games/{quote(game_id, safe='')}{path}"
        checked(target, lambda: target.request("GET", url, params=query))


def test_acting(target: Target) -> None:
    fields = {
        "token": token_values(target),
        "action": ACTION_TEXT | JSON_TEXT | JSON_VALUE,
        "index": INDEX | JSON_VALUE,
    }
    valid = {"token": target.seats[0], "action": "claim 1", "index": 5}

    @fuzz(1800, game_ids(target), payloads(fields, valid), CONTENT_TYPES)
    def run(game_id: str, content: bytes, content_type: str | None) -> None:
        post(target, f"/api/games/{quote(game_id, safe='')}/actions", content, content_type)


def test_undoing(target: Target) -> None:
    fields = {"token": token_values(target)}

    @fuzz(900, game_ids(target), payloads(fields, {"token": target.seats[0]}), CONTENT_TYPES)
    def run(game_id: str, content: bytes, content_type: str | None) -> None:
        post(target, f"/api/games/{quote(game_id, safe='')}/undo", content, content_type)


def test_unknown_routes_and_methods(target: Target) -> None:
    templates = st.sampled_from(
        [
            "/api/games/{id}/{x}",
            "/api/games/{id}/actions/{x}",
            "/api/{x}",
            "/{x}",
            "/static/{x}",
            "/ws/games/{id}",
            "/api/games/{id}",
            "/api/games/{id}/actions",
            "/api/games",
            "/api/games/lookup",
            "/api/meta",
            "/api/open-games",
            "/api/pairing",
            "/api/games/{id}/join",
            "/api/players/{x}",
            "/ws/lobby",
        ]
    )
    methods = st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"])

    @fuzz(1200, methods, templates, game_ids(target), URL_TEXT)
    def run(method: str, template: str, game_id: str, segment: str) -> None:
        path = template.format(id=quote(game_id, safe=""), x=quote(segment, safe="/."))
        checked(target, lambda: target.request(method, path, json={}))


# --- WebSocket ----------------------------------------------------------------------------------

MESSAGE_TYPES = st.sampled_from(
    ["action", "undo", "hint", "sync", "ping", "echo", "state", "pong", "", "ACTION"]
)
ANSWERS = {"error", "state", "ack", "hint", "pong", "presence", "watching"}


def frames(target: Target) -> st.SearchStrategy[str | bytes]:
    """What a client could send: messages of any shape, junk, and binary frames."""
    message = st.fixed_dictionaries(
        {},
        optional={
            "type": MESSAGE_TYPES | JSON_VALUE,
            "token": token_values(target),
            "action": ACTION_TEXT | JSON_TEXT | JSON_VALUE,
            "index": INDEX | JSON_VALUE,
            "extra": JSON_VALUE,
        },
    )
    texts = st.one_of(
        message.map(json.dumps),
        message.map(json.dumps),
        JSON_VALUE.map(json.dumps),
        st.text(st.characters(exclude_categories=["Cs"]), max_size=40),
        st.integers(1, 2100).map(lambda n: "[" * n + "]" * n),
        st.integers(1, 900).map(lambda n: '{"a":' * n + "1" + "}" * n),
        st.integers(4000, 6000).map(lambda n: "1" * n),
        st.integers(4090, 5000).map(lambda n: " " * n + "{}"),
    )
    binary = st.one_of(st.binary(max_size=64), message.map(lambda m: json.dumps(m).encode()))
    return st.one_of(texts, texts, texts, binary)


def answers_until_pong(socket: WebSocketTestSession) -> list[dict[str, Any]]:
    """The messages the server sends up to the pong of a ping sent now, each well formed."""
    socket.send_json({"type": "ping"})

    def well_formed_pong(message: Any) -> bool:
        """Whether ``message`` is the pong; every answer must be well formed."""
        assert isinstance(message, dict) and message.get("type") in ANSWERS, message
        if message["type"] == "error":
            assert_socket_error(message)
        if message["type"] == "pong":
            assert set(unversioned(message)) == {"type", "ping_every", "now"}, message
            return True
        return False

    return messages_until(socket, well_formed_pong, "the pong of the ping")[:-1]


def test_socket_frames(target: Target) -> None:
    tokens = ",".join(target.seats)
    with target.client.websocket_connect(f"/ws/games/{target.playing}", params={"tokens": tokens}) as socket:
        assert next_message(socket, "the first view")["type"] == "state"

        @fuzz(2500, frames(target))
        def run(frame: str | bytes) -> None:
            before = snapshot(target.store)
            if isinstance(frame, bytes):
                socket.send_bytes(frame)
            else:
                socket.send_text(frame)
            received = answers_until_pong(socket)
            if not any(message["type"] == "ack" for message in received):
                assert snapshot(target.store) == before, received


def test_socket_connections(target: Target) -> None:
    lists = st.lists(url_tokens(target), max_size=10).map(",".join)

    # An empty id or one with a slash is another path, which no route serves: the handshake is refused.
    @fuzz(
        400,
        game_ids(target).filter(lambda game_id: game_id and "/" not in game_id),
        st.one_of(lists, URL_TEXT, st.integers(60, 9000).map(lambda n: "a" * n)),
    )
    def run(game_id: str, tokens: str) -> None:
        path = f"/ws/games/{quote(game_id, safe='')}"
        with target.client.websocket_connect(path, params={"tokens": tokens}) as socket:
            first = next_message(socket, "the first view or a refusal")
            if first["type"] == "state":
                # Nothing more than who is away (a game of several humans with one awaited and away)
                # and how many watch.
                told = ("presence", "watching")
                assert [m for m in answers_until_pong(socket) if m["type"] not in told] == []
                return
            assert_socket_error(first)
            assert close_code(socket) == 4403
