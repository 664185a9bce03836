"""Where tournament games run: this process, a local process pool, or a Ray cluster.

The ``--executor``/``--workers``/``--address`` options of a tournament or a ladder name the
:mod:`kingdomino.workers` the games run on; :func:`run_jobs` maps :func:`play_tournament_game`
over them and yields outcomes as they finish (in any order), so that the tournament writes each
one down at once and an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator, Sequence

from kingdomino.arena.tournament import GameOutcome, TournamentConfig, play_tournament_game
from kingdomino.core.game import GameError
from kingdomino.workers import InThisProcess, ProcessWorkers, RayWorkers, Workers

EXECUTORS = ("local", "ray")


def tournament_workers(executor: str = "local", workers: int = 1, address: str | None = None) -> Workers:
    """The workers a tournament's options name: ``local`` with one worker is this process, with
    more a pool whose workers leave Ctrl-C to this process and stop with it at once (the command
    says where its games are and exits, with no worker's traceback and no game played on);
    ``ray`` is the cluster at ``address``, or a local Ray instance of ``workers`` CPUs."""
    if executor not in EXECUTORS:
        raise GameError(f"executor: expected one of {', '.join(EXECUTORS)}, got {executor!r}")
    if executor == "local":
        return ProcessWorkers(workers, interrupt_here=True) if workers > 1 else InThisProcess()
    if address:
        check_ray_address(address)
    try:
        if address:
            return RayWorkers(address)
        return RayWorkers(None, num_cpus=max(1, workers), include_dashboard=False)
    except ImportError:
        raise GameError("--executor ray needs the 'ray' extra: pip install 'kingdomino[ray]'") from None
    except (ConnectionError, RuntimeError) as error:
        raise GameError(f"--address: cannot join the Ray cluster at {address}: {error}{TOKEN_HINT}") from None


#: Why a head that answers may still refuse to be joined: a cluster with token authentication
#: (started with ``RAY_AUTH_MODE=token``; since Ray 2.59 any cluster that a ``ray.init()``
#: started) takes only a driver that has its token and the mode too (Ray 2.60 refused a driver
#: given the token alone), and Ray's log says only ``InvalidAuthToken``.
TOKEN_HINT = (
    " (its head answers: a cluster with token authentication takes a driver run with"
    " RAY_AUTH_MODE=token and its token, RAY_AUTH_TOKEN or RAY_AUTH_TOKEN_PATH, as its nodes have"
    " them; since Ray 2.59 a cluster that ray.init() started has a token of its own; see Ray's"
    " token authentication)"
)


#: Seconds to wait for a Ray cluster's head to answer at ``--address``.
CONNECT_SECONDS = 10.0


def check_ray_address(address: str) -> None:
    """Refuse an ``--address`` where no Ray cluster's head answers, in words and at once: Ray
    itself retries a wrong address for many minutes (more than 10 measured), printing warnings.
    ``auto`` (the cluster this machine's ``ray start`` joined) is left to Ray.

    >>> check_ray_address("head")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    kingdomino.core.game.GameError: --address: expected HOST:PORT of a Ray cluster's head (...), got 'head'
    """
    if address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise GameError(
            "--address: expected HOST:PORT of a Ray cluster's head (ray://HOST:PORT for Ray Client, "
            f"or auto), got {address!r}"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise GameError(f"--address: no Ray cluster answers at {address} ({reason})") from None


def run_jobs(
    jobs: Sequence[tuple[TournamentConfig, int]],
    executor: str = "local",
    workers: int = 1,
    address: str | None = None,
) -> Iterator[tuple[int, GameOutcome]]:
    """Games of several tournaments (a ladder's tables) through one executor: each job is
    ``(config, game index)``; yields ``(job number, outcome)`` as games finish."""
    with tournament_workers(executor, workers, address) as where:
        yield from where.as_completed(play_tournament_game, jobs)


def run_games(
    config: TournamentConfig,
    indices: Sequence[int],
    executor: str = "local",
    workers: int = 1,
    address: str | None = None,
) -> Iterator[GameOutcome]:
    """The games ``indices`` of one tournament, through :func:`run_jobs`."""
    if executor not in EXECUTORS:
        raise GameError(f"executor: expected one of {', '.join(EXECUTORS)}, got {executor!r}")
    jobs = [(config, index) for index in indices]
    return (outcome for _, outcome in run_jobs(jobs, executor, workers, address))
