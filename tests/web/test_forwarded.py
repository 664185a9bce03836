"""Who a client is: its own address, unless it is a proxy the operator names (``--forwarded-allow-ips``).

Why: uvicorn by itself trusts ``X-Forwarded-For`` from 127.0.0.1 (and from whoever the
environment's ``FORWARDED_ALLOW_IPS`` names), so a client on the server's machine with a different
header per socket would be a new client each time and pass every cap per client (sockets,
hints). Against a real uvicorn server.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from tests.web.conftest import assert_socket_error
from tests.web.servers import free_port, running

from kingdomino.web.app import create_app
from kingdomino.web.connections import MAX_CONNECTIONS_PER_ADDRESS
from kingdomino.web.routes.game_socket import MAX_SOCKETS_PER_CLIENT
from kingdomino.web.serving import server_config

#: The sockets a game takes from spectators.
SPECTATORS_PER_GAME = 32


def serve(database: str, forwarded_allow_ips: str = "") -> Any:
    config = server_config(create_app(database), "127.0.0.1", free_port(), forwarded_allow_ips)
    return running(config)


def spectator_links(port: int, sockets: int) -> list[str]:
    """Links of enough games' spectators for ``sockets`` sockets."""
    links = []
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        for _ in range(-(-sockets // SPECTATORS_PER_GAME)):
            body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
            game = client.post("/api/games", json=body).json()
            links.append(f"ws://127.0.0.1:{port}/ws/games/{game['id']}?tokens={game['spectator_token']}")
    return links


async def open_sockets(links: list[str], forwarded: list[str]) -> list[dict[str, Any]]:
    """One socket per ``forwarded`` address (its ``X-Forwarded-For``), in order, each held open
    until all are opened; the first message of each (a state, or a refusal with its close code)."""
    firsts: list[dict[str, Any]] = []
    async with asyncio.timeout(120):
        held = []
        try:
            for n, address in enumerate(forwarded):
                ws = await websockets.connect(
                    links[n % len(links)], additional_headers={"X-Forwarded-For": address}
                )
                held.append(ws)
                first = json.loads(await ws.recv())
                if first["type"] != "state":
                    await ws.wait_closed()
                    first["close_code"] = ws.close_code
                firsts.append(first)
        finally:
            for ws in held:
                await ws.close()
    return firsts


@pytest.fixture
def default_port(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # which uvicorn would read: not the server
    with serve(database) as port:
        yield port


def test_by_default_a_forwarded_address_is_not_believed(default_port: int) -> None:
    sockets = MAX_SOCKETS_PER_CLIENT + 1
    forwarded = [f"10.0.{n // 250}.{n % 250 + 1}" for n in range(sockets)]
    firsts = asyncio.run(open_sockets(spectator_links(default_port, sockets), forwarded))
    assert [first["type"] for first in firsts[:-1]] == ["state"] * MAX_SOCKETS_PER_CLIENT
    refused = firsts[-1]
    assert refused["close_code"] == 4429
    error = assert_socket_error(refused, "close_code")
    assert error["field"] == "client"


def test_behind_a_trusted_proxy_each_forwarded_address_is_a_client(database: str) -> None:
    with serve(database, forwarded_allow_ips="127.0.0.1") as port:
        first_client = ["203.0.113.1"] * (MAX_SOCKETS_PER_CLIENT + 1)
        second_client = ["203.0.113.2"] * 30
        sockets = len(first_client) + len(second_client)
        assert sockets > MAX_CONNECTIONS_PER_ADDRESS  # the proxy's own address is not capped
        firsts = asyncio.run(open_sockets(spectator_links(port, sockets), first_client + second_client))
    kinds = [first["type"] for first in firsts]
    assert kinds[:MAX_SOCKETS_PER_CLIENT] == ["state"] * MAX_SOCKETS_PER_CLIENT
    assert kinds[MAX_SOCKETS_PER_CLIENT] == "error" and firsts[MAX_SOCKETS_PER_CLIENT]["close_code"] == 4429
    assert kinds[MAX_SOCKETS_PER_CLIENT + 1 :] == ["state"] * len(second_client)


def test_the_session_cookie_is_host_prefixed_when_a_trusted_proxy_forwards_https(database: str) -> None:
    """Behind a proxy ending TLS the page is https though the server hears http: the proxy's
    ``X-Forwarded-Proto`` says so, believed from the proxies ``--forwarded-allow-ips`` names alone."""
    body = {"password": "password one"}
    tls = {"X-Forwarded-Proto": "https"}
    with serve(database, "127.0.0.1") as port:
        made = httpx.post(f"http://127.0.0.1:{port}/api/accounts", json={**body, "name": "Ida"}, headers=tls)
        assert made.status_code == 201, made.text
        cookie = made.headers["set-cookie"]
        assert cookie.startswith("__Host-kd_session=") and "Secure" in cookie, cookie
    with serve(database) as port:
        made = httpx.post(f"http://127.0.0.1:{port}/api/accounts", json={**body, "name": "Jon"}, headers=tls)
        assert made.status_code == 201, made.text
        cookie = made.headers["set-cookie"]
        assert cookie.startswith("kd_session=") and "Secure" not in cookie, cookie
