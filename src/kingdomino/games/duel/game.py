"""Kingdomino Duel: the configuration and its action codes.

Squares are written castle-relative, ``ROW,COL`` with the castle at ``0,0``
(rows -2..2 and columns -3..3 on the 5 x 7 map). Dice are numbered 1-4 and
faces 1-6 in the order of ``games/data/duel.json``. Action codes, in order:

================================  =====================================================
text                              meaning
================================  =====================================================
``roll A B C D``                  chance: dice 1-4 show faces A, B, C, D
``take D``                        draft: take die D
``take D+E``                      draft: take dice D and E (player B; player A with the
                                  "take 2 dice" power)
``bonus D``                       castle bonus: one more cross on your die D
``turn D F``                      power: turn your die D to its face F
``power ignore-connection``       power: draw this domino without the connection rules
``power split``                   power: draw your two dice separately
``draw R,C DIR``                  draw your lower-numbered die on R,C and the other one
                                  step DIR (E, S, W or N) from it
``die D R,C``                     split domino: draw die D alone on R,C
``pass``                          no legal drawing: draw nothing this round
``coat K``                        the "?" just drawn becomes coat of arms K
``domains K``                     lightning power: +3 per domain of coat K at the end
``cross R,C``                     lightning power: one more cross on square R,C
================================  =====================================================

>>> game = DuelGame()
>>> game.action_text(game.parse_action("draw 0,1 E"))
'draw 0,1 E'
>>> game.action_text(game.parse_action("roll 1 6 3 2"))
'roll 1 6 3 2'
>>> game.action_text(game.parse_action("coat stripe"))
'coat stripe'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kingdomino.core.game import Game, GameError, OptionValue, Refusal
from kingdomino.core.grid import DIRECTION_STEPS, DIRECTIONS
from kingdomino.games.duel.board import NUM_SQUARES, SQUARE_BITS
from kingdomino.games.duel.components import (
    CASTLE_COL,
    CASTLE_ROW,
    COAT_BY_ID,
    COATS,
    FACES_PER_DIE,
    MAP_COLS,
    MAP_ROWS,
    NUM_COATS,
    NUM_DICE,
    PAIRS,
)
from kingdomino.games.duel.state import DuelState

_SQUARE = r"(-?\d+)\s*,\s*(-?\d+)"
_PATTERNS = {
    "roll": re.compile(r"^roll\s+(\d)\s+(\d)\s+(\d)\s+(\d)$"),
    "take2": re.compile(r"^take\s+(\d)\s*\+\s*(\d)$"),
    "take": re.compile(r"^take\s+(\d)$"),
    "bonus": re.compile(r"^bonus\s+(\d)$"),
    "turn": re.compile(r"^turn\s+(\d)\s+(\d)$"),
    "draw": re.compile(rf"^draw\s+{_SQUARE}\s+([a-z]+)$"),
    "die": re.compile(rf"^die\s+(\d)\s+{_SQUARE}$"),
    "coat": re.compile(r"^coat\s+([a-z_]+)$"),
    "domains": re.compile(r"^domains\s+([a-z_]+)$"),
    "cross": re.compile(rf"^cross\s+{_SQUARE}$"),
}
_DIRECTION_WORDS = {"east": "e", "south": "s", "west": "w", "north": "n"}
EXPECTED = (
    "'roll A B C D', 'take D', 'take D+E', 'bonus D', 'turn D F', 'power ignore-connection', "
    "'power split', 'draw ROW,COL DIR', 'die D ROW,COL', 'pass', 'coat K', 'domains K' or 'cross ROW,COL'"
)


#: The Duel options: name -> what it changes (all off by default, which is ``RULES.md``).
OPTIONS = {
    "pass_fills_spellbook": (
        "a player who cannot draw a die still fills the spellbook with its coat of arms (seed 000)"
    ),
}


class DuelGame(Game):
    """Kingdomino Duel for exactly 2 players.

    ``pass_fills_spellbook`` (seed 000, "Важно": a player who cannot fill squares still does
    steps 1, 2 and 4): the dice a player holds but does not draw in a round fill the spellbook
    as drawn dice would. Off, only drawn dice fill it (``RULES.md``).
    """

    name = "duel"
    title = "Kingdomino Duel"
    num_players = 2

    def __init__(self, pass_fills_spellbook: bool = False) -> None:
        self.pass_fills_spellbook = pass_fills_spellbook
        self.roll_base = 0
        self.take_base: int = FACES_PER_DIE**NUM_DICE
        self.pair_base: int = self.take_base + NUM_DICE
        self.bonus_base: int = self.pair_base + len(PAIRS)
        self.turn_base: int = self.bonus_base + NUM_DICE
        self.free_action: int = self.turn_base + NUM_DICE * FACES_PER_DIE
        self.split_action: int = self.free_action + 1
        self.draw_base: int = self.split_action + 1
        self.die_base: int = self.draw_base + NUM_SQUARES * 4
        self.pass_action: int = self.die_base + NUM_DICE * NUM_SQUARES
        self.coat_base: int = self.pass_action + 1
        self.domains_base: int = self.coat_base + NUM_COATS
        self.cross_base: int = self.domains_base + NUM_COATS
        self.num_actions: int = self.cross_base + NUM_SQUARES
        rolls = FACES_PER_DIE**NUM_DICE
        #: Every roll of the dice with its probability (a roll's chance outcomes, made once).
        self.roll_outcomes: tuple[tuple[int, float], ...] = tuple(
            (self.roll_base + code, 1.0 / rolls) for code in range(rolls)
        )
        #: Draw code offset (square * 4 + direction) -> the bits of the two squares, or None.
        self.draw_squares: list[tuple[int, int] | None] = []
        for square in range(NUM_SQUARES):
            row, col = divmod(square, MAP_COLS)
            for dr, dc in DIRECTION_STEPS:
                r2, c2 = row + dr, col + dc
                inside = 0 <= r2 < MAP_ROWS and 0 <= c2 < MAP_COLS
                self.draw_squares.append(
                    (SQUARE_BITS[square], SQUARE_BITS[r2 * MAP_COLS + c2]) if inside else None
                )
        #: Per direction (per die): ``bit_length`` of a square's bit -> the draw (die) code there.
        longest = max(SQUARE_BITS).bit_length() + 1
        self.draw_code_of_length = [[0] * longest for _ in DIRECTIONS]
        self.die_code_of_length = [[0] * longest for _ in range(NUM_DICE)]
        for square, bit in enumerate(SQUARE_BITS):
            for direction in range(len(DIRECTIONS)):
                self.draw_code_of_length[direction][bit.bit_length()] = self.draw_action(square, direction)
            for die in range(NUM_DICE):
                self.die_code_of_length[die][bit.bit_length()] = self.die_action(die, square)

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, OptionValue]) -> DuelGame:
        if players != 2:
            raise GameError(
                f"players: Kingdomino Duel is for exactly 2 players, got {players}", field="players"
            )
        unknown = sorted(key for key in options if key.replace("-", "_") not in OPTIONS)
        if unknown:
            known = ", ".join(sorted(OPTIONS))
            raise GameError(
                f"options: Kingdomino Duel has no variants, got {', '.join(unknown)}; "
                f"its one optional rule is {known}",
                field="options",
            )
        values: dict[str, bool] = {}
        for key, value in options.items():
            if not isinstance(value, bool):
                raise GameError(
                    f"options.{key}: expected true or false, got {value!r}", field=f"options.{key}"
                )
            values[key.replace("-", "_")] = value
        return cls(pass_fills_spellbook=values.get("pass_fills_spellbook", False))

    @property
    def options(self) -> dict[str, OptionValue]:
        """The options that are on (none by default), as records and views carry them."""
        return {"pass_fills_spellbook": True} if self.pass_fills_spellbook else {}

    def new_initial_state(self) -> DuelState:
        return DuelState(self)

    # --- codec -----------------------------------------------------------------------------

    def roll_action(self, faces: tuple[int, ...]) -> int:
        code = 0
        for face in faces:
            code = code * FACES_PER_DIE + face
        return self.roll_base + code

    def roll_faces(self, action: int) -> list[int]:
        code = action - self.roll_base
        faces = []
        for _ in range(NUM_DICE):
            code, face = divmod(code, FACES_PER_DIE)
            faces.append(face)
        return faces[::-1]

    def pair_action(self, first: int, second: int) -> int:
        return self.pair_base + PAIRS.index((min(first, second), max(first, second)))

    def draw_action(self, square: int, direction: int) -> int:
        return self.draw_base + square * 4 + direction

    def die_action(self, die: int, square: int) -> int:
        return self.die_base + die * NUM_SQUARES + square

    def action_text(self, action: int) -> str:
        if not 0 <= action < self.num_actions:
            raise GameError(f"action code {action} is outside 0..{self.num_actions - 1}")
        if action < self.take_base:
            return "roll " + " ".join(str(face + 1) for face in self.roll_faces(action))
        if action < self.pair_base:
            return f"take {action - self.take_base + 1}"
        if action < self.bonus_base:
            first, second = PAIRS[action - self.pair_base]
            return f"take {first + 1}+{second + 1}"
        if action < self.turn_base:
            return f"bonus {action - self.bonus_base + 1}"
        if action < self.free_action:
            die, face = divmod(action - self.turn_base, FACES_PER_DIE)
            return f"turn {die + 1} {face + 1}"
        if action == self.free_action:
            return "power ignore-connection"
        if action == self.split_action:
            return "power split"
        if action < self.die_base:
            offset = action - self.draw_base
            if self.draw_squares[offset] is None:
                raise GameError(f"action code {action} draws a die outside the map")
            return f"draw {square_text(offset // 4)} {DIRECTIONS[offset % 4]}"
        if action < self.pass_action:
            die, square = divmod(action - self.die_base, NUM_SQUARES)
            return f"die {die + 1} {square_text(square)}"
        if action == self.pass_action:
            return "pass"
        if action < self.domains_base:
            return f"coat {COATS[action - self.coat_base].id}"
        if action < self.cross_base:
            return f"domains {COATS[action - self.domains_base].id}"
        return f"cross {square_text(action - self.cross_base)}"

    def parse_action(self, text: str) -> int:
        cleaned = " ".join(text.strip().split()).lower()
        if cleaned == "pass":
            return self.pass_action
        if cleaned in ("power ignore-connection", "power ignore_connection"):
            return self.free_action
        if cleaned == "power split":
            return self.split_action
        for kind, pattern in _PATTERNS.items():
            match = pattern.match(cleaned)
            if match:
                return self._parse(kind, match.groups(), text)
        raise GameError(f"{text!r} is not a Duel action; expected {EXPECTED}")

    def _parse(self, kind: str, groups: tuple[str, ...], text: str) -> int:
        if kind == "roll":
            faces = tuple(_number(g, 1, FACES_PER_DIE, "face", text) - 1 for g in groups)
            return self.roll_action(faces)
        if kind == "take":
            return self.take_base + _number(groups[0], 1, NUM_DICE, "die", text) - 1
        if kind == "take2":
            first, second = (_number(g, 1, NUM_DICE, "die", text) - 1 for g in groups)
            if first == second:
                raise GameError(f"{text!r}: the two dice must be different")
            return self.pair_action(first, second)
        if kind == "bonus":
            return self.bonus_base + _number(groups[0], 1, NUM_DICE, "die", text) - 1
        if kind == "turn":
            die = _number(groups[0], 1, NUM_DICE, "die", text) - 1
            face = _number(groups[1], 1, FACES_PER_DIE, "face", text) - 1
            return self.turn_base + die * FACES_PER_DIE + face
        if kind == "draw":
            square = parse_square(groups[0], groups[1], text)
            word = _DIRECTION_WORDS.get(groups[2], groups[2]).upper()
            if word not in DIRECTIONS:
                raise GameError(f"{text!r}: direction must be one of E, S, W, N, got {groups[2]!r}")
            direction = DIRECTIONS.index(word)
            if self.draw_squares[square * 4 + direction] is None:
                off = f"{text!r}: the second die would fall outside the map"
                raise GameError(off, Refusal("outside_grid"))
            return self.draw_action(square, direction)
        if kind == "die":
            die = _number(groups[0], 1, NUM_DICE, "die", text) - 1
            return self.die_action(die, parse_square(groups[1], groups[2], text))
        if kind in ("coat", "domains"):
            coat = COAT_BY_ID.get(groups[0])
            if coat is None:
                known = ", ".join(c.id for c in COATS)
                raise GameError(f"{text!r}: unknown coat of arms {groups[0]!r}; expected one of {known}")
            return (self.coat_base if kind == "coat" else self.domains_base) + coat.value
        return self.cross_base + parse_square(groups[0], groups[1], text)


def square_text(square: int) -> str:
    """Castle-relative ``ROW,COL`` of a square number."""
    row, col = divmod(square, MAP_COLS)
    return f"{row - CASTLE_ROW},{col - CASTLE_COL}"


def parse_square(row_text: str, col_text: str, text: str) -> int:
    """Square number of castle-relative ``row,col``; a square off the map is refused."""
    row, col = int(row_text) + CASTLE_ROW, int(col_text) + CASTLE_COL
    if not (0 <= row < MAP_ROWS and 0 <= col < MAP_COLS):
        raise GameError(
            f"{text!r}: square {row_text},{col_text} is off the map (rows {-CASTLE_ROW}.."
            f"{MAP_ROWS - 1 - CASTLE_ROW}, columns {-CASTLE_COL}..{MAP_COLS - 1 - CASTLE_COL})"
        )
    return row * MAP_COLS + col


def _number(value: str, low: int, high: int, what: str, text: str) -> int:
    number = int(value)
    if not low <= number <= high:
        raise GameError(f"{text!r}: {what} must be {low}..{high}, got {number}")
    return number
