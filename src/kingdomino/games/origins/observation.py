"""What one seat sees of a Kingdomino Origins state, as a flat vector of ``float32`` values.

Origins keeps Kingdomino's structure (same grid geometry and placement codes, rows of
four dominoes, chiefs instead of kings), so the layout follows
:mod:`kingdomino.games.classic.observation`, with planes for fires, volcanoes, resources
and cavemen, and sections for the fire markers, totems and the cave. Seat-relative: relative
seat ``r`` is absolute seat ``(seat + r) % players``.

What a seat may see, and only that: every territory, both rows and their chiefs, the
set of dominoes not drawn yet (each drawn domino was shown face up; the order of the
undrawn ones does not exist, chance is lazy), the fire marker supply, the totem
holders, the face-up cavemen of the cave and the *size* of the face-down caveman
stack. Neither the stack's order nor its composition is encoded.

Sections (``P`` players, ``S`` grid side ``2 * frame - 1``: 9 for the 5x5 frame of 3-4
players, 13 for the 7x7 frame of 2 players, hut at ``(S // 2, S // 2)``; ``N = 48``
dominoes; ``K = 4`` slots in a row; ``T = 6`` terrains; ``R = 4`` resources;
``C = 10`` caveman kinds; ``U = 4`` face-up cave slots):

``kingdoms`` shape ``(P, C, S, S)``, per relative seat, one plane per channel, only the
    channels the mode can fill (``observation.kingdom_channels`` names them): ``C = 13`` in
    Discovery, 17 in Totem, 27 in Tribe:
    0-5   terrain one-hot: grassland, lake, forest, quarry, desert, volcano;
    6     the hut;
    7     printed fires of the square / 2;
    8     volcano craters of the square / 3;
    9     fires of the fire marker on the square / 3;
    then, in Totem and Tribe (where resources go on the territory), 4 planes:
          resource one-hot: mammoth, fish, mushroom, flint;
    then, in Tribe, 10 planes: caveman kind one-hot (data order: hunter, fishing child,
          gatherer, sculptor, painter, fire woman, shaman, warrior 1, warrior 2, warrior 3);
    then the last three:
          empty square;
          "free": an empty square a domino may still cover without the territory
          leaving its frame;
          volcano of the domino just placed still to erupt: 1 for the one erupting
          now (its marker is the ``fire`` choice), 0.5 for a later one.
``row`` shape ``(K, 31 + P)``: the row being placed, slot by slot. Per slot:
    0 slot holds a domino; 1 domino number / 48; 2-14 first half; 15-27 second half,
    each half as 6 terrain one-hot, printed fires / 2, craters / 3, 4 resource
    one-hot (the resource symbol is printed in every mode; in Discovery it is not
    put on the territory); 28 no chief on it yet; 29 its domino is already placed
    (or discarded) this round; 30 this slot's chief acts now;
    31..31+P-1 one-hot relative seat of the chief standing on it.
``next_row`` shape ``(K, 31 + P)``, as ``row``: the row being claimed.
``pool`` shape ``(2, N)``: row 0, 1 where domino ``n`` (index ``n - 1``) has not been
    drawn yet; row 1, 1 where it was discarded (no legal placement, or left unclaimed
    with 3 players).
``players`` shape ``(P, 13)``, per relative seat: 0 score / 100 (bonuses included);
    1 discarded dominoes / 12; 2 this seat acts now; 3 chiefs still waiting to be
    drawn at setup / chiefs per player; 4 current leader (shares first place);
    5 largest region of any terrain, volcanoes included / 49 (first tie-break); 6 fire symbols / 50 (second
    tie-break); 7-10 resources of each kind / its supply; 11 cavemen / 22;
    12 may recruit now (Tribe: enough different resources and a caveman available).
``totems`` shape ``(R, P + 1)``, per resource: one-hot relative seat of its totem's
    holder, last column the totem is in the supply (all zero outside Totem mode).
``cave`` shape ``(U, C + 1)``, per face-up slot: caveman kind one-hot, last column the
    slot is empty (all zero outside Tribe mode).
``global`` shape ``(50 + P,)``: 0-11 phase one-hot (draw, chief, first claim, claim,
    place, fire, totem, recruit, pay, caveman, reveal, over); 12 round / rounds;
    13 dominoes left to draw / 48; 14 chance acts now; 15 terminal; 16-18 mode
    one-hot (discovery, totem, tribe); 19 fire kingdom; 20 homo habilis; 21 totem tie
    "choose"; 22 final recruit; 23-25 fire markers of 1, 2, 3 fires left / their
    copies; 26 volcanoes still to erupt / 2; 27-29 craters one-hot of the volcano
    erupting now; 30-33 resource one-hot of the totem being handed over (``totem``
    phase); 34-43 caveman kind one-hot being recruited; 44 resources still to pay / 4;
    45-48 resource kinds already paid for this recruit; 49 cavemen in the face-down
    stack / 22 (its size only); 50..50+P-1 one-hot absolute seat of the observer.

A territory's planes, score without the totems (the engine's ``state.territory_score``) and
summary (``players`` features 5-11) are remembered by its
:meth:`~kingdomino.games.origins.kingdom.Kingdom.contents`; the totems' points are the
engine's ``state.totem_points``.

>>> from kingdomino.games.origins.game import OriginsGame
>>> observation = OriginsObservation(OriginsGame(players=4, mode="tribe"))
>>> observation.size, len(observation.kingdom_channels), observation.kingdom_channels[-3:]
(9278, 27, ('empty', 'free', 'erupting'))
>>> list(observation.layout)
['kingdoms', 'row', 'next_row', 'pool', 'players', 'totems', 'cave', 'global']
"""

