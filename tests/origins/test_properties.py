"""Properties over many random Origins games per mode (hypothesis picks configurations and seeds)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino import CHANCE
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.core.records import replay
from kingdomino.games.origins.components import MARKERS, RESOURCES, VOLCANO
from kingdomino.games.origins.game import OriginsGame
from kingdomino.games.origins.kingdom import Kingdom
from kingdomino.games.origins.state import OriginsState

from .helpers import game_of, reference_score

#: The further options of a game hypothesis picks: none, or variants that change the rules.
EXTRAS: list[dict[str, bool | str]] = [
    {},
    {"fire_kingdom": True, "homo_habilis": True, "totem_tie": "choose"},
]
#: The games hypothesis picks from: players, mode and further options.
CONFIGURATIONS: list[tuple[int, str, dict[str, bool | str]]] = [
    (players, mode, extra)
    for players in (2, 3, 4)
    for mode in ("discovery", "totem", "tribe")
    for extra in EXTRAS
]
configurations = st.sampled_from(CONFIGURATIONS)
SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: OriginsState) -> None:
    placed = [0] * len(MARKERS)
    per_kind = [0] * len(RESOURCES)
    for kingdom in state.kingdoms:
        union = 0
        for layer in kingdom.resources:
            assert not union & layer, "a square holds two resources"
            union |= layer
        assert kingdom.resource_count() == union.bit_count()
        fire = kingdom.any_fire()
        assert not union & fire and not kingdom.any_caveman() & (fire | union)
        assert not kingdom.any_caveman() & kingdom.geometry.castle
        assert not kingdom.terrain[VOLCANO] & fire
        people = 0
        for layer in kingdom.cavemen:
            assert not people & layer
            people |= layer
        for k, layer in enumerate(kingdom.markers):
            placed[k] += layer.bit_count()
        for k, layer in enumerate(kingdom.resources):
            per_kind[k] += layer.bit_count()
    for k, marker in enumerate(MARKERS):
        assert state.supply[k] >= 0 and placed[k] + state.supply[k] <= marker.copies
    for k, resource in enumerate(RESOURCES):
        assert per_kind[k] <= resource.supply


def totem_points(state: OriginsState, seat: int) -> int:
    return sum(RESOURCES[r].totem for r, holder in enumerate(state.holders) if holder == seat)


def bonus_points(game: OriginsGame, kingdom: Kingdom) -> int:
    points = 0
    if game.fire_kingdom and kingdom.is_centred():
        points += 10
    if game.homo_habilis and kingdom.discards == 0 and kingdom.is_full():
        points += 5
    return points


@SETTINGS
@given(configurations, st.integers(0, 10**9))
def test_random_games_keep_every_invariant_and_score_like_the_reference(
    config: tuple[int, str, dict[str, bool | str]], seed: int
) -> None:
    players, mode, extra = config
    game = game_of(players, mode=mode, **extra)
    state = game.new_initial_state()
    rng = random.Random(seed)
    middle: OriginsState | None = None
    steps = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            assert legal and len(set(legal)) == len(legal)
            action = legal[int(rng.random() * len(legal))]
            assert state.illegal_reason(action) is None
            state.apply_unchecked(action)
        steps += 1
        if steps % 7 == 0:
            check_invariants(state)
        if steps == 60:
            middle = state.clone()
            frozen = json.dumps(middle.view(None))
    check_invariants(state)
    scores = state.scores()
    for seat, kingdom in enumerate(state.kingdoms):
        expected = reference_score(kingdom, mode, totem_points(state, seat)) + bonus_points(game, kingdom)
        assert scores[seat] == expected
        assert state.score_sheet(seat).total == scores[seat]
    assert middle is not None and json.dumps(middle.view(None)) == frozen


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(["discovery", "totem", "tribe"]), st.sampled_from([2, 3, 4]), st.integers(0, 10**6))
def test_replay_is_deterministic(mode: str, players: int, seed: int) -> None:
    game = game_of(players, mode=mode)
    specs = ["greedy", "random", "greedy", "random"][:players]
    state, record = play_game(game, seat_agents(specs, seed), seed)
    again, record2 = play_game(game, seat_agents(specs, seed), seed)
    assert record.actions == record2.actions and again.scores() == state.scores()
    outcome = replay(record, game)
    assert outcome.ok and outcome.state.scores() == state.scores()
