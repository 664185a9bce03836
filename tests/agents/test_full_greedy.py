"""``full-greedy`` (the paper's full greedy) on constructed positions where it and ``greedy`` differ."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from kingdomino import CHANCE, make_game
from kingdomino.agents import make_agent
from kingdomino.agents.full_greedy import (
    DominoRules,
    FullGreedyAgent,
    Key,
    decision_pairs,
    decision_ties,
    has_single_hole,
)
from kingdomino.arena.match import play_game, seat_agents
from kingdomino.core.game import State
from kingdomino.games.classic.components import DOMINOES
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.classic.text import parse_kingdom
from kingdomino.games.domino.geometry import Geometry
from kingdomino.games.domino.state import FREE, DominoState
from kingdomino.games.domino.territory import DominoKingdom
from kingdomino.games.origins.components import DOMINOES as ORIGINS_DOMINOES


def placing(text: str, in_hand: int, next_row: list[int], players: int = 2, **options: bool) -> ClassicState:
    """Seat 0 about to place domino ``in_hand`` (the first of its row), ``next_row`` drawn and
    free, its kingdom read from ``text``; reached through the engine's own actions."""
    game = ClassicGame(players, **options)
    state = game.new_initial_state()
    taken = {in_hand, *next_row}
    fillers = [n for n in range(in_hand + 1, 49) if n not in taken][: game.row_size - 1]
    for number in sorted([in_hand, *fillers]):
        state.apply_text(f"draw {number}")
    while not state.row:
        mine_free = state.next_owner[state.next_row.index(in_hand)] == FREE
        if state.is_chance():
            seat = (
                0
                if mine_free and state.unordered[0]
                else max(range(players), key=state.unordered.__getitem__)
            )
            state.apply_text(f"king {seat}")
        elif state.current_player == 0 and mine_free:
            state.apply_text(f"claim {in_hand}")
        else:
            free = [n for n, o in zip(state.next_row, state.next_owner) if o == FREE and n != in_hand]
            state.apply_text(f"claim {free[0]}")
    for number in next_row:
        state.apply_text(f"draw {number}")
    assert state.phase_name == "place" and state.current_player == 0 and state.row[0] == in_hand
    state.kingdoms[0] = parse_kingdom(text, game.frame)
    return state


def greedy_best(state: ClassicState) -> set[int]:
    gains = state.score_gains()
    best = max(g for _, g in gains)
    return {a for a, g in gains if g == best}


def full_greedy_choices(state: ClassicState, seeds: range = range(12)) -> set[int]:
    return {make_agent("full-greedy", seed).act(state) for seed in seeds}


def code(state: ClassicState, text: str) -> int:
    return state.parse_action(text)


# --- the Middle Kingdom and the single holes ---------------------------------------------------

# The wheat grows only eastwards, off the castle's centre; the castle touches every other placement.
OFF_CENTRE = """
.  F0 F0 .
C  W1 W1 .
.  F0 F0 .
"""


def test_it_keeps_the_middle_kingdom_that_greedy_gives_up_for_points() -> None:
    state = placing(OFF_CENTRE, 1, [3, 4, 5, 6])  # in hand: #1 W0|W0; next: forests
    east = {code(state, t) for t in ("place 0,3 E", "place -1,3 S", "place 0,3 S")}
    assert greedy_best(state) == east  # +4 each: the wheat region doubles, the castle leaves the middle
    chosen = full_greedy_choices(state)
    assert not chosen & east
    for action in chosen:
        after = state.clone()
        after.apply(action)
        assert after.kingdoms[0].is_centred()


# The bottom row is free; the greedy placement in its middle strands a square at each end.
STRANDING = """
L0 L0 L0 L0 L0
L0 L0 L0 L0 L0
L0 L0 C  L0 L0
L0 L0 F0 W1 L0
L0 .  .  .  .
"""