from __future__ import annotations

import struct
from typing import NamedTuple

from kingdomino.core.game import CHANCE, TERMINAL, GameError
from kingdomino.core.observation import (
    FLOAT_BYTES,
    BoundedCache,
    LayerBlock,
    PlaneBytes,
    absent_channel,
    build_layout,
    constant_channel,
    exactly_channel,
    float_bytes,
    indicator_bytes,
    layer_channel,
    one_hot_bytes,
    one_hot_table,
    weighted_channel,
    zero_bytes,
)
from kingdomino.games.domino.observation import DominoObservation
from kingdomino.games.origins.components import (
    CAVE_FACE_UP,
    CAVEMEN,
    DOMINOES,
    MARKERS,
    MAX_MARKER,
    MAX_PRINTED_FIRES,
    NUM_CAVEMEN_KINDS,
    NUM_DOMINOES,
    NUM_RESOURCES,
    NUM_TERRAINS,
    RESOURCES,
    TERRAINS,
    Half,
)
from kingdomino.games.origins.game import MODES, OriginsGame
from kingdomino.games.origins.kingdom import Kingdom
from kingdomino.games.origins.state import (
    CAVEMAN,
    CLAIM,
    FIRE,
    PAY,
    PHASE_NAMES,
    PLACE,
    RECRUIT,
    TOTEM,
    OriginsState,
)

# row slots
HALF_FEATURES = NUM_TERRAINS + 2 + NUM_RESOURCES
NO_CHIEF = 2 + 2 * HALF_FEATURES
SLOT_FEATURES = NO_CHIEF + 3

PLAYER_FEATURES = 13
NUM_PHASES = len(PHASE_NAMES)
GLOBAL_FEATURES = NUM_PHASES + 38

SCORE_SCALE = DominoObservation.score_scale
DISCARD_SCALE = 12.0
FIRE_SCALE = 50.0
COST_SCALE = 4.0
TOTAL_CAVEMEN = sum(c.copies for c in CAVEMEN)

#: The phases in which the domino of the acting slot has been placed already.
_PAYING_PHASES = (FIRE, TOTEM, CLAIM, RECRUIT, PAY, CAVEMAN)

