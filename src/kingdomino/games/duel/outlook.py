"""What a Kingdomino Duel move does beyond its immediate points: the one-ply ``heuristic`` player's view.

The immediate gains (:mod:`.gains`) see the points a drawing adds now and half a point per
spellbook square. A one-ply player that plays the spellbook and the powers needs more: this
module values a whole position for a seat, ``value(state, seat)``, as the difference of two
*outlooks* (the seat's and its opponent's), each being

- the points scored now (the +3 per domain power included);
- the **spellbook races**: for each line nobody has completed, the worth of its power times the
  chance to complete it first, a logistic function of how many squares each player still needs
  (squares filled this round count, and player A wins a tie); the worth of a lightning power is
  what it would give now (``+3`` per domain of the best coat, a cross on the largest domain), of
  the others a constant that shrinks as the map fills;
- the **powers kept**: a gained power not yet used is worth its constant times the share of the
  map still empty, and so is the castle bonus (``castle`` + ``castle_late`` x that share): it is
  used once what it gives now beats keeping it (powers timed);
- **growth**: each cross counts ``grow`` per empty square next to its domain (up to 3): a domain
  with crosses that can still grow is worth more than its points now;
- **dead squares**: an empty square with no empty neighbour can only be filled by a split die.

``best_estimates(state)`` ranks the acting seat's legal actions by the value after each one,
completing the seat's turn greedily where the action does not end it (a power or the castle bonus
announced, a "?" to name), and values a draft by the best drawing of the dice each player ends up
with: player A's die against the pair B would answer with, B's pair against the die A keeps. The
rules are the engine's: this module only applies actions to copies and reads boards.

It is ``DuelState.best_estimates``: the ``heuristic`` agent plays it (``agents.greedy``) and a
search ranks its root by it with ``prior=outlook``. Too slow for playouts, which use
``DuelState.fast_estimates`` (the score gains), as do the levels' default priors.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kingdomino.games.duel.board import DRAWABLE, GRID, Board
from kingdomino.games.duel.components import (
    ADD_CROSS,
    DOMAINS,
    LINE_LENGTH,
    NUM_COATS,
    NUM_DICE,
    PAIRS,
    POINTS_PER_DOMAIN,
    POWER_OF_COAT,
)

if TYPE_CHECKING:
    from kingdomino.games.duel.state import DuelState

#: Squares of a map that take a coat of arms.
MAP_SQUARES = DRAWABLE.bit_count()


@dataclass(frozen=True)
class DuelOutlookWeights:
    """Points per unit of each term of a seat's outlook (see the module text)."""

    #: Worth of the non-lightning powers on an empty map, by power id.
    turn_die: float = 4.0
    take_two: float = 3.0
    ignore_connection: float = 3.0
    split: float = 3.0
    #: The castle bonus kept: ``castle`` + ``castle_late`` x the share of the map still empty.
    castle: float = 2.0
    castle_late: float = 4.0
    #: Steepness of the race: how fast the chance to complete a line first moves per square ahead.
    race: float = 0.8
    #: Per cross, per empty square beside its domain (up to 3).
    grow: float = 0.5
    #: Per empty square with no empty neighbour.
    dead: float = 1.5


WEIGHTS = DuelOutlookWeights()

_CONSTANT_POWER = {
    "turn_die_to_any_face": "turn_die",
    "take_two_dice_as_player_A": "take_two",
    "ignore_connection_rules": "ignore_connection",
    "split_domino": "split",
}


def power_worth(board: Board, coat: int, left: float, weights: DuelOutlookWeights) -> float:
    """What the power of ``coat``'s line is worth to the owner of ``board`` now."""
    if coat == DOMAINS:
        return float(POINTS_PER_DOMAIN * max(board.domain_count(c) for c in range(NUM_COATS)))
    if coat == ADD_CROSS:
        return float(max(board.largest_domain(), 1))
    return float(getattr(weights, _CONSTANT_POWER[POWER_OF_COAT[coat]])) * left


def outlook(state: DuelState, seat: int, weights: DuelOutlookWeights = WEIGHTS) -> float:
    """A seat's points now plus what its map, spellbook and unused powers promise."""
    board = state.boards[seat]
    other = 1 - seat
    free = board.free()
    left = free.bit_count() / MAP_SQUARES
    total = float(state.scores()[seat])
    # spellbook races, squares filled this round included while the round's turns go on (the
    # lines take them when the round ends); a lightning power gained counts until resolved
    _, _, turn, joker, _ = _phases()
    pending = state.round_fills if state.phase in (turn, joker) else [[], []]
    for coat in range(NUM_COATS):
        owner = state.owner[coat]
        if owner == seat:
            if not state.used[coat]:
                total += power_worth(board, coat, left, weights)
            continue
        if owner != -1:
            continue
        need = LINE_LENGTH[coat] - state.fills[seat][coat] - pending[seat].count(coat)
        need_other = LINE_LENGTH[coat] - state.fills[other][coat] - pending[other].count(coat)
        if need <= 0 and need_other <= 0:
            chance = 1.0 if seat == state.a_seat else 0.0
        elif need <= 0:
            chance = 1.0
        elif need_other <= 0:
            chance = 0.0
        else:
            chance = 1.0 / (1.0 + math.exp(-weights.race * (need_other - need)))
        total += chance * power_worth(board, coat, left, weights)
    if not state.castle_used[seat]:
        total += weights.castle + weights.castle_late * left
    # growth of the domains with crosses; squares no domino can reach
    if weights.grow:
        for domain in board.domains():
            if domain.crosses:
                room = (GRID.spread(domain.mask) & free).bit_count()
                total += weights.grow * domain.crosses * min(room, 3)
    if weights.dead:
        total -= weights.dead * (free & ~GRID.spread(free)).bit_count()
    return total


