"""Where tournament games run: this process, a local process pool, or a Ray cluster.

Every executor maps :func:`play_tournament_game` over game indices and yields
outcomes as they finish (in any order); the tournament writes each one down at
once, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from kingdomino.arena.tournament import GameOutcome, TournamentConfig, play_tournament_game
from kingdomino.core.game import GameError

EXECUTORS = ("local", "ray")


def run_jobs(
    jobs: Sequence[tuple[TournamentConfig, int]],
    executor: str = "local",
    workers: int = 1,
    address: str | None = None,
) -> Iterator[tuple[int, GameOutcome]]:
    """Games of several tournaments (a ladder's tables) through one executor: each job is
    ``(config, game index)``; yields ``(job number, outcome)`` as games finish."""
    if executor not in EXECUTORS:
        raise GameError(f"executor: expected one of {', '.join(EXECUTORS)}, got {executor!r}")
    if executor == "ray":
        yield from _ray_jobs(jobs, workers, address)
        return
    if workers <= 1:
        for number, (config, index) in enumerate(jobs):
            yield number, play_tournament_game(config, index)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[GameOutcome], int] = {}
        queue = list(enumerate(jobs))
        while queue or pending:
            while queue and len(pending) < 2 * workers:
                number, (config, index) = queue.pop(0)
                pending[pool.submit(play_tournament_game, config, index)] = number
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()


def _ray_jobs(
    jobs: Sequence[tuple[TournamentConfig, int]], workers: int, address: str | None
) -> Iterator[tuple[int, GameOutcome]]:
    try:
        import ray
    except ImportError:
        raise GameError("--executor ray needs the 'ray' extra: pip install 'kingdomino[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        remote_game: Any = ray.remote(play_tournament_game)
        numbers = {remote_game.remote(config, index): number for number, (config, index) in enumerate(jobs)}
        pending = list(numbers)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield numbers[ref], ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


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
