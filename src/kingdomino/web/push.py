"""Web Push: notifications to a player's browsers with no page of the app open, as sites of
turn-based games send them (your move, your time runs short, a challenge came).

The server signs each push with its VAPID key (``PushKeys``: made once and kept in the database,
or the operator's own, ``KINGDOMINO_PUSH_KEY``) and encrypts the payload to the browser's key
(RFC 8291, ``aes128gcm``) with ``pywebpush``. Sending never holds the event loop up: ``Pusher.tell``
only queues the event (at most ``QUEUE_LIMIT``; beyond, it is dropped and logged), and worker
threads post it to every browser of the account, each in its own language, unless it tells of a
seat's turn and a page of that seat is open on another server of the database (``push_pages``).
A push service that answers 429 or 5xx (or cannot be reached) is tried again after a growing
pause (its ``Retry-After`` if it says one), ``TRIES`` times in all, the post waiting apart from
the threads; one that answers 404 or 410 says the browser unsubscribed: the subscription is
forgotten, as is one whose post took longer than a post may. An endpoint is checked again before
each post (``push_check``), and a post connects to public addresses only, follows no redirect and
is bounded in time and in the bytes read (``push_session``).
"""

from __future__ import annotations

import base64
import heapq
import itertools
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

from kingdomino.web import push_store
from kingdomino.web.push_check import check_endpoint
from kingdomino.web.push_pages import Page, PagesOpen, open_elsewhere
from kingdomino.web.push_session import TooSlow, push_session
from kingdomino.web.push_texts import PushText
from kingdomino.web.refusals import HubError
from kingdomino.web.store import Store

log = logging.getLogger(__name__)

#: Events waiting to be sent; a server that falls this far behind drops the newest (and logs it).
QUEUE_LIMIT = 1000
#: The threads that post (a slow push service holds one up, not every notification).
WORKERS = 2
#: Posts of one notification to one browser at most, and the first pause between two (doubled
#: each time), and the longest pause taken (a longer ``Retry-After`` gives up instead).
TRIES = 4
FIRST_PAUSE = 1.0
LONGEST_PAUSE = 60.0
#: Seconds each read of a post may wait (the whole post: ``push_session.POST_SECONDS``).
POST_TIMEOUT = 10.0
#: Seconds a stopping server waits for the notifications queued to be posted.
STOP_SECONDS = 15.0
#: How long a push service keeps a notification for a browser that is off: a day (a turn-based
#: game's move is a day's news).
TTL = 24 * 3600
#: The VAPID ``sub`` claim unless the operator gives theirs (``KINGDOMINO_PUSH_CONTACT``).
CONTACT = "mailto:kingdomino@example.org"


@dataclass(frozen=True)
class PushSettings:
    """The operator's choices: their own VAPID key (a PEM file; None: the database's), the
    contact push services may write to, and whether endpoints on local networks (and plain http)
    are allowed, for tests with a push service of their own."""

    key_file: Path | None = None
    contact: str = CONTACT
    local_endpoints: bool = False

    @classmethod
    def from_env(cls) -> PushSettings:
        """The settings of ``KINGDOMINO_PUSH_KEY``, ``KINGDOMINO_PUSH_CONTACT`` and
        ``KINGDOMINO_PUSH_LOCAL`` (``1``: local endpoints allowed)."""
        key = os.environ.get("KINGDOMINO_PUSH_KEY")
        return cls(
            Path(key) if key else None,
            os.environ.get("KINGDOMINO_PUSH_CONTACT") or CONTACT,
            os.environ.get("KINGDOMINO_PUSH_LOCAL") == "1",
        )


def new_pem() -> str:
    """A new P-256 private key, as PEM (PKCS#8)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


@dataclass(frozen=True)
class PushKeys:
    """The server's VAPID key, and its public half as a browser's ``pushManager.subscribe`` takes
    it (``applicationServerKey``: the uncompressed point, URL-safe base64)."""

    vapid: Vapid
    public: str

    @classmethod
    def load(cls, store: Store, settings: PushSettings) -> PushKeys:
        """The operator's key if they gave one (a clear error if it is not a P-256 key), else the
        database's, made at the first start."""
        if settings.key_file is not None:
            try:
                pem = settings.key_file.read_text(encoding="ascii")
                vapid = Vapid.from_pem(pem.encode())
            except (OSError, ValueError, UnicodeDecodeError) as error:
                raise ValueError(f"KINGDOMINO_PUSH_KEY: not a readable PEM key: {error}") from None
        else:
            vapid = Vapid.from_pem(push_store.vapid_pem(store, new_pem()).encode())
        if (
            not isinstance(vapid.private_key, ec.EllipticCurvePrivateKey)
            or vapid.private_key.curve.name != "secp256r1"
        ):
            raise ValueError("KINGDOMINO_PUSH_KEY: expected a P-256 (prime256v1) private key")
        raw = vapid.public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return cls(vapid, base64.urlsafe_b64encode(raw).decode().rstrip("="))


#: A notification to make in a browser's language.
Wording = Callable[[str], PushText]


@dataclass(frozen=True)
class Post:
    """One notification's post to one browser, its ``attempt`` (1 the first) and the pause to
    take before the next if this one fails."""

    subscription: push_store.Subscription
    text: PushText
    attempt: int = 1
    pause: float = FIRST_PAUSE


