"""The draft aids of Kingdomino: the dominoes not seen yet by terrain, how many are still to come,
next round's order; never more than the table shows (2 and 3 players remove dominoes unseen)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from kingdomino.core.game import CHANCE, RegionChange, State
from kingdomino.games.classic.aids import TERRAIN_IDS, draft_aids, regions_changed
from kingdomino.games.classic.components import DOMINOES, TERRAINS, Domino, Half
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.classic.text import parse_kingdom

ID_OF_LETTER = {t.letter: t.id for t in TERRAINS}
BOX_HALVES = Counter(TERRAINS[h.terrain].id for d in DOMINOES.values() for h in (d.first, d.second))
BOX_CROWNS: Counter[str] = Counter()
for _domino in DOMINOES.values():
    for _half in (_domino.first, _domino.second):
        BOX_CROWNS[TERRAINS[_half.terrain].id] += _half.crowns


def step(state: State, rng: random.Random) -> None:
    """One action: chance's draw from ``rng``, else a random legal move."""
    if state.current_player == CHANCE:
        state.apply(state.sample_chance(rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


def on_the_table(state: ClassicState) -> tuple[Counter[str], Counter[str], int]:
    """The halves and crowns by terrain, and the dominoes, that the public view shows: every
    kingdom's squares (the castle aside), the dominoes of the row not placed yet, the next row
    and the discards. Worked out from the view alone, as a player at the table counts."""
    view: dict[str, Any] = state.view(None)
    halves: Counter[str] = Counter()
    crowns: Counter[str] = Counter()
    squares = 0
    for kingdom in view["kingdoms"]:
        for square in kingdom["squares"]:
            if square["terrain"] != "C":
                halves[ID_OF_LETTER[square["terrain"]]] += 1
                crowns[ID_OF_LETTER[square["terrain"]]] += square["crowns"]
                squares += 1
    row = [entry["domino"] for entry in view["row"]]
    phase, slot = view["phase"], state.slot
    waiting = row if phase == "draw" else row[slot:] if phase == "place" else row[slot + 1 :]
    lying = waiting + [entry["domino"] for entry in view["next_row"]] + view["discarded"]
    for number in lying:
        for half in (DOMINOES[number].first, DOMINOES[number].second):
            halves[TERRAINS[half.terrain].id] += 1
            crowns[TERRAINS[half.terrain].id] += half.crowns
    return halves, crowns, squares // 2 + len(lying)


def test_a_two_player_game_counts_the_unseen_and_says_how_many_will_still_come() -> None:
    state = ClassicGame(players=2).new_initial_state()
    for text in ("draw 5", "draw 9", "draw 30", "draw 41"):
        state.apply_text(text)
    aids = draft_aids(state)
    assert (aids["unseen"], aids["to_come"]) == (44, 20)
    assert sum(line["halves"] for line in aids["terrains"].values()) == 88
    shown = Counter(
        TERRAINS[h.terrain].id for n in (5, 9, 30, 41) for h in (DOMINOES[n].first, DOMINOES[n].second)
    )
    assert {t: line["halves"] for t, line in aids["terrains"].items()} == dict(BOX_HALVES - shown)


@pytest.mark.parametrize(("players", "to_come"), [(2, 24), (3, 36), (4, 48)])
def test_the_aid_is_the_box_minus_what_the_table_shows(players: int, to_come: int) -> None:
    rng = random.Random(players)
    state = ClassicGame(players=players).new_initial_state()
    assert draft_aids(state)["to_come"] == to_come
    while not state.is_terminal():
        step(state, rng)
        aids = draft_aids(state)
        halves, crowns, shown = on_the_table(state)
        assert aids["unseen"] == 48 - shown
        for terrain, line in aids["terrains"].items():
            assert line == {
                "halves": BOX_HALVES[terrain] - halves[terrain],
                "crowns": BOX_CROWNS[terrain] - crowns[terrain],
            }
        assert 0 <= aids["to_come"] <= aids["unseen"]
        if players == 4:
            assert aids["to_come"] == aids["unseen"]  # all 48 are played: not seen is to come
    assert draft_aids(state)["to_come"] == 0
    assert draft_aids(state)["unseen"] == 48 - to_come


def test_dominoes_removed_unseen_change_nothing() -> None:
    """Two 2-player games with the same visible history whose later draws differ, so that different
    dominoes turn out never drawn (removed unseen): at every point of the shared history the aid is
    the same, and the removed dominoes cannot be read from it."""
    shared = random.Random(7)
    game = ClassicGame(players=2)
    first = game.new_initial_state()
    while first.round_number < 3:
        step(first, shared)
    second = first.clone()
    assert draft_aids(first) == draft_aids(second)
    for state, seed in ((first, 1), (second, 2)):
        rng = random.Random(seed)
        while not state.is_terminal():
            step(state, rng)
    assert set(first.pool) != set(second.pool)  # different dominoes were never drawn
    assert draft_aids(first)["unseen"] == draft_aids(second)["unseen"] == 24


def test_next_round_order_is_the_kings_on_the_next_row_as_claimed() -> None:
    state = ClassicGame(players=3).new_initial_state()
    rng = random.Random(3)
    while state.round_number < 1 or state.phase_name != "claim":
        step(state, rng)
    order = draft_aids(state)["next_order"]
    assert order == [owner if owner >= 0 else None for owner in state.next_owner]
    assert order.count(None) == 3 - state.slot
    while state.next_row or state.phase_name == "draw":
        step(state, rng)
    assert draft_aids(state)["next_order"] is None  # the last round: nobody claims any more


def test_a_placement_joining_two_forests_adds_its_crown_and_makes_a_lake() -> None:
    kingdom = parse_kingdom(
        """
        F1 .  F2
        .  C  .
        """
    )
    forest, lake = TERRAIN_IDS.index("forest"), TERRAIN_IDS.index("lake")
    domino = Domino(0, Half(forest, 1), Half(lake, 1))
    code = kingdom.geometry.placement_code(-1, 0, 3)  # the forest between the two, the lake above
    (forest_change, lake_change) = regions_changed(kingdom, domino, [code])[code]
    assert forest_change == RegionChange("forest", 3, 4, 12, 3, ((-1, -1), (-1, 1)), (0,))
    assert lake_change == RegionChange("lake", 1, 1, 1, 0, (), (1,))


def test_a_domino_of_one_terrain_grows_one_territory_even_without_a_crown() -> None:
    kingdom = parse_kingdom("W0 W0 C")
    wheat = TERRAIN_IDS.index("wheat")
    code = kingdom.geometry.placement_code(1, -2, 0)  # under the wheat field, facing east
    changes = regions_changed(kingdom, Domino(0, Half(wheat, 0), Half(wheat, 0)), [code])[code]
    assert changes == (RegionChange("wheat", 4, 0, 0, 0, ((0, -2),), (0, 1)),)
