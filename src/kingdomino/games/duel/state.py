"""The Kingdomino Duel rules: rolls, the draft, drawing, the spellbook, powers, the end.

Flow of one round (``RULES.md``, seeds 003/000):

1. *roll* (chance): the 4 dice are rolled at once;
2. *draft*: player A takes a die (or two with the "take 2 dice" power), player B
   takes 2 of the other 3, player A gets the last one;
3. *turns*: A, then B, fills their map. Before drawing, a player may use the
   castle bonus, turn a die (power), or announce "ignore the connection rules"
   or "split the domino" (powers); then draws (``draw``/``die``) or, with no legal
   drawing, passes. A "?" is drawn first and its coat of arms chosen at once
   (``coat``), among the coats that keep the drawing legal;
4. *spellbook*: A's coats without crosses fill A's lines, then B's fill B's, so A
   wins a simultaneous completion; a lightning power gained is resolved at once
   by its owner (``domains`` or ``cross``), A's before B's;
5. the game ends after a round in which a map became full or nobody drew.

Choices the rulebooks leave open (``docs``: README, "Duel rules notes"):

* A and B fill their maps one after the other (A first) instead of at the same
  time; nothing A draws changes what B may do.
* Bonus, turning a die and announcing a power happen before anything is drawn.
* With the split domino, each die connects on its own to the castle or to a coat
  of arms drawn on a previous turn (seed 003: "drawn on a previous turn"), never
  to the other die of the same split.
* Crosses on a square are not capped (the sheet has no rule for more than 4).
* A player who cannot draw fills no spellbook square (``RULES.md``: each *drawn*
  coat of arms fills one). Option ``pass_fills_spellbook`` follows seed 000
  instead ("a player who cannot fill squares must still do steps 1, 2 and 4"):
  the dice held but not drawn (a pass; with the split power, the die that could
  not be drawn) fill it as drawn dice would, in the same A-then-B order.

Everything is public except the future rolls, and chance is lazy, so a seat's
view (``view``) is the whole state.

>>> from kingdomino.games.duel.game import DuelGame
>>> state = DuelGame().new_initial_state()
>>> _ = state.apply_text("roll 2 1 5 1")
>>> [state.action_text(a) for a in state.legal_actions()]
['take 1', 'take 2', 'take 3', 'take 4']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kingdomino.core.game import (
    CHANCE,
    TERMINAL,
    Bonus,
    GameError,
    Refusal,
    RegionScore,
    ScoreSheet,
    State,
    check_seat,
)
from kingdomino.core.grid import DIRECTIONS, bit_indices
from kingdomino.games.duel.board import CASTLE, GRID, NUM_SQUARES, SQUARE_BITS, SQUARE_OF_BIT, Board
from kingdomino.games.duel.components import (
    ADDED_CROSSES,
    CASTLE_BONUS_CROSSES,
    CASTLE_COL,
    CASTLE_ROW,
    COATS,
    DICE,
    DOMAINS,
    FACES_PER_DIE,
    IGNORE_CONNECTION,
    JOKER,
    LINE_LENGTH,
    NUM_COATS,
    NUM_DICE,
    PAIRS,
    POINTS_PER_DOMAIN,
    POWER_OF_COAT,
    POWERS,
    SPLIT,
    TAKE_TWO,
    TURN_DIE,
    Face,
    face_text,
)

if TYPE_CHECKING:
    from kingdomino.games.duel.game import DuelGame

ROLL, DRAFT_A, DRAFT_B, TURN, JOKER_COAT, RESOLVE, OVER = range(7)
PHASE_NAMES = ("roll", "draft_a", "draft_b", "turn", "coat", "resolve", "over")
NOBODY = -1
ALL_ROLLS: int = FACES_PER_DIE**NUM_DICE
_ROLL_FACTORS: tuple[int, ...] = (FACES_PER_DIE,) * NUM_DICE


class DuelState(State):
    """A Kingdomino Duel position. See the module text for the flow."""

    __slots__ = (
        "a_seat",
        "acted",
        "boards",
        "bonus_die",
        "castle_used",
        "domains_coat",
        "drew",
        "faces",
        "fills",
        "free_mode",
        "game",
        "held",
        "joker_needs",
        "jokers",
        "owner",
        "pending",
        "phase",
        "player",
        "round",
        "round_fills",
        "split_mode",
        "taken",
        "turn_partners",
        "undrawn",
        "used",
    )

    game: DuelGame

    def __init__(self, game: DuelGame) -> None:
        self.game = game
        self.boards = [Board(), Board()]
        self.round = 1
        self.a_seat = 0
        self.phase = ROLL
        self.player = CHANCE
        self.faces = [0] * NUM_DICE
        self.taken: list[int] = []
        self.held: list[list[int]] = [[], []]
        self.castle_used = [False, False]
        #: Coat -> the seat that gained its power, or NOBODY.
        self.owner = [NOBODY] * NUM_COATS
        #: Coat -> whether its power has been used (lightning: resolved).
        self.used = [False] * NUM_COATS
        self.fills = [[0] * NUM_COATS, [0] * NUM_COATS]
        self.domains_coat = [NOBODY, NOBODY]
        self.drew = [False, False]
        self.round_fills: list[list[int]] = [[], []]
        self.pending: list[tuple[int, int]] = []
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.bonus_die = NOBODY
        self.free_mode = False
        self.split_mode = False
        self.acted = False
        self.undrawn: list[int] = []
        #: Squares drawn with a "?" whose coat of arms is still to be chosen.
        self.jokers: list[int] = []
        #: Squares drawn this turn: not "already in your kingdom (drawn on a previous turn)"
        #: (seed 003), so they connect neither each other nor the second die of a split domino.
        self.turn_partners = 0
        self.joker_needs = False

    # --- protocol: who acts, what is legal ----------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def stage(self) -> str:
        return f"round {self.round}, {self.phase_name}"

    def kingdom_texts(self) -> list[str]:
        from kingdomino.games.duel.text import map_text

        return [map_text(board, self.domains_coat[seat]) for seat, board in enumerate(self.boards)]

    @property
    def b_seat(self) -> int:
        return 1 - self.a_seat

    def face_of(self, die: int) -> Face:
        """The face die ``die`` shows now, with the castle bonus cross when it has it."""
        face = DICE[die][self.faces[die]]
        if die == self.bonus_die:
            return Face(face.coat, face.crosses + CASTLE_BONUS_CROSSES)
        return face

    def has_power(self, seat: int, coat: int) -> bool:
        """Whether ``seat`` gained the power of ``coat``'s line and has not used it."""
        return self.owner[coat] == seat and not self.used[coat]

    def legal_actions(self) -> list[int]:
        phase, game = self.phase, self.game
        if phase == TURN:
            actions = self._pre_actions() if not self.acted else []
            placements = self._die_placements() if self.split_mode else self._draw_placements()
            return actions + (placements or [game.pass_action])
        if phase == ROLL:
            return list(range(game.roll_base, game.roll_base + ALL_ROLLS))
        if phase == DRAFT_A:
            actions = [game.take_base + die for die in range(NUM_DICE)]
            if self.has_power(self.player, TAKE_TWO):
                actions += range(game.pair_base, game.bonus_base)
            return actions
        if phase == DRAFT_B:
            left = [die for die in range(NUM_DICE) if die not in self.taken]
            return [game.pair_action(a, b) for i, a in enumerate(left) for b in left[i + 1 :]]
        if phase == JOKER_COAT:
            return [game.coat_base + coat for coat in self._joker_coats()]
        if phase == RESOLVE:
            seat, coat = self.pending[0]
            if coat == DOMAINS:
                return list(range(game.domains_base, game.domains_base + NUM_COATS))
            drawn = self.boards[seat].occupied
            return [game.cross_base + SQUARE_OF_BIT[1 << i] for i in bit_indices(drawn)] or [game.pass_action]
        return []

    def _pre_actions(self) -> list[int]:
        game, seat = self.game, self.player
        actions = []
        if not self.castle_used[seat]:
            actions += [game.bonus_base + die for die in self.held[seat]]
        if self.has_power(seat, TURN_DIE):
            for die in self.held[seat]:
                base = game.turn_base + die * FACES_PER_DIE
                actions += [base + face for face in range(FACES_PER_DIE) if face != self.faces[die]]
        if self.has_power(seat, IGNORE_CONNECTION):
            actions.append(game.free_action)
        if self.has_power(seat, SPLIT):
            actions.append(game.split_action)
        return actions

    def _touch(self, board: Board, coat: int) -> int:
        """Squares where a symbol of ``coat`` (or "?") satisfies the connection rules.

        Only the castle and squares drawn on a previous turn connect (seed 003), so the first
        die of a split domino (in ``turn_partners``) does not connect the second.
        """
        if self.free_mode:
            return GRID.valid
        earlier = self.turn_partners
        return board.connects_any(earlier) if coat == JOKER else board.connects(coat, earlier)

    def _draw_placements(self) -> list[int]:
        board = self.boards[self.player]
        first, second = self.held[self.player]
        face1, face2 = self.face_of(first), self.face_of(second)
        masks = GRID.placement_masks(
            board.free(), self._touch(board, face1.coat), self._touch(board, face2.coat), face1 == face2
        )
        codes = []
        for code_of_length, mask in zip(self.game.draw_code_of_length, masks):
            while mask:
                low = mask & -mask
                codes.append(code_of_length[low.bit_length()])
                mask ^= low
        return codes

    def _die_placements(self) -> list[int]:
        board = self.boards[self.player]
        free = board.free()
        codes = []
        for die in self.undrawn:
            mask = free & self._touch(board, self.face_of(die).coat)
            code_of_length = self.game.die_code_of_length[die]
            while mask:
                low = mask & -mask
                codes.append(code_of_length[low.bit_length()])
                mask ^= low
        return codes

    def _neighbour_coats(self, bit: int) -> list[int]:
        """Coats of arms next to ``bit`` already in the kingdom (not drawn by the same action)."""
        board = self.boards[self.player]
        around = GRID.spread(bit) & ~self.turn_partners
        return [coat for coat, mask in enumerate(board.coats) if mask & around]

    def _joker_coats(self) -> list[int]:
        """Coats the next "?" may become while keeping the drawing legal."""
        if not self.joker_needs:
            return list(range(NUM_COATS))
        if any(self._neighbour_coats(other) for other in self.jokers[1:]):
            return list(range(NUM_COATS))
        return self._neighbour_coats(self.jokers[0])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(self.game.roll_outcomes)
        return []

    def chance_factors(self) -> tuple[int, ...] | None:
        """A roll is one face of each die, the dice in order (see ``DuelGame.roll_action``)."""
        return _ROLL_FACTORS if self.phase == ROLL else None

    def chance_key(self) -> str:
        """The round's one roll of the four dice."""
        return f"dice {self.round}"

    def sample_chance(self, rng: random.Random) -> int:
        if self.phase != ROLL:
            raise self.not_chance()
        return self.game.roll_base + int(rng.random() * ALL_ROLLS)

    # --- protocol: applying actions ------------------------------------------------------------

    def apply_unchecked(self, action: int) -> None:
        game = self.game
        phase = self.phase
        if phase == TURN:
            if action >= game.draw_base:
                if action < game.die_base:
                    self._apply_draw(action - game.draw_base)
                elif action < game.pass_action:
                    self._apply_die(*divmod(action - game.die_base, NUM_SQUARES))
                else:
                    if game.pass_fills_spellbook:
                        self._fill_undrawn()
                    self._end_turn()
            elif action < game.turn_base:
                self.bonus_die = action - game.bonus_base
                self.castle_used[self.player] = True
            elif action < game.free_action:
                die, face = divmod(action - game.turn_base, FACES_PER_DIE)
                self.faces[die] = face
                self.used[TURN_DIE] = True
            elif action == game.free_action:
                self.free_mode = True
                self.used[IGNORE_CONNECTION] = True
            else:
                self.split_mode = True
                self.used[SPLIT] = True
        elif phase == ROLL:
            self.faces = game.roll_faces(action)
            self.phase = DRAFT_A
            self.player = self.a_seat
        elif phase == DRAFT_A:
            if action < game.pair_base:
                self.taken = [action - game.take_base]
                self.phase = DRAFT_B
                self.player = self.b_seat
            else:
                self.used[TAKE_TWO] = True
                pair = list(_pair(game, action))
                self.held[self.a_seat] = pair
                self.held[self.b_seat] = [d for d in range(NUM_DICE) if d not in pair]
                self._start_turn(self.a_seat)
        elif phase == DRAFT_B:
            pair = list(_pair(game, action))
            self.held[self.b_seat] = pair
            self.held[self.a_seat] = sorted(d for d in range(NUM_DICE) if d not in pair)
            self._start_turn(self.a_seat)
        elif phase == JOKER_COAT:
            self._apply_coat(action - game.coat_base)
        elif phase == RESOLVE:
            seat, coat = self.pending.pop(0)
            if coat == DOMAINS:
                self.domains_coat[seat] = action - game.domains_base
            elif action != game.pass_action:
                self.boards[seat].add_crosses(SQUARE_BITS[action - game.cross_base], ADDED_CROSSES)
            self.used[coat] = True
            self._continue_resolving()

    def _start_turn(self, seat: int) -> None:
        self._reset_turn()
        self.undrawn = list(self.held[seat])
        self.phase = TURN
        self.player = seat

    def _draw_die(self, die: int, bit: int) -> None:
        """Put ``die`` on square ``bit``: its crosses now, its coat now or after the "?" choice."""
        board = self.boards[self.player]
        face = self.face_of(die)
        board.occupied |= bit
        if face.crosses:
            board.add_crosses(bit, face.crosses)
        if face.coat == JOKER:
            self.jokers.append(bit)
        else:
            board.coats[face.coat] |= bit
            if face.crosses == 0:
                self.round_fills[self.player].append(face.coat)
        self.undrawn.remove(die)

    def _fill_undrawn(self) -> None:
        """The dice the player holds but cannot draw fill the spellbook as drawn dice would
        (option ``pass_fills_spellbook``, seed 000): a coat without crosses fills, so a "?" and
        the die with the castle bonus cross never do."""
        for die in self.undrawn:
            face = self.face_of(die)
            if face.coat != JOKER and face.crosses == 0 and die != self.bonus_die:
                self.round_fills[self.player].append(face.coat)

    def _apply_draw(self, offset: int) -> None:
        squares = self.game.draw_squares[offset]
        assert squares is not None
        first_bit, second_bit = squares
        first, second = self.held[self.player]
        board = self.boards[self.player]
        face1, face2 = self.face_of(first), self.face_of(second)
        if not self.free_mode:
            joined = (first_bit | second_bit) & GRID.spread(CASTLE)
            joined = joined or (face1.coat != JOKER and first_bit & board.connects(face1.coat))
            joined = joined or (face2.coat != JOKER and second_bit & board.connects(face2.coat))
            self.joker_needs = not joined
        self.turn_partners = first_bit | second_bit
        self._draw_die(first, first_bit)
        self._draw_die(second, second_bit)
        self.drew[self.player] = True
        self.acted = True
        self._after_drawing()

    def _apply_die(self, die: int, square: int) -> None:
        bit = SQUARE_BITS[square]
        near_castle = bit & GRID.spread(CASTLE)
        self.joker_needs = self.face_of(die).coat == JOKER and not self.free_mode and not near_castle
        self.turn_partners |= bit
        self._draw_die(die, bit)
        self.drew[self.player] = True
        self.acted = True
        self._after_drawing()

    def _after_drawing(self) -> None:
        if self.jokers:
            self.phase = JOKER_COAT
        elif self.split_mode and self.undrawn:
            self.phase = TURN
        else:
            self._end_turn()

    def _apply_coat(self, coat: int) -> None:
        bit = self.jokers.pop(0)
        if self.joker_needs and coat in self._neighbour_coats(bit):
            self.joker_needs = False
        self.boards[self.player].coats[coat] |= bit
        self._after_drawing()

    def _end_turn(self) -> None:
        if self.player == self.a_seat:
            self._start_turn(self.b_seat)
            return
        self._reset_turn()
        for seat in (self.a_seat, self.b_seat):
            line_fills = self.fills[seat]
            for coat in self.round_fills[seat]:
                if self.owner[coat] != NOBODY:
                    continue
                line_fills[coat] += 1
                if line_fills[coat] >= LINE_LENGTH[coat]:
                    self.owner[coat] = seat
                    if POWERS[POWER_OF_COAT[coat]]["lightning"]:
                        self.pending.append((seat, coat))
        self._continue_resolving()

    def _continue_resolving(self) -> None:
        if self.pending:
            self.phase = RESOLVE
            self.player = self.pending[0][0]
            return
        if not any(self.drew) or any(board.is_full() for board in self.boards):
            self.phase = OVER
            self.player = TERMINAL
            return
        self.round += 1
        self.a_seat = 1 - self.a_seat
        self.drew = [False, False]
        self.round_fills = [[], []]
        self.held = [[], []]
        self.taken = []
        self.phase = ROLL
        self.player = CHANCE

    def clone(self) -> DuelState:
        other = DuelState.__new__(DuelState)
        other.game = self.game
        other.boards = [board.copy() for board in self.boards]
        other.round = self.round
        other.a_seat = self.a_seat
        other.phase = self.phase
        other.player = self.player
        other.faces = self.faces.copy()
        other.taken = self.taken.copy()
        other.held = [self.held[0].copy(), self.held[1].copy()]
        other.castle_used = self.castle_used.copy()
        other.owner = self.owner.copy()
        other.used = self.used.copy()
        other.fills = [self.fills[0].copy(), self.fills[1].copy()]
        other.domains_coat = self.domains_coat.copy()
        other.drew = self.drew.copy()
        other.round_fills = [self.round_fills[0].copy(), self.round_fills[1].copy()]
        other.pending = self.pending.copy()
        other.bonus_die = self.bonus_die
        other.free_mode = self.free_mode
        other.split_mode = self.split_mode
        other.acted = self.acted
        other.undrawn = self.undrawn.copy()
        other.jokers = self.jokers.copy()
        other.turn_partners = self.turn_partners
        other.joker_needs = self.joker_needs
        return other

    # --- checking actions ---------------------------------------------------------------------

    def parse_action(self, text: str) -> int:
        """Parse ``text``; a domino of two identical faces also accepts its W/N spellings."""
        game = self.game
        action = game.parse_action(text)
        if self.phase == TURN and game.draw_base <= action < game.die_base and action % 4 >= 2:
            first, second = self.held[self.player]
            if self.face_of(first) == self.face_of(second):
                squares = game.draw_squares[action - game.draw_base]
                assert squares is not None
                mirrored = SQUARE_OF_BIT[squares[1]] * 4 + (action - game.draw_base) % 4 - 2
                return game.draw_base + mirrored
        return action

    def illegal_reason(self, action: int) -> str | None:
        game = self.game
        if self.phase == OVER:
            return "the game is over"
        if not 0 <= action < game.num_actions:
            return f"action code {action} is outside 0..{game.num_actions - 1}"
        legal = self.legal_actions()
        if action in legal:
            return None
        try:
            text = repr(game.action_text(action))
        except GameError:
            text = f"action {action}"
        expected = ", ".join(game.action_text(a) for a in legal[:8])
        expected += f" (and {len(legal) - 8} more)" if len(legal) > 8 else ""
        why = self._why_not(action)
        return f"{text}: {why}; expected {expected}"

    def refusal(self, action: int) -> Refusal | None:
        """A drawing refused on the map names its rule (``duel_draw``, ``duel_die``), a die taken
        already (``die_taken``), alone by player B (``take_pair``) or while the seat draws
        (``draw_held_dice``) too; any other refusal is ``other``."""
        if self.illegal_reason(action) is None:
            return None
        return self._refused(action)[0]

    def _why_not(self, action: int) -> str:
        return self._refused(action)[1]

    def _refused(self, action: int) -> tuple[Refusal, str]:
        """Why an illegal ``action`` is refused: named for a page, and in English for the API."""
        game, phase, seat = self.game, self.phase, self.player
        other = Refusal("other")
        if phase == ROLL:
            return other, "the dice are rolled now (a chance step)"
        if phase in (DRAFT_A, DRAFT_B):
            role = "A" if phase == DRAFT_A else "B"
            if game.pair_base <= action < game.bonus_base and phase == DRAFT_A:
                return other, "player A takes 2 dice only with the 'take 2 dice' power"
            if game.take_base <= action < game.pair_base and action - game.take_base in self.taken:
                die = action - game.take_base + 1
                return Refusal("die_taken", {"die": die}), f"die {die} is taken already"
            if game.take_base <= action < game.pair_base and phase == DRAFT_B:
                return Refusal("take_pair"), "player B takes the two dice of a pair at once ('take D+D')"
            if game.take_base <= action < game.bonus_base:
                return other, f"player {role} (seat {seat}) may not take that now"
            return other, f"player {role} (seat {seat}) picks dice now"
        if phase == JOKER_COAT:
            if game.coat_base <= action < game.domains_base:
                return other, 'that coat of arms would leave the drawing unconnected; the "?" must connect it'
            return other, "the coat of arms of the \"?\" just drawn is chosen now ('coat K')"
        if phase == RESOLVE:
            return other, "a lightning power is resolved now ('domains K' or 'cross ROW,COL')"
        if game.take_base <= action < game.bonus_base:
            return Refusal(
                "draw_held_dice"
            ), "the dice are taken at the start of a round; now draw the dice you hold"
        if game.bonus_base <= action < game.turn_base:
            if self.castle_used[seat]:
                return other, "the castle bonus is used once per game and already was"
            return other, "the castle bonus goes on one of your two dice, before drawing"
        if game.turn_base <= action < game.split_action + 1:
            return other, "you have not gained that power, already used it, or have drawn already"
        if action == game.pass_action:
            return other, "a legal drawing exists, so you must draw"
        if game.die_base <= action < game.pass_action and not self.split_mode:
            return other, "a die is drawn alone only with the 'split the domino' power ('power split' first)"
        if game.draw_base <= action < game.die_base and self.split_mode:
            return other, "with the split domino, draw each die alone ('die D ROW,COL')"
        if game.die_base <= action < game.pass_action:
            return Refusal("duel_die"), (
                "the square must be empty and on the map, and the die must touch the castle or the same "
                "coat of arms drawn on a previous turn (not the other die of this split)"
            )
        if game.draw_base <= action < game.pass_action:
            return Refusal("duel_draw"), (
                "both squares must be empty and on the map, and one symbol must touch the castle or "
                "the same coat of arms (unless you use the power that ignores this)"
            )
        return other, "that is not a move of this phase"

    # --- scores -------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [self._score(seat) for seat in (0, 1)]

    def _score(self, seat: int) -> int:
        return map_score(self.boards[seat], self.domains_coat[seat])

    def tie_break(self, seat: int) -> tuple[int, ...]:
        """The largest domain."""
        return (self.boards[seat].largest_domain(),)

    def score_sheet(self, player: int) -> ScoreSheet:
        check_seat(self.game.num_players, player, allow_none=False)
        coat = self.domains_coat[player]
        return score_sheet(self.boards[player], None if coat == NOBODY else coat)

    # --- what players see -----------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        game = self.game
        check_seat(game.num_players, seat)
        legal = self.legal_actions() if seat is not None and seat == self.player else []
        show_dice = self.phase not in (ROLL, OVER)
        return {
            "game": game.name,
            "options": game.options,
            "players": 2,
            "seat": seat,
            "phase": self.phase_name,
            "current_player": self.player,
            "round": self.round,
            "player_a": self.a_seat,
            "dice": [
                {
                    "die": die + 1,
                    "face": self.faces[die] + 1,
                    "coat": _coat_id(DICE[die][self.faces[die]].coat),
                    "crosses": DICE[die][self.faces[die]].crosses,
                    "holder": next((s for s in (0, 1) if die in self.held[s]), None),
                    "bonus": die == self.bonus_die,
                    # All six faces (public): what the "turn a die" power may show.
                    "faces": [{"coat": _coat_id(f.coat), "crosses": f.crosses} for f in DICE[die]],
                }
                for die in range(NUM_DICE)
            ]
            if show_dice
            else [],
            "taken_by_a": [d + 1 for d in self.taken],
            "maps": [board_json(board) for board in self.boards],
            "spellbook": [
                {
                    "coat": coat.id,
                    "length": LINE_LENGTH[coat.value],
                    "power": POWER_OF_COAT[coat.value],
                    "filled": [self.fills[0][coat.value], self.fills[1][coat.value]],
                    "owner": None if self.owner[coat.value] == NOBODY else self.owner[coat.value],
                    "used": self.used[coat.value],
                }
                for coat in COATS
            ],
            "castle_bonus_used": self.castle_used.copy(),
            "domains_coat": [_coat_id(c) if c != NOBODY else None for c in self.domains_coat],
            "turn": {
                "bonus_die": self.bonus_die + 1 if self.bonus_die != NOBODY else None,
                "ignore_connection": self.free_mode,
                "split": self.split_mode,
                "undrawn": [d + 1 for d in self.undrawn],
                "pending_coat": [square_text_of_bit(b) for b in self.jokers],
            },
            "pending_lightning": [{"seat": s, "power": POWER_OF_COAT[c]} for s, c in self.pending],
            "scores": self.scores(),
            "legend": LEGEND,
            "legal_actions": [game.action_text(a) for a in legal],
        }

    def describe_action(self, action: int) -> str:
        game, phase = self.game, self.phase
        who = f"seat {self.player}"
        if phase == ROLL:
            faces = game.roll_faces(action)
            return "roll: " + ", ".join(f"die {d + 1} {face_text(DICE[d][f])}" for d, f in enumerate(faces))
        if game.take_base <= action < game.bonus_base and phase in (DRAFT_A, DRAFT_B):
            dice = [action - game.take_base] if action < game.pair_base else list(_pair(game, action))
            words = " and ".join(f"die {d + 1} ({face_text(DICE[d][self.faces[d]])})" for d in dice)
            return f"{who} takes {words}"
        if phase == TURN:
            if game.bonus_base <= action < game.turn_base:
                return f"{who} uses the castle bonus: one more cross on die {action - game.bonus_base + 1}"
            if game.turn_base <= action < game.free_action:
                die, face = divmod(action - game.turn_base, FACES_PER_DIE)
                return f"{who} turns die {die + 1} to {face_text(DICE[die][face])} (power)"
            if action == game.free_action:
                return f"{who} ignores the connection rules this round (power)"
            if action == game.split_action:
                return f"{who} splits the domino this round (power)"
            if action == game.pass_action:
                return f"{who} cannot draw and draws nothing"
            if action < game.die_base:
                first, second = self.held[self.player]
                return (
                    f"{who} draws {face_text(self.face_of(first))} and {face_text(self.face_of(second))} "
                    f"at {game.action_text(action)[5:]}"
                )
            die, _ = divmod(action - game.die_base, NUM_SQUARES)
            return f"{who} draws {face_text(self.face_of(die))} alone at {game.action_text(action)[6:]}"
        if phase == JOKER_COAT:
            return f"{who} chooses {COATS[action - game.coat_base].id} for the question mark"
        if phase == RESOLVE:
            if action == game.pass_action:
                return f"{who} has no square for the extra cross"
            if action < game.cross_base:
                return (
                    f"{who} will score +{POINTS_PER_DOMAIN} per {COATS[action - game.domains_base].id} domain"
                )
            return f"{who} adds a cross at {game.action_text(action)[6:]}"
        return game.action_text(action)

    # --- greedy support -------------------------------------------------------------------------

    def score_gains(self) -> list[tuple[int, float]]:
        """Score gain of each action, with small heuristic values for the spellbook and the powers.

        Drawing: the points it adds (a "?" counted with its best coat) plus
        ``FILL_VALUE`` per spellbook square it fills. A bonus, a turned die or a
        power: how much it improves the best drawing, less ``POWER_RESERVE`` (a
        one-off is worth keeping for a better moment). Draft picks: the best
        drawing the dice allow (averaged over the die A gets last).
        """
        from kingdomino.games.duel.gains import score_gains

        return score_gains(self)

    def best_estimates(self) -> list[tuple[int, float]]:
        """The one-ply outlook of :mod:`kingdomino.games.duel.outlook`: the spellbook lines
        raced, the powers and the castle bonus kept for the largest domain (about 15 times
        slower than :meth:`score_gains`, so never in playouts)."""
        from kingdomino.games.duel.outlook import best_estimates

        return best_estimates(self)

    def expected_leads(self) -> list[float] | None:
        """Each seat's outlook less its opponent's (:func:`kingdomino.games.duel.outlook.value`)."""
        from kingdomino.games.duel.outlook import value

        lead = value(self, 0)
        return [lead, -lead]


