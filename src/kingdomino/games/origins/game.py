"""Kingdomino Origins configurations, their options and their action codes.

Options (records, ``--variant``; RULES.md "Kingdomino Origins" and the choices below):

=================  ==============  ===========================================================
option             values          meaning
=================  ==============  ===========================================================
``mode``           ``discovery``,  Discovery (fires only), Totem (resources, totems) or Tribe
                   ``totem``,      (resources, cavemen)
                   ``tribe``
``fire_kingdom``   bool            +10 when the hut is the centre of the territory
``homo_habilis``   bool            +5 when the territory is complete (full, nothing discarded)
``totem_tie``      ``keep``,       a totem holder *tied* for the lead keeps the totem (``keep``,
                   ``choose``      default), or chooses among all tied leaders, itself
                                   included (``choose``). RULES.md only says that a holder who
                                   has *lost* the lead chooses among tied new leaders.
``final_recruit``  bool            Tribe: may a player also recruit after placing in the last
                                   round, when there is no domino to claim? Default false:
                                   recruiting follows a claim (RULES.md), and the cave is
                                   not refilled for the last round.
=================  ==============  ===========================================================

Action codes, in this fixed order (``G`` is the grid side, 9 for a 5x5 frame, 13 for 7x7;
squares are written hut-relative, ``R,C``, row then column):

=========================  ==================================================================
text                       meaning
=========================  ==================================================================
``place R,C D``            first half on square R,C; second half one step D (E, S, W, N)
``discard``                no legal placement: the domino is discarded
``claim N``                put the chief on domino N of the next row
``claim 1+4``/``2+3``      2 players, very first claim: positions 1 and 4 (or 2 and 3)
                           of the first row; the other player gets the other two
``fire R,C``               take the volcano's fire marker and put it on square R,C
``no-fire``                leave the marker in the supply
``fire-to-box``            take the marker although no square can receive it: it goes
                           back to the box (legal only when no square can receive it)
``totem S``                the holder of a totem hands it to seat S (tie for the lead)
``recruit K``              recruit the face-up caveman of cave slot K (1-4), paying 2
``recruit-stack ID``       recruit caveman kind ID (e.g. ``hunter``) from the face-down
                           stack, paying 4
``no-recruit``             do not recruit this turn
``pay R,C``                pay the resource on square R,C (kinds must all differ)
``caveman R,C``            put the recruited caveman on square R,C
``draw N``                 chance: domino N is drawn
``chief S``                chance: a chief of seat S is drawn to claim next (setup)
``reveal ID``              chance: a caveman of kind ID is turned face up from the stack
=========================  ==================================================================

>>> game = OriginsGame(players=4, mode="tribe")
>>> game.action_text(game.parse_action("place 0,1 E"))
'place 0,1 E'
>>> [game.action_text(game.parse_action(t)) for t in ("claim 2+3", "recruit-stack shaman", "fire -2,1")]
['claim 2+3', 'recruit-stack shaman', 'fire -2,1']
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from kingdomino.core.game import GameError, OptionValue
from kingdomino.games.domino.codec import TERRITORY_TERMS, DominoGame, square_cell
from kingdomino.games.domino.outlook import ORIGINS_OUTLOOK, OutlookWeights
from kingdomino.games.origins.components import (
    CAVE_FACE_UP,
    CAVEMAN_BY_ID,
    CAVEMEN,
    NUM_CAVEMEN_KINDS,
    NUM_DOMINOES,
    ROW_SIZE,
    SETUPS,
)
from kingdomino.games.origins.kingdom import Geometry
from kingdomino.games.origins.state import OriginsState

MODES = ("discovery", "totem", "tribe")
TOTEM_TIES = ("keep", "choose")
#: Option name -> description (``kingdomino play --help`` and error messages).
OPTIONS = {
    "mode": "discovery, totem or tribe",
    "fire_kingdom": "+10 when the hut is the centre of the territory",
    "homo_habilis": "+5 when the territory is complete (full, nothing discarded)",
    "totem_tie": "keep (a tied holder keeps its totem) or choose (it picks among the tied leaders)",
    "final_recruit": "Tribe: recruiting is also allowed after the last round's placement",
}
_BOOLEAN_OPTIONS = ("fire_kingdom", "homo_habilis", "final_recruit")

_SQUARE = re.compile(r"^(fire|pay|caveman)\s+(-?\d+)\s*,\s*(-?\d+)$")
_NUMBERED = re.compile(r"^(claim|draw|chief|totem|recruit)\s+(\d+)$")
_PAIR = re.compile(r"^claim\s+(\d+)\s*\+\s*(\d+)$")
_KIND = re.compile(r"^(recruit-stack|reveal)\s+([a-z0-9_]+)$")


class OriginsGame(DominoGame):
    """Kingdomino Origins for 2-4 players in one of its three modes, with the optional rules."""

    name = "origins"
    title = "Kingdomino Origins"
    terms = TERRITORY_TERMS
    #: The weights of the engine's heuristic (``State.fast_estimates``); not a rule.
    outlook: OutlookWeights = ORIGINS_OUTLOOK

    def __init__(
        self,
        players: int = 4,
        *,
        mode: str = "discovery",
        fire_kingdom: bool = False,
        homo_habilis: bool = False,
        totem_tie: str = "keep",
        final_recruit: bool = False,
    ) -> None:
        if str(players) not in SETUPS:
            raise GameError(
                f"players: Kingdomino Origins takes 2, 3 or 4 players, got {players}", field="players"
            )
        if mode not in MODES:
            raise GameError(
                f"options.mode: expected one of {', '.join(MODES)}, got {mode!r}", field="options.mode"
            )
        if totem_tie not in TOTEM_TIES:
            raise GameError(
                f"options.totem_tie: expected one of {', '.join(TOTEM_TIES)}, got {totem_tie!r}",
                field="options.totem_tie",
            )
        setup = SETUPS[str(players)]
        self.num_players = players
        self.mode = mode
        self.fire_kingdom = fire_kingdom
        self.homo_habilis = homo_habilis
        self.totem_tie = totem_tie
        self.final_recruit = final_recruit
        self.resources_on = mode != "discovery"
        self.totems_on = mode == "totem"
        self.tribe_on = mode == "tribe"
        self.chiefs_per_player: int = setup["chiefs_per_player"]
        self.deck_size: int = setup["dominoes"]
        self.row_size = ROW_SIZE
        self.rounds = self.deck_size // self.row_size
        self.frame: int = setup["frame"]
        self.first_pairs: list[tuple[int, ...]] = [tuple(p) for p in setup.get("first_claim_pairs", [])]
        self.geometry = Geometry.of(self.frame)
        side = self.geometry.side
        cells = side * side
        grid = self.geometry.grid
        #: Square code (``row * side + col`` on the grid) -> one-bit mask.
        self.cell_bits = [grid.bit(*divmod(cell, side)) for cell in range(cells)]
        #: ``bit_length`` of a one-bit mask -> square code.
        self.cell_of_bit_length = [b >> 2 for b in self.geometry.code_base_of_bit_length]
        self.discard_action = self.geometry.num_placements
        self.claim_base = self.discard_action + 1
        self.pair_base = self.claim_base + NUM_DOMINOES
        self.fire_base = self.pair_base + len(SETUPS["2"].get("first_claim_pairs", []))
        self.no_fire = self.fire_base + cells
        self.fire_to_box = self.no_fire + 1
        self.totem_base = self.fire_to_box + 1
        self.recruit_base = self.totem_base + players
        self.stack_base = self.recruit_base + CAVE_FACE_UP
        self.no_recruit = self.stack_base + NUM_CAVEMEN_KINDS
        self.pay_base = self.no_recruit + 1
        self.caveman_base = self.pay_base + cells
        self.draw_base = self.caveman_base + cells
        #: ``king_base`` is the shared name (``DominoGame``) of the chief codes.
        self.chief_base = self.king_base = self.draw_base + NUM_DOMINOES
        self.reveal_base = self.chief_base + players
        self.num_actions = self.reveal_base + NUM_CAVEMEN_KINDS

    @property
    def values_key(self) -> tuple[object, ...]:
        """What a placement's value depends on besides the territory and the domino."""
        return (self.frame, self.mode, self.fire_kingdom, self.homo_habilis, self.outlook)

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, OptionValue]) -> OriginsGame:
        """Build from record/CLI options, refusing unknown names and values of the wrong type."""
        values: dict[str, bool | str] = {}
        for key, value in options.items():
            name = key.replace("-", "_")
            if name not in OPTIONS:
                known = ", ".join(sorted(OPTIONS))
                raise GameError(
                    f"options: unknown Kingdomino Origins option {key!r}; expected one of {known}",
                    field="options",
                )
            if name in _BOOLEAN_OPTIONS:
                if not isinstance(value, bool):
                    raise GameError(
                        f"options.{key}: expected true or false, got {value!r}", field=f"options.{key}"
                    )
            elif not isinstance(value, str):
                raise GameError(
                    f"options.{key}: expected {OPTIONS[name]}, got {value!r}", field=f"options.{key}"
                )
            values[name] = value
        return cls(
            players,
            mode=str(values.get("mode", "discovery")),
            fire_kingdom=bool(values.get("fire_kingdom", False)),
            homo_habilis=bool(values.get("homo_habilis", False)),
            totem_tie=str(values.get("totem_tie", "keep")),
            final_recruit=bool(values.get("final_recruit", False)),
        )

    @property
    def options(self) -> dict[str, OptionValue]:
        return {
            "mode": self.mode,
            "fire_kingdom": self.fire_kingdom,
            "homo_habilis": self.homo_habilis,
            "totem_tie": self.totem_tie,
            "final_recruit": self.final_recruit,
        }

    def describe(self) -> str:
        extra = f", {', '.join(self.rules_on())}" if self.rules_on() else ""
        return f"{self.title} ({self.mode}{extra}), {self.num_players} players"

    def new_initial_state(self) -> OriginsState:
        return OriginsState(self)

    # --- action codec ----------------------------------------------------------------------

    def square_text(self, cell: int) -> str:
        row, col = divmod(cell, self.geometry.side)
        return f"{row - self.geometry.centre},{col - self.geometry.centre}"

    def action_text(self, action: int) -> str:
        text = self._placement_text(action)
        if text is not None:
            return text
        if action < self.pair_base:
            return f"claim {action - self.claim_base + 1}"
        if action < self.fire_base:
            return "claim " + "+".join(
                str(p) for p in SETUPS["2"]["first_claim_pairs"][action - self.pair_base]
            )
        if action < self.no_fire:
            return f"fire {self.square_text(action - self.fire_base)}"
        if action == self.no_fire:
            return "no-fire"
        if action == self.fire_to_box:
            return "fire-to-box"
        if action < self.recruit_base:
            return f"totem {action - self.totem_base}"
        if action < self.stack_base:
            return f"recruit {action - self.recruit_base + 1}"
        if action < self.no_recruit:
            return f"recruit-stack {CAVEMEN[action - self.stack_base].id}"
        if action == self.no_recruit:
            return "no-recruit"
        if action < self.caveman_base:
            return f"pay {self.square_text(action - self.pay_base)}"
        if action < self.draw_base:
            return f"caveman {self.square_text(action - self.caveman_base)}"
        if action < self.chief_base:
            return f"draw {action - self.draw_base + 1}"
        if action < self.reveal_base:
            return f"chief {action - self.chief_base}"
        return f"reveal {CAVEMEN[action - self.reveal_base].id}"

    def parse_action(self, text: str) -> int:
        cleaned = " ".join(text.strip().split()).lower()
        simple = {"discard": self.discard_action, "no-fire": self.no_fire, "fire-to-box": self.fire_to_box}
        simple["no-recruit"] = self.no_recruit
        if cleaned in simple:
            return simple[cleaned]
        code = self._parse_placement(cleaned, text)
        if code is not None:
            return code
        match = _SQUARE.match(cleaned)
        if match:
            cell = self._cell(int(match[2]), int(match[3]), text)
            base = {"fire": self.fire_base, "pay": self.pay_base, "caveman": self.caveman_base}[match[1]]
            return base + cell
        match = _PAIR.match(cleaned)
        if match:
            pair = [int(match[1]), int(match[2])]
            pairs = [list(p) for p in SETUPS["2"]["first_claim_pairs"]]
            if pair not in pairs:
                expected = " or ".join("claim " + "+".join(map(str, p)) for p in pairs)
                raise GameError(f"{text!r}: the first claim pairs are {expected}")
            return self.pair_base + pairs.index(pair)
        match = _NUMBERED.match(cleaned)
        if match:
            return self._parse_numbered(match[1], int(match[2]), text)
        match = _KIND.match(cleaned)
        if match:
            kind = CAVEMAN_BY_ID.get(match[2])
            if kind is None:
                known = ", ".join(c.id for c in CAVEMEN)
                raise GameError(f"{text!r}: unknown caveman {match[2]!r}; expected one of {known}")
            base = self.stack_base if match[1] == "recruit-stack" else self.reveal_base
            return base + kind.value
        raise GameError(
            f"{text!r} is not an action; expected 'place ROW,COL DIR' (DIR one of E, S, W, N), "
            "'discard', 'claim N', 'claim 1+4', 'fire ROW,COL', 'no-fire', 'fire-to-box', 'totem SEAT', "
            "'recruit SLOT', 'recruit-stack KIND', 'no-recruit', 'pay ROW,COL', 'caveman ROW,COL', "
            "'draw N', 'chief SEAT' or 'reveal KIND'"
        )

    def _parse_numbered(self, kind: str, value: int, text: str) -> int:
        if kind in ("chief", "totem"):
            if not 0 <= value < self.num_players:
                raise GameError(f"{text!r}: seat must be 0..{self.num_players - 1}")
            return (self.chief_base if kind == "chief" else self.totem_base) + value
        if kind == "recruit":
            if not 1 <= value <= CAVE_FACE_UP:
                raise GameError(f"{text!r}: cave slot must be 1..{CAVE_FACE_UP}")
            return self.recruit_base + value - 1
        if not 1 <= value <= NUM_DOMINOES:
            raise GameError(f"{text!r}: domino number must be 1..{NUM_DOMINOES}")
        return (self.claim_base if kind == "claim" else self.draw_base) + value - 1

    def _cell(self, row: int, col: int, text: str) -> int:
        return square_cell(self.geometry, row, col, text, self.terms)