def test_it_leaves_no_single_square_hole_where_greedy_does() -> None:
    # in hand #24 F1|W0; the next row (swamps, mines, grass) fits nowhere, so each placement
    # is valued alone
    state = placing(STRANDING, 24, [12, 39, 46, 47])
    middle = code(state, "place 2,0 E")  # F1 beside the forest, W0 beside the crowned wheat: +3
    assert greedy_best(state) == {middle}
    geometry = state.game.geometry
    after = state.clone()
    after.apply(middle)
    assert has_single_hole(geometry, after.kingdoms[0].occupied, geometry.castle_frame)
    chosen = full_greedy_choices(state)
    assert chosen == {code(state, "place 2,0 W"), code(state, "place 2,2 W")}  # +2, no hole


def test_a_single_hole_is_an_empty_square_of_the_castle_frame_with_no_empty_neighbour() -> None:
    geometry = Geometry.of(5)
    frame = geometry.castle_frame
    assert frame.bit_count() == 25
    kingdom = parse_kingdom(STRANDING)
    assert not has_single_hole(geometry, kingdom.occupied, frame)
    ends = kingdom.occupied | geometry.grid.bit(6, 4) | geometry.grid.bit(6, 5)  # (2,0) and (2,1) taken
    assert has_single_hole(geometry, ends, frame)


# --- two dominoes at once ------------------------------------------------------------------------


def two_domino_key(state: ClassicState, action: int) -> tuple[bool, bool, int]:
    """The best (centred, without a single hole, region points) after ``action`` and then any free
    domino of the next row at any legal placement, the action applied by the engine (``action``
    alone when no domino of the next row fits)."""
    seat = state.current_player
    after = state.clone()
    after.apply(action)
    kingdom = after.kingdoms[seat]
    geometry = kingdom.geometry
    frame = geometry.castle_frame

    def key(trial: Kingdom) -> tuple[bool, bool, int]:
        hole = has_single_hole(geometry, trial.occupied, frame)
        return (trial.is_centred(), not hole, trial.region_points())

    fitted = []
    for number, owner in zip(state.next_row, state.next_owner):
        if owner != FREE:
            continue
        for placement in kingdom.legal_placements(DOMINOES[number]):
            trial = kingdom.copy()
            trial.place(placement, DOMINOES[number])
            fitted.append(key(trial))
    return max(fitted, default=key(kingdom))


def look_ahead_positions(count: int) -> list[ClassicState]:
    """Placements from seeded 4-player games of greedy players where full greedy's best
    placements and greedy's share none and the filters do not tell them apart."""
    found = []
    game = make_game("kingdomino", 4)
    for seed in range(200):
        rng = random.Random(seed)
        greedy = make_agent("greedy", seed)
        state = game.new_initial_state()
        assert isinstance(state, ClassicState)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase_name == "place" and state.next_row and len(state.legal_actions()) > 1:
                pairs = decision_pairs(state)
                assert pairs is not None
                keys: dict[int, tuple[bool, bool, float]] = {}
                for pair in pairs:
                    keys[pair.action] = max(keys.get(pair.action, pair.key), pair.key)
                top = max(keys.values())
                plain = greedy_best(state)
                if not {a for a, k in keys.items() if k == top} & plain and all(
                    keys[a][:2] == top[:2] for a in plain
                ):
                    found.append(state.clone())
                    break
            state.apply(greedy.act(state))
        if len(found) == count:
            return found
    raise AssertionError("too few positions where the look-ahead decides")


def test_it_places_for_the_domino_it_will_claim_where_greedy_places_for_now() -> None:
    for state in look_ahead_positions(3):
        chosen = FullGreedyAgent(1).act(state)
        plain = greedy_best(state)
        assert chosen not in plain
        best_plain = max(two_domino_key(state, a) for a in plain)
        assert two_domino_key(state, chosen) > best_plain
        assert two_domino_key(state, chosen) == max(two_domino_key(state, a) for a in state.legal_actions())


def test_it_claims_the_domino_its_placement_was_made_for() -> None:
    state = look_ahead_positions(1)[0]
    plan = max(decision_pairs(state) or [], key=lambda pair: pair.key)
    state.apply(plan.action)
    assert state.phase_name == "claim"
    pairs = decision_pairs(state) or []
    assert max(pair.key for pair in pairs) == plan.key  # the plan is still the best pair
    for seed in range(5):
        claim = FullGreedyAgent(seed).act(state)
        assert max(pair.key for pair in pairs if pair.action == claim) == plan.key


