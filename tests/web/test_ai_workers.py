"""Where the AI runs: worker processes or Ray give the same moves; the event loop stays free."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
import tomllib
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import create
from tests.web.deadlines import killed, within
from tests.web.process_lines import next_line
from tests.web.servers import free_port

from kingdomino.agents.levels import BUDGETS, level_spec
from kingdomino.core.game import OptionValue, State
from kingdomino.games.registry import make_game
from kingdomino.web.ai_queue import AIQueue
from kingdomino.web.ai_workers import (
    WORKER_NICENESS,
    AIAnswer,
    AIJob,
    AIWorkers,
    Executor,
    agent_spec,
    make_executor,
    run_job,
)
from kingdomino.web.app import create_app
from kingdomino.web.probe_clients import wait_until_answering
from kingdomino.workers import PARENT_CHECK_SECONDS, ProcessWorkers, RayWorkers

#: The project's declaration, for its extras.
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"

SPECS = [
    "mcts:iterations=40,playout=player-greedy,prune=8",
    "mce:iterations=60,playout=random,prune=6",
    "greedy",
]


def positions() -> list[State]:
    """A few positions of each game, reached by random play from fixed seeds."""
    found: list[State] = []
    games: list[tuple[str, int, dict[str, OptionValue]]] = [
        ("kingdomino", 3, {}),
        ("duel", 2, {}),
        ("origins", 2, {"mode": "tribe"}),
    ]
    for name, players, options in games:
        rng = random.Random(5)
        state = make_game(name, players, options).new_initial_state()
        while len(found) < 12 and not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.2:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def test_worker_processes_and_ray_give_the_same_moves_as_this_process() -> None:
    jobs = [
        AIJob(state, spec, seed=i) for i, state in enumerate(positions()) for spec in SPECS[i % 3 : i % 3 + 1]
    ]
    here = [run_job(job).action for job in jobs]

    async def through(executor: Executor) -> list[int]:
        try:
            answers = await asyncio.gather(*(executor.run(job) for job in jobs))
        finally:
            executor.close()
        return [answer.action for answer in answers]

    assert asyncio.run(through(make_executor("2"))) == here
    ray_workers = AIWorkers(RayWorkers(None, num_cpus=1, include_dashboard=False))
    assert asyncio.run(through(ray_workers)) == here


def test_the_workers_are_named_as_the_command_line_names_them() -> None:
    """``--ai-workers`` values: N local processes at the server's niceness, or Ray."""
    executor = make_executor("2")
    try:
        assert isinstance(executor, AIWorkers) and executor.slots == 2
        assert isinstance(executor.workers, ProcessWorkers) and executor.workers.niceness == WORKER_NICENESS
    finally:
        executor.close()
    with pytest.raises(ValueError, match=r"^AI workers: expected a number of processes or 'ray', got 'two'$"):
        make_executor("two")


def test_the_ray_extra_carries_the_client_that_ray_addresses_need() -> None:
    """README's `--ai-workers ray --ray-address ray://head:10001`, after the documented
    `pip install -e '.[web,ray]'`, stopped at start: "Ray Client requires pip package `ray`"
    (the client's grpcio comes with `ray[client]` alone)."""
    extras = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
    assert any(requirement.startswith("ray[client]") for requirement in extras["ray"]), extras["ray"]


def test_a_level_searches_exactly_its_budget() -> None:
    state = positions()[0]
    spec = agent_spec("medium", state)
    assert ",cap=1," in spec
    # without its safety cap, which a loaded machine may reach: the budget is what is checked
    answer = run_job(AIJob(state, spec.replace(",cap=1,", ","), seed=3))
    assert answer.iterations == BUDGETS["medium"]["kingdomino"]
    assert agent_spec("hard", state) == level_spec("hard", "kingdomino")
    assert agent_spec("greedy", state) == "greedy"


class Gate:
    """An executor whose jobs wait for the test to open them: what the queue does is visible."""

    slots = 1

    def __init__(self) -> None:
        self.opened = asyncio.Event()

    async def run(self, job: AIJob) -> object:
        await self.opened.wait()
        return run_job(job)

    def close(self) -> None:
        pass


def test_the_queue_is_first_come_first_served_and_tells_positions() -> None:
    async def scenario() -> list[dict[str, int | None]]:
        gate = Gate()
        seen: list[dict[str, int | None]] = []
        queue = AIQueue(gate, lambda: seen.append({g: queue.ahead(g) for g in ("a", "b", "c")}))  # type: ignore[arg-type]
        state = positions()[0]
        jobs = [asyncio.ensure_future(queue.run(AIJob(state, "greedy", 1), owner)) for owner in "abc"]
        await asyncio.sleep(0.01)
        assert (queue.ahead("a"), queue.ahead("b"), queue.ahead("c")) == (0, 1, 2)
        gate.opened.set()
        await asyncio.gather(*jobs)
        assert queue.ahead("a") is None and not queue.owners()
        return seen

    seen = asyncio.run(within(scenario(), "the queue's jobs once the gate opened"))
    assert {"a": 0, "b": 1, "c": 2} in seen and {"a": None, "b": 0, "c": 1} in seen


