"""The lobby's broadcast: every watching page told in turn, a page whose sending fails dropped."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from kingdomino.web.lobby import Lobby
from kingdomino.web.outbox import SlowClient


def test_a_change_reaches_every_page_and_a_failing_page_is_dropped() -> None:
    lobby = Lobby(cast(Any, None))
    told: dict[str, list[str]] = {"first": [], "last": []}

    def page(name: str) -> Any:
        async def send(text: str) -> None:
            told[name].append(text)

        return send

    async def cut_off(text: str) -> None:
        raise SlowClient("the client fell 64 messages behind")

    async def scenario() -> None:
        for send in (page("first"), cut_off, page("last")):
            lobby.watchers.add(send)
        await lobby.tell({"type": "unlisted", "id": "g1", "status": "playing"})
        await lobby.tell({"type": "unlisted", "id": "g2", "status": "expired"})

    asyncio.run(scenario())
    assert len(lobby.watchers) == 2 and cut_off not in lobby.watchers
    for texts in told.values():
        assert [text.count('"g1"') + 2 * text.count('"g2"') for text in texts] == [1, 2]
