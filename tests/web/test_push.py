"""Web Push: the server's key, the subscriptions it keeps and refuses, and the notifications it
sends to a push service of the test's own (a small HTTP server on this machine that records each
post), each payload decrypted with the browser's private key as a browser would."""

from __future__ import annotations

import base64
import contextlib
import json
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece  # type: ignore[import-untyped]
import pytest
import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from tests.web.conftest import QUICK, QUICK_REVIEW, seeded_secrets, session_workers
from tests.web.sockets import next_of_type
from tests.web.test_challenges import DAYS, account, as_, challenged
from tests.web.test_open_games import refusal
from tests.web.test_rematch import humans_play_out, rematch

from kingdomino.web import push_store
from kingdomino.web.accounts import Accounts
from kingdomino.web.app import create_app
from kingdomino.web.push import STOP_SECONDS, Pusher, PushSettings
from kingdomino.web.push_events import tell_short_times_once
from kingdomino.web.push_session import push_session
from kingdomino.web.push_texts import say
from kingdomino.web.store import Store

#: Seconds a test waits for the notifications queued to be sent, at most.
SENT_WITHIN = 30.0


@dataclass
class Post:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    """A push service on this machine: it records every post and answers each path's posts with
    the statuses queued for it (then 201)."""

    base: str = ""
    posts: list[Post] = field(default_factory=list)
    answers: dict[str, list[int]] = field(default_factory=dict)
    #: The pause it asks for before a post is tried again (``Retry-After``, seconds).
    retry_after: str = "0"

    def to(self, path: str) -> list[Post]:
        return [post for post in self.posts if post.path == path]


