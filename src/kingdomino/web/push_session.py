"""The HTTP session that posts the pushes: it follows no redirect, and it connects to public
addresses only, checked on the very socket it opens (``public_address``), before a byte is sent.

The endpoint's host is checked when a browser subscribes and again before each post
(``push_check``), but a name can resolve to a public address for the check and to one of the
server's own network a moment later, when the post connects (DNS rebinding): only the socket's
own peer says where a post really goes. Behind an egress proxy (``HTTPS_PROXY``), the session
connects to the proxy, which decides. An operator's tests may allow local endpoints
(``PushSettings.local_endpoints``): their session checks nothing but redirects.
"""

from __future__ import annotations

import socket
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from kingdomino.web.push_check import public_address


class PrivateAddress(OSError):
    """A post's connection reached an address of the server's own network: closed unused."""


def checked_peer(sock: socket.socket) -> socket.socket:
    """``sock`` if it is connected to a public address, else closed and refused."""
    peer = str(sock.getpeername()[0])
    if not public_address(peer):
        sock.close()
        raise PrivateAddress(f"refused to post to {peer}: not on the public internet")
    return sock


class PublicHTTPConnection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        return checked_peer(super()._new_conn())


class PublicHTTPSConnection(HTTPSConnection):
    def _new_conn(self) -> socket.socket:
        return checked_peer(super()._new_conn())


class PublicHTTPPool(HTTPConnectionPool):
    ConnectionCls = PublicHTTPConnection


class PublicHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = PublicHTTPSConnection


class PublicAdapter(HTTPAdapter):
    """requests' adapter whose connections reach public addresses only."""

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": PublicHTTPPool, "https": PublicHTTPSPool}


def push_session(local: bool = False) -> requests.Session:
    """A session for the pushes: no redirect followed (one could lead into the server's own
    network), and, unless ``local``, connections to public addresses only."""
    session = requests.Session()
    session.max_redirects = 0
    if not local:
        adapter = PublicAdapter()
        session.mount("https://", adapter)
        session.mount("http://", adapter)
    return session
