"""A restart with thousands of AI turns to resume, and the games a server keeps in memory.

A server restarted after a kill -9 with thousands of games of AI seats reads them back in
batches, the event loop serving requests between two, and keeping a game in memory looks at no
other game: a request waits milliseconds, not seconds.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from tests.web.conftest import seeded_secrets

from kingdomino.games.registry import make_game
from kingdomino.web import ai_turns
from kingdomino.web import hub as hub_module
from kingdomino.web.ai_workers import AIAnswer, AIJob
from kingdomino.web.app import create_app
from kingdomino.web.hub import Hub
from kingdomino.web.live import Watcher
from kingdomino.web.stored import StoredGame, now
from kingdomino.web.table import Table

AI_SEATS = [{"kind": "ai", "level": "random"}] * 2
HUMAN_SEATS = [{"kind": "human"}] * 2


class Never:
    """One worker that never answers: every AI turn waits (or runs) until the hub stops."""

    slots = 1

    async def run(self, job: AIJob) -> AIAnswer:
        await asyncio.Event().wait()
        raise AssertionError("never answered")

    def close(self) -> None:
        pass


def new_hub(tmp_path: Path) -> Hub:
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", secret_seeds=seeded_secrets(), ai_workers=Never()
    )
    hub: Hub = app.state.hub
    return hub


def test_a_resume_of_many_games_lets_the_event_loop_turn_between_batches(tmp_path: Path) -> None:
    """600 games whose AI turn nobody holds (as after a kill -9) are resumed in batches: another task
    gets many turns of the event loop before the last of them is back in memory."""
    games = 600

    async def scenario() -> tuple[int, int]:
        hub = new_hub(tmp_path)
        made = [await hub.create("kingdomino", 2, {}, AI_SEATS) for _ in range(games)]
        for live in made:  # before they took their lease: the server "died" here
            assert live.ai_task is not None
            live.ai_task.cancel()
        await asyncio.sleep(0)
        hub.tables.clear()
        turns = 0
        deadline = time.monotonic() + 300  # a safety net: the resume takes seconds
        await hub.start()
        while len(hub.tables) < games:
            assert time.monotonic() < deadline, f"{len(hub.tables)} of {games} games resumed"
            turns += 1
            await asyncio.sleep(0)
        resumed = sum(live.ai_task is not None and not live.ai_task.done() for live in hub.tables.values())
        await hub.stop()
        hub.store.close()
        return turns, resumed

    turns, resumed = asyncio.run(scenario())
    assert resumed == games
    assert turns >= 5  # read all at once, the other task turned once or twice


class CountedLock(asyncio.Lock):
    """A game's lock that counts how often the hub looks at whether it is held."""

    looked = 0

    def locked(self) -> bool:
        CountedLock.looked += 1
        return super().locked()


def idle_game(hub: Hub, game_id: str) -> Table:
    """A game of two humans in memory, nobody watching it and no AI task: an idle game."""
    game = make_game("kingdomino", 2)
    stored = StoredGame(game_id, "kingdomino", 2, {}, 1, [{"kind": "human"}] * 2, "s", "playing", now(), [])
    return Table(stored, game, game.new_initial_state(), hub, lock=CountedLock())


def test_keeping_a_game_looks_at_no_other_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With 500 idle games in memory, keeping one more looks at none of them (under the limit), and
    at the one it drops beyond the limit: the oldest."""
    hub = new_hub(tmp_path)
    for n in range(500):
        hub.tables[f"g{n}"] = idle_game(hub, f"g{n}")
    monkeypatch.setattr(hub_module, "MAX_IDLE_GAMES", 501)
    CountedLock.looked = 0
    hub._keep(idle_game(hub, "g500"))
    assert CountedLock.looked == 0 and len(hub.tables) == 501
    hub._keep(idle_game(hub, "g501"))
    assert CountedLock.looked == 1 and "g0" not in hub.tables and len(hub.tables) == 501


def test_the_least_recently_used_idle_games_go_and_never_one_in_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beyond ``MAX_IDLE_GAMES`` idle games the least recently used go (a game's last use: asked
    for, or its last page closed, or its AI turn ended); a watched game, one whose AI task runs and
    one whose lock is held stay, however old."""
    monkeypatch.setattr(hub_module, "MAX_IDLE_GAMES", 2)

    async def scenario() -> list[tuple[str, set[str]]]:
        hub = new_hub(tmp_path)
        told: list[str] = []

        async def send(text: str) -> None:
            told.append(text)

        async def new(name: str, seats: list[dict[str, Any]] = HUMAN_SEATS) -> str:
            live = await hub.create("kingdomino", 2, {}, seats)
            names[live.id] = name
            return live.id

        names: dict[str, str] = {}
        watched = hub.tables[await new("watched")]
        page = Watcher((), send)
        await watched.join(page)
        thinking = hub.tables[await new("thinking", AI_SEATS)]
        locked = hub.tables[await new("locked")]
        await locked.lock.acquire()
        idle = [await new(f"idle{n}") for n in range(2)]
        seen = []

        def kept(moment: str) -> None:
            seen.append((moment, {names[game_id] for game_id in hub.tables}))

        kept("two idle games")
        hub.table(idle[0])
        await new("idle2")
        kept("idle1 went: idle0 was asked for since")
        await watched.part(page)
        await new("idle3")
        kept("idle0 and idle2 went: the watched game's page closed after")
        await new("idle4")
        kept("the page closed: its game is idle, and the oldest now")
        locked.lock.release()
        await new("idle5")
        kept("the lock released: the oldest idle game")
        assert thinking.ai_task is not None and not thinking.ai_task.done()
        await hub.stop()
        hub.store.close()
        return seen

    assert asyncio.run(scenario()) == [
        ("two idle games", {"watched", "thinking", "locked", "idle0", "idle1"}),
        ("idle1 went: idle0 was asked for since", {"watched", "thinking", "locked", "idle0", "idle2"}),
        (
            "idle0 and idle2 went: the watched game's page closed after",
            {"watched", "thinking", "locked", "idle3"},
        ),
        ("the page closed: its game is idle, and the oldest now", {"thinking", "locked", "idle3", "idle4"}),
        ("the lock released: the oldest idle game", {"thinking", "idle4", "idle5"}),
    ]