@pytest.fixture
def service() -> Iterator[PushService]:
    recorded = PushService()

    class Handler(QuietHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            recorded.posts.append(Post(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            queued = recorded.answers.get(self.path)
            self.send_response(queued.pop(0) if queued else 201)
            self.send_header("Retry-After", recorded.retry_after)
            self.send_header("Location", f"{recorded.base}/elsewhere")
            self.send_header("Content-Length", "0")
            self.end_headers()

    with serving(Handler) as base:
        recorded.base = base
        yield recorded


class QuietHandler(BaseHTTPRequestHandler):
    """A request handler of a test's service on this machine, which logs nothing."""

    def log_message(self, *_args: Any) -> None:
        pass


@contextlib.contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """``handler`` answering on this machine, in threads, until the block ends: its address."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def push_app(database: str, local: bool = True, seed: int = 1) -> Any:
    """An app whose pushes may go to this machine (``local``), its accounts hashed quickly, its
    games' secret seeds drawn from ``seed``."""
    app = create_app(
        database,
        secret_seeds=seeded_secrets(seed),
        review_agent=QUICK_REVIEW,
        ai_workers=session_workers(),
        push=PushSettings(local_endpoints=local),
    )
    app.state.accounts = Accounts(app.state.hub.store, QUICK)
    return app


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with TestClient(push_app(database)) as test_client:
        yield test_client


@dataclass
class Browser:
    """A browser's push subscription: its own key pair and secret, as a browser makes them."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    def subscription(self, language: str = "en") -> dict[str, Any]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
            "language": language,
        }

    def read(self, post: Post) -> dict[str, Any]:
        """A post's payload, decrypted as the browser would (RFC 8291)."""
        assert post.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(post.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        payload: dict[str, Any] = json.loads(plain)
        return payload


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def subscribe(client: TestClient, session: str, browser: Browser, language: str = "en") -> None:
    answer = as_(client, session).post("/api/push/subscriptions", json=browser.subscription(language))
    assert answer.status_code == 201, answer.text


def all_sent(client: TestClient) -> None:
    """Wait until every notification queued has been posted (or given up)."""
    pusher: Pusher = client.app.state.pusher  # type: ignore[attr-defined]
    deadline = time.monotonic() + SENT_WITHIN
    while pusher.pending():
        assert time.monotonic() < deadline, "the notifications were not sent in time"
        time.sleep(0.01)


def test_the_key_is_made_once_and_kept_in_the_database(database: str) -> None:
    with TestClient(push_app(database)) as first:
        key = first.get("/api/push/key").json()["key"]
    with TestClient(push_app(database)) as again:
        assert again.get("/api/push/key").json()["key"] == key
    raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
    assert (len(raw), raw[0]) == (65, 4)


def test_an_operators_key_is_served(database: str, tmp_path: Path) -> None:
    pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    (tmp_path / "vapid.pem").write_bytes(pem)
    settings = PushSettings(key_file=tmp_path / "vapid.pem")
    pusher = Pusher(Store(database), settings)
    assert pusher.keys.public == b64(
        serialization.load_pem_private_key(pem, None)
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    (tmp_path / "bad.pem").write_text("not a key")
    with pytest.raises(ValueError, match="KINGDOMINO_PUSH_KEY"):
        Pusher(Store(database), PushSettings(key_file=tmp_path / "bad.pem"))


@pytest.mark.parametrize(
    ("endpoint", "keys", "field_name"),
    [
        ("http://8.8.8.8/push/1", {}, "endpoint"),
        ("https://127.0.0.1/push/1", {}, "endpoint"),
        ("https://10.1.2.3/push/1", {}, "endpoint"),
        ("https://192.168.0.7/push/1", {}, "endpoint"),
        ("https://[::1]/push/1", {}, "endpoint"),
        ("https://localhost/push/1", {}, "endpoint"),
        ("https://user@8.8.8.8/push/1", {}, "endpoint"),
        ("https://8.8.8.8/push/1", {"p256dh": b64(b"\x04" * 64)}, "keys.p256dh"),
        ("https://8.8.8.8/push/1", {"p256dh": b64(b"\x02" * 65)}, "keys.p256dh"),
        ("https://8.8.8.8/push/1", {"auth": b64(b"x" * 12)}, "keys.auth"),
        ("https://8.8.8.8/push/1", {"auth": "not base64!"}, "keys.auth"),
    ],
)
def test_a_subscription_is_refused_naming_the_field(
    database: str, endpoint: str, keys: dict[str, str], field_name: str
) -> None:
    with TestClient(push_app(database, local=False)) as client:
        anna = account(client, "Anna")
        body = Browser(endpoint).subscription()
        body["keys"].update(keys)
        answer = as_(client, anna).post("/api/push/subscriptions", json=body)
        assert refusal(answer) == (422, "push_subscription")
        assert answer.json()["error"]["field"] == field_name
        good = Browser("https://8.8.8.8/push/1").subscription()
        assert as_(client, anna).post("/api/push/subscriptions", json=good).status_code == 201


def test_a_guest_and_a_foreign_page_cannot_subscribe(client: TestClient, service: PushService) -> None:
    body = Browser(service.base + "/a").subscription()
    assert refusal(as_(client, None).post("/api/push/subscriptions", json=body)) == (401, "session_ended")
    anna = account(client, "Anna")
    foreign = as_(client, anna).post(
        "/api/push/subscriptions", json=body, headers={"Origin": "https://evil.example"}
    )
    assert refusal(foreign) == (403, "foreign_origin")


def test_an_account_keeps_its_newest_browsers_and_unsubscribes_one(
    client: TestClient, service: PushService
) -> None:
    anna = account(client, "Anna")
    browsers = [Browser(f"{service.base}/b{i}") for i in range(push_store.MAX_SUBSCRIPTIONS + 2)]
    for browser in browsers:
        subscribe(client, anna, browser)
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    anna_id = as_(client, anna).get("/api/account").json()["account"]["id"]
    kept = [s.endpoint for s in push_store.subscriptions_of(store, anna_id)]
    assert kept == [b.endpoint for b in browsers[2:]]
    gone = as_(client, anna).request(
        "DELETE", "/api/push/subscriptions", json={"endpoint": browsers[5].endpoint}
    )
    assert gone.json() == {"subscribed": False, "was": True}
    assert browsers[5].endpoint not in [s.endpoint for s in push_store.subscriptions_of(store, anna_id)]


def started_days_game(client: TestClient) -> tuple[str, dict[str, str], dict[str, Browser]]:
    """A turn-based game of Anna and Bela (Bela's browser speaking Hungarian), both subscribed;
    its id, each one's seat token and browser."""
    service_base = client.app.state.push_base  # type: ignore[attr-defined]
    anna, bela = account(client, "Anna"), account(client, "Bela")
    browsers = {"Anna": Browser(f"{service_base}/anna"), "Bela": Browser(f"{service_base}/bela")}
    subscribe(client, anna, browsers["Anna"])
    subscribe(client, bela, browsers["Bela"], "hu")
    made = challenged(client, anna, "bela", time_control=DAYS)
    accepted = as_(client, bela).post(f"/api/challenges/{made['id']}/accept")
    assert accepted.status_code == 200, accepted.text
    tokens = {"Anna": made["seats"][0]["token"], "Bela": accepted.json()["token"]}
    return made["id"], tokens, browsers


def to_act(client: TestClient, game_id: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """Who is to act, and their view."""
    for name, token in tokens.items():
        view: dict[str, Any] = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if view["legal_actions"]:
            return name, view
    raise AssertionError("nobody is to act")


#: Secret seeds whose game of the challenge's two players the challenged one (Bela), then the
#: challenger (Anna), begins.
BELA_FIRST, ANNA_FIRST = 1, 4


@pytest.mark.parametrize("seed", [BELA_FIRST, ANNA_FIRST])
def test_a_move_pushes_once_to_the_player_to_move_and_never_to_the_mover(
    database: str, service: PushService, seed: int
) -> None:
    """At the start, the player to act is told, unless it is Bela, who has just accepted (he is at
    the app); then each time the turn passes, the player to act, never the mover."""
    with TestClient(push_app(database, seed=seed)) as client:
        client.app.state.push_base = service.base  # type: ignore[attr-defined]
        game_id, tokens, browsers = started_days_game(client)
        all_sent(client)

        def heard(name: str) -> list[dict[str, Any]]:
            return [browsers[name].read(post) for post in service.to(f"/{name.lower()}")]

        first, view = to_act(client, game_id, tokens)
        assert first == ("Bela" if seed == BELA_FIRST else "Anna")
        started: dict[str, list[str]] = {"Anna": [], "Bela": [f"{game_id}:challenge"]}
        if first == "Anna":
            started["Anna"] = [f"{game_id}:{view['version']}"]
        assert {name: [payload["tag"] for payload in heard(name)] for name in started} == started
        mover, other = play_until_the_turn_passes(client, game_id, tokens)
        view = to_act(client, game_id, tokens)[1]
        all_sent(client)
        assert len(heard(mover)) == len(started[mover])  # the mover heard nothing more
        told = heard(other)
        assert len(told) == len(started[other]) + 1
        language = "hu" if other == "Bela" else "en"
        assert told[-1] == {
            "game": game_id,
            "tag": f"{game_id}:{view['version']}",
            "title": say(language, "title.your_turn"),
            "body": say(language, "notify.game_with", game=say(language, "game.kingdomino"), players=mover),
            "href": f"/game/{game_id}",
        }
        post = service.to(f"/{other.lower()}")[-1]
        assert post.headers["authorization"].startswith("vapid t=")
        assert int(post.headers["ttl"]) == 24 * 3600


def play_until_the_turn_passes(client: TestClient, game_id: str, tokens: dict[str, str]) -> tuple[str, str]:
    """The player to act moves until the other is to act: the mover's name and the other's."""
    mover = to_act(client, game_id, tokens)[0]
    while (now := to_act(client, game_id, tokens))[0] == mover:
        action = now[1]["legal_actions"][0]
        move = client.post(f"/api/games/{game_id}/actions", json={"token": tokens[mover], "action": action})
        assert move.status_code == 200, move.text
    return mover, now[0]


@pytest.mark.parametrize("seed", [1, 6])  # the rematch begun by Anna (who joins last), by Bela
def test_a_rematch_tells_the_player_to_act_once_the_last_one_joins(
    database: str, service: PushService, seed: int
) -> None:
    """The rematch's clock runs once its last player joins: then the player to act is told, unless
    it is the one who just joined."""
    with TestClient(push_app(database, seed=seed)) as client:
        client.app.state.push_base = service.base  # type: ignore[attr-defined]
        game_id, tokens, browsers = started_days_game(client)
        humans_play_out(client, game_id, {0: tokens["Anna"], 1: tokens["Bela"]})
        offered = rematch(client, game_id, tokens["Bela"]).json()
        all_sent(client)
        before = len(service.posts)
        joined = rematch(client, game_id, tokens["Anna"]).json()
        assert joined["id"] == offered["id"]
        new = {"Anna": joined["token"], "Bela": offered["token"]}
        first, view = to_act(client, offered["id"], new)
        assert first == ("Anna" if seed == 1 else "Bela")
        all_sent(client)
        told = [browsers[post.path[1:].title()].read(post) for post in service.posts[before:]]
        expected = [] if first == "Anna" else [f"{offered['id']}:{view['version']}"]
        assert [note["tag"] for note in told] == expected
        assert [post.path for post in service.posts[before:]] == ["/bela"] * len(expected)


def test_no_push_to_a_player_whose_page_of_the_game_is_open(client: TestClient, service: PushService) -> None:
    """The page says it itself (``turn-notify.js``); a push too would tell it twice."""
    client.app.state.push_base = service.base  # type: ignore[attr-defined]
    game_id, tokens, _browsers = started_days_game(client)
    all_sent(client)
    first = to_act(client, game_id, tokens)[0]
    other = "Bela" if first == "Anna" else "Anna"
    before = len(service.posts)
    with client.websocket_connect(f"/ws/games/{game_id}?tokens={tokens[other]}") as page:
        next_of_type(page, "state")
        assert play_until_the_turn_passes(client, game_id, tokens) == (first, other)
        all_sent(client)
    assert len(service.posts) == before
    assert play_until_the_turn_passes(client, game_id, tokens) == (other, first)
    all_sent(client)
    assert [post.path for post in service.posts[before:]] == [f"/{first.lower()}"]


def test_subscriptions_are_limited_per_client(client: TestClient, service: PushService) -> None:
    anna = account(client, "Anna")
    for number in range(20):
        subscribe(client, anna, Browser(f"{service.base}/b{number}"))
    again = as_(client, anna).post(
        "/api/push/subscriptions", json=Browser(f"{service.base}/b").subscription()
    )
    assert refusal(again) == (429, "too_many_tries")


def test_a_challenge_pushes_to_the_challenged(client: TestClient, service: PushService) -> None:
    anna, bela = account(client, "Anna"), account(client, "Bela")
    browser = Browser(f"{service.base}/bela")
    subscribe(client, bela, browser, "ru")
    made = challenged(client, anna, "bela", time_control=DAYS)
    all_sent(client)
    (post,) = service.posts
    assert browser.read(post) == {
        "game": made["id"],
        "tag": f"{made['id']}:challenge",
        "title": say("ru", "challenge.from", name="Anna"),
        "body": say("ru", "game.kingdomino"),
        "href": "/",
    }


def test_a_challenge_of_three_pushes_to_both_challenged(client: TestClient, service: PushService) -> None:
    anna, bela, cleo = (account(client, name) for name in ("Anna", "Bela", "Cleo"))
    browsers = {"bela": Browser(f"{service.base}/bela"), "cleo": Browser(f"{service.base}/cleo")}
    subscribe(client, bela, browsers["bela"])
    subscribe(client, cleo, browsers["cleo"])
    made = challenged(client, anna, "Bela", names=["Cleo"], players=3)
    all_sent(client)
    told = {post.path: browsers[post.path[1:]].read(post) for post in service.posts}
    assert {path: (note["tag"], note["title"]) for path, note in told.items()} == {
        path: (f"{made['id']}:challenge", "Anna challenges you") for path in ("/bela", "/cleo")
    }


def test_a_gone_browser_is_forgotten_and_a_busy_service_tried_again(
    client: TestClient, service: PushService
) -> None:
    anna, bela = account(client, "Anna"), account(client, "Bela")
    gone, busy = Browser(f"{service.base}/gone"), Browser(f"{service.base}/busy")
    subscribe(client, bela, gone)
    subscribe(client, bela, busy)
    service.answers = {"/gone": [410], "/busy": [429, 503]}
    challenged(client, anna, "bela", time_control=DAYS)
    all_sent(client)
    assert len(service.to("/gone")) == 1
    assert len(service.to("/busy")) == 3
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    bela_id = as_(client, bela).get("/api/account").json()["account"]["id"]
    assert [s.endpoint for s in push_store.subscriptions_of(store, bela_id)] == [busy.endpoint]


def test_a_short_time_is_told_once_a_turn(client: TestClient, service: PushService) -> None:
    client.app.state.push_base = service.base  # type: ignore[attr-defined]
    game_id, tokens, browsers = started_days_game(client)
    all_sent(client)
    before = len(service.posts)
    name, view = to_act(client, game_id, tokens)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    deadline = hub.table(game_id).stored.deadline
    pusher = client.app.state.pusher  # type: ignore[attr-defined]
    for _ in range(2):
        client.portal.call(tell_short_times_once, hub, pusher, deadline - 5400)  # type: ignore[union-attr]
    all_sent(client)
    assert len(service.posts) == before + 1
    payload = browsers[name].read(service.posts[-1])
    language = "hu" if name == "Bela" else "en"
    assert payload["tag"] == f"{game_id}:{view['version']}:short"
    assert payload["title"] == say(language, "notify.time_short", time=say(language, "push.hours", n=1))


def test_a_stopping_server_tries_no_post_again(database: str, service: PushService) -> None:
    """A push service that asks for a pause holds a stopping server up no longer."""
    service.answers, service.retry_after = {"/slow": [503]}, "50"
    with TestClient(push_app(database)) as client:
        anna, bela = account(client, "Anna"), account(client, "Bela")
        subscribe(client, bela, Browser(f"{service.base}/slow"))
        challenged(client, anna, "bela")
        deadline = time.monotonic() + SENT_WITHIN
        while not service.posts:
            assert time.monotonic() < deadline, "nothing was posted"
            time.sleep(0.01)
        stopping = time.monotonic()
    assert time.monotonic() - stopping < STOP_SECONDS - 5  # not the 50 s asked, nor the longest stop
    assert len(service.posts) == 1


def test_a_post_connects_to_public_addresses_only_and_follows_no_redirect(service: PushService) -> None:
    """A name may resolve to a public address when checked and to a private one when the post
    connects: the connection itself is refused. A redirect could lead anywhere: none is followed."""
    with pytest.raises(requests.ConnectionError, match="not on the public internet"):
        push_session().post(f"{service.base}/private", data=b"x", timeout=SENT_WITHIN)
    assert service.posts == []
    service.answers = {"/moved": [307]}
    moved = push_session(local=True).post(f"{service.base}/moved", data=b"x", timeout=SENT_WITHIN)
    assert moved.status_code == 307
    assert [post.path for post in service.posts] == ["/moved"]
    assert (
        push_session(local=True).post(f"{service.base}/here", data=b"x", timeout=SENT_WITHIN).status_code
        == 201
    )


def test_a_game_made_with_every_seat_starts_telling_nobody(client: TestClient, service: PushService) -> None:
    """A game of invite links starts at its creation, with no seat to join: its one account then
    is its creator's (an invited seat is an account's only once claimed), who made it at the app
    as a joiner is, and is told nothing, nor is a player claiming their seat; from then on each
    hears of the turns that pass to them."""
    base = service.base
    anna, bela = account(client, "Anna"), account(client, "Bela")
    browsers = {"Anna": Browser(f"{base}/anna"), "Bela": Browser(f"{base}/bela")}
    subscribe(client, anna, browsers["Anna"])
    subscribe(client, bela, browsers["Bela"])
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela", "online": True}]
    body = {"game": "kingdomino", "players": 2, "seats": seats, "time_control": DAYS}
    made = as_(client, anna).post("/api/games", json=body)
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    tokens = {name: made.json()["seats"][seat]["token"] for seat, name in enumerate(("Anna", "Bela"))}
    claimed = as_(client, bela).post(
        "/api/account/games/claim", json={"games": [{"id": game_id, "token": tokens["Bela"]}]}
    )
    assert claimed.json()["claimed"] == [{"id": game_id, "seat": 1, "already": False}], claimed.text
    all_sent(client)
    assert service.posts == []
    other = play_until_the_turn_passes(client, game_id, tokens)[1]
    all_sent(client)
    assert [post.path for post in service.posts] == [f"/{other.lower()}"]
    assert browsers[other].read(service.posts[0])["game"] == game_id
