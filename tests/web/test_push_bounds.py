"""Web Push against endpoints that answer badly on purpose (attack review of 2026-11-30): an
endpoint is a stranger's server, named by anyone logged in. One that answers a byte at a time,
one that answers gigabytes, and one that asks for a minute's pause before each try must not hold
the server's sending threads, nor its memory, and so every other account's notifications."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import requests
from fastapi.testclient import TestClient
from tests.web.test_challenges import account, as_, challenged
from tests.web.test_open_games import refusal
from tests.web.test_push import SENT_WITHIN, Browser, QuietHandler, push_app, serving, subscribe

from kingdomino.web import push_session as sessions
from kingdomino.web import push_store
from kingdomino.web.push_session import push_session

#: How long the bad endpoints keep at it, at most (far beyond any bound the server sets).
STUBBORN_SECONDS = 60.0


@dataclass
class BadService:
    """Endpoints on this machine: ``/slow...`` answers a byte every 0.2 s, ``/huge`` and
    ``/moved-huge`` a body without end (201, 307), ``/busy...`` 503 with a pause of 30 s asked,
    any other path 201 at once; ``posts`` records each path posted to, when."""

    base: str = ""
    posts: list[tuple[str, float]] = field(default_factory=list)

    def to(self, path: str) -> list[float]:
        """When the paths beginning with ``path`` were posted to."""
        return [moment for posted, moment in self.posts if posted.startswith(path)]


@pytest.fixture
def bad() -> Iterator[BadService]:
    recorded = BadService()

    class Handler(QuietHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            recorded.posts.append((self.path, time.monotonic()))
            with contextlib.suppress(OSError):  # the server cut the post off
                self.answer()

        def answer(self) -> None:
            until = time.monotonic() + STUBBORN_SECONDS
            if self.path.startswith("/slow"):
                for byte in b"HTTP/1.1 201 Created\r\n" * 1000:
                    if time.monotonic() > until:
                        return
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(0.2)
            elif self.path in ("/huge", "/moved-huge"):
                self.send_response(201 if self.path == "/huge" else 307)
                self.send_header("Location", f"{recorded.base}/elsewhere")
                self.send_header("Content-Length", str(10**12))
                self.end_headers()
                chunk = b"x" * 65536
                while time.monotonic() < until:
                    self.wfile.write(chunk)
            else:
                busy = self.path.startswith("/busy")
                self.send_response(503 if busy else 201)
                self.send_header("Retry-After", "30")
                self.send_header("Content-Length", "0")
                self.end_headers()

    with serving(Handler) as base:
        recorded.base = base
        yield recorded


@pytest.fixture
def quick_cut(monkeypatch: pytest.MonkeyPatch) -> float:
    """A post's whole time cut to three seconds (the server's is ten): far shorter than the bad
    endpoints' stalls (30 s, 60 s), and longer than a post to this machine takes on a loaded one
    (cut at one second, a loaded machine's post to a good endpoint was cut and forgotten too)."""
    monkeypatch.setattr(sessions, "POST_SECONDS", 3.0, raising=False)
    return 3.0


def account_id(client: TestClient, session: str) -> int:
    return int(as_(client, session).get("/api/account").json()["account"]["id"])


def posted_within(path: str, seconds: float) -> tuple[Any, float]:
    """The answer (or the exception) of one post to ``path`` by the pushes' session, and how long
    it took; a post that has not ended after ``seconds`` fails the test."""
    ended: list[Any] = []

    def post() -> None:
        try:
            ended.append(push_session(local=True).post(path, data=b"x", timeout=5))
        except Exception as error:
            ended.append(error)

    started = time.monotonic()
    thread = threading.Thread(target=post, daemon=True)
    thread.start()
    thread.join(seconds)
    assert ended, f"the post to {path} still ran after {seconds} s"
    return ended[0], time.monotonic() - started


def test_an_answer_a_byte_at_a_time_is_cut_off(bad: BadService, quick_cut: float) -> None:
    """Each byte came within the read timeout, so no timeout of the socket ever fired."""
    answer, took = posted_within(f"{bad.base}/slow", SENT_WITHIN)
    assert isinstance(answer, sessions.TooSlow), answer
    assert took < quick_cut + 10, f"cut off after {took:.1f} s, not {quick_cut} s"


@pytest.mark.parametrize("path", ["/huge", "/moved-huge"])
def test_a_body_without_end_is_read_to_its_bound_alone(bad: BadService, path: str) -> None:
    """Read whole, an endless body filled the server's memory (a redirect's too: requests read
    it to follow it, or to note where it led)."""
    answer, _took = posted_within(f"{bad.base}{path}", SENT_WITHIN)
    assert isinstance(answer, requests.Response), answer
    assert answer.status_code == (201 if path == "/huge" else 307)
    assert len(answer.content) == sessions.MAX_ANSWER
    assert [posted for posted, _ in bad.posts] == [path], "no redirect followed"


def test_endpoints_that_stall_hold_up_no_other_account(
    database: str, bad: BadService, quick_cut: float
) -> None:
    """Two accounts subscribed to endpoints that ask a pause of 30 s, two to one that answers a
    byte at a time: each held one of the two sending threads (30 s, then for good), and nobody
    else heard of anything. Now a pause waits outside the threads, and a post that takes longer
    than its time is cut off, its subscription forgotten (the page subscribes again when opened)."""
    with TestClient(push_app(database)) as client:
        anna = account(client, "Anna")
        stalling = {name: account(client, name) for name in ("Sam", "Sue", "Sol", "Sid")}
        paths = {"Sam": "/busy/1", "Sue": "/busy/2", "Sol": "/slow/1", "Sid": "/slow/2"}
        for name, session in stalling.items():
            subscribe(client, session, Browser(f"{bad.base}{paths[name]}"))
        bela, kim = account(client, "Bela"), account(client, "Kim")
        subscribe(client, bela, Browser(f"{bad.base}/bela"))
        for name in ("Sam", "Sue", "Sol"):
            challenged(client, anna, name)
        challenged(client, kim, "Sid")
        deadline = time.monotonic() + SENT_WITHIN
        while len(bad.to("/busy")) < 2 or len(bad.to("/slow")) < 2:
            assert time.monotonic() < deadline, f"the stalling endpoints were not posted to: {bad.posts}"
            time.sleep(0.01)
        asked = time.monotonic()
        challenged(client, kim, "Bela")
        while not bad.to("/bela"):
            # Held behind the stalls, it would wait out a busy pause (30 s) or a slow post (60 s).
            assert time.monotonic() - asked < 20, "Bela's notification waited behind the stalling endpoints"
            time.sleep(0.01)
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        kept: dict[str, list[Any]]
        # Each slow post is cut off its own time after it began: Sid's may end after Bela's came.
        forgotten_by = time.monotonic() + SENT_WITHIN
        while True:
            kept = {
                name: push_store.subscriptions_of(store, account_id(client, stalling[name]))
                for name in stalling
            }
            if (kept["Sol"], kept["Sid"]) == ([], []) or time.monotonic() > forgotten_by:
                break
            time.sleep(0.05)
        assert (kept["Sol"], kept["Sid"]) == ([], []), "an endpoint slower than a post's time is forgotten"
        assert kept["Sam"] and kept["Sue"], "a busy push service is kept, and tried again"


#: Endpoints whose address leads into the server's own network though Python 3.11 calls it
#: global (NAT64 to the cloud's metadata service and to a private host, the IPv4-compatible,
#: IPv4-translated and 6to4 forms of loopback and a private host, the local NAT64 prefix, a
#: site-local address), and a public host on a port no push service uses.
LEADING_INSIDE = [
    "https://[64:ff9b::a9fe:a9fe]/push/1",
    "https://[64:ff9b::a00:1]/push/1",
    "https://[::127.0.0.1]/push/1",
    "https://[::ffff:0:7f00:1]/push/1",
    "https://[2002:a00:1::1]/push/1",
    "https://[64:ff9b:1::a00:1]/push/1",
    "https://[fec0::1]/push/1",
    "https://8.8.8.8:22/push/1",
]


def test_an_endpoint_leading_into_the_server_s_network_is_refused(database: str) -> None:
    """Each was kept, and posted to: on an IPv6-only network with NAT64 (a cloud's), the first
    reached the metadata service, the second a private host."""
    with TestClient(push_app(database, local=False)) as client:
        anna = account(client, "Anna")
        for endpoint in LEADING_INSIDE:
            answer = as_(client, anna).post("/api/push/subscriptions", json=Browser(endpoint).subscription())
            assert refusal(answer) == (422, "push_subscription"), endpoint
            assert answer.json()["error"]["field"] == "endpoint"
        good = Browser("https://[64:ff9b::808:808]/push/1").subscription()
        assert as_(client, anna).post("/api/push/subscriptions", json=good).status_code == 201
