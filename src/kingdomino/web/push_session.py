"""The HTTP session that posts the pushes: it follows no redirect, connects to public addresses
only, checked on the very socket it opens (``public_address``), before a byte is sent, and gives
each post ``POST_SECONDS`` in all and at most ``MAX_ANSWER`` bytes of answer.

The endpoint's host is checked when a browser subscribes and again before each post
(``push_check``), but a name can resolve to a public address for the check and to one of the
server's own network a moment later, when the post connects (DNS rebinding): only the socket's
own peer says where a post really goes. Behind an egress proxy (``HTTPS_PROXY``), the session
connects to the proxy, which decides. An operator's tests may allow local endpoints
(``PushSettings.local_endpoints``): their session checks no address, but bounds a post alike.

An endpoint is a stranger's server: a socket's own timeout bounds each read, not the post, so one
that sends its answer a byte at a time (its TLS handshake, its headers or its body) would hold a
sending thread for good, and a body of gigabytes would be read into memory whole. A post's
sockets are shut down once its time is up (through a duplicate of each, which stays open until
the post is over, so no other socket ever gets the shutdown); its answer is read to
``MAX_ANSWER`` bytes, never decompressed (a push service's answer is a few hundred bytes saying
why it refused); each post opens its own connection, so that every socket it uses is one it
opened.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from typing import Any, ClassVar

import requests
from requests.adapters import HTTPAdapter
from requests.utils import resolve_proxies
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from kingdomino.web.push_check import public_address

#: Seconds a whole post may take, its connection, its TLS handshake and its answer read: a push
#: service answers within a second or two.
POST_SECONDS = 10.0
#: The bytes of a push service's answer read at most.
MAX_ANSWER = 16 * 1024


class PrivateAddress(OSError):
    """A post's connection reached an address of the server's own network: closed unused."""


class TooSlow(requests.Timeout):
    """A post that took more than ``POST_SECONDS`` in all: cut off."""


#: The sockets of the post running in this thread (duplicates, for its deadline to shut down).
_running = threading.local()


def checked_peer(sock: socket.socket) -> socket.socket:
    """``sock`` if it is connected to a public address, else closed and refused."""
    peer = str(sock.getpeername()[0])
    if not public_address(peer):
        sock.close()
        raise PrivateAddress(f"refused to post to {peer}: not on the public internet")
    return sock


def noted(sock: socket.socket) -> socket.socket:
    """``sock``, a duplicate of it kept for the running post's deadline (``PostDeadline``)."""
    deadline: PostDeadline | None = getattr(_running, "deadline", None)
    if deadline is not None:
        deadline.note(sock)
    return sock


class TimedHTTPConnection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        return noted(super()._new_conn())


class TimedHTTPSConnection(HTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return noted(super()._new_conn())


class PublicHTTPConnection(TimedHTTPConnection):
    def _new_conn(self) -> socket.socket:
        return checked_peer(super()._new_conn())


class PublicHTTPSConnection(TimedHTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return checked_peer(super()._new_conn())


class TimedHTTPPool(HTTPConnectionPool):
    ConnectionCls = TimedHTTPConnection


class TimedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = TimedHTTPSConnection


class PublicHTTPPool(HTTPConnectionPool):
    ConnectionCls = PublicHTTPConnection


class PublicHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = PublicHTTPSConnection


class TimedAdapter(HTTPAdapter):
    """requests' adapter whose connections a post's deadline can cut."""

    pools: ClassVar[dict[str, type[HTTPConnectionPool]]] = {"http": TimedHTTPPool, "https": TimedHTTPSPool}

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = dict(self.pools)


class PublicAdapter(TimedAdapter):
    """requests' adapter whose connections reach public addresses only."""

    pools: ClassVar[dict[str, type[HTTPConnectionPool]]] = {"http": PublicHTTPPool, "https": PublicHTTPSPool}


class PostDeadline:
    """The end of one post's time: its sockets shut down then (duplicates of them, closed with
    the post, under one lock with the shutdown, so a shutdown never meets a number reused)."""

    def __init__(self, seconds: float) -> None:
        self.lock = threading.Lock()
        self.sockets: list[socket.socket] = []
        self.passed = False
        self.timer = threading.Timer(seconds, self.cut)
        self.timer.daemon = True

    def note(self, sock: socket.socket) -> None:
        with self.lock:
            if self.passed:
                raise TooSlow(f"a push took more than {POST_SECONDS:g} s")
            self.sockets.append(sock.dup())

    def cut(self) -> None:
        with self.lock:
            self.passed = True
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def __enter__(self) -> PostDeadline:
        _running.deadline = self
        self.timer.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.timer.cancel()
        _running.deadline = None
        with self.lock:
            for sock in self.sockets:
                sock.close()
            self.sockets.clear()


class PushSession(requests.Session):
    """A session whose every post is bounded (the module's rules): a redirect is an answer like
    any other, neither followed nor read beyond ``MAX_ANSWER``."""

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        """The answer to ``request`` as its adapter gives it: ``Session.send`` would read a
        redirect's whole body (to follow it, or to note where it leads), and any body unless
        streamed."""
        proxies = kwargs.get("proxies") or resolve_proxies(request, self.proxies, self.trust_env)
        settings = {
            "timeout": kwargs.get("timeout"),
            "verify": kwargs.get("verify", self.verify),
            "cert": kwargs.get("cert", self.cert),
            "proxies": proxies,
        }
        try:
            with PostDeadline(POST_SECONDS) as deadline:
                try:
                    response = self.get_adapter(str(request.url)).send(request, stream=True, **settings)
                    response._content = response.raw.read(MAX_ANSWER, decode_content=False) or b""
                    response.close()
                except Exception as error:
                    if deadline.passed:
                        raise TooSlow(f"a push took more than {POST_SECONDS:g} s", request=request) from error
                    if isinstance(error, requests.RequestException):
                        raise
                    raise requests.ConnectionError(error, request=request) from error
                if deadline.passed:
                    raise TooSlow(f"a push took more than {POST_SECONDS:g} s", request=request)
        finally:
            for adapter in self.adapters.values():
                adapter.close()  # the next post opens its own connection
        return response


def push_session(local: bool = False) -> requests.Session:
    """A session for the pushes (the module's): unless ``local``, connections to public
    addresses only."""
    session = PushSession()
    adapter = TimedAdapter() if local else PublicAdapter()
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session
