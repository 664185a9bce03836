"""RL adapter speed: environment steps per second with random masked actions, versus the raw engine.

Run: ``.venv/bin/python bench/bench_rl.py [--seconds 3] [--rounds 3] [--players 2]
[--game kingdomino] [--option KEY=VALUE ...]``, e.g. ``--game origins --players 4 --option
mode=tribe``; the games are those with an encoder (kingdomino, duel, origins).
One core, pure Python. The rows are measured in turn, ``--rounds`` times, and each row
keeps its best round (a shared machine's load then disturbs every row alike). A *step* is
one decision of a seat (chance resolution included in the time). Rows:

* ``engine (unchecked)``: ``legal_actions()``, a random pick, ``apply_unchecked``, and at the
  end of each game ``returns()`` (the result every adapter hands out as rewards);
* ``engine (checked)``: the same through ``apply``, which checks the action and says why
  an illegal one is refused (what the adapters do too);
* ``engine + mask + encode``: the same, plus the int8 mask and the encoder's observation
  of the acting seat, i.e. what any RL loop over the raw engine must compute;
* ``pettingzoo AEC``: ``env.last()`` then ``env.step(random masked action)`` (order-enforcing
  wrapper included); a random masked action is a random index of ``mask.nonzero()[0]``;
* ``pettingzoo, no observation``: the same loop with ``env.last(observe=False)`` and the
  environment's ``action_mask(agent)``: PettingZoo's own API cost over the engine, the floor
  under any observation;
* ``gymnasium``: learner steps against ``random`` opponents, counting the opponents'
  decisions as steps too (only the learner's are observed and encoded);
* ``openspiel``: ``state.legal_actions()``, ``state.observation_tensor()`` (a list of
  floats, as pyspiel defines it), ``state.apply_action()`` through pyspiel (skipped when
  open_spiel is absent);
* ``openspiel observer``: the same with the observation written into OpenSpiel's numpy
  buffer instead (``make_observation(game)``, ``observation.set_from(state, player)``), the
  way OpenSpiel's Python code reads tensors without building a list;
* ``openspiel, no observation``: the same loop with no observation at all: what pyspiel's
  calls into and back out of Python cost over the engine, the floor under any observation.

The ratio column is the adapter's cost per step over the unchecked raw engine's.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from kingdomino import make_game
from kingdomino.core.game import CHANCE, Game, GameError, OptionValue
from kingdomino.rl.encoders import encoder_for, encoder_names
from kingdomino.rl.gymnasium_env import GameEnv
from kingdomino.rl.pettingzoo_env import env as aec_env


def engine_steps(game: Game, seconds: float, encode: bool, checked: bool = False) -> tuple[int, float]:
    rng = random.Random(1)
    encoder = encoder_for(game)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        apply = state.apply if checked else state.apply_unchecked
        while not state.is_terminal():
            if state.current_player == CHANCE:
                apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if encode:
                mask = np.zeros(game.num_actions, dtype=np.int8)
                mask[legal] = 1
                encoder.encode(state, state.current_player)
            apply(legal[int(rng.random() * len(legal))])
            steps += 1
        state.returns()
    return steps, time.perf_counter() - start


def pettingzoo_steps(game: Game, seconds: float, observe: bool = True) -> tuple[int, float]:
    env = aec_env(game)
    action_mask = env.unwrapped.action_mask
    rng = random.Random(1)
    steps, episode, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=episode)
        episode += 1
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last(observe)
            if termination or truncation:
                env.step(None)
                continue
            legal = (obs["action_mask"] if observe else action_mask(agent)).nonzero()[0]
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
            legal = env.action_masks().nonzero()[0]
            _, _, terminated, _, _ = env.step(int(legal[int(rng.random() * len(legal))]))
            if terminated:
                break
        steps += env.decisions
    return steps, time.perf_counter() - start


def openspiel_steps(game: Game, seconds: float, observer: bool | None) -> tuple[int, float] | None:
    try:
        from open_spiel.python.observation import make_observation

        from kingdomino.rl import openspiel_game
    except ImportError:
        return None
    os_game = openspiel_game.load(game.name, game.num_players, **game.options)
    observation = make_observation(os_game)
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
            if observer:
                observation.set_from(state, state.current_player())
            elif observer is not None:
                state.observation_tensor(state.current_player())
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
    return steps, time.perf_counter() - start


def parse_option(text: str) -> tuple[str, OptionValue]:
    """``KEY=VALUE``; ``true``/``false`` become booleans."""
    key, equals, value = text.partition("=")
    if not key or not equals:
        raise GameError(f"--option: expected KEY=VALUE (mode=tribe, harmony=true), got {text!r}")
    lowered = value.lower()
    if lowered in ("true", "false"):
        return key, lowered == "true"
    return key, value


def positive(kind: Callable[[str], float]) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` above 0 (0 rounds would divide by zero)."""

    def parse(text: str) -> float:
        number = kind(text)
        if number <= 0:
            raise argparse.ArgumentTypeError(f"expected a number above 0, got {text}")
        return number

    parse.__name__ = kind.__name__
    return parse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=positive(float), default=3.0, help="per row, over all the rounds")
    parser.add_argument(
        "--rounds",
        type=positive(int),
        default=3,
        help="measure the rows in turn this many times; keep each row's best",
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--game", default="kingdomino", choices=encoder_names())
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)"
    )
    args = parser.parse_args()
    try:
        game = make_game(args.game, args.players, dict(parse_option(text) for text in args.option))
    except GameError as error:
        parser.error(str(error))
    seconds = args.seconds / args.rounds
    rows: list[tuple[str, Callable[[], tuple[int, float] | None]]] = [
        ("engine (unchecked)", lambda: engine_steps(game, seconds, encode=False)),
        ("engine (checked)", lambda: engine_steps(game, seconds, encode=False, checked=True)),
        ("engine + mask + encode", lambda: engine_steps(game, seconds, encode=True)),
        ("pettingzoo AEC", lambda: pettingzoo_steps(game, seconds)),
        ("pettingzoo, no observation", lambda: pettingzoo_steps(game, seconds, observe=False)),
        ("gymnasium (vs random)", lambda: gymnasium_steps(game, seconds)),
        ("openspiel", lambda: openspiel_steps(game, seconds, observer=False)),
        ("openspiel observer", lambda: openspiel_steps(game, seconds, observer=True)),
        ("openspiel, no observation", lambda: openspiel_steps(game, seconds, observer=None)),
    ]
    print(
        f"{game.describe()}: random masked actions, {args.seconds:g} s per row "
        f"(best of {args.rounds} interleaved rounds)"
    )
    best: list[float | None] = [None] * len(rows)
    for _ in range(args.rounds):
        for row, (_, run) in enumerate(rows):
            result = run()
            rate = None if result is None else result[0] / result[1]
            previous = best[row]
            best[row] = rate if previous is None or (rate is not None and rate > previous) else previous
    base: float | None = None
    for (name, _), rate in zip(rows, best):
        if rate is None:
            print(f"{name:<28} skipped (open_spiel not installed)")
            continue
        base = base or rate
        print(f"{name:<28} {rate:>10,.0f} steps/s   {1e6 / rate:>7.1f} us/step   x{base / rate:4.1f}")


if __name__ == "__main__":
    main()
