"""Totem mode: majorities after each placement, totems changing hands, the holder's tie choice."""

from __future__ import annotations

import pytest

from kingdomino.core.game import IllegalActionError
from kingdomino.games.origins.components import RESOURCES
from kingdomino.games.origins.state import CLAIM, NOBODY, TOTEM

from .helpers import game_of, position, texts

MAMMOTH = 0


def test_a_strict_majority_takes_the_totem_from_its_holder() -> None:
    state = position(game_of(4, mode="totem"), ["H", "G0m H"], row=[4])
    state.holders[MAMMOTH] = 1
    state.apply_text("place 0,1 E")  # D0 then G0m: seat 0 now has 1 mammoth, tied: seat 1 keeps
    assert state.holders[MAMMOTH] == 1
    state = position(game_of(4, mode="totem"), ["G0m H", "G0m H"], row=[4])
    state.holders[MAMMOTH] = 1
    state.apply_text("place 0,1 E")  # seat 0: 2 mammoths against 1
    assert state.holders[MAMMOTH] == 0
    assert state.phase == CLAIM
    assert state.scores()[0] == 2 + RESOURCES[MAMMOTH].totem
    assert state.scores()[1] == 1


def test_a_holder_who_falls_behind_tied_leaders_chooses_among_them() -> None:
    state = position(game_of(4, mode="totem"), ["G0m H", "G0m G0m H", "G0m G0m H"], row=[1])
    state.holders[MAMMOTH] = 0
    state.apply_text("place 0,1 E")
    assert state.phase == TOTEM and state.current_player == 0
    assert texts(state) == ["totem 1", "totem 2"]
    with pytest.raises(IllegalActionError, match="tied leaders"):
        state.apply_text("totem 3")
    state.apply_text("totem 2")
    assert state.holders[MAMMOTH] == 2
    assert state.phase == CLAIM and state.current_player == 0


def test_a_tied_holder_keeps_its_totem_by_default_and_chooses_with_the_option() -> None:
    kingdoms = ["G0m G0m H", "G0m G0m H"]
    state = position(game_of(4, mode="totem"), kingdoms, row=[1])
    state.holders[MAMMOTH] = 0
    state.apply_text("place 0,1 E")
    assert state.holders[MAMMOTH] == 0 and state.phase == CLAIM
    state = position(game_of(4, mode="totem", totem_tie="choose"), kingdoms, row=[1])
    state.holders[MAMMOTH] = 0
    state.apply_text("place 0,1 E")
    assert state.phase == TOTEM and texts(state) == ["totem 0", "totem 1"]
    state.apply_text("totem 1")
    assert state.holders[MAMMOTH] == 1


def test_a_holder_whose_own_fire_burns_its_lead_hands_the_totem_over() -> None:
    """Seed 004: "Amennyiben megszűnik a többséged egy nyersanyagból (egy másik játékos szerzett
    új nyersanyagot vagy tűz miatt megsemmisült), add át a totemet annak a játékosnak, akinek
    jelenleg többsége van": a majority lost to fire passes the totem on, checked after the
    placement's fire ("Ha a tűz egy olyan négyzetre érkezik, ahol valamilyen nyersanyag
    található, akkor az a nyersanyag megsemmisül")."""
    kingdoms = ["G0m G0m H", "G0m G0m H"]
    state = position(game_of(4, mode="totem"), kingdoms, row=[28])  # desert | 1-crater volcano
    state.holders[MAMMOTH] = 0
    state.apply_text("place 0,1 E")  # the volcano on 0,2 reaches the mammoth on 0,-1
    assert state.holders[MAMMOTH] == 0  # the totem waits for the fire
    state.apply_text("fire 0,-1")
    assert [k.resources[MAMMOTH].bit_count() for k in state.kingdoms[:2]] == [1, 2]
    assert state.holders[MAMMOTH] == 1
    assert state.phase == CLAIM and state.current_player == 0


def test_nobody_takes_a_free_totem_on_a_tie() -> None:
    state = position(game_of(4, mode="totem"), ["G0m H", "G0m H"], row=[1])
    state.apply_text("place 0,1 E")
    assert state.holders[MAMMOTH] == NOBODY


def test_totem_choice_comes_from_the_holder_not_the_placer() -> None:
    # seat 0 places fish; seat 3 holds the mammoth totem but seats 1 and 2 overtook it earlier
    state = position(game_of(4, mode="totem"), ["H", "G0m G0m H", "G0m G0m H", "G0m H"], row=[1])
    state.holders[MAMMOTH] = 3
    state.apply_text("place 0,1 E")
    assert state.phase == TOTEM and state.current_player == 3
    state.apply_text("totem 1")
    assert state.current_player == 0 and state.phase == CLAIM


def test_resources_count_only_in_totem_mode() -> None:
    for mode, expected in (("discovery", 0), ("totem", 2 + RESOURCES[MAMMOTH].totem), ("tribe", 0)):
        state = position(game_of(4, mode=mode), ["G0m G0m H"], row=[1])
        if mode == "discovery":
            assert state.kingdoms[0].resource_count() == 2  # text says so; play never puts any
        state.apply_text("place 0,1 E")
        assert state.scores()[0] == expected, mode