def test_a_game_whose_ai_turn_ended_was_used_then(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose AI task ended (a human's turn, the game over) is idle from then, as used then:
    an idle game kept since goes before it, and it goes before the idle games kept after."""
    monkeypatch.setattr(hub_module, "MAX_IDLE_GAMES", 2)

    async def scenario() -> list[set[str]]:
        hub = new_hub(tmp_path)
        names: dict[str, str] = {}

        async def new(name: str, seats: list[dict[str, Any]] = HUMAN_SEATS) -> Table:
            live = await hub.create("kingdomino", 2, {}, seats)
            names[live.id] = name
            return live

        thinking = await new("thinking", AI_SEATS)
        await new("idle0")
        assert thinking.ai_task is not None
        thinking.ai_task.cancel()
        await asyncio.gather(thinking.ai_task, return_exceptions=True)
        await asyncio.sleep(0)  # the hub hears of the task's end
        seen = []
        for name in ("idle1", "idle2"):
            await new(name)
            seen.append({names[game_id] for game_id in hub.tables})
        await hub.stop()
        hub.store.close()
        return seen

    assert asyncio.run(scenario()) == [{"thinking", "idle1"}, {"idle1", "idle2"}]


def test_turns_under_lease_wait_without_waking_until_a_renewal_finds_one_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """40 AI turns wait in the queue while their leases are renewed again and again: no turn sets
    itself a timer to look at its lease (each did, every third of a lease); when another server
    takes one turn's lease, the next renewal ends that turn alone."""
    monkeypatch.setattr(ai_turns, "LEASE_SECONDS", 0.6)  # a renewal every 0.2 s
    games = 40

    async def scenario() -> tuple[int, int, list[str]]:
        hub = new_hub(tmp_path)
        renewals = 0
        renew = hub.store.renew_leases
        five_more = asyncio.Event()
        counting_from: int | None = None

        def counted(seconds: float) -> set[tuple[str, int]]:
            nonlocal renewals
            renewals += 1
            if counting_from is not None and renewals == counting_from + 5:
                five_more.set()
            return renew(seconds)

        hub.store.renew_leases = counted  # type: ignore[method-assign]
        made = [await hub.create("kingdomino", 2, {}, AI_SEATS) for _ in range(games)]
        await hub.start()
        deadline = time.monotonic() + 120  # a safety net: this takes a second or two
        while sum(hub.queue.ahead(live.id) is not None for live in made) < games:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        loop = asyncio.get_running_loop()
        timers = 0
        call_later = loop.call_later

        def counted_timer(*args: Any, **kwargs: Any) -> asyncio.TimerHandle:
            nonlocal timers
            timers += 1
            return call_later(*args, **kwargs)

        # call_later is generic over its callback's arguments, which a counting wrapper is not.
        loop.call_later = counted_timer  # type: ignore[method-assign, assignment]
        first = counting_from = renewals
        await asyncio.wait_for(five_more.wait(), timeout=120)  # a safety net: a second or so
        loop.call_later = call_later  # type: ignore[method-assign]
        with hub.store.engine.begin() as connection:
            connection.execute(
                text("UPDATE games SET lease_owner = 'another', lease_until = :until WHERE id = :id"),
                {"until": time.time() + 60, "id": made[0].id},
            )
        while not all(live.ai_task is not None for live in made) or not made[0].ai_task.done():  # type: ignore[union-attr]
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        ended = [live.id for live in made if live.ai_task is not None and live.ai_task.done()]
        await hub.stop()
        hub.store.close()
        return renewals - first, timers, ended

    renewals, timers, ended = asyncio.run(scenario())
    assert timers < renewals + games // 2, (timers, renewals)
    assert len(ended) == 1
