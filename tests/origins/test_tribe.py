"""Tribe mode: recruiting (2 or 4 different resources), paying, placing cavemen, caveman scoring."""

from __future__ import annotations

import random

import pytest

from kingdomino.core.game import IllegalActionError
from kingdomino.games.origins.components import CAVE_FACE_UP, CAVEMAN_BY_CODE, CAVEMEN
from kingdomino.games.origins.state import CAVEMAN, PAY, RECRUIT, REVEAL, OriginsState, score_sheet
from kingdomino.games.origins.text import KingdomTextError, kingdom_text, parse_kingdom

from .helpers import game_of, play_random, position, texts


def recruiting(kingdom: str) -> OriginsState:
    """Seat 0 has placed domino 1 (D0|D0) at 1,0 S and claimed domino 4."""
    state = position(game_of(4, mode="tribe"), [kingdom], row=[1, 2, 3, 5], next_row=[4, 6, 7, 8])
    state.apply_text("place 1,0 S")
    state.apply_text("claim 4")
    return state


def test_two_different_resources_recruit_a_face_up_caveman() -> None:
    state = recruiting("G0m L0f H")
    assert state.phase == RECRUIT
    assert texts(state) == ["recruit 1", "recruit 2", "recruit 3", "recruit 4", "no-recruit"]
    with pytest.raises(IllegalActionError, match="4 different resources"):
        state.apply_text("recruit-stack shaman")
    state.apply_text("recruit 2")
    assert state.phase == PAY and state.cave[1] == -1
    assert texts(state) == ["pay 0,-2", "pay 0,-1"]
    state.apply_text("pay 0,-1")
    assert texts(state) == ["pay 0,-2"]
    state.apply_text("pay 0,-2")
    assert state.phase == CAVEMAN
    assert texts(state) == ["caveman 0,-2", "caveman 0,-1", "caveman 1,0", "caveman 2,0"]
    state.apply_text("caveman 1,0")
    kingdom = state.kingdoms[0]
    assert kingdom.resource_count() == 0
    centre = kingdom.geometry.centre
    assert kingdom.caveman_at(kingdom.geometry.grid.bit(centre + 1, centre)) == 1
    assert state.current_player == 1


def test_fewer_than_two_different_resources_cannot_recruit() -> None:
    state = recruiting("G0m G0m H")
    assert not state.can_recruit(0)
    assert state.phase != RECRUIT and state.current_player == 1


def test_paying_twice_the_same_kind_is_refused() -> None:
    state = recruiting("G0m G0m L0f H")
    state.apply_text("recruit 1")
    state.apply_text("pay 0,-3")
    with pytest.raises(IllegalActionError, match="kinds must differ"):
        state.apply_text("pay 0,-2")
    with pytest.raises(IllegalActionError, match="no resource"):
        state.apply_text("pay 1,0")
    state.apply_text("pay 0,-1")
    assert state.phase == CAVEMAN


def test_four_different_resources_recruit_any_caveman_of_the_stack() -> None:
    state = recruiting("G0m L0f F0u Q0k H")
    legal = texts(state)
    assert [t for t in legal if t.startswith("recruit-stack")] == [
        f"recruit-stack {c.id}" for c in CAVEMEN if state.stack[c.value]
    ]
    before = state.stack[CAVEMAN_BY_CODE["W3"].value]
    state.apply_text("recruit-stack warrior3")
    assert state.stack[CAVEMAN_BY_CODE["W3"].value] == before - 1
    for square in ("0,-4", "0,-3", "0,-2", "0,-1"):
        assert state.phase == PAY
        state.apply_text(f"pay {square}")
    state.apply_text("caveman 0,-4")
    assert state.kingdoms[0].caveman_points() == 3


def test_three_different_resources_cannot_recruit_from_the_stack() -> None:
    state = recruiting("G0m L0f F0u H")
    assert not any(t.startswith("recruit-stack") for t in texts(state))
    with pytest.raises(IllegalActionError, match="costs 4 different resources, seat has 3"):
        state.apply_text("recruit-stack hunter")


def test_cavemen_avoid_fire_markers_resources_and_other_cavemen() -> None:
    kingdom = parse_kingdom("D1 D0*1 G0m D0@HU\n.  H    V1  D0", frame=5)
    centre = kingdom.geometry.centre
    free = {(r - centre, c - centre) for r, c in kingdom.geometry.grid.cells(kingdom.caveman_squares())}
    assert free == {(0, 1), (0, 2)}  # the volcano and the plain desert


