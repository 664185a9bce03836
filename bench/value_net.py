"""Issue #27, part 5: a learned evaluation that cuts the search's playouts short.

Three steps, each writing into ``--out`` (a folder):

``data``   self-play games of the ``heuristic`` policy for every seat (one move in ten at
           random, for variety); at a share of the decision states, every seat's observation
           (the game's own, ``games/<game>/observation.py``) and its final lead over the best
           other seat (``positions.npz``).
``train``  a small multilayer perceptron in numpy (one hidden layer, ReLU, Adam, mean squared
           error on the lead in points), a tenth of the games held out: prints the error and
           the share of the lead's variance explained on both (``net.npz``).
``play``   a paired comparison on the same deals: the search as it is against the same search
           whose playouts stop after ``--depth`` decisions and take the net's estimate of each
           seat's lead (``SearchSettings.leads``); both against ``--opponent``, at the same
           seconds per move. Results are JSONL tournaments: ``kingdomino compare`` reads them.

Run (Kingdomino, 2 players: no hand-made outlook there, so playouts always run to the end)::

    .venv/bin/python bench/value_net.py data --games 3000 --out /tmp/value-net
    .venv/bin/python bench/value_net.py train --out /tmp/value-net
    .venv/bin/python bench/value_net.py play --games 40 --time 0.3 --depth 8 --out /tmp/value-net

The net is an experiment: it is kept in the package only if ``play`` shows a gain at equal time
(``docs/strength.md`` has what it showed).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kingdomino import make_game
from kingdomino.agents import make_agent
from kingdomino.agents.playouts import greedy_action
from kingdomino.agents.search import SearchAgent
from kingdomino.arena.match import play_game
from kingdomino.core.game import CHANCE, Game, State
from kingdomino.rl.encoders import encoder_for

Floats = npt.NDArray[np.float32]
BASE = "mce:time={time},playout=player-heuristic,prior=heuristic,scale=80,prune=12"


def lead(scores: list[int], seat: int) -> float:
    return float(scores[seat] - max(s for other, s in enumerate(scores) if other != seat))


def self_play(
    game: Game, games: int, share: float, seed: int
) -> tuple[Floats, Floats, npt.NDArray[np.int32]]:
    """Observations, final leads and game numbers of sampled decision states."""
    encoder = encoder_for(game)
    rng = random.Random(seed)
    inputs: list[Floats] = []
    targets: list[float] = []
    numbers: list[int] = []
    for number in range(games):
        state = game.new_initial_state()
        sampled: list[list[Floats]] = []
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply_unchecked(state.sample_chance(rng))
                continue
            if rng.random() < share:
                sampled.append([encoder.encode(state, seat) for seat in range(game.num_players)])
            if rng.random() < 0.1:
                legal = state.legal_actions()
                state.apply_unchecked(legal[int(rng.random() * len(legal))])
            else:
                state.apply_unchecked(greedy_action(state, rng, heuristic=True))
        scores = state.scores()
        for observations in sampled:
            for seat, observation in enumerate(observations):
                inputs.append(observation)
                targets.append(lead(scores, seat))
                numbers.append(number)
    return np.stack(inputs), np.array(targets, dtype=np.float32), np.array(numbers, dtype=np.int32)


class Net:
    """``lead = w2 . relu(W1 x + b1) + b2``, in points."""

    def __init__(self, weights: dict[str, Floats]) -> None:
        self.w1, self.b1 = weights["w1"], weights["b1"]
        self.w2, self.b2 = weights["w2"], weights["b2"]

    def __call__(self, inputs: Floats) -> Floats:
        hidden = np.maximum(inputs @ self.w1 + self.b1, 0.0)
        return hidden @ self.w2 + self.b2  # type: ignore[no-any-return]


def train(inputs: Floats, targets: Floats, hidden: int, epochs: int, seed: int) -> dict[str, Floats]:
    """Adam on mean squared error, minibatches of 256; returns the weights."""
    rng = np.random.default_rng(seed)
    size = inputs.shape[1]
    weights = {
        "w1": (rng.standard_normal((size, hidden)) * np.sqrt(2.0 / size)).astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "w2": (rng.standard_normal(hidden) * np.sqrt(1.0 / hidden)).astype(np.float32),
        "b2": np.array(float(targets.mean()), dtype=np.float32),
    }
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in weights.items()}
    step, rate, beta1, beta2 = 0, 1e-3, 0.9, 0.999
    for _ in range(epochs):
        order = rng.permutation(len(inputs))
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            x, y = inputs[batch], targets[batch]
            pre = x @ weights["w1"] + weights["b1"]
            hidden_out = np.maximum(pre, 0.0)
            error = hidden_out @ weights["w2"] + weights["b2"] - y
            grad_out = 2.0 * error / len(batch)
            grad_hidden = np.outer(grad_out, weights["w2"]) * (pre > 0)
            grads = {
                "w2": hidden_out.T @ grad_out,
                "b2": np.array(grad_out.sum(), dtype=np.float32),
                "w1": x.T @ grad_hidden,
                "b1": grad_hidden.sum(axis=0),
            }
            step += 1
            for key, grad in grads.items():
                m, v = moments[key]
                m[...] = beta1 * m + (1 - beta1) * grad
                v[...] = beta2 * v + (1 - beta2) * grad * grad
                m_hat = m / (1 - beta1**step)
                v_hat = v / (1 - beta2**step)
                weights[key] = (weights[key] - rate * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)
    return weights


def net_leads(game: Game, net: Net) -> Callable[[State], list[float]]:
    """``SearchSettings.leads`` from the net: every seat's estimated lead, centred to sum to 0
    in 2 players (a lead is the other seat's loss)."""
    encoder = encoder_for(game)
    seats = range(game.num_players)

    def leads(state: State) -> list[float]:
        estimates = net(np.stack([encoder.encode(state, seat) for seat in seats]))
        if game.num_players == 2:
            half = float(estimates[0] - estimates[1]) / 2.0
            return [half, -half]
        return [float(e) for e in estimates]

    return leads


def play(args: argparse.Namespace, game: Game) -> None:
    """Both searches, game by game in turn (so both meet the same load on a shared machine)."""
    with np.load(args.out / "net.npz") as stored:
        net = Net({k: stored[k] for k in stored.files})
    base = BASE.format(time=args.time)
    arms = (("playouts-to-the-end", 0), (f"depth-{args.depth}-net", args.depth))
    done: dict[str, set[int]] = {}
    for label, _ in arms:
        path = args.out / f"{label}.jsonl"
        if not path.exists():  # the agents by label: the search as it is, and with depth and the net
            header = {"game": game.name, "players": game.num_players, "options": dict(game.options)}
            agents = [label, args.opponent]
            tournament = {**header, "agents": agents, "games": args.games, "seed": args.seed}
            path.write_text(json.dumps({"tournament": tournament}) + "\n")
        done[label] = {json.loads(line)["index"] for line in path.read_text().splitlines()[1:]}
    for index in range(args.games):
        for label, depth in arms:
            if index in done[label]:
                continue
            seed = args.seed + index // 2
            agent = make_agent(base, seed)
            assert isinstance(agent, SearchAgent)
            if depth:
                agent.settings = dataclasses.replace(agent.settings, depth=depth, leads=net_leads(game, net))
            opponent = make_agent(args.opponent, seed + 1)
            seats = [agent, opponent] if index % 2 == 0 else [opponent, agent]
            names = [label, args.opponent] if index % 2 == 0 else [args.opponent, label]
            started = time.perf_counter()
            state, _ = play_game(game, seats, seed, names=names)
            outcome = {
                "index": index,
                "seed": seed,
                "seats": names,
                "scores": state.scores(),
                "winners": state.winners(),
                "actions": 0,
                "seconds": time.perf_counter() - started,
            }
            with (args.out / f"{label}.jsonl").open("a") as out:
                out.write(json.dumps(outcome) + "\n")
            print(label, index, names, outcome["scores"], flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("step", choices=("data", "train", "play"))
    parser.add_argument("--game", default="kingdomino")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--share", type=float, default=0.25, help="data: share of decision states sampled")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--time", type=float, default=0.3, help="play: seconds per move of both searches")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--opponent", default="full-greedy")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    game = make_game(args.game, args.players)
    if args.step == "data":
        start = time.perf_counter()
        inputs, targets, numbers = self_play(game, args.games, args.share, args.seed)
        np.savez_compressed(args.out / "positions.npz", inputs=inputs, targets=targets, numbers=numbers)
        print(
            f"{len(targets)} positions of {args.games} games, {inputs.shape[1]} features, "
            f"lead mean {targets.mean():.1f} sd {targets.std():.1f}, {time.perf_counter() - start:.0f} s"
        )
    elif args.step == "train":
        with np.load(args.out / "positions.npz") as data:
            inputs, targets, numbers = data["inputs"], data["targets"], data["numbers"]
        held_out = numbers % 10 == 0
        start = time.perf_counter()
        weights = train(inputs[~held_out], targets[~held_out], args.hidden, args.epochs, args.seed)
        net = Net(weights)
        for name, mask in (("train", ~held_out), ("held out", held_out)):
            error = net(inputs[mask]) - targets[mask]
            mse = float((error**2).mean())
            explained = 1.0 - mse / float(targets[mask].var())
            print(
                f"{name:9s} {int(mask.sum()):7d} positions: rmse {mse**0.5:5.2f} points, "
                f"variance explained {100 * explained:5.1f} %"
            )
        np.savez(args.out / "net.npz", w1=weights["w1"], b1=weights["b1"], w2=weights["w2"], b2=weights["b2"])
        print(f"trained in {time.perf_counter() - start:.0f} s")
    else:
        play(args, game)


if __name__ == "__main__":
    main()
