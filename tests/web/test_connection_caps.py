"""A client that holds and reopens connections by the hundred leaves room for everyone else.

The attack: one client holding more half-sent requests than the server has file descriptors, and
reopening each one the server closes, would take every descriptor and have the kernel queue
everyone's new connections behind its own. So each address holds at most
``MAX_CONNECTIONS_PER_ADDRESS``, the server as many as its file limit leaves room for, and the
last part of those only goes to addresses that hold few.

Against a real ``kingdomino serve`` process with a file limit of 256 (its connections: 188), an
attacker at 127.0.0.1 and 127.0.0.3 holding 300 half-sent requests and reopening them, while a
legitimate client at 127.0.0.2 (all of 127.0.0.0/8 is this machine) asks and opens sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.web.servers import free_port
from websockets.sync.client import connect

from kingdomino.web.probe_clients import hold_half_sent, wait_until_answering

#: The server's file limit, soft and hard (it cannot raise it).
FILES = 256
#: Half-sent connections the attacker holds from each of its addresses: more than the server takes.
HELD = 150
ATTACKERS = ("127.0.0.1", "127.0.0.3")
LEGIT = "127.0.0.2"
#: A legitimate request's safety deadline, in seconds: an answer takes milliseconds.
DEADLINE = 10.0


@contextlib.contextmanager
def server(tmp_path: Path, soft: int, hard: int) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``kingdomino serve`` (one AI worker) started with the file limits ``soft`` and ``hard``."""
    port = free_port()

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", str(tmp_path)]
    process = subprocess.Popen(
        [*command, "--ai-workers", "1"],
        preexec_fn=limit_files,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_answering(f"http://127.0.0.1:{port}", 60, process)
        yield port, process
    finally:
        process.terminate()
        process.wait(timeout=30)


class Attack:
    """Half-sent requests held from the attacker's addresses, each reopened 0.2 s after the server
    closes it, in a thread of their own until :meth:`stop`."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.opened_once: set[int] = set()
        self.loop = asyncio.new_event_loop()
        self.stopping = asyncio.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))
        self.thread.start()

    async def _run(self) -> None:
        addresses = [address for address in ATTACKERS for _ in range(HELD)]
        await asyncio.gather(*(self._hold(slot, address) for slot, address in enumerate(addresses)))

    async def _hold(self, slot: int, address: str) -> None:
        await hold_half_sent(self.port, address, self.stopping, 0.2, lambda: self.opened_once.add(slot))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.stopping.set)
        self.thread.join(timeout=30)
        self.loop.close()


def server_file_limit(process: subprocess.Popen[bytes]) -> int:
    for line in Path(f"/proc/{process.pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no file limit")


@pytest.mark.skipif(sys.platform != "linux", reason="other loopback addresses than 127.0.0.1: Linux")
def test_a_client_holding_and_reopening_hundreds_of_connections_leaves_room_for_others(
    tmp_path: Path,
) -> None:
    with server(tmp_path, FILES, FILES) as (port, _):
        legit = httpx.Client(
            base_url=f"http://127.0.0.1:{port}",
            transport=httpx.HTTPTransport(local_address=LEGIT),
            timeout=DEADLINE,
        )
        body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
        game = legit.post("/api/games", json=body).json()
        link = f"ws://127.0.0.1:{port}/ws/games/{game['id']}?tokens={game['spectator_token']}"
        legit.close()
        attack = Attack(port)
        try:
            deadline = time.monotonic() + 60
            while len(attack.opened_once) < len(ATTACKERS) * HELD:  # every one of them tried
                assert time.monotonic() < deadline, f"{len(attack.opened_once)} attacker connections"
                time.sleep(0.1)
            answered = []
            with contextlib.ExitStack() as pages:
                for n in range(20):
                    # A fresh connection for each request: the server must take a new one each time.
                    transport = httpx.HTTPTransport(local_address=LEGIT)
                    with httpx.Client(transport=transport, timeout=DEADLINE) as fresh:
                        answered.append(fresh.get(f"http://127.0.0.1:{port}/api/meta").status_code)
                    if n % 2 == 0:
                        page = pages.enter_context(
                            connect(link, source_address=(LEGIT, 0), open_timeout=DEADLINE)
                        )
                        assert json.loads(page.recv(timeout=DEADLINE))["type"] == "state"
            assert answered == [200] * 20
        finally:
            attack.stop()


def test_serve_raises_its_soft_file_limit_to_the_hard_one(tmp_path: Path) -> None:
    with server(tmp_path, 200, FILES) as (_, process):
        assert server_file_limit(process) == FILES