# A territory's bit layers, in this order (the channels read them).
_L_TERRAIN = 0
_L_PRINTED = _L_TERRAIN + NUM_TERRAINS
_L_CRATERS = _L_PRINTED + MAX_PRINTED_FIRES
_L_MARKERS = _L_CRATERS + MAX_MARKER
_L_RESOURCES = _L_MARKERS + MAX_MARKER
_L_CAVEMEN = _L_RESOURCES + NUM_RESOURCES
_L_OCCUPIED = _L_CAVEMEN + NUM_CAVEMEN_KINDS
#: The squares in the frame's reach (free or occupied).
_L_REACH = _L_OCCUPIED + 1


def _half_features(half: Half) -> list[float]:
    values = [0.0] * HALF_FEATURES
    values[half.terrain] = 1.0
    values[NUM_TERRAINS] = half.fires / MAX_PRINTED_FIRES
    values[NUM_TERRAINS + 1] = half.craters / MAX_MARKER
    if half.resource >= 0:
        values[NUM_TERRAINS + 2 + half.resource] = 1.0
    return values


def _domino_bytes(number: int) -> bytes:
    """Slot features ``0..NO_CHIEF - 1`` of domino ``number``."""
    domino = DOMINOES[number]
    return float_bytes(
        [1.0, number / NUM_DOMINOES, *_half_features(domino.first), *_half_features(domino.second)]
    )


#: ``_DOMINO_BYTES[n]``: slot features ``0..NO_CHIEF - 1`` of domino ``n`` (entry 0 unused).
_DOMINO_BYTES = [zero_bytes(NO_CHIEF)] + [_domino_bytes(n) for n in range(1, NUM_DOMINOES + 1)]
#: The phase planes' order (the module text; it predates the shared phase numbers).
PHASE_PLANES = ("draw", "chief", "first_claim", "claim", "place", *PHASE_NAMES[5:])
#: ``_PHASE_BYTES[phase]``: the phase's one-hot plane.
_PHASE_BYTES = [one_hot_table(NUM_PHASES)[PHASE_PLANES.index(name)] for name in PHASE_NAMES]
#: ``_CAVE_BYTES[kind]`` (``-1``: an empty slot): one face-up cave slot.
_CAVE_BYTES = [one_hot_bytes(NUM_CAVEMEN_KINDS + 1, k) for k in range(NUM_CAVEMEN_KINDS + 1)]
_CAVE_BYTES[-1] = _CAVE_BYTES[NUM_CAVEMEN_KINDS]
_ONE_HOT = {size: one_hot_table(size) for size in (MAX_MARKER, NUM_RESOURCES, NUM_CAVEMEN_KINDS)}
_PAID_BYTES = [
    float_bytes([(paid >> k) & 1 for k in range(NUM_RESOURCES)]) for paid in range(1 << NUM_RESOURCES)
]
_HALF, _ONE = float_bytes([0.5]), float_bytes([1.0])


class _Territory(NamedTuple):
    """What a territory's squares determine: its planes, points and ``players`` features 5-11."""

    planes: bytes
    points: int
    summary: bytes


