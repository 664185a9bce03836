"""AI turns per second through 1 and 2 local worker processes and through a local Ray instance.

The same jobs (``--level`` moves from positions of random 2-player Kingdomino games, fixed
seeds) are run through each executor, all queued at once; the moves must be the same
everywhere (printed as a check). On this 2-core machine, 2 workers should give about twice
the turns per second of 1.

Run: ``.venv/bin/python bench/bench_ai_workers.py [--jobs 24] [--level medium] [--no-ray]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time

from kingdomino.core.game import State
from kingdomino.games.registry import make_game
from kingdomino.web.ai_workers import AIJob, AIWorkers, Executor, agent_spec, make_executor
from kingdomino.workers import RayWorkers


def positions(count: int) -> list[State]:
    rng = random.Random(1)
    found: list[State] = []
    while len(found) < count:
        state = make_game("kingdomino", 2).new_initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.15:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


async def through(executor: Executor, jobs: list[AIJob]) -> tuple[float, list[int]]:
    # Every worker started and warm (a spawned worker imports the engine on its first job).
    await asyncio.gather(*(executor.run(jobs[i % len(jobs)]) for i in range(2 * executor.slots)))
    start = time.perf_counter()
    answers = await asyncio.gather(*(executor.run(job) for job in jobs))
    elapsed = time.perf_counter() - start
    executor.close()
    return len(jobs) / elapsed, [answer.action for answer in answers]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=24)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    jobs = [
        AIJob(state, agent_spec(args.level, state), seed=i) for i, state in enumerate(positions(args.jobs))
    ]
    rates: dict[str, float] = {}
    moves: dict[str, list[int]] = {}
    for count in (1, 2):
        label = f"{count} local worker" + ("s" if count > 1 else "")
        rates[label], moves[label] = asyncio.run(through(make_executor(str(count)), jobs))
    if not args.no_ray:
        ray_workers = AIWorkers(RayWorkers(None, num_cpus=2, include_dashboard=False))
        rates["Ray (local, 2 CPUs)"], moves["Ray (local, 2 CPUs)"] = asyncio.run(through(ray_workers, jobs))
    reference = moves["1 local worker"]
    print(f"{args.jobs} '{args.level}' AI turns, 2-player Kingdomino:")
    for label, rate in rates.items():
        same = "same moves" if moves[label] == reference else "DIFFERENT MOVES"
        print(f"  {label:<22} {rate:6.2f} turns/s  (x{rate / rates['1 local worker']:.2f})  {same}")


if __name__ == "__main__":
    main()
