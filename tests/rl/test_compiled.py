"""The compiled observation kernels beyond their byte-for-byte agreement with the Python path
(``test_fast_encoding``): how they are switched on and off, bad input, memory."""

from __future__ import annotations

import importlib.util
import random
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numpy")

from kingdomino import make_game
from kingdomino.core.game import CHANCE, GameError
from kingdomino.rl import compiled, encoder_for

_spec = importlib.util.spec_from_file_location("rl_helpers", Path(__file__).parent / "helpers.py")
assert _spec and _spec.loader
helpers = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(helpers)

needs_kernels = pytest.mark.skipif(not helpers.compiled_kernels_built(), reason="the kernels were not built")

GAMES = [("kingdomino", 4, {}), ("duel", 2, {}), ("origins", 4, {"mode": "tribe"})]


def positions(name: str, players: int, options: dict, games: int = 2):
    """Clones of every position of a few random games."""
    game = make_game(name, players, options)
    rng = random.Random(4)
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            found.append(state.clone())
            legal = state.legal_actions()
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(legal[rng.randrange(len(legal))])
        found.append(state.clone())
    return game, found


@needs_kernels
@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_encoders_use_their_kernel_unless_told_not_to(
    name: str, players: int, options: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = make_game(name, players, options)
    assert encoder_for(game)._kernel is not None  # type: ignore[attr-defined]
    assert type(encoder_for(game))(game, compiled=False)._kernel is None  # type: ignore[call-arg, attr-defined]
    monkeypatch.setenv("KINGDOMINO_PURE_PYTHON", "1")
    assert not compiled.available()
    assert encoder_for(game)._kernel is None  # type: ignore[attr-defined]
    assert type(encoder_for(game))(game, compiled=True)._kernel is not None  # type: ignore[call-arg, attr-defined]


def test_compiled_true_without_the_extension_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "_fastobs", None)
    game = make_game("kingdomino", 2)
    with pytest.raises(GameError, match=r"compiled kernels .* were not built"):
        type(encoder_for(game))(game, compiled=True)  # type: ignore[call-arg]
    assert encoder_for(game)._kernel is None  # type: ignore[attr-defined]


@needs_kernels
@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_kernel_refuses_a_bad_seat_as_the_python_path_does(name: str, players: int, options: dict) -> None:
    game = make_game(name, players, options)
    state = game.new_initial_state()
    for compiled_path in (True, False):
        encoder = type(encoder_for(game))(game, compiled=compiled_path)  # type: ignore[call-arg]
        for seat in (-1, players):
            with pytest.raises(GameError, match="seat must be"):
                encoder.encode(state, seat)


@needs_kernels
def test_a_kernel_given_another_game_raises_and_stays_usable() -> None:
    """Wrong input is refused with an exception, never a crash, and changes nothing."""
    game, states = positions("kingdomino", 2, {}, games=1)
    encoder = encoder_for(game)
    origins_state = make_game("origins", 2).new_initial_state()
    kernel = encoder._kernel  # type: ignore[attr-defined]
    with pytest.raises((AttributeError, TypeError, ValueError)):
        kernel.encode(origins_state, 0)
    with pytest.raises(TypeError):
        kernel.encode(states[0])
    reference = type(encoder)(game, compiled=False)  # type: ignore[call-arg]
    for state in states[::7]:
        assert encoder.encode(state, 0).tobytes() == reference.encode(state, 0).tobytes()


def _tribe_spec_with(fact_index: int, terms: object) -> object:
    """The Tribe kernel's spec with the terms of one fact replaced by ``terms``."""
    encoder = encoder_for(make_game("origins", 4, {"mode": "tribe"}))
    spec = encoder._kernel_spec()  # type: ignore[attr-defined]
    fact = spec.facts[fact_index]
    spec.facts[fact_index] = (*fact[:5], terms)
    return spec


@needs_kernels
@pytest.mark.parametrize(
    ("terms", "message"),
    [
        (((0, (0,), (99,), (1,)),), "unknown layer"),
        (((0, (0,), (1, 2), (1,)),), "weights do not match"),
        (((1, (0, 1), (2,), (1,)),), "weights do not match"),
        (((9, (), (1,), ()),), "unknown kind of term"),
        (((4, (), (1,), ()),) * 5, "too many terms"),
        (((4, (), tuple(range(33)), ()),), "too many layers"),
    ],
)
def test_a_kernel_refuses_terms_it_cannot_evaluate(terms: object, message: str) -> None:
    """Terms naming a layer no source gives, weights that do not fit their layers, an unknown
    kind: the kernel is not made (and nothing leaks on the way out)."""
    with pytest.raises(ValueError, match=message):
        compiled.kernel("OriginsKernel", _tribe_spec_with(0, terms))


