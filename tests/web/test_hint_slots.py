"""The server's hint slots are shared fairly: one client asking hints in many games at once takes
at most ``MAX_HINTS_PER_CLIENT`` of them, and the other players' hints are still computed.

Without a cap per client, a client holding the server's ``MAX_HINTS`` slots in two games would
make every other player's hint "the server is busy" (docs/server.md).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.web.conftest import seeded_secrets
from tests.web.test_review import SlowSlots

from kingdomino.web.app import create_app
from kingdomino.web.hint_slots import MAX_HINTS, MAX_HINTS_PER_CLIENT
from kingdomino.web.hub import Hub
from kingdomino.web.refusals import HubError

#: Two humans and hints for everyone: a human is always to act, no AI turn takes a slot.
HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def hint_or_refusal(hub: Hub, game_id: str, client: str) -> dict[str, Any]:
    """The hint of the seat to act in ``game_id`` asked by ``client``, or its refusal's JSON."""
    live = hub.get(game_id)
    token = live.stored.seats[live.state.current_player]["token"]
    try:
        return {"candidates": await hub.hint(game_id, token, client)}
    except HubError as error:
        return error.to_json()


def test_one_client_takes_at_most_its_share_of_the_hint_slots(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
        app = create_app(database, secret_seeds=seeded_secrets(), ai_workers=SlowSlots(8, 0.3))
        hub: Hub = app.state.hub
        games = [await hub.create("kingdomino", 2, {}, HUMANS, hints=True) for _ in range(MAX_HINTS + 1)]
        flood = [
            asyncio.ensure_future(hint_or_refusal(hub, live.id, "203.0.113.9")) for live in games[:MAX_HINTS]
        ]
        await asyncio.sleep(0.05)  # the flood's hints are computed (or refused) meanwhile
        other = await hint_or_refusal(hub, games[-1].id, "2001:db8:1:2::/64")
        return list(await asyncio.gather(*flood)), other

    flood, other = asyncio.run(scenario())
    assert "candidates" in other, other
    served = [answer for answer in flood if "candidates" in answer]
    refused = [answer["error"] for answer in flood if "error" in answer]
    assert len(served) == MAX_HINTS_PER_CLIENT
    assert refused and all(error["code"] == "client_hints_busy" for error in refused), refused
    assert all(error["field"] == "hint" for error in refused)
    assert all(error["values"] == {"n": MAX_HINTS_PER_CLIENT} for error in refused)