class OriginsObservation(DominoObservation):
    """Kingdomino Origins (every mode and option) as a flat vector; sections in the module text."""

    def __init__(self, game: OriginsGame) -> None:
        if not isinstance(game, OriginsGame):
            raise GameError(f"the Origins observation needs a Kingdomino Origins game, got {game.name!r}")
        super().__init__(game, SLOT_FEATURES, _DOMINO_BYTES, SLOT_FEATURES - NO_CHIEF)
        self.game = game
        players, geometry, side, slots = self.players, game.geometry, self.side, self.slots
        printed_weights = [k / MAX_PRINTED_FIRES for k in range(1, MAX_PRINTED_FIRES + 1)]
        marker_weights = [k / MAX_MARKER for k in range(1, MAX_MARKER + 1)]
        # Resources go on territories in Totem and Tribe, cavemen in Tribe: planes only there.
        resources_on = game.totems_on or game.tribe_on
        channels = [
            *[(terrain.id, layer_channel(_L_TERRAIN + terrain.value)) for terrain in TERRAINS],
            ("hut", constant_channel(geometry.castle)),
            ("printed_fires", weighted_channel(range(_L_PRINTED, _L_CRATERS), printed_weights)),
            ("craters", weighted_channel(range(_L_CRATERS, _L_MARKERS), marker_weights)),
            ("marker_fires", weighted_channel(range(_L_MARKERS, _L_RESOURCES), marker_weights)),
            *[(r.id, layer_channel(_L_RESOURCES + r.value)) for r in RESOURCES if resources_on],
            *[(c.id, layer_channel(_L_CAVEMEN + c.value)) for c in CAVEMEN if game.tribe_on],
            ("empty", absent_channel(_L_OCCUPIED)),
            ("free", exactly_channel((_L_REACH, _L_OCCUPIED), 0b01)),
            ("erupting", constant_channel(0)),  # written per state
        ]
        #: The name of each plane of a territory, in order (the ``kingdoms`` section's channels).
        self.kingdom_channels: tuple[str, ...] = tuple(name for name, _ in channels)
        self.block = LayerBlock(PlaneBytes(side, side, geometry.grid.stride), [c for _, c in channels])
        #: Byte offset of the ``erupting`` plane in a territory's planes.
        self.erupting_offset = (len(channels) - 1) * self.block.plane_bytes
        self.layout, self.size = build_layout(
            [
                ("kingdoms", (players, len(channels), side, side)),
                ("row", (slots, self.slot_width)),
                ("next_row", (slots, self.slot_width)),
                ("pool", (2, NUM_DOMINOES)),
                ("players", (players, PLAYER_FEATURES)),
                ("totems", (NUM_RESOURCES, players + 1)),
                ("cave", (CAVE_FACE_UP, NUM_CAVEMEN_KINDS + 1)),
                ("global", (GLOBAL_FEATURES + players,)),
            ]
        )
        #: An upper bound on the actions of one episode: draws and reveals, setup chiefs, then
        #: per domino at most: place, 2 fires, 4 totem choices, claim, recruit, 4 payments,
        #: caveman; with room to spare.
        self.max_game_length = NUM_DOMINOES * 16 + TOTAL_CAVEMEN + 4 * players + 64
        #: Territory contents -> its planes and summary.
        self.territories: BoundedCache[tuple[int, ...], _Territory] = BoundedCache()
        self._player_head = struct.Struct("5f")
        #: ``_totem_rows[seat][holder]`` (``NOBODY``: the last entry): one resource's totem row.
        self._totem_rows = [
            [one_hot_bytes(players + 1, (holder - seat) % players) for holder in range(players)]
            + [one_hot_bytes(players + 1, players)]
            for seat in range(players)
        ]
        self._no_totems = zero_bytes(NUM_RESOURCES * (players + 1))
        self._no_cave = zero_bytes(CAVE_FACE_UP * (NUM_CAVEMEN_KINDS + 1))
        options = [0.0] * len(MODES)
        options[MODES.index(game.mode)] = 1.0
        options += [game.fire_kingdom, game.homo_habilis, game.totem_tie == "choose", game.final_recruit]
        self._options = float_bytes(options)
        self._seat_bytes = [one_hot_bytes(players, seat) for seat in range(players)]

    def encode(self, state: OriginsState, seat: int) -> bytearray:
        """The observation of ``seat`` (0-based absolute seat): native float32 bytes."""
        players = self.players
        order = self.order(seat)
        territories = [self._territory(state, state.kingdoms[p]) for p in order]
        parts = [found.planes for found in territories]
        if state.volcanoes and state.player >= 0:
            r = (state.player - seat) % players
            parts[r] = self._with_volcanoes(state, parts[r])
        phase = state.phase
        paying = phase in _PAYING_PHASES
        placing = bool(state.row) and (phase == PLACE or paying)
        placed = (state.slot + paying) if placing else 0
        self.rows.append(parts, state, seat, placed, state.slot if placing else -1)
        parts.append(indicator_bytes(NUM_DOMINOES, [n - 1 for n in state.pool]))
        parts.append(indicator_bytes(NUM_DOMINOES, [n - 1 for n in state.discarded]))
        self._players(parts, state, order, territories)
        parts.append(self._totems(state, seat) if self.game.totems_on else self._no_totems)
        parts.append(b"".join([_CAVE_BYTES[k] for k in state.cave]) if self.game.tribe_on else self._no_cave)
        self._global(parts, state, seat)
        return bytearray().join(parts)

    def _territory(self, state: OriginsState, kingdom: Kingdom) -> _Territory:
        """The planes, points and summary of one territory."""
        key = kingdom.contents()
        found = self.territories.get(key)
        if found is None:
            layers = (
                *kingdom.terrain,
                *kingdom.printed,
                *kingdom.craters,
                *kingdom.markers,
                *kingdom.resources,
                *kingdom.cavemen,
                kingdom.occupied,
                kingdom.reach(),
            )
            found = _Territory(
                self.block.build(layers), state.territory_score(kingdom), self._summary(kingdom)
            )
            self.territories[key] = found
        return found

    def _summary(self, kingdom: Kingdom) -> bytes:
        """``players`` features 5-11 of a territory: largest region, fires, resources, cavemen."""
        return float_bytes(
            [
                kingdom.largest_region() / self.game.frame**2,
                kingdom.total_fires() / FIRE_SCALE,
                *[
                    layer.bit_count() / resource.supply
                    for layer, resource in zip(kingdom.resources, RESOURCES)
                ],
                sum(layer.bit_count() for layer in kingdom.cavemen) / TOTAL_CAVEMEN,
            ]
        )

    def _with_volcanoes(self, state: OriginsState, planes: bytes) -> bytes:
        """A territory's planes with the volcanoes still to erupt (the last channel) marked."""
        block = bytearray(planes)
        fire = state.phase == FIRE
        for i, (index, _) in enumerate(state.volcanoes):
            at = self.erupting_offset + self.block.planes.offset(index)
            block[at : at + FLOAT_BYTES] = _ONE if i == 0 and fire else _HALF
        return bytes(block)

    def _players(
        self, parts: list[bytes], state: OriginsState, order: tuple[int, ...], territories: list[_Territory]
    ) -> None:
        scores = [found.points + state.totem_points(p) for p, found in zip(order, territories)]
        best = max(scores)
        head, kingdoms, unordered, player = self._player_head, state.kingdoms, state.unordered, state.player
        chiefs = self.game.chiefs_per_player
        for score, p, found in zip(scores, order, territories):
            parts.append(
                head.pack(
                    score / SCORE_SCALE,
                    kingdoms[p].discards / DISCARD_SCALE,
                    p == player,
                    unordered[p] / chiefs,
                    score == best,
                )
            )
            parts.append(found.summary)
            parts.append(_ONE if state.can_recruit(p) else b"\0\0\0\0")

    def _totems(self, state: OriginsState, seat: int) -> bytes:
        rows = self._totem_rows[seat]
        return b"".join([rows[holder] for holder in state.holders])

    def _global(self, parts: list[bytes], state: OriginsState, seat: int) -> None:
        game = self.game
        phase, player, volcanoes = state.phase, state.player, state.volcanoes
        erupting = volcanoes[0][1] - 1 if phase == FIRE and volcanoes else -1
        totem = state.totem_next if phase == TOTEM and state.totem_next < NUM_RESOURCES else -1
        parts += (
            _PHASE_BYTES[phase],
            float_bytes(
                [
                    state.round_number / game.rounds,
                    (game.deck_size - state.drawn) / game.deck_size,
                    player == CHANCE,
                    player == TERMINAL,
                ]
            ),
            self._options,
            float_bytes([left / marker.copies for left, marker in zip(state.supply, MARKERS)]),
            float_bytes([len(volcanoes) / 2]),
            _ONE_HOT[MAX_MARKER][erupting],
            _ONE_HOT[NUM_RESOURCES][totem],
            _ONE_HOT[NUM_CAVEMEN_KINDS][state.recruit_kind],
            float_bytes([state.pay_left / COST_SCALE if phase == PAY else 0.0]),
            _PAID_BYTES[state.paid & ((1 << NUM_RESOURCES) - 1)],
            float_bytes([state.stack_size() / TOTAL_CAVEMEN if game.tribe_on else 0.0]),
            self._seat_bytes[seat],
        )