def test_a_caveman_on_a_volcano_is_written_and_read_back() -> None:
    """The game lets a caveman stand on a volcano (no printed fire there), and the territory's text
    writes him ``V2@HU``; the scorer refused that text ("fire destroys resources and cavemen"), so a
    territory the game made, or a table's, could not be scored. Still refused: a resource or a
    marker on a volcano."""
    kingdom = parse_kingdom("G0m V2@HU\nH   .", frame=5)
    assert kingdom_text(kingdom).split() == ["G0m", "V2@HU", "H", "."]
    assert kingdom.caveman_points() == 3  # the hunter next to the mammoth
    for token in ("V2m", "V2*1", "V2*1@HU"):
        with pytest.raises(KingdomTextError):
            parse_kingdom(f"{token} H", frame=5)


AROUND = "G0m L0f F0u\nQ0k D0@{} D1\nH G0*2 D0@W1"
#: Around the centre: 1 of each resource, 3 fires, 1 other caveman (a lone warrior scoring 1).
EXPECTED = {"HU": 3, "FC": 3, "GA": 4, "SC": 5, "PA": 8, "FW": 3, "SH": 2}


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_each_hunter_and_gatherer_scores_its_surroundings(kind: str) -> None:
    kingdom = parse_kingdom(AROUND.format(kind), frame=5)
    scores = kingdom.caveman_scores()
    assert (CAVEMAN_BY_CODE[kind].value, EXPECTED[kind]) in [(k, p) for k, i, p in scores if i >= 0]
    assert kingdom.caveman_points() == EXPECTED[kind] + 1


def test_the_score_sheet_names_each_caveman_and_the_hordes() -> None:
    kingdom = parse_kingdom("D0@FW D0 D0@W1\nH     D0 D0@W1", frame=5)
    sheet = score_sheet(kingdom, "tribe", fire_kingdom=False, homo_habilis=False)
    named = {b.name: b.points for b in sheet.bonuses}
    assert named == {"Fire Woman at -1,0": 0, "warrior horde": 4}  # 2 warriors x strength 2
    assert dict(sheet.bonuses[0].values) == {"caveman": "fire_woman", "row": -1, "col": 0}


def test_hordes_are_orthogonal_groups_scoring_size_times_strength() -> None:
    kingdom = parse_kingdom("D0@W1 D0@W2 D0@W3\nH     D0    D0@W1\nD0@W2 .     D0@W1", frame=5)
    # row 0 + the W1 under W3 + the W1 below it: 5 warriors, strength 8; the W2 bottom-left alone: 2
    assert sorted(p for _, _, p in kingdom.caveman_scores()) == [2, 40]
    diagonal = parse_kingdom("D0@W3 D0\nH     D0@W2", frame=5)
    assert sorted(p for _, _, p in diagonal.caveman_scores()) == [2, 3]


def test_the_cave_is_refilled_every_round_from_lazy_chance() -> None:
    game = game_of(4, mode="tribe")
    state = play_random(game.new_initial_state(), random.Random(5), lambda s: s.phase == REVEAL)
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len(outcomes) == len(CAVEMEN)
    state = play_random(state, random.Random(6), lambda s: s.round_number == 3 and s.phase == RECRUIT)
    if not state.is_terminal():
        assert state.stack_size() + sum(1 for k in state.cave if k >= 0) <= 22 - 0
    full = play_random(game.new_initial_state(), random.Random(7), lambda s: s.round_number == 2)
    assert sum(1 for k in full.cave if k >= 0) == CAVE_FACE_UP


def test_caveman_points_sum_the_caveman_scores_in_random_games() -> None:
    """``caveman_points`` (the fast sum scoring asks) equals the points ``caveman_scores`` lists."""
    game = game_of(4, mode="tribe")
    rng = random.Random(11)
    checked = 0
    for _ in range(12):
        state = game.new_initial_state()
        while not state.is_terminal():
            for kingdom in state.kingdoms:
                assert kingdom.caveman_points() == sum(p for _, _, p in kingdom.caveman_scores())
                checked += kingdom.caveman_points() > 0
            if state.is_chance():
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
    assert checked > 100
