"""A client that stops reading holds up no one: its messages queue in its own outbox, and past a
limit (or a send that takes too long) it is cut off. Before, a spectator socket that never read
froze its game: every broadcast awaited its send."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time

import httpx
import pytest
from tests.web.deadlines import within

from kingdomino.web.outbox import SLOW_CLIENT_CODE, Outbox, SlowClient


def test_a_client_that_reads_gets_every_message_in_order() -> None:
    async def run() -> list[str]:
        written: list[str] = []

        async def write(text: str) -> None:
            await asyncio.sleep(0)
            written.append(text)

        async def close(code: int) -> None:
            raise AssertionError("a reading client is never cut off")

        box = Outbox(write, close, limit=4)
        for n in range(20):
            await box.send(str(n))
            await asyncio.sleep(0.001)
        await box.flush()
        await box.aclose()
        return written

    assert asyncio.run(run()) == [str(n) for n in range(20)]


def test_a_client_behind_skips_to_the_newest_of_each_kind_and_gets_every_answer() -> None:
    """A state (or count) still waiting is replaced by a newer one, in the order the newer came;
    the answers to the client's own messages (no kind) all go out."""

    async def run() -> list[str]:
        written: list[str] = []
        going = asyncio.Event()

        async def write(text: str) -> None:
            await going.wait()  # the client reads nothing until told
            written.append(text)

        async def close(code: int) -> None:
            raise AssertionError("a client a few messages behind is not cut off")

        box = Outbox(write, close, limit=4)
        await box.send("state 0", "state")  # taken by the writer, which waits
        await asyncio.sleep(0)
        for n in range(1, 40):
            await box.send(f"state {n}", "state")
            if n == 5:
                await box.send("ack", None)
            if n % 10 == 0:
                await box.send(f"watching {n}", "watching")
        going.set()
        await box.flush()
        await box.aclose()
        return written

    written = asyncio.run(within(run(), "the outbox's writes once let go"))
    assert written == ["state 0", "ack", "watching 30", "state 39"]


def test_a_client_that_never_reads_is_cut_off_and_no_send_waits_for_it() -> None:
    async def run() -> tuple[float, list[int], int]:
        closed: list[int] = []

        async def write(text: str) -> None:
            await asyncio.Event().wait()  # a full socket buffer: the write never ends

        async def close(code: int) -> None:
            closed.append(code)

        box = Outbox(write, close, limit=8, timeout=60)
        start = time.perf_counter()
        await box.send("first")  # taken by the writer, which then waits for ever
        await asyncio.sleep(0.01)
        sent = 1
        with pytest.raises(SlowClient):
            for n in range(100):
                await box.send(str(n))
                sent += 1
        took = time.perf_counter() - start
        await asyncio.sleep(0.01)
        assert box.cut_off.is_set()
        with pytest.raises(SlowClient):
            await box.send("more")
        await box.aclose()
        return took, closed, sent

    took, closed, sent = asyncio.run(run())
    assert took < 30 and closed == [SLOW_CLIENT_CODE]  # never waiting for the 60 s write
    assert sent == 9  # one being written, eight waiting


def test_a_message_that_takes_too_long_to_go_out_cuts_its_client_off() -> None:
    async def run() -> list[int]:
        closed: list[int] = []

        async def write(text: str) -> None:
            await asyncio.sleep(10)

        async def close(code: int) -> None:
            closed.append(code)

        box = Outbox(write, close, timeout=0.05)
        await box.send("slow")
        await box.flush()
        await asyncio.sleep(0.01)
        await box.aclose()
        return closed

    assert asyncio.run(run()) == [SLOW_CLIENT_CODE]


def test_a_client_too_many_bytes_behind_is_cut_off_counting_what_the_socket_still_holds() -> None:
    async def run() -> tuple[int, list[int]]:
        closed: list[int] = []
        in_socket = [0]

        async def write(text: str) -> None:
            in_socket[0] += len(text)  # taken at once, as a kernel with room takes it, never read

        async def close(code: int) -> None:
            closed.append(code)

        async def never_closed(code: int) -> None:
            raise AssertionError("a client with nothing behind is not cut off")

        box = Outbox(write, close, backlog=lambda: in_socket[0], max_bytes=1000)
        sent = 0
        with pytest.raises(SlowClient):
            for _ in range(100):
                await box.send("x" * 300)
                await box.flush()
                sent += 1
        await asyncio.sleep(0.01)
        await box.aclose()
        big = Outbox(write, never_closed, max_bytes=10)
        await big.send("a message longer than the bound goes out when nothing is behind")
        await big.flush()
        await big.aclose()
        return sent, closed

    sent, closed = asyncio.run(run())
    assert sent == 3 and closed == [SLOW_CLIENT_CODE]


def stuffed_spectator(base: str, game_id: str, token: str, seconds: float = 3.0) -> socket.socket:
    """A spectator's socket that sends small messages and never reads its answers (a tiny receive
    buffer), until the server's side of it is full."""
    host, port = base.removeprefix("http://").split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/games/{game_id}?tokens={token} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    sock.recv(200)
    payload = json.dumps({"type": "why", "action": "x" * 60}).encode()
    mask = os.urandom(4)
    frame = bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    sock.setblocking(False)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            sock.send(frame * 50)
        except BlockingIOError:
            time.sleep(0.01)
    return sock


def test_a_spectator_that_never_reads_does_not_freeze_the_game(live_server: str) -> None:
    with httpx.Client(base_url=live_server, timeout=30) as client:
        created = client.post(
            "/api/games",
            json={
                "game": "kingdomino",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}],
            },
        ).json()
        game, token = created["id"], created["seats"][0]["token"]
        stuffed = stuffed_spectator(live_server, game, created["spectator_token"])
        try:
            for _ in range(6):  # the player plays on, and the AI answers, as if nobody watched
                deadline = time.monotonic() + 20
                while True:
                    view = client.get(f"/api/games/{game}", params={"token": token}).json()
                    if view["legal_actions"]:
                        break
                    assert time.monotonic() < deadline, "the AI seat stopped"
                    time.sleep(0.05)
                start = time.monotonic()
                answer = client.post(
                    f"/api/games/{game}/actions",
                    json={"token": token, "action": view["legal_actions"][0], "index": view["index"]},
                )
                assert answer.status_code == 200 and time.monotonic() - start < 5
        finally:
            stuffed.close()