def test_a_term_on_a_layer_no_source_gives_is_refused_in_python() -> None:
    from kingdomino.core.terms import NonEmpty

    encoder = encoder_for(make_game("origins", 2))
    fact = compiled.Fact("resource_kinds", terms=(NonEmpty((("resources", 0),)),))
    with pytest.raises(ValueError, match="reads \\('resources', 0\\), which no source gives"):
        compiled.board_spec(encoder.layout, encoder.block, [("terrain", 2)], None, [fact], 2)  # type: ignore[attr-defined]


@needs_kernels
@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_kernels_do_not_leak(name: str, players: int, options: dict) -> None:
    """Encoding the same positions again and again holds no more memory than once."""
    game, states = positions(name, players, options)
    encoder = encoder_for(game)

    def encode_all() -> None:
        for i, state in enumerate(states):
            encoder.encode(state, i % players)

    encode_all()
    tracemalloc.start()
    try:
        encode_all()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(5):
            encode_all()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - before < 64 * 1024, f"{after - before} bytes more after 5 x {len(states)} encodings"


@needs_kernels
@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_kernels_reuse_no_vector_somebody_holds_or_wrote_on(name: str, players: int, options: dict) -> None:
    """A kernel writes a seat's next observation into a vector it gave out before only once
    nobody holds it: kept observations never change, and one scribbled on, then dropped, does
    not leak into the next."""
    game, states = positions(name, players, options, games=1)
    encoder = encoder_for(game)
    reference = type(encoder)(game, compiled=False)  # type: ignore[call-arg]
    kept = []
    for i, state in enumerate(states):
        seat = i % players
        expected = reference.encode(state, seat)
        if i % 3 == 0:
            kept.append((encoder.encode(state, seat), expected))
        elif i % 3 == 1:
            scribbled = encoder.encode(state, seat)
            assert scribbled.tobytes() == expected.tobytes()
            scribbled[:] = 7.0
            del scribbled
        else:
            view = encoder.encode(state, seat)[5:50]
            assert encoder.encode(state, seat).tobytes() == expected.tobytes()
            kept.append((view, expected[5:50]))
    for held, expected in kept:
        assert held.tobytes() == expected.tobytes()


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("compiled_path", [True, False], ids=["compiled", "python"])
def test_encode_into_writes_the_encoding_in_place(
    name: str, players: int, options: dict, compiled_path: bool
) -> None:
    """``encode_into``, and the ``writer()`` OpenSpiel's observer calls (the kernel's own
    ``encode`` when there is one), leave in the caller's array exactly what ``encode`` returns,
    whatever was in it before (each position's values overwrite the previous one's)."""
    if compiled_path and not helpers.compiled_kernels_built():
        pytest.skip("the kernels were not built")
    game, states = positions(name, players, options, games=1)
    encoder = type(encoder_for(game))(game, compiled=compiled_path)  # type: ignore[call-arg]
    reference = type(encoder)(game, compiled=False)  # type: ignore[call-arg]
    writer = encoder.writer()  # type: ignore[attr-defined]
    assert (writer == encoder._kernel.encode) if compiled_path else (writer == encoder.encode_into)  # type: ignore[attr-defined]
    for write in (encoder.encode_into, writer):
        out = np.full(encoder.shape, 9.0, dtype=np.float32)
        address = out.ctypes.data
        for i, state in enumerate(states[::3]):
            seat = i % players
            write(state, seat, out)
            assert out.tobytes() == reference.encode(state, seat).tobytes()
        assert out.ctypes.data == address


@needs_kernels
def test_encode_into_refuses_an_array_it_cannot_fill_and_leaves_it_alone() -> None:
    game, states = positions("kingdomino", 2, {}, games=1)
    encoder = encoder_for(game)
    kernel = encoder._kernel  # type: ignore[attr-defined]
    size = encoder.shape[0]
    state = states[10]
    cases = [
        (np.zeros(size + 1, dtype=np.float32), ValueError, rf"out: expected {size} float32 values"),
        (np.zeros(size, dtype=np.float64), ValueError, r"format 'd'"),
        (np.zeros(size, dtype=np.int32), ValueError, r"format 'i'"),
        (np.zeros(2 * size, dtype=np.float32)[::2], TypeError, r"writable C-contiguous float32"),
        ([0.0] * size, TypeError, r"got list"),
    ]
    for out, error, message in cases:
        with pytest.raises(error, match=message):
            kernel.encode(state, 0, out)
    frozen = np.zeros(size, dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.raises(TypeError, match="writable"):
        kernel.encode(state, 0, frozen)
    assert not frozen.any()
    with pytest.raises(GameError, match="seat must be"):
        kernel.encode(state, 2, np.zeros(size, dtype=np.float32))
    kept = np.zeros(size, dtype=np.float32)
    assert kernel.encode(state, 0, kept) is kept
    assert kept.tobytes() == encoder.encode(state, 0).tobytes()
