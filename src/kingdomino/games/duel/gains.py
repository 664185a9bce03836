"""Immediate gains of Duel actions: what the greedy agent maximises and search uses as a prior.

The rules live in :mod:`kingdomino.games.duel.state`; this module only asks a
state what each action would add, trying actions on copies where that is
simpler than predicting them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kingdomino.games.duel.board import GRID, SQUARE_BITS, Board
from kingdomino.games.duel.components import JOKER, NUM_COATS, NUM_DICE, PAIRS, POINTS_PER_DOMAIN

if TYPE_CHECKING:
    from kingdomino.games.duel.state import DuelState

FILL_VALUE = 0.5
POWER_RESERVE = 2.0


def draw_gain(board: Board, bits_and_faces: list[tuple[int, int, int]]) -> float:
    """Points added by drawing each ``(bit, coat, crosses)`` (a "?" takes its best neighbouring coat).

    Only the coats drawn change their points (the new squares were empty, so no other coat's
    domains or crosses move): those alone are scored before and after.
    """
    trial = board.copy()
    jokers = []
    touched = set()
    for bit, coat, crosses in bits_and_faces:
        trial.occupied |= bit
        if crosses:
            trial.add_crosses(bit, crosses)
        if coat == JOKER:
            jokers.append(bit)
        else:
            trial.coats[coat] |= bit
            touched.add(coat)
    for bit in jokers:
        around = GRID.spread(bit)
        options = [coat for coat in range(NUM_COATS) if trial.coats[coat] & around] or [0]
        best_coat, best = options[0], -1
        for coat in options:
            trial.coats[coat] |= bit
            points = trial.coat_points(coat)
            trial.coats[coat] &= ~bit
            if points > best:
                best_coat, best = coat, points
        trial.coats[best_coat] |= bit
        touched.add(best_coat)
    return float(sum([trial.coat_points(coat) - board.coat_points(coat) for coat in touched]))


def _fill_value(state: DuelState, faces: list[tuple[int, int]]) -> float:
    """``FILL_VALUE`` per face that would fill a spellbook line nobody has completed yet."""
    return sum(
        FILL_VALUE for coat, crosses in faces if coat != JOKER and crosses == 0 and state.owner[coat] == -1
    )


def _placement_gain(state: DuelState, action: int) -> float:
    game = state.game
    board = state.boards[state.player]
    if action < game.die_base:
        squares = game.draw_squares[action - game.draw_base]
        assert squares is not None
        first, second = state.held[state.player]
        f1, f2 = state.face_of(first), state.face_of(second)
        drawn = [(squares[0], f1.coat, f1.crosses), (squares[1], f2.coat, f2.crosses)]
        return draw_gain(board, drawn) + _fill_value(state, [(f1.coat, f1.crosses), (f2.coat, f2.crosses)])
    die, square = divmod(action - game.die_base, len(SQUARE_BITS))
    face = state.face_of(die)
    gain = draw_gain(board, [(SQUARE_BITS[square], face.coat, face.crosses)])
    return gain + _fill_value(state, [(face.coat, face.crosses)])


def _pass_gain(state: DuelState) -> float:
    """A pass adds no points; with ``pass_fills_spellbook`` the dice not drawn still fill lines."""
    if not state.game.pass_fills_spellbook:
        return 0.0
    faces = [state.face_of(die) for die in state.undrawn]
    return _fill_value(state, [(face.coat, face.crosses) for face in faces])


def best_drawing(state: DuelState) -> float:
    """The best gain among the acting player's drawings right now (0 when none)."""
    game = state.game
    placements = [a for a in state.legal_actions() if game.draw_base <= a < game.pass_action]
    return max((_placement_gain(state, a) for a in placements), default=0.0)


def _best_with_dice(
    state: DuelState, seat: int, dice: list[int], known: dict[tuple[int, ...], float]
) -> float:
    """The best drawing ``seat`` could make if it held ``dice`` and its turn began now.

    ``known`` remembers it per pair of dice for one call of :func:`score_gains`, where each
    pair comes up several times (by either of its dice, and as a pair).
    """
    key = tuple(sorted(dice))
    found = known.get(key)
    if found is None:
        trial = state.clone()
        trial.held[seat] = list(key)
        trial._start_turn(seat)
        found = known[key] = best_drawing(trial)
    return found


def score_gains(state: DuelState) -> list[tuple[int, float]]:
    from kingdomino.games.duel.state import DRAFT_A, DRAFT_B, JOKER_COAT, RESOLVE, TURN

    game, phase = state.game, state.phase
    legal = state.legal_actions()
    if phase == TURN:
        now = None
        result = []
        for action in legal:
            if action >= game.draw_base:
                gain = _pass_gain(state) if action == game.pass_action else _placement_gain(state, action)
            else:
                if now is None:
                    now = best_drawing(state)
                trial = state.clone()
                trial.apply_unchecked(action)
                gain = best_drawing(trial) - now - POWER_RESERVE
            result.append((action, gain))
        return result
    if phase == JOKER_COAT:
        board = state.boards[state.player]
        bit = state.jokers[0]
        result = []
        for action in legal:
            tried = board.copy()
            tried.coats[action - game.coat_base] |= bit
            result.append((action, float(tried.points() - board.points())))
        return result
    known: dict[tuple[int, ...], float] = {}
    if phase == DRAFT_B:
        return [
            (a, _best_with_dice(state, state.player, list(PAIRS[a - game.pair_base]), known)) for a in legal
        ]
    if phase == DRAFT_A:
        result = []
        for action in legal:
            if action < game.pair_base:
                die = action - game.take_base
                others = [d for d in range(NUM_DICE) if d != die]
                gains = [_best_with_dice(state, state.player, [die, other], known) for other in others]
                result.append((action, sum(gains) / len(gains)))
            else:
                pair = list(PAIRS[action - game.pair_base])
                result.append((action, _best_with_dice(state, state.player, pair, known) - POWER_RESERVE))
        return result
    if phase == RESOLVE:
        seat = state.player
        board = state.boards[seat]
        result = []
        for action in legal:
            if game.domains_base <= action < game.cross_base:
                coat = action - game.domains_base
                result.append((action, float(POINTS_PER_DOMAIN * board.domain_count(coat))))
            elif action == game.pass_action:
                result.append((action, 0.0))
            else:
                tried = board.copy()
                tried.add_crosses(SQUARE_BITS[action - game.cross_base], 1)
                result.append((action, float(tried.points() - board.points())))
        return result
    return []