#: Coat id -> letter, name and colour, for clients that draw maps.
LEGEND = {c.id: {"letter": c.letter, "name": c.name, "colour": c.colour} for c in COATS}


def _pair(game: DuelGame, action: int) -> tuple[int, int]:
    return PAIRS[action - game.pair_base]


def _coat_id(coat: int) -> str:
    return "?" if coat == JOKER else COATS[coat].id


def square_cells(mask: int) -> tuple[tuple[int, int], ...]:
    """Castle-relative ``(row, col)`` of each square of ``mask``."""
    return tuple((row - CASTLE_ROW, col - CASTLE_COL) for row, col in GRID.cells(mask))


def square_text_of_bit(bit: int) -> str:
    ((row, col),) = square_cells(bit)
    return f"{row},{col}"


def map_score(board: Board, domains_coat: int) -> int:
    """A map's score: its domains' points, plus the "+3 per domain" power of ``domains_coat``
    (``NOBODY``: none chosen)."""
    points = board.points()
    if domains_coat != NOBODY:
        points += POINTS_PER_DOMAIN * board.domain_count(domains_coat)
    return points


def domains_bonus(count: int, coat: int) -> Bonus:
    """The "+3 per domain" power's line: ``count`` domains of ``coat``, in words ("1 stripe domain
    x 3", "2 double dot domains x 3": it read "1 stripe domains x 3" and "2 double_dot domains x
    3"), and named for a page (``domains``: ``n``, ``coat``, ``points`` per domain).

    >>> domains_bonus(1, 2).name, domains_bonus(2, 1).name, domains_bonus(2, 1).points
    ('1 stripe domain x 3', '2 double dot domains x 3', 6)
    """
    domains = "domain" if count == 1 else "domains"
    name = f"{count} {COATS[coat].name.lower()} {domains} x {POINTS_PER_DOMAIN}"
    values: dict[str, int | str] = {"n": count, "coat": COATS[coat].id, "points": POINTS_PER_DOMAIN}
    return Bonus("domains", POINTS_PER_DOMAIN * count, name, values)