def value(state: DuelState, seat: int, weights: DuelOutlookWeights = WEIGHTS) -> float:
    """The seat's outlook less its opponent's."""
    return outlook(state, seat, weights) - outlook(state, 1 - seat, weights)


def _phases() -> tuple[int, int, int, int, int]:
    from kingdomino.games.duel.state import DRAFT_A, DRAFT_B, JOKER_COAT, RESOLVE, TURN

    return DRAFT_A, DRAFT_B, TURN, JOKER_COAT, RESOLVE


def _finish_turn(state: DuelState, seat: int, weights: DuelOutlookWeights, draw_only: bool) -> float:
    """The value after the seat completes its turn greedily from ``state`` (in place).

    Each step takes the action of best value after it (a "?" named, a lightning power resolved
    at once); with ``draw_only`` the castle bonus and the powers are not considered (the draft's
    and a pre-action's look at the drawing).
    """
    _, _, turn, joker, resolve = _phases()
    game = state.game
    while state.player == seat and state.phase in (turn, joker, resolve):
        legal = state.legal_actions()
        if draw_only and state.phase == turn:
            legal = [a for a in legal if a >= game.draw_base] or legal
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            continue
        best_action, best_value = legal[0], -math.inf
        for action in legal:
            after = state.clone()
            after.apply_unchecked(action)
            if after.player == seat and after.phase in (joker, resolve):
                found = _finish_turn(after, seat, weights, True)
            else:
                found = value(after, seat, weights)
            if found > best_value:
                best_action, best_value = action, found
        state.apply_unchecked(best_action)
    return value(state, seat, weights)


def _turn_gain(state: DuelState, seat: int, dice: list[int], weights: DuelOutlookWeights) -> float:
    """What the seat's best drawing of ``dice`` adds to its value, on the boards as they are."""
    trial = state.clone()
    trial.held[seat] = sorted(dice)
    trial._start_turn(seat)
    before = value(trial, seat, weights)
    return _finish_turn(trial, seat, weights, True) - before


def best_estimates(state: DuelState, weights: DuelOutlookWeights = WEIGHTS) -> list[tuple[int, float]]:
    """Each legal action of the acting seat with the change of its value the action brings."""
    draft_a, draft_b, turn, joker, resolve = _phases()
    seat = state.player
    if seat < 0:
        return []
    game = state.game
    legal = state.legal_actions()
    if state.phase in (turn, joker, resolve):
        before = value(state, seat, weights)
        result = []
        for action in legal:
            after = state.clone()
            after.apply_unchecked(action)
            result.append((action, _finish_turn(after, seat, weights, False) - before))
        return result
    gains: dict[tuple[int, tuple[int, ...]], float] = {}

    def gain(player: int, dice: list[int]) -> float:
        key = (player, tuple(sorted(dice)))
        if key not in gains:
            gains[key] = _turn_gain(state, player, dice, weights)
        return gains[key]

    a, b = state.a_seat, state.b_seat
    if state.phase == draft_b:
        taken = state.taken
        result = []
        for action in legal:
            pair = list(PAIRS[action - game.pair_base])
            last = [d for d in range(NUM_DICE) if d not in pair and d not in taken]
            result.append((action, gain(b, pair) - gain(a, taken + last)))
        return result
    if state.phase == draft_a:
        result = []
        for action in legal:
            if action < game.pair_base:
                die = action - game.take_base
                left = [d for d in range(NUM_DICE) if d != die]
                answers = []
                for i, first in enumerate(left):
                    for second in left[i + 1 :]:
                        last = [d for d in left if d not in (first, second)]
                        answers.append((gain(b, [first, second]) - gain(a, [die, *last]), [die, *last]))
                reply = max(answers, key=lambda item: item[0])
                result.append((action, -reply[0]))
            else:
                pair = list(PAIRS[action - game.pair_base])
                others = [d for d in range(NUM_DICE) if d not in pair]
                result.append((action, gain(a, pair) - gain(b, others) - _worth_kept(state, a, weights)))
        return result
    return [(action, 0.0) for action in legal]


def _worth_kept(state: DuelState, seat: int, weights: DuelOutlookWeights) -> float:
    """The "take 2 dice" power kept unused, for the seat that holds it."""
    from kingdomino.games.duel.components import TAKE_TWO

    left = state.boards[seat].free().bit_count() / MAP_SQUARES
    return power_worth(state.boards[seat], TAKE_TWO, left, weights)


__all__ = ["WEIGHTS", "DuelOutlookWeights", "best_estimates", "outlook", "value"]