def test_the_event_loop_answers_while_the_ai_searches(database: str) -> None:
    with TestClient(create_app(database, ai_workers="1")) as client:
        created = create(client, seats=[{"kind": "ai", "level": "hard"}, {"kind": "human"}], seed=4)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        deadline = time.monotonic() + 60
        answered_while_thinking = 0
        while answered_while_thinking < 3 and time.monotonic() < deadline:
            if client.portal.call(hub.queue.ahead, created["id"]) == 0:  # type: ignore[union-attr]
                assert client.get("/api/meta").status_code == 200
                if client.portal.call(hub.queue.ahead, created["id"]) == 0:  # type: ignore[union-attr]
                    answered_while_thinking += 1
            time.sleep(0.01)
        assert answered_while_thinking >= 3


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_every_game_and_mode_has_a_budget(level: str) -> None:
    for key in ("kingdomino", "duel", "origins/discovery", "origins/totem", "origins/tribe"):
        game, _, mode = key.partition("/")
        assert f"iterations={BUDGETS[level][key]}," in level_spec(level, game, mode or None)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="the OS has no process priorities")
def test_local_workers_yield_the_cpu_to_the_server() -> None:
    """A search must not make acknowledgements wait: the workers run at a lower priority."""
    executor = make_executor("1")
    assert isinstance(executor, AIWorkers)
    try:
        inside = executor.workers.submit(os.nice, 0).result(timeout=60)
    finally:
        executor.close()
    assert inside == min(os.nice(0) + WORKER_NICENESS, 19)


def test_a_dead_worker_is_replaced_and_no_worker_outlives_its_server() -> None:
    """A worker killed mid-game fails its job once, then new workers take the next jobs; a
    server killed with kill -9 takes its workers with it (they would hold CPU and pipes)."""
    state = positions()[0]
    job = AIJob(state, "greedy", seed=1)
    executor = make_executor("1")
    assert isinstance(executor, AIWorkers)
    try:
        pid = executor.workers.submit(os.getpid).result(timeout=60)
        with pytest.raises(BrokenProcessPool):
            executor.workers.submit(os.kill, pid, signal.SIGKILL).result(timeout=60)
        assert asyncio.run(executor.run(job)).action == run_job(job).action
    finally:
        executor.close()

    server = subprocess.Popen([sys.executable, "-c", ORPHAN_SCRIPT], stdout=subprocess.PIPE, text=True)
    worker = int(next_line(server, "the line giving its worker's process id"))
    killed(server)
    deadline = time.monotonic() + 10 * PARENT_CHECK_SECONDS
    while time.monotonic() < deadline and process_alive(worker):
        time.sleep(0.1)
    assert not process_alive(worker)


#: A search of a second or so in a worker (random playouts), long enough to be seen midway.
LONG_SEARCH = "mce:iterations=1000,playout=random,prune=6"


def test_the_local_workers_tell_how_far_a_search_is_and_the_move_stays_the_same() -> None:
    """A job's search writes its progress on the board, which the server reads while it runs;
    its place is free again once the job is done, or once its worker died under it."""
    job = AIJob(positions()[0], LONG_SEARCH, seed=2)
    executor = make_executor("1")
    assert isinstance(executor, AIWorkers) and executor.board is not None
    board = executor.board

    async def followed() -> tuple[AIAnswer, list[float]]:
        running = asyncio.ensure_future(executor.run(job))
        seen: list[float] = []
        while not running.done():
            progress = executor.progress(job)
            if progress is not None:
                seen.append(progress)
            await asyncio.sleep(0.005)
        return await running, seen

    async def killed_midway(worker: int) -> None:
        running = asyncio.ensure_future(executor.run(job))
        while not 0 < (executor.progress(job) or 0) < 1:
            assert not running.done()
            await asyncio.sleep(0.005)
        os.kill(worker, signal.SIGKILL)
        with pytest.raises(BrokenProcessPool):
            await running

    try:
        answer, seen = asyncio.run(followed())
        assert answer.action == run_job(job).action
        assert seen == sorted(seen) and any(0 < p < 1 for p in seen), seen
        assert executor.progress(job) is None
        asyncio.run(killed_midway(executor.workers.submit(os.getpid).result(timeout=60)))
        places = {board.take(), board.take()}
        assert None not in places and len(places) == 2 and board.take() is None
    finally:
        executor.close()


#: A stand-in server: starts one worker, prints its pid, then waits to be killed.
ORPHAN_SCRIPT = """
import os, time
from kingdomino.web.ai_workers import make_executor
executor = make_executor("1")
print(executor.workers.submit(os.getpid).result(timeout=60), flush=True)
time.sleep(600)
"""


def process_alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie counts as gone: it has exited)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def test_a_server_stopped_after_ai_moves_reports_no_leaked_semaphores(tmp_path: Path) -> None:
    """Every `kingdomino serve` stopped by SIGTERM or Ctrl-C once its AI workers had played
    ended its log with "resource_tracker: There appear to be 5 leaked semaphore objects to
    clean up at shutdown": uvicorn raises the signal again once it has stopped, so the pool's
    queues, never waited for, were left to the resource tracker. An operator read a leak."""
    port = free_port()
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", str(tmp_path)]
    with log.open("w") as errors:
        process = subprocess.Popen(
            [*command, "--ai-workers", "1", "--ai-delay", "0"],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_answering(base, 60, process)
            seats = [{"kind": "ai", "level": "easy"}] * 2
            made = httpx.post(f"{base}/api/games", json={"game": "duel", "players": 2, "seats": seats})
            assert made.status_code == 201, made.text
            deadline = time.monotonic() + 60
            while httpx.get(f"{base}/api/stats").json()["ai_moves"] < 3:
                assert time.monotonic() < deadline, "no AI move within 60 s"
                time.sleep(0.2)
        finally:
            process.terminate()
            process.wait(timeout=60)
    said = log.read_text()
    assert "leaked" not in said and "Traceback" not in said, said