# --- the very first pick -------------------------------------------------------------------------


def test_the_first_pick_takes_the_most_crowns_on_one_square() -> None:
    state = make_game("kingdomino", 4).new_initial_state()
    for number in (1, 36, 44, 48):  # W0|W0, W0|G1, G0|S2, W0|M3
        state.apply_text(f"draw {number}")
    state.apply_text("king 2")
    assert {make_agent("full-greedy", seed).act(state) for seed in range(8)} == {
        state.parse_action("claim 48")
    }


def test_first_pick_ties_are_broken_by_the_seed() -> None:
    state = make_game("kingdomino", 4).new_initial_state()
    for number in (41, 42, 43, 44):  # two crowns on one square each
        state.apply_text(f"draw {number}")
    state.apply_text("king 0")
    picks = {make_agent("full-greedy", seed).act(state) for seed in range(24)}
    assert picks == set(state.legal_actions())


def test_the_first_pick_in_origins_takes_the_most_fires_on_one_square() -> None:
    state = make_game("origins", 4, {"mode": "discovery"}).new_initial_state()
    assert isinstance(state, DominoState)
    rng = random.Random(3)
    while state.is_chance():
        state.apply(state.sample_chance(rng))
    assert state.phase_name == "claim"
    fires = {
        state.parse_action(f"claim {n}"): max(
            ORIGINS_DOMINOES[n].first.fires, ORIGINS_DOMINOES[n].second.fires
        )
        for n in state.next_row
    }
    most = max(fires.values())
    picks = {make_agent("full-greedy", seed).act(state) for seed in range(16)}
    assert picks == {a for a, f in fires.items() if f == most}


# --- every game it plays ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("kingdomino", 2, {}),
        ("kingdomino", 3, {}),
        ("kingdomino", 4, {"middle_kingdom": True, "harmony": True}),
        ("kingdomino", 2, {"mighty_duel": True}),
        ("kingdomino", 2, {"dynasty": True}),
        ("origins", 2, {"mode": "discovery"}),
        ("origins", 3, {"mode": "totem"}),
        ("origins", 4, {"mode": "tribe"}),
        ("duel", 2, {}),
    ],
)
def test_it_finishes_every_game_of_the_family_with_legal_moves(
    game: str, players: int, options: dict[str, bool | str]
) -> None:
    the_game = make_game(game, players, options)
    seen: list[int] = []

    def check(state: State, action: int) -> None:
        assert state.illegal_reason(action) is None
        seen.append(action)

    specs = ["full-greedy"] + ["greedy"] * (players - 1)
    state, _ = play_game(the_game, seat_agents(specs, 7), 7, observer=check)
    assert state.is_terminal() and seen


def test_in_duel_it_plays_as_greedy() -> None:
    game = make_game("duel", 2)
    first, _ = play_game(game, seat_agents(["full-greedy", "greedy"], 4), 4)
    second, _ = play_game(game, seat_agents(["greedy", "greedy"], 4), 4)
    assert first.scores() == second.scores()


@pytest.mark.slow
def test_full_greedy_beats_plain_greedy_in_the_papers_rules() -> None:
    """A small sample (16 games, 4 players, seats rotated): full greedy takes more than its share."""
    from kingdomino.arena.tournament import TournamentConfig, play_tournament_game

    options = {"middle_kingdom": True, "harmony": True}
    config = TournamentConfig("kingdomino", 4, options, ["full-greedy", "greedy", "greedy", "greedy"], 16, 1)
    wins = 0.0
    for index in range(config.games):
        outcome = play_tournament_game(config, index)
        seat = outcome.seats.index("full-greedy")
        wins += 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    assert wins / config.games > 0.25


# --- the look-ahead's keys, worked out without copies -------------------------------------------


#: Game/mode configurations of the look-ahead's tests: every variant and mode of both games.
CONFIGURATIONS = [
    ("kingdomino", 4, {}),
    ("kingdomino", 4, {"middle_kingdom": True, "harmony": True}),
    ("kingdomino", 3, {"middle_kingdom": True}),
    ("kingdomino", 2, {"mighty_duel": True, "middle_kingdom": True, "harmony": True}),
    ("origins", 2, {"mode": "discovery"}),
    ("origins", 4, {"mode": "discovery", "fire_kingdom": True, "homo_habilis": True}),
    ("origins", 3, {"mode": "totem"}),
    ("origins", 4, {"mode": "tribe"}),
]


