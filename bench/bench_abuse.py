"""Connection-level abuse of ``kingdomino serve``: sockets that never read, and a slowloris that reopens.

Starts ``kingdomino serve`` (a fresh SQLite file, one AI worker) with a file limit of ``--files``
(soft and hard alike, so the server cannot raise it), on loopback, then:

1. **Never-reading sockets.** A 4-player Origins Tribe game of four human seats is played to its
   end over HTTP (``POST /api/games/{id}/actions``, random legal moves), watched by ``--sockets``
   spectator sockets with a 4 KiB receive buffer that never read, and by one spectator that
   reads. Prints the bytes the kernel's send queues of the server held for the never-reading
   sockets at the end (``/proc/net/tcp``, ``tx_queue``), then drains each of them: the bytes it
   gets before the server closes it (or before it falls silent for 3 s: everything the server
   still held for it, queued in Python or in the kernel), and how many the server had cut off;
   and whether the reading spectator got every view.
2. **Slowloris that reopens.** An attacker at 127.0.0.1 holds ``--attack`` connections that each
   sent half a request line, reopening each one the server closes (after ``--reopen-pause``
   seconds), for ``--seconds``; meanwhile a legitimate client at 127.0.0.2 asks ``GET /api/meta``
   on a fresh connection every ``--every`` seconds and opens ``--legit-sockets`` spectator sockets
   spread over the attack. Prints the share of each that succeeded within ``--timeout`` seconds.

Run: ``.venv/bin/python bench/bench_abuse.py [--files 1024] [--sockets 20] [--attack 1100]
[--seconds 30] [--only slow|slowloris]``. Loopback only; at most a few minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from kingdomino.web.probe_clients import drain, hold_half_sent, never_reading_socket, wait_until_answering

#: Seconds a drained socket may stay silent before it counts as left open by the server.
DRAIN_SILENCE = 3.0
#: The legitimate client's address: another loopback address than the attacker's.
LEGIT_ADDRESS = "127.0.0.2"
ATTACK_ADDRESS = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, directory: str, files: int) -> subprocess.Popen[bytes]:
    """``kingdomino serve`` with at most ``files`` open files, answering."""

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    command = [sys.executable, "-m", "kingdomino", "serve", "--port", str(port), "--data-dir", directory]
    server = subprocess.Popen(
        [*command, "--ai-workers", "1", "--ai-delay", "0"],
        preexec_fn=limit_files,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wait_until_answering(f"http://127.0.0.1:{port}", 60, server)
    return server


def kernel_send_queues(port: int, peers: set[int]) -> int:
    """The bytes in the kernel send queues of the server's ends of the connections from ``peers``."""
    held = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, queues = fields[1], fields[2], fields[4]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) in peers:
            held += int(queues.split(":")[0], 16)
    return held


async def watch(ws_base: str, game_id: str, token: str, seen: list[int]) -> None:
    """A spectator that reads every message, noting each view's index, until the game ends."""
    async with websockets.connect(f"{ws_base}/ws/games/{game_id}?tokens={token}", max_size=2**22) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message.get("type") == "state":
                seen.append(message["index"])
                if message["status"] == "finished":
                    return


async def play_over_http(client: httpx.AsyncClient, game: dict[str, Any], rng: random.Random) -> list[int]:
    """The game played to its end with random legal moves, one HTTP request a move; the index of
    the game after each move (with the chance steps it brought)."""
    tokens = [seat["token"] for seat in game["seats"]]
    path = f"/api/games/{game['id']}"
    view = (await client.get(path, params={"token": tokens[0]})).json()
    after: list[int] = []
    while view["status"] != "finished":
        token = tokens[view["current_player"]]
        view = (await client.get(path, params={"token": token})).json()
        move = {"token": token, "action": rng.choice(view["legal_actions"]), "index": view["index"]}
        (await client.post(f"{path}/actions", json=move)).raise_for_status()
        view = (await client.get(path, params={"token": token})).json()
        after.append(view["index"])
    return after


async def never_reading(port: int, sockets: int, seed: int) -> None:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        seats = [{"kind": "human"} for _ in range(4)]
        body = {"game": "origins", "players": 4, "options": {"mode": "tribe"}, "seats": seats}
        game = (await client.post("/api/games", json=body)).json()
        spectator = game["spectator_token"]
        silent = [never_reading_socket(port, game["id"], spectator) for _ in range(sockets)]
        seen: list[int] = []
        watcher = asyncio.create_task(watch(f"ws://127.0.0.1:{port}", game["id"], spectator, seen))
        await asyncio.sleep(0.5)
        start = time.perf_counter()
        after = await play_over_http(client, game, random.Random(seed))
        played = time.perf_counter() - start
        try:
            await asyncio.wait_for(watcher, 30)
        except TimeoutError:
            watcher.cancel()
    await asyncio.sleep(1.0)
    peers = {sock.getsockname()[1] for sock in silent}
    queued = kernel_send_queues(port, peers)
    drained = [await asyncio.to_thread(drain, sock, DRAIN_SILENCE) for sock in silent]
    for sock in silent:
        sock.close()
    sizes = [size for size, _ in drained]
    closed = sum(was_closed for _, was_closed in drained)
    missed = len(set(after) - set(seen))
    print(f"1. {sockets} never-reading spectator sockets (4 KiB receive buffer), Origins Tribe, 4 players")
    print(f"   {len(after)} moves over HTTP in {played:.1f} s ({after[-1]} actions with the chance steps)")
    print(f"   views the reading spectator missed: {missed} of {len(after)}")
    print(f"   held by the server's kernel send queues at the end: {queued / 1e6:.2f} MB in all")
    print(
        f"   drained from the clients (all the server still held for them): {sum(sizes) / 1e6:.2f} MB in all,"
        f" {max(sizes) / 1e3:.0f} KB at most for one socket"
    )
    print(f"   closed by the server: {closed} of {sockets}")


