"""Placement and discard action codes, as text: written and read the same way by both games.

Classic Kingdomino and Kingdomino Origins number their actions alike from the
start: ``0 .. G*G*4-1`` are placements (``place R,C D``), then ``discard``.
:class:`DominoGame` writes and reads that part; each game codes the rest (claims,
draws, and in Origins fires, totems, cavemen). The words that differ between the
games in error messages come from :class:`Terms`.

>>> from kingdomino.games.domino.geometry import Geometry
>>> parse_placement(Geometry.of(5), 0, 1, "east", "place 0,1 east", KINGDOM_TERMS)
164
"""

from __future__ import annotations

import re
from typing import ClassVar, NamedTuple

from kingdomino.core.game import Game, GameError, Refusal
from kingdomino.core.grid import DIRECTIONS
from kingdomino.games.domino.geometry import Geometry
from kingdomino.games.domino.outlook import OutlookWeights

PLACE_PATTERN = re.compile(r"^place\s+(-?\d+)\s*,\s*(-?\d+)\s+([A-Za-z]+)$")
DIRECTION_WORDS = {"east": "E", "south": "S", "west": "W", "north": "N"}


class Terms(NamedTuple):
    """How a game names its kingdom and its centre square in messages."""

    realm: str
    centre: str


KINGDOM_TERMS = Terms("kingdom", "castle")
TERRITORY_TERMS = Terms("territory", "hut")


def square_cell(geometry: Geometry, row: int, col: int, text: str, terms: Terms) -> int:
    """Grid cell (``row * side + col``) of a centre-relative square; refuse one off the grid."""
    reach = geometry.centre
    if not (-reach <= row <= reach and -reach <= col <= reach):
        raise GameError(
            f"{text!r}: square {row},{col} is outside the {terms.realm} grid "
            f"(rows and columns -{reach}..{reach} around the {terms.centre})",
            Refusal("outside_grid"),
        )
    return (row + reach) * geometry.side + col + reach


def parse_placement(geometry: Geometry, row: int, col: int, word: str, text: str, terms: Terms) -> int:
    """Placement code of the first half on ``row,col`` and the second one step ``word``."""
    direction = DIRECTION_WORDS.get(word, word.upper())
    if direction not in DIRECTIONS:
        raise GameError(f"{text!r}: direction must be one of E, S, W, N, got {word!r}")
    dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[DIRECTIONS.index(direction)]
    for r, c in ((row, col), (row + dr, col + dc)):
        square_cell(geometry, r, c, text, terms)
    return geometry.placement_code(row, col, DIRECTIONS.index(direction))


class DominoGame(Game):
    """A game whose action codes start with the placements, then ``discard``."""

    #: Words for the kingdom and its centre in messages.
    terms: ClassVar[Terms]
    geometry: Geometry
    frame: int
    row_size: int
    discard_action: int
    claim_base: int
    #: First code of ``draw N`` and of drawing a king (Origins: a chief) of seat ``S``.
    draw_base: int
    king_base: int
    num_actions: int
    deck_size: int
    rounds: int
    #: The look-ahead weights of ``fast_estimates``.
    outlook: OutlookWeights

    @property
    def values_key(self) -> tuple[object, ...]:
        """What a placement's heuristic value depends on besides the kingdom and the domino."""
        raise NotImplementedError

    def is_placement(self, action: int) -> bool:
        return 0 <= action < self.discard_action

    def _placement_text(self, action: int) -> str | None:
        """Text of a placement or ``discard``; ``None`` for a later code; refuse a code out of range."""
        if not 0 <= action < self.num_actions:
            raise GameError(f"action code {action} is outside 0..{self.num_actions - 1}")
        if action < self.discard_action:
            if self.geometry.placements[action] is None:
                raise GameError(f"action code {action} puts a half outside the grid")
            return self.geometry.placement_text(action)
        if action == self.discard_action:
            return "discard"
        return None

    def _parse_placement(self, cleaned: str, text: str) -> int | None:
        """Code of ``cleaned`` (lower case, single spaces) if it reads ``place R,C D``, else ``None``."""
        match = PLACE_PATTERN.match(cleaned)
        if match is None:
            return None
        return parse_placement(self.geometry, int(match[1]), int(match[2]), match[3], text, self.terms)
