"""A tournament on a Ray cluster joined by address, as on two machines: a head that ``ray start
--head`` started apart, with Ray's token authentication (``RAY_AUTH_MODE=token``), and the
command of docs/agents.md, ``kingdomino tournament --executor ray --address HOST:PORT``, run as a
command with the token in its environment. It plays the games the process pool plays.

Ray's sockets live under its temporary folder, whose path must stay short (a Unix socket's path
is at most 107 bytes): the head's folder is made in the system's temporary folder, not pytest's.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.web.deadlines import killed

pytest.importorskip("ray")

import kingdomino

#: Seconds a head may take to start (about 10 on two busy cores) or to stop.
DEADLINE = 120.0


@dataclass(frozen=True)
class Head:
    """A Ray head of this test's own: its address and the environment a driver joins it with."""

    address: str
    env: dict[str, str]


def free_ports(count: int) -> list[int]:
    """``count`` distinct ports free on this machine now (the head's own, its client server's and
    its dashboard's, so that a head another process runs on Ray's defaults does not clash)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for held in sockets:
            held.bind(("127.0.0.1", 0))
        return [held.getsockname()[1] for held in sockets]
    finally:
        for held in sockets:
            held.close()


def wait_for_start(process: subprocess.Popen[bytes], log: Path) -> None:
    """Until the head says it started; fails with its log if it exits or the deadline passes."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        said = log.read_text(errors="replace")
        if "Ray runtime started" in said:
            return
        if process.poll() is not None:
            pytest.fail(f"ray start --head exited with {process.returncode}:\n{said}")
        time.sleep(0.2)
    pytest.fail(f"ray start --head did not start in {DEADLINE:.0f} s:\n{log.read_text(errors='replace')}")


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the head (``ray start --block`` stops what it started on SIGTERM), then whatever of its
    process group is left: never ``ray stop``, which stops every Ray of this user."""
    process.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(DEADLINE)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    killed(process)


@pytest.fixture(scope="module")
def head() -> Iterator[Head]:
    folder = Path(tempfile.mkdtemp(prefix="kdray-"))
    port, client, dashboard, agent = free_ports(4)
    source = str(Path(kingdomino.__file__).resolve().parents[1])  # the workers import this checkout
    env = {
        **os.environ,
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": secrets.token_hex(16),
        "PYTHONPATH": os.pathsep.join([source, *filter(None, [os.environ.get("PYTHONPATH")])]),
    }
    ray = shutil.which("ray", path=str(Path(sys.executable).parent)) or "ray"
    command = [
        ray, "start", "--head", "--block", "--num-cpus=2", "--include-dashboard=false",
        "--disable-usage-stats", f"--temp-dir={folder / 'ray'}", f"--port={port}",
        f"--ray-client-server-port={client}", f"--dashboard-port={dashboard}",
        f"--dashboard-agent-listen-port={agent}",
    ]  # fmt: skip
    log = folder / "head.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        wait_for_start(process, log)
        yield Head(f"127.0.0.1:{port}", env)
    finally:
        stop(process)
        shutil.rmtree(folder, ignore_errors=True)


def tournament(*options: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    agents = ["--agents", "greedy", "random", "--games", "4", "--seed", "5", "--json"]
    return subprocess.run(
        [sys.executable, "-m", "kingdomino", "tournament", *agents, *options],
        env=env,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )


def test_a_tournament_on_a_cluster_joined_by_address_with_its_token_plays_the_pools_games(
    head: Head,
) -> None:
    on_ray = tournament("--executor", "ray", "--address", head.address, env=head.env)
    assert on_ray.returncode == 0, on_ray.stderr
    assert "Connected to Ray cluster" in on_ray.stderr
    local = tournament("--workers", "2", env={**os.environ, "PYTHONPATH": head.env["PYTHONPATH"]})
    assert local.returncode == 0, local.stderr
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)
