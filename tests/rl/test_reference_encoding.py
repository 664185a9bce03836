"""Every game's observation (``games/<game>/observation.py``, through its RL encoder) gives
exactly the arrays of a from-scratch encoding.

The reference is the encoders as they were frozen (``reference/``: plain numpy, every section
recomputed from the state at each call). Every game and variant is played at random with fixed
seeds; the state object is changed in place between calls, as the adapters do, and one
long-lived encoder sees the positions in game order (its caches are exercised), then again in
a shuffled order, and fresh encoders see some of them cold. Every comparison is bit for bit, for
every seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import numpy as np
import pytest

pytest.importorskip("numpy")

from kingdomino import make_game
from kingdomino.core.game import CHANCE, Game, OptionValue, State
from kingdomino.core.observation import (
    LayerBlock,
    PlaneBytes,
    absent_channel,
    constant_channel,
    exactly_channel,
    layer_channel,
    weighted_channel,
)
from kingdomino.core.seeds import ChanceSampler
from kingdomino.games.classic.kingdom import Geometry
from kingdomino.rl import encoder_for

from . import helpers
from .reference.classic import ReferenceClassicEncoder
from .reference.duel import ReferenceDuelEncoder
from .reference.origins import ReferenceOriginsEncoder
from .reference.planes import FloatArray


class ReferenceEncoder(Protocol):
    """What the reference encoders share: a seat's observation of a state, built the slow way."""

    def encode(self, state: State, seat: int) -> FloatArray: ...


REFERENCE: dict[str, Callable[[Game], ReferenceEncoder]] = {
    "kingdomino": ReferenceClassicEncoder,
    "duel": ReferenceDuelEncoder,
    "origins": ReferenceOriginsEncoder,
}

#: ``(name, players, options)``: every seat count of every game, every variant, and the
#: Kingdomino variants (Dynasty and the bonuses change the scores; Mighty Duel the grid).
CASES: list[tuple[str, int, dict[str, OptionValue]]] = (
    [(name, players, {}) for name, players in helpers.CONFIGS]
    + helpers.VARIANTS
    + [
        ("kingdomino", 2, {"dynasty": True, "middle_kingdom": True, "harmony": True}),
        ("kingdomino", 2, {"mighty_duel": True}),
        ("kingdomino", 4, {"middle_kingdom": True, "harmony": True}),
    ]
)
IDS = [
    f"{name}-{players}p" + "".join(f"-{key}={value}" for key, value in options.items())
    for name, players, options in CASES
]
GAMES_PER_CASE = 3


def random_positions(game: Game, seed: int) -> Iterator[State]:
    """Every position of one random game (chance nodes and the end included), as one state
    object changed in place between the yields."""
    rng = random.Random(seed)
    sampler = ChanceSampler(seed)
    state = game.new_initial_state()
    while True:
        yield state
        if state.is_terminal():
            return
        if state.current_player == CHANCE:
            state.apply(sampler.sample(state))
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def assert_same(fast: np.ndarray, reference: np.ndarray, context: str) -> None:
    assert fast.dtype == reference.dtype == np.float32, context
    assert fast.shape == reference.shape, context
    if fast.tobytes() != reference.tobytes():
        differ = np.flatnonzero(fast.view(np.uint32) != reference.view(np.uint32))
        raise AssertionError(f"{context}: {len(differ)} entries differ, first at {differ[:8].tolist()}")


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_fast_encoding_equals_the_reference(name: str, players: int, options: dict[str, OptionValue]) -> None:
    game = make_game(name, players, options)
    reference = REFERENCE[name](game)
    warm = encoder_for(game)
    seen: list[State] = []
    for seed in range(GAMES_PER_CASE):
        for step, state in enumerate(random_positions(game, seed)):
            for seat in range(players):
                expected = reference.encode(state, seat)
                assert_same(warm.encode(state, seat), expected, f"seed {seed} step {step} seat {seat}")
            if step % 3 == 0:
                seen.append(state.clone())
    # Out of order (other games, other times); fresh encoders build every kingdom from nothing.
    rng = random.Random(1)
    rng.shuffle(seen)
    for i, state in enumerate(seen):
        seat = rng.randrange(players)
        expected = reference.encode(state, seat)
        assert_same(warm.encode(state, seat), expected, f"shuffled {i} seat {seat}")
        if i % 10 == 0:
            assert_same(encoder_for(game).encode(state, seat), expected, f"cold {i} seat {seat}")


def _kingdoms(state: State) -> list[Any]:
    """The seats' kingdoms (Kingdomino, Origins) or maps (Duel)."""
    kingdoms: list[Any] = state.boards if hasattr(state, "boards") else state.kingdoms  # type: ignore[attr-defined]
    return kingdoms


