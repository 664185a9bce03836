"""Hearing the other servers' pages (``pages_heard``): a burst of notifications for one game, as a
script opening and closing a page of it on another server sends, is one read of the game's rows
at a time and one more after it, not a read per notification. (Attack review of 2026-12-01,
evening: each notification was a task and a read queued for one of the server's few threads.)"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.deadlines import within
from tests.web.sockets import messages_until, next_of_type

from kingdomino.web.pages_heard import PagesHeard

#: The notifications of the burst.
BURST = 50


def bea_here(message: dict[str, Any]) -> bool:
    return message["type"] == "presence" and 1 in message["here"]


def test_a_burst_of_notifications_for_a_game_is_two_reads(client: TestClient) -> None:
    created = create(client, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}])
    game_id, token = created["id"], created["seats"][0]["token"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    heard = PagesHeard(hub.pusher.pages, hub.tables)
    reads: list[str] = []

    async def burst() -> None:
        released = asyncio.Event()

        async def elsewhere(read_id: str) -> frozenset[int]:
            reads.append(read_id)
            await released.wait()
            return frozenset({1})

        heard.pages.elsewhere = elsewhere  # type: ignore[method-assign,assignment]
        payload = json.dumps({"id": game_id, "server": "another"})
        following = [asyncio.ensure_future(heard.heard(payload)) for _ in range(BURST)]
        while not reads:
            await asyncio.sleep(0)
        released.set()
        await asyncio.gather(*following)

    with client.websocket_connect(f"/ws/games/{game_id}", params={"tokens": token}) as page:
        next_of_type(page, "state")
        assert client.portal is not None
        client.portal.call(within, burst(), "the burst's reads, let go")
        # Two for the burst, and one by the presence told after it (``Presence.look_elsewhere``).
        assert 2 <= len(reads) <= 3, len(reads)
        messages_until(page, bea_here, "Bea at the table, on the other server")
