"""Encoders: shapes, bounds, and that an observation holds only what its seat may see."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numpy")

from kingdomino import make_game
from kingdomino.core.game import CHANCE, GameError, OptionValue, State
from kingdomino.core.seeds import ChanceSampler
from kingdomino.games.origins.components import CAVEMEN
from kingdomino.games.origins.state import OriginsState
from kingdomino.rl import encoder_for, encoder_names
from kingdomino.rl.encoders import Encoder

from .helpers import CONFIGS, IDS, VARIANT_IDS, VARIANTS


def decision_states(
    name: str, players: int, seed: int, options: dict[str, OptionValue] | None = None
) -> list[State]:
    """Every decision state of one random game."""
    game = make_game(name, players, options or {})
    rng = random.Random(seed)
    sampler = ChanceSampler(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(sampler.sample(state))
            continue
        found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    found.append(state)
    return found


def test_kingdomino_is_registered() -> None:
    assert "kingdomino" in encoder_names()


def test_unknown_game_has_no_encoder() -> None:
    class Fake:
        name = "no such game"

    with pytest.raises(GameError):
        encoder_for(Fake())  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_shape_dtype_bounds_and_layout(name: str, players: int) -> None:
    check_shape_dtype_bounds_and_layout(name, players, {})


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_shape_dtype_bounds_and_layout(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    check_shape_dtype_bounds_and_layout(name, players, options)


def check_shape_dtype_bounds_and_layout(name: str, players: int, options: dict[str, OptionValue]) -> None:
    encoder = encoder_for(make_game(name, players, options))
    total = sum(int(np.prod(shape)) for _, shape in encoder.layout.values())
    assert encoder.shape == (total,)
    low, high = encoder.bounds
    for state in decision_states(name, players, seed=3, options=options):
        for seat in range(players):
            vector = encoder.encode(state, seat)
            assert vector.dtype == np.float32
            assert vector.shape == encoder.shape
            assert np.all(vector >= low) and np.all(vector <= high)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_encoding_is_a_pure_function_of_the_state(name: str, players: int) -> None:
    """Cached parts never go stale: a fresh encoder gives the same vectors."""
    states = decision_states(name, players, seed=11)
    warm = encoder_for(make_game(name, players))
    first = [warm.encode(s, s.current_player if s.current_player >= 0 else 0) for s in states]
    for state, vector in zip(reversed(states), reversed(first)):
        cold = encoder_for(make_game(name, players))
        seat = state.current_player if state.current_player >= 0 else 0
        assert np.array_equal(cold.encode(state, seat), vector)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_observation_ignores_the_future(name: str, players: int) -> None:
    check_observation_ignores_the_future(name, players, {})


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_variant_observation_ignores_the_future(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    check_observation_ignores_the_future(name, players, options)


def check_observation_ignores_the_future(name: str, players: int, options: dict[str, OptionValue]) -> None:
    """Two games that differ only in chance outcomes not yet revealed look the same to every seat.

    Chance is lazy, so a state holds no future; we check that the encoder cannot see one by
    taking a decision state, resolving the next chance node in every possible way in clones,
    and comparing the observations *before* the chance node for each seat: they come from the
    same state, and the state must be unchanged by having explored its futures.
    """
    game = make_game(name, players, options)
    encoder = encoder_for(game)
    rng = random.Random(5)
    sampler = ChanceSampler(5)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            before = [encoder.encode(state, seat) for seat in range(players)]
            outcomes = [code for code, _ in state.chance_outcomes()]
            futures = []
            for code in outcomes[:6]:
                child = state.clone()
                child.apply(code)
                futures.append(child)
            # Different futures of the same public past: observations before them are identical.
            for seat in range(players):
                assert np.array_equal(encoder.encode(state, seat), before[seat])
            # And the encoder does see a revealed outcome (it is public once drawn).
            # (unless the futures are the same, e.g. the last two draws of a deck in either order).
            distinct = {repr(child.view(0)) for child in futures}
            if len(distinct) >= 2:
                seen = {encoder.encode(child, 0).tobytes() for child in futures}
                assert len(seen) == len(distinct)
                checked += 1
            state.apply(sampler.sample(state))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 0


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=IDS)
def test_observations_are_seat_relative(name: str, players: int) -> None:
    """Relative seat 0 is always the observer: seats see the same data, rotated."""
    encoder = encoder_for(make_game(name, players))
    states = decision_states(name, players, seed=2)
    state = states[len(states) // 2]
    vectors = [encoder.encode(state, seat) for seat in range(players)]
    for a in range(players):
        for b in range(a + 1, players):
            assert not np.array_equal(vectors[a], vectors[b])


def test_kingdomino_planes_match_the_kingdom() -> None:
    """The kingdom planes decode back to the engine's JSON observation, square by square."""
    game = make_game("kingdomino", 3)
    encoder = encoder_for(game)
    state = decision_states("kingdomino", 3, seed=9)[-1]
    offset, shape = encoder.layout["kingdoms"]
    planes = encoder.encode(state, 1)[offset : offset + int(np.prod(shape))].reshape(shape)
    observation = state.view(1)
    side = shape[-1]
    centre = side // 2
    letters = "WFLGSM"
    for relative in range(3):
        seat = (1 + relative) % 3
        squares = observation["kingdoms"][seat]["squares"]
        assert int(planes[relative, :7].sum()) == len(squares)
        for square in squares:
            r, c = square["row"] + centre, square["col"] + centre
            if square["terrain"] == "C":
                assert planes[relative, 6, r, c] == 1
            else:
                assert planes[relative, letters.index(square["terrain"]), r, c] == 1
                assert planes[relative, 7, r, c] == pytest.approx(square["crowns"] / 3)
    p_offset, p_shape = encoder.layout["players"]
    players = encoder.encode(state, 1)[p_offset : p_offset + int(np.prod(p_shape))].reshape(p_shape)
    scores = state.scores()
    assert [round(float(x) * 100) for x in players[:, 0]] == [scores[1], scores[2], scores[0]]


