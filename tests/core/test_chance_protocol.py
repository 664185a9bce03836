"""The protocol's chance nodes, for every game: outcomes in ascending order of code, each
once, probabilities summing to 1, ``sample_chance`` drawing only listed outcomes, and
``chance_factors`` only at chance nodes, spelling out as many equally likely outcomes."""

from __future__ import annotations

import math
import random

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.core.game import Game, GameError, OptionValue

GAMES = [
    ("kingdomino", 2, {}),
    ("kingdomino", 3, {}),
    ("kingdomino", 4, {"dynasty": True}),
    ("duel", 2, {}),
    ("origins", 2, {"mode": "totem"}),
    ("origins", 3, {"mode": "discovery"}),
    ("origins", 4, {"mode": "tribe"}),
]


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[f"{g[0]}-{g[1]}p" for g in GAMES])
def test_chance_outcomes_are_ascending_distinct_and_whole(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    game = make_game(name, players, options)
    rng = random.Random(3)
    nodes = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player != CHANCE:
                assert state.chance_factors() is None
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                continue
            outcomes = state.chance_outcomes()
            codes = [code for code, _ in outcomes]
            assert codes == sorted(set(codes)), "outcomes must be listed once each, in ascending order"
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            factors = state.chance_factors()
            if factors is not None:
                assert math.prod(factors) == len(outcomes)
                assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
            drawn = state.sample_chance(rng)
            assert drawn in codes
            state.apply(drawn)
            nodes += 1
    assert nodes > 0


def play_keyed(
    game: Game, deal_seed: int, play_seed: int
) -> tuple[list[str], dict[str, tuple[int, tuple[int, ...]]]]:
    """One game, chance drawn from ``deal_seed`` and each draw's key, the seats' moves at random
    (``play_seed``): the keys met in order, and each key's outcome with the outcomes it had."""
    from kingdomino.core.seeds import derive_seed

    rng = random.Random(play_seed)
    state = game.new_initial_state()
    keys: list[str] = []
    drawn: dict[str, tuple[int, tuple[int, ...]]] = {}
    while not state.is_terminal():
        if state.current_player == CHANCE:
            key = state.chance_key()
            choices = tuple(code for code, _ in state.chance_outcomes())
            outcome = state.sample_chance(random.Random(derive_seed(deal_seed, "chance", key)))
            keys.append(key)
            drawn[key] = (outcome, choices)
            state.apply(outcome)
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return keys, drawn


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[f"{g[0]}-{g[1]}p" for g in GAMES])
def test_one_seed_deals_one_deal_however_the_game_is_played(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    """Draws keyed by ``chance_key`` (as the server draws them) are the same in two games played
    differently: a draw met in both, from the same outcomes, gives the same outcome. Keys are unique
    within a game (two draws with one key would share their randomness)."""
    game = make_game(name, players, options)
    for deal in range(3):
        keys_a, drawn_a = play_keyed(game, deal, play_seed=100 + deal)
        keys_b, drawn_b = play_keyed(game, deal, play_seed=200 + deal)
        assert len(keys_a) == len(set(keys_a)) and len(keys_b) == len(set(keys_b)), "a key met twice"
        shared = [key for key in keys_a if key in drawn_b]
        same_pool = [key for key in shared if drawn_a[key][1] == drawn_b[key][1]]
        assert same_pool, "no draw in common"
        assert all(drawn_a[key][0] == drawn_b[key][0] for key in same_pool)
        if name != "origins":  # Kingdomino and Duel meet their draws in one order, from the same pool
            common = min(len(keys_a), len(keys_b))  # a Duel may end a round sooner
            assert keys_a[:common] == keys_b[:common] and same_pool == shared == keys_a[:common]
        else:  # the dominoes are drawn alike; cavemen may be taken from the stack, which changes it
            dominoes = [key for key in keys_a if key.startswith("domino")]
            assert all(key in same_pool for key in dominoes)


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[f"{g[0]}-{g[1]}p" for g in GAMES])
def test_sample_chance_away_from_a_chance_node_says_who_acts(
    name: str, players: int, options: dict[str, OptionValue]
) -> None:
    """The README's loop calls ``sample_chance`` at chance nodes; called elsewhere it raised a bare
    ``IndexError`` (Kingdomino, Origins) or returned a dice roll no one could apply (Duel)."""
    state = make_game(name, players, options).new_initial_state()
    rng = random.Random(5)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    seat = state.current_player
    with pytest.raises(GameError, match=rf"^sample_chance: not a chance node; seat {seat} is to act"):
        state.sample_chance(rng)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    with pytest.raises(GameError, match=r"^sample_chance: not a chance node; the game is over"):
        state.sample_chance(rng)
