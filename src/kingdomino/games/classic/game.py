"""Kingdomino configurations and their action codes.

Action codes, in this fixed order (``G`` is the grid side, 9 for a 5x5 frame, 13 for 7x7):

===========================  =======================  ==============================
codes                        text                     meaning
===========================  =======================  ==============================
``0 .. G*G*4-1``             ``place R,C D``          first half on castle-relative
                                                      row R, column C; second half
                                                      one step D (E, S, W or N)
``discard``                  ``discard``              no legal placement: discard
``claim + n - 1``            ``claim N``              put your king on domino N
``draw + n - 1``             ``draw N``               chance: domino N is drawn
``king + p``                 ``king P``               chance: a king of seat P is
                                                      drawn to claim next (setup)
===========================  =======================  ==============================

>>> game = ClassicGame(players=4)
>>> game.parse_action("place 0,1 E")
164
>>> game.action_text(164)
'place 0,1 E'
>>> game.action_text(game.parse_action("claim 17"))
'claim 17'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kingdomino.core.game import GameError, OptionValue
from kingdomino.games.classic.components import (
    DYNASTY_GAMES,
    NUM_DOMINOES,
    SETUPS,
    frame_size,
)
from kingdomino.games.classic.kingdom import Geometry
from kingdomino.games.classic.state import ClassicState
from kingdomino.games.domino.codec import KINGDOM_TERMS, DominoGame
from kingdomino.games.domino.outlook import KINGDOMINO_OUTLOOK, OutlookWeights

#: Option names (as in records and ``--variant``) -> description.
VARIANTS = {
    "dynasty": "a match of 3 games; the total of the scores ranks",
    "middle_kingdom": "+10 when the castle is the centre of the kingdom",
    "harmony": "+5 when the kingdom is complete (frame full, nothing discarded)",
    "mighty_duel": "2 players, all 48 dominoes, 7x7 kingdoms",
}

_NUMBERED = re.compile(r"^(claim|draw|king)\s+(\d+)$")


class ClassicGame(DominoGame):
    """Kingdomino for 2-4 players with any combination of the variants."""

    name = "kingdomino"
    title = "Kingdomino"
    terms = KINGDOM_TERMS
    #: The weights of the engine's heuristic (``State.fast_estimates``); not a rule.
    outlook: OutlookWeights = KINGDOMINO_OUTLOOK

    def __init__(
        self,
        players: int = 4,
        *,
        dynasty: bool = False,
        middle_kingdom: bool = False,
        harmony: bool = False,
        mighty_duel: bool = False,
    ) -> None:
        if mighty_duel and players != 2:
            raise GameError(f"players: Mighty Duel is for exactly 2 players, got {players}", field="players")
        setup_key = "mighty_duel" if mighty_duel else str(players)
        if setup_key not in SETUPS:
            raise GameError(f"players: Kingdomino takes 2, 3 or 4 players, got {players}", field="players")
        setup = SETUPS[setup_key]
        self.num_players = players
        self.dynasty = dynasty
        self.middle_kingdom = middle_kingdom
        self.harmony = harmony
        self.mighty_duel = mighty_duel
        self.kings_per_player = setup["kings_per_player"]
        self.deck_size = setup["dominoes"]
        self.row_size = players * self.kings_per_player
        self.rounds = self.deck_size // self.row_size
        self.games_in_match = DYNASTY_GAMES if dynasty else 1
        self._use_frame(frame_size(mighty_duel))

    def _use_frame(self, frame: int) -> None:
        """Hold kingdoms to ``frame`` x ``frame`` and lay out the action codes for that grid."""
        self.frame = frame
        self.geometry = Geometry.of(frame)
        self.discard_action = self.geometry.num_placements
        self.claim_base = self.discard_action + 1
        self.draw_base = self.claim_base + NUM_DOMINOES
        self.king_base = self.draw_base + NUM_DOMINOES
        self.num_actions = self.king_base + self.num_players

    @property
    def values_key(self) -> tuple[object, ...]:
        """What a placement's heuristic value depends on besides the kingdom and the domino."""
        return (self.frame, self.middle_kingdom, self.harmony, self.outlook)

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, OptionValue]) -> ClassicGame:
        """Build from record/CLI options, refusing unknown names and non-boolean values."""
        flags: dict[str, bool] = {}
        for key, value in options.items():
            name = key.replace("-", "_")
            if name not in VARIANTS:
                known = ", ".join(sorted(VARIANTS))
                raise GameError(
                    f"options: unknown Kingdomino variant {key!r}; expected one of {known}", field="options"
                )
            if not isinstance(value, bool):
                raise GameError(
                    f"options.{key}: expected true or false, got {value!r}", field=f"options.{key}"
                )
            flags[name] = value
        return cls(players, **flags)

    @property
    def options(self) -> dict[str, OptionValue]:
        return {
            "dynasty": self.dynasty,
            "middle_kingdom": self.middle_kingdom,
            "harmony": self.harmony,
            "mighty_duel": self.mighty_duel,
        }

    def new_initial_state(self) -> ClassicState:
        return ClassicState(self)

    # --- action codec ----------------------------------------------------------------------

    def claim_action(self, number: int) -> int:
        return self.claim_base + number - 1

    def draw_action(self, number: int) -> int:
        return self.draw_base + number - 1

    def king_action(self, seat: int) -> int:
        return self.king_base + seat

    def action_text(self, action: int) -> str:
        text = self._placement_text(action)
        if text is not None:
            return text
        if action < self.draw_base:
            return f"claim {action - self.claim_base + 1}"
        if action < self.king_base:
            return f"draw {action - self.draw_base + 1}"
        return f"king {action - self.king_base}"

    def parse_action(self, text: str) -> int:
        cleaned = " ".join(text.strip().split()).lower()
        if cleaned == "discard":
            return self.discard_action
        code = self._parse_placement(cleaned, text)
        if code is not None:
            return code
        match = _NUMBERED.match(cleaned)
        if match:
            kind, value = match[1], int(match[2])
            if kind == "king":
                if not 0 <= value < self.num_players:
                    raise GameError(f"{text!r}: seat must be 0..{self.num_players - 1}")
                return self.king_action(value)
            if not 1 <= value <= NUM_DOMINOES:
                raise GameError(f"{text!r}: domino number must be 1..{NUM_DOMINOES}")
            return self.claim_action(value) if kind == "claim" else self.draw_action(value)
        raise GameError(
            f"{text!r} is not an action; expected 'place ROW,COL DIR' (DIR one of E, S, W, N), "
            "'discard', 'claim N', 'draw N' or 'king SEAT'"
        )
