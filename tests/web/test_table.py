"""A table on its own: one game, its commands run as validate, apply, commit, publish, against a
store and a host that records what the table asks of the server around it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.web.conftest import seeded_secrets

from kingdomino.games.registry import make_game
from kingdomino.web.admission import Audience
from kingdomino.web.app import create_app
from kingdomino.web.hub import Hub
from kingdomino.web.live import AWAY_SECONDS, Watcher
from kingdomino.web.push import Pusher
from kingdomino.web.refusals import HubError
from kingdomino.web.seats import seat_row
from kingdomino.web.store import Store
from kingdomino.web.stored import StoredAction, StoredGame, now
from kingdomino.web.table import Table

AI_SEATS = [{"kind": "human"}, {"kind": "ai", "level": "random"}]


class RecordingHost:
    """A table's host that records each thing the table asks of it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.away_seconds = AWAY_SECONDS
        self.claim_seconds = 60.0
        self.pusher: Pusher | None = None
        self.audience = Audience()
        self.asked: list[str] = []

    def watchers_changed(self, table: Table) -> None:
        self.asked.append("watchers_changed")

    def start_ai_turn(self, table: Table) -> None:
        self.asked.append("start_ai_turn")

    def game_over(self, table: Table) -> None:
        self.asked.append("game_over")


def new_table(tmp_path: Path) -> tuple[Table, RecordingHost]:
    """A new stored game of two humans at a table of a recording host."""
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite3'}", server="here")
    host = RecordingHost(store)
    game = make_game("kingdomino", 2)
    seats = [seat_row(n, {"kind": "human"}) for n in range(2)]
    stored = StoredGame("g", "kingdomino", 2, {}, 7, seats, "spectator", "playing", now(), [])
    table = Table(stored, game, game.new_initial_state(), host)
    table.store_new()
    return table, host


def token_to_act(table: Table) -> str:
    return str(table.stored.seats[table.state.current_player]["token"])


def test_a_move_is_validated_applied_committed_then_published(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, host = new_table(tmp_path)
        told: list[str] = []

        async def send(text: str) -> None:
            told.append("view")

        async def acknowledge(applied: int) -> None:
            told.append(f"ack {applied}")

        await table.join(Watcher((), send))
        told.clear()
        before, version = len(table.actions), table.version
        with pytest.raises(HubError) as refused:  # validate: refused, nothing written or told
            await table.act(token_to_act(table), "claim 99")
        assert refused.value.status in (400, 409) and table.version == version and told == []
        action = table.state.action_text(table.state.legal_actions()[0])
        applied = await table.act(token_to_act(table), action, before, "client", acknowledge)
        stored = table.store.load("g")
        assert stored is not None and stored.revision == table.version > version
        assert [a.text for a in stored.actions] == [a.text for a in table.actions]
        assert applied == len(table.actions) > before
        assert told == [f"ack {applied}", "view"]  # the sender hears first, then every watcher
        assert host.asked[-1] == "start_ai_turn" and table.client == "client"
        table.store.close()

    asyncio.run(scenario())


def test_a_write_another_server_made_first_leaves_the_table_as_the_store_holds_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        table, _ = new_table(tmp_path)
        other = Store(table.store.url, server="elsewhere")
        elsewhere = other.load("g")
        assert elsewhere is not None
        state = make_game("kingdomino", 2).new_initial_state()
        for action in elsewhere.actions:
            state.apply(state.parse_action(action.text))
        move = state.legal_actions()[0]
        text = state.action_text(move)
        seat, described = state.current_player, state.describe_action(move)
        written = StoredAction(len(elsewhere.actions), seat, text, described)
        other.append_actions("g", [written], "playing", table.version, False)
        told: list[str] = []

        async def send(message: str) -> None:
            told.append(message)

        await table.join(Watcher((), send))
        told.clear()
        with pytest.raises(HubError) as refused:
            await table.act(token_to_act(table), text)
        assert refused.value.code == "changed_elsewhere"
        reread = other.load("g")
        assert reread is not None and table.version == reread.revision
        assert [a.text for a in table.actions] == [a.text for a in reread.actions]
        assert told == []
        other.close()
        table.store.close()

    asyncio.run(scenario())


def test_looking_a_game_up_starts_no_ai_turn_and_resuming_does(tmp_path: Path) -> None:
    async def scenario() -> tuple[bool, bool]:
        app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", secret_seeds=seeded_secrets())
        hub: Hub = app.state.hub
        seats = [{"kind": "ai", "level": "random"}] * 2
        made = await hub.create("kingdomino", 2, {}, seats)
        assert made.ai_task is not None
        made.ai_task.cancel()
        await asyncio.gather(made.ai_task, return_exceptions=True)
        hub.tables.clear()  # as after a restart
        looked_up = hub.table(made.id)
        started_by_lookup = looked_up.ai_task is not None
        hub.resume(looked_up)
        started_by_resume = looked_up.ai_task is not None
        await hub.stop()
        hub.store.close()
        return started_by_lookup, started_by_resume

    assert asyncio.run(scenario()) == (False, True)
