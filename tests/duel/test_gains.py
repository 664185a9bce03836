"""Duel's immediate gains of drawings equal the real change of the map's points."""

from __future__ import annotations

import random

from kingdomino.core.game import CHANCE
from kingdomino.games.duel.board import NUM_SQUARES
from kingdomino.games.duel.components import JOKER, PAIRS
from kingdomino.games.duel.gains import _fill_value, _placement_gain
from kingdomino.games.duel.state import DRAFT_B, TURN

from .helpers import GAME


def test_a_drawing_gains_what_the_map_scores_after_it_plus_the_spellbook_fill() -> None:
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.new_initial_state()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == TURN:
                seat = state.player
                before = state.boards[seat].points()
                for action in state.legal_actions():
                    if not GAME.draw_base <= action < GAME.pass_action:
                        continue
                    if action < GAME.die_base:
                        faces = [state.face_of(die) for die in state.held[seat]]
                    else:
                        faces = [state.face_of((action - GAME.die_base) // NUM_SQUARES)]
                    if any(face.coat == JOKER for face in faces):
                        continue  # a "?" takes the coat its player chooses next
                    after = state.clone()
                    after.apply(action)
                    fill = _fill_value(state, [(face.coat, face.crosses) for face in faces])
                    assert _placement_gain(state, action) == after.boards[seat].points() - before + fill
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    assert checked > 500


def test_a_draft_pick_is_worth_the_best_drawing_its_dice_allow() -> None:
    """Player B's pair is worth the best drawing B could make holding those two dice: in a
    real draft the values differ (they were all 0 when the copy stayed in the draft phase)."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_initial_state()
        while not state.is_terminal() and checked < 12:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == DRAFT_B:
                values = dict(state.score_gains())
                assert len(set(values.values())) > 1 or len(values) == 1
                for action, gain in values.items():
                    trial = state.clone()
                    trial.held[state.player] = sorted(PAIRS[action - GAME.pair_base])
                    trial._start_turn(state.player)
                    drawings = [a for a in trial.legal_actions() if GAME.draw_base <= a < GAME.pass_action]
                    assert gain == max(_placement_gain(trial, a) for a in drawings)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 12