def _layer_lists(kingdom: object) -> list[str]:
    """Names of a kingdom's bitboard lists (terrain, crowns, markers, coats, ...)."""
    names = []
    for name in type(kingdom).__slots__:  # type: ignore[attr-defined]
        value = getattr(kingdom, name)
        if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            names.append(name)
    return names


#: The layers that share out the occupied squares (each occupied square is in one of them).
PARTITIONS = ("terrain", "coats")


@pytest.mark.parametrize(("name", "players", "options"), CASES, ids=IDS)
def test_every_kingdom_layer_reaches_the_cache(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    """A kingdom differing from a cached one in a single square of a single layer (any layer:
    a terrain, a crown count, a marker, a resource, a caveman, a coat, a cross plane), or in
    its discards, is not served the cached planes or scores.

    The changes keep the engine's invariants (the occupied squares are those of the terrains
    or coats): a square changes terrain or coat, or loses a crown, a fire, a resource, ...
    """
    game = make_game(name, players, options)
    reference = REFERENCE[name](game)
    warm = encoder_for(game)
    checked = 0
    for step, state in enumerate(random_positions(game, 7)):
        if step % 11 != 5:
            continue
        for seat in range(players):
            warm.encode(state, seat)
        for p in range(players):
            kingdom = _kingdoms(state)[p]
            changes: list[tuple[str, int]] = [
                (layer, i)
                for layer in _layer_lists(kingdom)
                for i, mask in enumerate(getattr(kingdom, layer))
                if mask
            ]
            if hasattr(kingdom, "discards"):
                changes.append(("discards", -1))
            for layer, i in changes:
                twin = state.clone()
                changed = _kingdoms(twin)[p]
                if layer == "discards":
                    changed.discards += 1
                else:
                    masks = getattr(changed, layer)
                    square = masks[i] & -masks[i]  # the layer's lowest square
                    masks[i] ^= square
                    if layer in PARTITIONS:  # it changes terrain (coat) rather than emptying
                        masks[(i + 1) % len(masks)] |= square
                for seat in range(players):
                    expected = reference.encode(twin, seat)
                    assert_same(warm.encode(twin, seat), expected, f"step {step} seat {p} {layer}[{i}]")
                checked += 1
    assert checked > 0


def test_encoding_is_a_fresh_writable_array() -> None:
    """Each call returns its own array: changing one never changes a cached part."""
    game = make_game("kingdomino", 2)
    encoder = encoder_for(game)
    state = next(random_positions(game, 0))
    first = encoder.encode(state, 0)
    before = first.copy()
    first[:] = 7.0
    again = encoder.encode(state, 0)
    assert np.array_equal(again, before)
    assert again.flags.writeable and not np.shares_memory(again, first)


# --- the pieces ------------------------------------------------------------------------------


def _classic_block() -> tuple[LayerBlock, Geometry]:
    geometry = Geometry.of(5)
    planes = PlaneBytes(geometry.side, geometry.side, geometry.grid.stride)
    block = LayerBlock(
        planes,
        [
            layer_channel(0),
            layer_channel(1),
            constant_channel(geometry.castle),
            weighted_channel((2, 3, 4), [1 / 3, 2 / 3, 1.0]),
            absent_channel(5, geometry.grid.valid & ~geometry.castle),
            exactly_channel((6, 5), 0b01),
        ],
    )
    return block, geometry


def _random_layers(rng: random.Random, valid: int, count: int) -> list[int]:
    return [rng.getrandbits(valid.bit_length()) & valid for _ in range(count)]


def test_layer_block_matches_numpy_planes() -> None:
    """A built block is the numpy definition of each channel."""
    block, geometry = _classic_block()
    grid = geometry.grid
    rng = random.Random(5)
    layers = _random_layers(rng, grid.valid, 7)
    crowns = layers[2:5]
    for k in range(3):  # crown layers are exclusive in a kingdom
        crowns[k] &= ~(crowns[(k + 1) % 3] | crowns[(k + 2) % 3])
    layers[2:5] = crowns
    got = np.frombuffer(block.build(layers), dtype=np.float32).reshape(6, grid.rows, grid.cols)

    def bits(mask: int) -> np.ndarray:
        return np.array(
            [[mask >> grid.index(r, c) & 1 for c in range(grid.cols)] for r in range(grid.rows)],
            dtype=np.float32,
        )

    weights = np.array([1 / 3, 2 / 3, 1.0], dtype=np.float32)
    expected = np.stack(
        [
            bits(layers[0]),
            bits(layers[1]),
            bits(geometry.castle),
            np.tensordot(weights, np.stack([bits(m) for m in crowns]), axes=1),
            bits(grid.valid & ~geometry.castle & ~layers[5]),
            bits(layers[6] & ~layers[5]),
        ]
    )
    assert got.tobytes() == expected.astype(np.float32).tobytes()
