"""RL adapter speed: environment steps per second with random masked actions, versus the raw engine.

Run: ``.venv/bin/python bench/bench_rl.py [--seconds 3] [--players 2] [--game kingdomino]
[--option KEY=VALUE ...]``, e.g. ``--game origins --players 4 --option mode=tribe``; the games
are those with an encoder (kingdomino, duel, origins).
One core, pure Python. A *step* is one decision of a seat (chance resolution included in
the time). Rows:

* ``engine (unchecked)``: ``legal_actions()``, a random pick, ``apply_unchecked``;
* ``engine + mask + encode``: the same, plus the int8 mask and the encoder's observation
  of the acting seat, i.e. what any RL loop over the raw engine must compute;
* ``pettingzoo AEC``: ``env.last()`` then ``env.step(random masked action)`` (order-enforcing
  wrapper included);
* ``gymnasium``: learner steps against ``random`` opponents, counting the opponents'
  decisions as steps too (only the learner's are observed and encoded);
* ``openspiel``: ``state.legal_actions()``, ``state.observation_tensor()``,
  ``state.apply_action()`` through pyspiel (skipped when open_spiel is absent).

The ratio column is the adapter's cost per step over the unchecked raw engine's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from kingdomino import make_game
from kingdomino.core.game import CHANCE, Game, OptionValue
from kingdomino.rl.encoders import encoder_for, encoder_names
from kingdomino.rl.gymnasium_env import GameEnv
from kingdomino.rl.pettingzoo_env import env as aec_env


def engine_steps(game: Game, seconds: float, encode: bool) -> tuple[int, float]:
    rng = random.Random(1)
    encoder = encoder_for(game)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if encode:
                mask = np.zeros(game.num_actions, dtype=np.int8)
                mask[legal] = 1
                encoder.encode(state, state.current_player)
            state.apply_unchecked(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, time.perf_counter() - start


def pettingzoo_steps(game: Game, seconds: float) -> tuple[int, float]:
    env = aec_env(game)
    rng = random.Random(1)
    steps, episode, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episode)
        episode += 1
        for _ in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
    return steps, time.perf_counter() - start


def gymnasium_steps(game: Game, seconds: float) -> tuple[int, float]:
    env = GameEnv(game, opponents="random")
    rng = random.Random(1)
    steps, episode, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episode)
        episode += 1
        while True:
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, _, _ = env.step(int(legal[int(rng.random() * len(legal))]))
            if terminated:
                break
        steps += env.decisions
    return steps, time.perf_counter() - start


def openspiel_steps(game: Game, seconds: float) -> tuple[int, float] | None:
    try:
        from kingdomino.rl import openspiel_game
    except ImportError:
        return None
    os_game = openspiel_game.load(game.name, game.num_players, **game.options)
    rng = random.Random(1)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = os_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=probs)[0])
                continue
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, time.perf_counter() - start


def parse_option(text: str) -> tuple[str, OptionValue]:
    """``KEY=VALUE``; ``true``/``false`` become booleans."""
    key, _, value = text.partition("=")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return key, lowered == "true"
    return key, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--game", default="kingdomino", choices=encoder_names())
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    args = parser.parse_args()
    game = make_game(args.game, args.players, dict(parse_option(text) for text in args.option))
    rows: list[tuple[str, Callable[[], tuple[int, float] | None]]] = [
        ("engine (unchecked)", lambda: engine_steps(game, args.seconds, encode=False)),
        ("engine + mask + encode", lambda: engine_steps(game, args.seconds, encode=True)),
        ("pettingzoo AEC", lambda: pettingzoo_steps(game, args.seconds)),
        ("gymnasium (vs random)", lambda: gymnasium_steps(game, args.seconds)),
        ("openspiel", lambda: openspiel_steps(game, args.seconds)),
    ]
    print(f"{game.describe()}: random masked actions, {args.seconds:.0f} s per row")
    base: float | None = None
    for name, run in rows:
        result = run()
        if result is None:
            print(f"{name:<24} skipped (open_spiel not installed)")
            continue
        steps, elapsed = result
        rate = steps / elapsed
        base = base or rate
        print(f"{name:<24} {rate:>10,.0f} steps/s   {1e6 / rate:>7.1f} us/step   x{base / rate:4.1f}")


if __name__ == "__main__":
    main()