def look_ahead_decisions(
    game: str, players: int, options: dict[str, bool | str], seed: int
) -> Iterator[tuple[DominoState, DominoRules]]:
    """The placements and claims of three games where a seat often plays at random (off centre,
    holes, discards) and otherwise as ``greedy``, with their rules for full greedy."""
    rng = random.Random(seed)
    for _ in range(3):
        state = make_game(game, players, options).new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng))
                continue
            rules = DominoRules.of(state)
            if rules is not None:
                assert isinstance(state, DominoState)
                if state.phase_name in ("place", "claim") and state.row:
                    yield state, rules
            if rng.random() < 0.3:
                state.apply(rng.choice(state.legal_actions()))
            else:
                state.apply(make_agent("greedy", rng.randrange(1000)).act(state))


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS)
def test_the_keys_of_a_domino_placed_are_those_of_the_kingdom_placed_on_a_copy(
    game: str, players: int, options: dict[str, bool | str]
) -> None:
    """Full greedy keys a claimed domino's placements from the kingdom's own key and the game's
    score change of each placement; placed on a copy and scored afresh, every key is the same.
    The kingdoms are those of each decision and after each placement of the domino in hand."""
    compared = 0
    for state, rules in look_ahead_decisions(game, players, options, 11):
        kingdom = state.kingdoms[state.current_player]
        kingdoms = [kingdom]
        if state.phase_name == "place":
            number = state.row[state.slot]
            legal = kingdom.legal_placements(rules.dominoes[number])
            kingdoms += [rules.placed(kingdom, code, number) for code in legal[:3]]
        for before in kingdoms:
            for claimed in [n for n in (*state.row, *state.next_row) if n]:
                fast = rules.placement_keys(before, rules.key(before), claimed)
                codes = before.legal_placements(rules.dominoes[claimed])
                assert fast == [rules.key(rules.placed(before, code, claimed)) for code in codes]
                compared += len(fast)
    assert compared > 1000


def counting_valuations(rules: DominoRules) -> list[int]:
    """Count each domino's placements ``rules`` values from now on: one entry per call."""
    calls: list[int] = []
    valued = rules.placement_keys

    def counted(kingdom: DominoKingdom, kingdom_key: Key, number: int) -> list[Key]:
        calls.append(number)
        return valued(kingdom, kingdom_key, number)

    rules.placement_keys = counted  # type: ignore[method-assign]
    return calls


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS)
def test_the_bounds_hold_and_skip_no_best_pair(
    game: str, players: int, options: dict[str, bool | str]
) -> None:
    """No placement of a domino changes the score by more than the game's bound; the best pairs
    found skipping the pairs the bounds rule out are those found valuing every pair; and the
    bounds do rule pairs out (a bound too loose to skip any would make full greedy no faster)."""
    bounded = valued = skipped = 0
    for state, rules in look_ahead_decisions(game, players, options, 12):
        kingdom = state.kingdoms[state.current_player]
        for claimed in [n for n in (*state.row, *state.next_row) if n]:
            codes = kingdom.legal_placements(rules.dominoes[claimed])
            bound = rules.bound(kingdom, claimed)
            if bound is not None and codes:
                assert max(rules.changes(kingdom, claimed, codes)) <= bound
                bounded += 1
        every = counting_valuations(rules)
        pairs = rules.placement_pairs(state) if state.phase_name == "place" else rules.claim_pairs(state)
        best = max(pair.key for pair in pairs)
        fewer = counting_valuations(rules)
        ties = rules.best_placements(state) if state.phase_name == "place" else rules.best_claims(state)
        assert ties == sorted({pair.action for pair in pairs if pair.key == best})
        assert decision_ties(state) == ties
        valued += len(every)
        skipped += len(every) - len(fewer)
    assert bounded > 100 and skipped > valued // 10
