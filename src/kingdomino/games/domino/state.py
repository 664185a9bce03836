"""The row-of-dominoes part of a state, shared by classic Kingdomino and Kingdomino Origins.

Both games deal rows of dominoes from a lazy pool; kings (chiefs) claim dominoes of
the next row and then place them, in row order. :class:`DominoState` holds that
part (pool, rows, owners, acting slot, phase, player, discards) and the code that
only depends on it: cloning it, the acting player, the round, reading an action
(a domino with identical halves also accepts its W/N spellings), and why an action
is illegal: the common checks, a refused claim and a refused placement. The phases
both games share have the numbers below; each game numbers its own phases after them
(and its end, ``OVER``) and explains them in :meth:`DominoState._rule_reason`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import ClassVar

from kingdomino.core.game import CHANCE, GameError, Refusal, State
from kingdomino.core.grid import DIRECTIONS
from kingdomino.games.domino.codec import DominoGame
from kingdomino.games.domino.territory import DominoKingdom, DominoLike

#: A ``next_owner`` entry: no king (chief) stands on that domino yet.
FREE = -1

#: The phases both games share, by number (``DominoState.phase``): chance draws a domino of
#: the next row; chance draws a king (Origins: a chief) to claim; a seat claims; a seat places.
#: Module constants rather than class attributes: the flow reads them at every step, and a
#: global read is the cheaper one.
DRAW, KING, CLAIM, PLACE = range(4)
#: The first number a game may give a phase of its own.
FIRST_OWN_PHASE = 4


class DominoState(State):
    """Pool, rows, claims and the acting slot; the rules that only depend on them."""

    __slots__ = (
        "discarded",
        "drawn",
        "game",
        "kingdoms",
        "next_owner",
        "next_row",
        "phase",
        "player",
        "pool",
        "row",
        "row_owner",
        "slot",
        "unordered",
    )

    #: The game's last phase number (the game is over) and its phase names, set by each game.
    OVER: ClassVar[int]
    CHANCE_PHASES: ClassVar[tuple[int, ...]]
    PHASE_NAMES: ClassVar[tuple[str, ...]]
    #: What draws a domino to claim and place: "king" (Origins: "chief").
    KING_WORD: ClassVar[str]
    #: The game's dominoes by number.
    DOMINOES: ClassVar[Mapping[int, DominoLike]]

    game: DominoGame
    kingdoms: Sequence[DominoKingdom]
    row: list[int]
    row_owner: list[int]
    next_row: list[int]
    next_owner: list[int]
    pool: list[int]
    unordered: list[int]
    discarded: list[int]

    def _deal(self, kingdoms: Sequence[DominoKingdom], num_dominoes: int, kings_per_player: int) -> None:
        """Start a game: empty kingdoms, the full pool, no rows, chance to draw."""
        self.kingdoms = kingdoms
        self.pool = list(range(1, num_dominoes + 1))
        self.drawn = 0
        self.row = []
        self.row_owner = []
        self.next_row = []
        self.next_owner = []
        self.phase = DRAW
        self.slot = 0
        self.player = CHANCE
        self.unordered = [kings_per_player] * len(kingdoms)
        self.discarded = []

    def _clone_into(self, other: DominoState) -> None:
        """Copy the shared part into ``other`` (a bare ``__new__`` of the same class)."""
        other.game = self.game
        other.kingdoms = [k.copy() for k in self.kingdoms]
        other.pool = self.pool.copy()
        other.drawn = self.drawn
        other.row = self.row.copy()
        other.row_owner = self.row_owner.copy()
        other.next_row = self.next_row.copy()
        other.next_owner = self.next_owner.copy()
        other.phase = self.phase
        other.slot = self.slot
        other.player = self.player
        other.unordered = self.unordered.copy()
        other.discarded = self.discarded.copy()

    # --- who acts -------------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return self.player

    @property
    def phase_name(self) -> str:
        return self.PHASE_NAMES[self.phase]

    def stage(self) -> str:
        return f"round {self.round_number}, {self.phase_name}"

    @property
    def round_number(self) -> int:
        """1-based round being played (0 during the setup claims)."""
        if not self.row:
            return 0
        return (self.drawn - len(self.next_row)) // self.game.row_size

    def rounds_to_deal(self) -> int:
        """Rows of the deck still to be drawn in the game being played (0 once its last row is
        dealt; a Dynasty's next games are not counted)."""
        return (self.game.deck_size - self.drawn) // self.game.row_size

    def domino_to_place(self) -> int:
        """Number of the domino the acting king (chief) must place (``PLACE`` phase)."""
        return self.row[self.slot]

    def _begin_placing(self) -> None:
        self.slot = 0
        self.phase = PLACE
        self.player = self.row_owner[0]

    # --- checking actions ---------------------------------------------------------------------

    def parse_action(self, text: str) -> int:
        """Parse ``text``; a domino with identical halves also accepts its W/N spellings."""
        action = self.game.parse_action(text)
        if self.phase == PLACE and self.game.is_placement(action):
            domino = self.DOMINOES[self.row[self.slot]]
            if domino.first == domino.second and action % 4 >= 2:
                _, (row, col) = self.game.geometry.placement_squares(action)
                return self.game.geometry.placement_code(row, col, action % 4 - 2)
        return action

    def illegal_reason(self, action: int) -> str | None:
        game = self.game
        if self.phase == self.OVER:
            return "the game is over"
        if not 0 <= action < game.num_actions:
            return f"action code {action} is outside 0..{game.num_actions - 1}"
        if action in self.legal_actions():
            return None
        try:
            text = game.action_text(action)
        except GameError:
            text = f"action {action}"
        if self.phase in self.CHANCE_PHASES:
            return f"{text!r}: chance acts now; expected one of the outcomes {self._expected()}"
        return self._rule_reason(action, text)

    def _rule_reason(self, action: int, text: str) -> str:
        """Why ``action`` (written ``text``) is illegal for the seat to act; it is not legal."""
        if self.phase == PLACE:
            return self._placement_reason(action, text)
        if self.phase == CLAIM:
            return self._claim_reason(action, text, self.game.claim_base + len(self.DOMINOES))
        return self._own_rule_reason(action, text)

    def _own_rule_reason(self, action: int, text: str) -> str:
        """Why ``action`` is illegal in a phase the game adds."""
        return f"{text!r}: expected {self._expected()}"

    def _expected(self) -> str:
        texts = [self.game.action_text(a) for a in self.legal_actions()]
        return ", ".join(texts[:8]) + (f" (and {len(texts) - 8} more)" if len(texts) > 8 else "")

    def _claim_reason(self, action: int, text: str, claim_end: int) -> str:
        """Why a claim is refused; claim codes are ``claim_base .. claim_end - 1``."""
        return self._claim_refusal(action, text, claim_end)[1]

    def _claim_refusal(self, action: int, text: str, claim_end: int) -> tuple[Refusal, str]:
        """Why a claim is illegal: named for a page (``claim_taken``, ``claim_current_row``), and
        in English for the API."""
        claim_base = self.game.claim_base
        expected = f"expected {self._expected()}"
        if not claim_base <= action < claim_end:
            must = f"{text!r}: seat {self.player} must claim a domino of the next row now; {expected}"
            return Refusal("other"), must
        number = action - claim_base + 1
        if number not in self.next_row:
            placed_now = number in self.row
            refused = Refusal("claim_current_row", {"domino": number}) if placed_now else Refusal("other")
            return refused, f"{text!r}: domino {number} is not in the next row; {expected}"
        taken = f"{text!r}: domino {number} is already claimed; {expected}"
        return Refusal("claim_taken", {"domino": number}), taken

    def _is_claim(self, action: int) -> bool:
        return self.game.claim_base <= action < self.game.claim_base + len(self.DOMINOES)

    def refusal(self, action: int) -> Refusal | None:
        """A placement refused names its rule (``outside_grid``, ``taken``, ``taken_centre``, ``frame``,
        ``connect``, ``discard_placeable``), a claim too (``claim_taken``, ``claim_current_row``, and
        ``place_first`` while the seat's domino waits to be placed); any other refusal is ``other``."""
        if self.illegal_reason(action) is None:
            return None
        if self.phase == CLAIM and self._is_claim(action):
            text = self.game.action_text(action)
            return self._claim_refusal(action, text, self.game.claim_base + len(self.DOMINOES))[0]
        if self.phase == PLACE and self._is_claim(action) and self.next_row:
            return Refusal("place_first", {"domino": self.row[self.slot]})
        if self.phase != PLACE:
            return super().refusal(action)
        return self._placement_refusal(action, self.game.action_text(action))[0]

    def _placement_reason(self, action: int, text: str) -> str:
        """Why the acting seat may not discard, or place its domino as ``action``."""
        return self._placement_refusal(action, text)[1]

    def _placement_refusal(self, action: int, text: str) -> tuple[Refusal, str]:
        """Why a placement (or discard) is illegal: named for a page, and in English for the API."""
        game = self.game
        geometry = game.geometry
        terms = game.terms
        number = self.row[self.slot]
        if action == game.discard_action:
            return (
                Refusal("discard_placeable", {"domino": number}),
                f"'discard': domino {number} can be placed, so it may not be discarded",
            )
        if not game.is_placement(action):
            must = f"{text!r}: seat {self.player} must place domino {number} now ('place ROW,COL DIR')"
            return Refusal("other"), must
        placement = geometry.placements[action]
        if placement is None:
            return Refusal("outside_grid"), f"{text!r}: a half would fall outside the {terms.realm} grid"
        domino = self.DOMINOES[number]
        kingdom = self.kingdoms[self.player]
        if domino.first == domino.second and action % 4 >= 2:
            return Refusal("other"), f"{text!r}: domino {number} has identical halves; write it facing E or S"
        for bit, square in zip(
            (placement.first_bit, placement.second_bit), geometry.placement_squares(action)
        ):
            if kingdom.occupied & bit:
                centre = bit == geometry.castle
                what = f"the {terms.centre}" if centre else "a domino"
                return (
                    Refusal("taken_centre" if centre else "taken", {"row": square[0], "col": square[1]}),
                    f"{text!r}: square {square[0]},{square[1]} is already taken by {what}",
                )
        if (placement.first_bit | placement.second_bit) & ~kingdom.free():
            return (
                Refusal("frame", {"frame": game.frame}),
                f"{text!r}: the {terms.realm} would no longer fit in a {game.frame}x{game.frame} frame",
            )
        return (
            Refusal("connect", {"domino": number}),
            f"{text!r}: domino {self._domino_text(number)} must touch the {terms.centre} or put a half "
            "next to a square of the same terrain",
        )

    @staticmethod
    @abstractmethod
    def _domino_text(number: int) -> str:
        """Domino ``number`` with its halves, as the game writes it."""

    # --- describing actions ---------------------------------------------------------------------

    def _describe_place_or_claim(self, action: int) -> str | None:
        """How a placement, discard or claim reads in the log; ``None`` in other phases."""
        game = self.game
        who = f"seat {self.player}"
        if self.phase == PLACE:
            number = self.row[self.slot]
            if action == game.discard_action:
                return f"{who} discards {self._domino_text(number)} (no legal placement)"
            (row, col), _ = game.geometry.placement_squares(action)
            return f"{who} places {self._domino_text(number)} at {row},{col} facing {DIRECTIONS[action % 4]}"
        if self.phase == CLAIM:
            return f"{who} claims {self._domino_text(action - game.claim_base + 1)}"
        return None