def score_sheet(board: Board, domains_coat: int | None) -> ScoreSheet:
    """Explain a map's score: every domain, the +3 per domain power when owned, the total."""
    domains = sorted(board.domains(), key=lambda d: (-d.points, -d.squares, d.coat))
    regions = tuple(
        RegionScore(COATS[d.coat].id, d.squares, d.crosses, d.points, square_cells(d.mask)) for d in domains
    )
    bonuses: list[Bonus] = []
    if domains_coat is not None:
        bonuses.append(domains_bonus(board.domain_count(domains_coat), domains_coat))
    total = sum(d.points for d in domains) + sum(bonus.points for bonus in bonuses)
    return ScoreSheet(regions, tuple(bonuses), total, (board.largest_domain(),))


def board_json(board: Board) -> dict[str, Any]:
    """A map as JSON: castle-relative squares with coat of arms and crosses."""
    squares = []
    for bit_index in bit_indices(board.occupied):
        bit = 1 << bit_index
        coat = board.coat_at(bit)
        ((row, col),) = square_cells(bit)
        squares.append(
            {
                "row": row,
                "col": col,
                "coat": _coat_id(coat) if coat is not None else "?",
                "crosses": board.crosses_at(bit),
            }
        )
    return {"squares": squares, "full": board.is_full()}


__all__ = ["DIRECTIONS", "DuelState", "board_json"]