@dataclass
class Pusher:
    """The queue of notifications to send, the posts to try again later, and the threads that
    send them. A post tried again waits in ``later`` until its time, not in a sending thread: a
    push service that asks for a minute's pause (or a stranger's endpoint that answers so) would
    otherwise hold a thread for minutes, and a few such browsers every notification of the
    server."""

    store: Store
    settings: PushSettings = field(default_factory=PushSettings)

    def __post_init__(self) -> None:
        self.keys = PushKeys.load(self.store, self.settings)
        self.jobs: queue.Queue[tuple[int, Wording, Page | None] | None] = queue.Queue(maxsize=QUEUE_LIMIT)
        #: This server's pages of turn-based games, as the other servers read them.
        self.pages = PagesOpen(self.store)
        #: The posts to try again, by their moment (``time.monotonic``), under ``lock``.
        self.later: list[tuple[float, int, Post]] = []
        self.lock = threading.Lock()
        self.order = itertools.count()
        #: The posts taken from ``later`` and being tried now.
        self.trying = 0
        self.threads: list[threading.Thread] = []
        #: Set once the server stops: a post is no longer tried again.
        self.stopping = threading.Event()

    def start(self) -> None:
        """Start the sending threads."""
        for number in range(WORKERS):
            thread = threading.Thread(target=self._send_all, name=f"push-{number}", daemon=True)
            thread.start()
            self.threads.append(thread)

    def stop(self) -> None:
        """End the threads once they have posted what is queued (each once: no retry waits now),
        or after ``STOP_SECONDS`` (called off the event loop)."""
        self.stopping.set()
        for _ in self.threads:
            self.jobs.put(None)
        deadline = time.monotonic() + STOP_SECONDS
        for thread in self.threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        self.threads.clear()

    def tell(self, account_id: int, wording: Wording, page: Page | None = None) -> None:
        """Queue a notification to every browser of ``account_id``, without waiting; one of a
        turn names its seat (``page``), and is not sent if a page of it is open on another
        server when its turn to be sent comes (``push_pages``)."""
        try:
            self.jobs.put_nowait((account_id, wording, page))
        except queue.Full:
            log.warning("push: %d notifications wait; one to account %d is dropped", QUEUE_LIMIT, account_id)

    def pending(self) -> int:
        """The notifications queued or being sent, and the posts waiting to be tried again."""
        with self.lock:
            return self.jobs.unfinished_tasks + len(self.later) + self.trying

    def _send_all(self) -> None:
        session = push_session(self.settings.local_endpoints)
        while True:
            due = self._due()
            if due is not None:
                self._try(session, due)
                with self.lock:
                    self.trying -= 1
                continue
            try:
                job = self.jobs.get(timeout=self._wait())
            except queue.Empty:
                continue
            try:
                if job is None:
                    return
                account_id, wording, page = job
                if page is not None and open_elsewhere(self.store, page, time.time()):
                    continue
                for subscription in push_store.subscriptions_of(self.store, account_id):
                    self._try(session, Post(subscription, wording(subscription.language)))
            except Exception:
                log.exception("push: a notification could not be sent")
            finally:
                self.jobs.task_done()

    def _due(self) -> Post | None:
        """The post whose time to be tried again has come, if any (dropped once stopping)."""
        with self.lock:
            if self.stopping.is_set():
                self.later.clear()
            if self.later and self.later[0][0] <= time.monotonic():
                self.trying += 1
                return heapq.heappop(self.later)[2]
        return None

    def _wait(self) -> float | None:
        """Seconds until the next post to try again (None: none waits)."""
        with self.lock:
            return max(0.0, self.later[0][0] - time.monotonic()) if self.later else None

    def _try(self, session: requests.Session, post: Post) -> None:
        """Post ``post``; failed as a busy or unreachable service does, it is tried again later."""
        try:
            pause = self._post(session, post)
        except Exception:
            log.exception("push: a notification could not be sent")
            return
        host = post.subscription.endpoint.split("/")[2]
        if pause is None:
            return
        if post.attempt == TRIES or pause > LONGEST_PAUSE or self.stopping.is_set():
            log.warning("push: gave up on %s after %d tries", host, post.attempt)
            return
        with self.lock:
            if len(self.later) >= QUEUE_LIMIT:
                log.warning("push: %d posts wait to be tried again; one to %s is dropped", QUEUE_LIMIT, host)
                return
            again = Post(post.subscription, post.text, post.attempt + 1, pause * 2)
            heapq.heappush(self.later, (time.monotonic() + pause, next(self.order), again))

    def _post(self, session: requests.Session, post: Post) -> float | None:
        """Post ``post`` once: None when done with it (sent, or refused for good), else the pause
        to take before it is tried again."""
        subscription = post.subscription
        host = subscription.endpoint.split("/")[2]
        try:
            check_endpoint(subscription.endpoint, self.settings.local_endpoints)
            webpush(
                subscription.info(),
                post.text.payload(),
                vapid_private_key=self.keys.vapid,
                vapid_claims={"sub": self.settings.contact},
                ttl=TTL,
                timeout=POST_TIMEOUT,
                requests_session=session,
            )
            return None
        except HubError as refused:  # the endpoint's host moved into a private network
            log.warning("push: %s; subscription forgotten", refused.message)
        except TooSlow as slow:  # a push service answers within a second or two: not this one
            log.warning("push: %s: %s; subscription forgotten", host, slow)
        except WebPushException as error:
            status = error.response.status_code if error.response is not None else None
            if status is None or status == 429 or status >= 500:
                return retry_after(error.response, post.pause)
            if status not in (404, 410):  # the browser unsubscribed: forgotten below
                log.warning("push: refused by %s: %s", host, status)
                return None
        except requests.RequestException as error:
            log.info("push: %s unreachable: %s", host, error)
            return post.pause
        push_store.forget(self.store, subscription.endpoint)
        return None


def retry_after(response: requests.Response | None, pause: float) -> float:
    """The pause a push service asks for (``Retry-After`` in seconds), else ``pause``."""
    said = response.headers.get("Retry-After", "") if response is not None else ""
    return float(said) if said.isdigit() else pause