@dataclass
class Tally:
    """Attempts and successes of one kind of request."""

    tried: int = 0
    succeeded: int = 0
    failures: list[str] = field(default_factory=list)

    def share(self) -> str:
        percent = 100 * self.succeeded / self.tried if self.tried else 0.0
        return f"{self.succeeded} of {self.tried} ({percent:.0f} %)"


async def legit_meta(port: int, timeout: float, tally: Tally) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=LEGIT_ADDRESS)
    tally.tried += 1
    try:
        async with httpx.AsyncClient(transport=transport, timeout=timeout) as client:
            answer = await client.get(f"http://127.0.0.1:{port}/api/meta")
        if answer.status_code == 200:
            tally.succeeded += 1
        else:
            tally.failures.append(f"status {answer.status_code}")
    except httpx.HTTPError as error:
        tally.failures.append(type(error).__name__)


async def legit_socket(port: int, link: str, timeout: float, tally: Tally, stop: asyncio.Event) -> None:
    """A page's socket: it counts if its first view comes within ``timeout``; held to the end."""
    tally.tried += 1
    try:
        connecting = websockets.connect(
            f"ws://127.0.0.1:{port}{link}",
            local_addr=(LEGIT_ADDRESS, 0),
            open_timeout=timeout,
            max_size=2**22,
        )
        async with connecting as ws:
            first = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            if first.get("type") != "state":
                tally.failures.append(f"first message {first.get('type')}")
                return
            tally.succeeded += 1
            await stop.wait()
    except (OSError, TimeoutError, websockets.WebSocketException) as error:
        tally.failures.append(type(error).__name__)


async def slowloris(
    port: int, attack: int, seconds: float, every: float, sockets: int, timeout: float, pause: float
) -> None:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        body = {"game": "kingdomino", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
        game = (await client.post("/api/games", json=body)).json()
    link = f"/ws/games/{game['id']}?tokens={game['spectator_token']}"
    stop, pages_closed = asyncio.Event(), asyncio.Event()
    opened = [0]

    def one_more() -> None:
        opened[0] += 1

    holding = [hold_half_sent(port, ATTACK_ADDRESS, stop, pause, one_more) for _ in range(attack)]
    attackers = [asyncio.create_task(attacker) for attacker in holding]
    deadline = time.monotonic() + 15
    while opened[0] < attack and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    meta, pages = Tally(), Tally()
    start = time.monotonic()
    requests: list[asyncio.Task[None]] = []
    page_tasks: list[asyncio.Task[None]] = []
    next_page = start
    while time.monotonic() - start < seconds:
        requests.append(asyncio.create_task(legit_meta(port, timeout, meta)))
        if len(page_tasks) < sockets and time.monotonic() >= next_page:
            page_tasks.append(asyncio.create_task(legit_socket(port, link, timeout, pages, pages_closed)))
            next_page += seconds / max(1, sockets)
        await asyncio.sleep(every)
    await asyncio.gather(*requests)
    await asyncio.sleep(timeout)  # the last pages' first views
    reopened = opened[0]
    stop.set()
    pages_closed.set()
    await asyncio.gather(*attackers, *page_tasks)
    print(f"2. slowloris: {attack} half-sent requests from {ATTACK_ADDRESS}, reopened when closed,", end="")
    print(f" for {seconds:g} s")
    print(f"   attacker connections opened in all: {reopened}")
    print(f"   legitimate GET /api/meta from {LEGIT_ADDRESS} answered within {timeout:g} s: {meta.share()}")
    print(f"   legitimate WebSockets with their first view within {timeout:g} s: {pages.share()}")
    for name, tally in (("meta", meta), ("sockets", pages)):
        if tally.failures:
            kinds = sorted(set(tally.failures))
            print(f"   {name} failures: {', '.join(f'{k} x{tally.failures.count(k)}' for k in kinds)}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--files", type=int, default=1024, help="the server's file limit (soft and hard)")
    parser.add_argument("--sockets", type=int, default=20, help="never-reading spectator sockets")
    parser.add_argument("--attack", type=int, default=1100, help="half-sent connections the attacker holds")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the slowloris lasts")
    parser.add_argument("--every", type=float, default=0.25, help="seconds between legitimate requests")
    parser.add_argument("--legit-sockets", type=int, default=20, help="legitimate spectator sockets")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds a legitimate request may take")
    parser.add_argument("--reopen-pause", type=float, default=0.5, help="seconds before a closed one reopens")
    parser.add_argument("--seed", type=int, default=1, help="the random moves' seed")
    parser.add_argument("--only", choices=("slow", "slowloris"), default=None)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if args.attack + 200 > hard:
        raise SystemExit(f"--attack {args.attack}: this process may open only {hard} files")
    with tempfile.TemporaryDirectory() as directory:
        if args.only != "slowloris":
            port = free_port()
            server = start_server(port, directory + "/slow", args.files)
            try:
                asyncio.run(never_reading(port, args.sockets, args.seed))
            finally:
                server.terminate()
                server.wait()
        if args.only != "slow":
            port = free_port()
            server = start_server(port, directory + "/slowloris", args.files)
            try:
                asyncio.run(
                    slowloris(
                        port,
                        args.attack,
                        args.seconds,
                        args.every,
                        args.legit_sockets,
                        args.timeout,
                        args.reopen_pause,
                    )
                )
            finally:
                server.terminate()
                server.wait()


if __name__ == "__main__":
    main()