def test_origins_is_registered() -> None:
    assert "origins" in encoder_names()


def test_origins_hides_the_stack_and_the_pool_order() -> None:
    """The caveman stack shows only its size, and the undrawn dominoes only as a set."""
    players = 4
    game = make_game("origins", players, {"mode": "tribe"})
    encoder = encoder_for(game)
    states = decision_states("origins", players, seed=7, options={"mode": "tribe"})
    rng = random.Random(7)
    checked = 0
    for state in states[::5]:
        twin = state.clone()
        assert isinstance(twin, OriginsState)
        rng.shuffle(twin.pool)
        kinds = [k for k, n in enumerate(twin.stack) if n]
        if kinds:
            # Same size, other composition: move one caveman to another kind.
            source = kinds[0]
            target = (source + 1) % len(twin.stack)
            twin.stack[source] -= 1
            twin.stack[target] += 1
            checked += 1
        for seat in range(players):
            assert np.array_equal(encoder.encode(twin, seat), encoder.encode(state, seat))
        if kinds:
            twin.stack[target] -= 1
            assert not np.array_equal(encoder.encode(twin, 0), encoder.encode(state, 0))
    assert checked > 0


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
def test_origins_planes_match_the_territory(mode: str) -> None:
    """The territory planes decode back to the engine's JSON observation, square by square;
    a mode has the resource planes (Totem, Tribe) and caveman planes (Tribe) it fills, and only
    those."""
    players = 3
    game = make_game("origins", players, {"mode": mode})
    encoder = encoder_for(game)
    assert isinstance(encoder, Encoder)  # its attributes include the observation's
    state = decision_states("origins", players, seed=9, options={"mode": mode})[-1]
    offset, shape = encoder.layout["kingdoms"]
    vector = encoder.encode(state, 1)
    planes = vector[offset : offset + int(np.prod(shape))].reshape(shape)
    assert shape[1] == len(encoder.kingdom_channels) == {"discovery": 13, "totem": 17, "tribe": 27}[mode]
    observation = state.view(1)
    centre = shape[-1] // 2
    letters = "GLFQDV"
    resources = ["mammoth", "fish", "mushroom", "flint"]
    cavemen = [c.id for c in CAVEMEN]
    for relative in range(players):
        seat = (1 + relative) % players
        squares = observation["kingdoms"][seat]["squares"]
        assert int(planes[relative, :7].sum()) == len(squares)
        for square in squares:
            r, c = square["row"] + centre, square["col"] + centre
            here = planes[relative, :, r, c]
            if square["terrain"] == "H":
                assert here[6] == 1
                continue
            assert here[letters.index(square["terrain"])] == 1
            assert here[7] == pytest.approx(square["fires"] / 2)
            assert here[8] == pytest.approx(square["craters"] / 3)
            assert here[9] == pytest.approx(square["marker"] / 3)
            channel = {name: index for index, name in enumerate(encoder.kingdom_channels)}
            if mode == "discovery":
                assert "mammoth" not in channel and not square["resource"]
            else:
                expected = np.zeros(4)
                if square["resource"]:
                    expected[resources.index(square["resource"])] = 1
                assert np.array_equal(here[[channel[name] for name in resources]], expected)
            if mode != "tribe":
                assert "hunter" not in channel and not square["caveman"]
            else:
                people = np.zeros(len(cavemen))
                if square["caveman"]:
                    people[cavemen.index(square["caveman"])] = 1
                assert np.array_equal(here[[channel[name] for name in cavemen]], people)
            assert here[channel["empty"]] == 0 and here[channel["free"]] == 0
    p_offset, p_shape = encoder.layout["players"]
    block = vector[p_offset : p_offset + int(np.prod(p_shape))].reshape(p_shape)
    scores = state.scores()
    assert [round(float(x) * 100) for x in block[:, 0]] == [scores[1], scores[2], scores[0]]
