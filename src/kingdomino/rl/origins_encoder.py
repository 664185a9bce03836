"""The Kingdomino Origins observation encoder.

Origins keeps Kingdomino's structure (same grid geometry and placement codes, rows of
four dominoes, chiefs instead of kings), so the layout follows
:mod:`kingdomino.rl.classic_encoder`, with planes for fires, volcanoes, resources and
cavemen, and sections for the fire markers, totems and the cave. Seat-relative like
every encoder: relative seat ``r`` is absolute seat ``(seat + r) % players``.

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
    channels the mode can fill (``encoder.kingdom_channels`` names them): ``C = 13`` in
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

>>> from kingdomino import make_game
>>> from kingdomino.core.seeds import ChanceSampler
>>> game = make_game("origins", players=4, options={"mode": "tribe"})
>>> state = game.new_initial_state()
>>> sampler = ChanceSampler(1)
>>> while state.is_chance():
...     state.apply(sampler.sample(state))
>>> encoder = OriginsEncoder(game)
>>> vector = encoder.encode(state, seat=0)
>>> vector.dtype, vector.shape
(dtype('float32'), (9278,))
>>> len(encoder.kingdom_channels), encoder.kingdom_channels[-3:]
(27, ('empty', 'free', 'erupting'))
>>> list(encoder.layout)
['kingdoms', 'row', 'next_row', 'pool', 'players', 'totems', 'cave', 'global']
"""

from __future__ import annotations

import struct
from types import SimpleNamespace

import numpy as np

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
from kingdomino.games.origins.components import (
    CAVE_FACE_UP,
    CAVEMEN,
    COST_FACE_UP,
    COST_STACK,
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
from kingdomino.games.origins.kingdom import (
    LARGEST_REGION_TERMS,
    RESOURCE_KINDS_TERMS,
    SCORING_TERRAINS,
    TIE_BREAK_TERRAINS,
    TOTAL_FIRES_TERMS,
    Kingdom,
    terrain_points_terms,
)
from kingdomino.games.origins.state import (
    CAVEMAN,
    CLAIM,
    FIRE,
    NOBODY,
    PAY,
    PHASE_NAMES,
    PLACE,
    RECRUIT,
    TOTEM,
    OriginsState,
)
from kingdomino.rl import compiled as compiled_kernels
from kingdomino.rl.compiled import Fact, KernelEncoding
from kingdomino.rl.domino_rows import RowPieces
from kingdomino.rl.encoders import FloatArray, build_layout
from kingdomino.rl.following import BoardFollower, Sources
from kingdomino.rl.pieces import (
    FLOAT_BYTES,
    LayerBlock,
    PlaneBytes,
    SnapshotMemo,
    absent_channel,
    constant_channel,
    exactly_channel,
    float_bytes,
    layer_channel,
    one_hot_bytes,
    one_hot_table,
    vector_from,
    weighted_channel,
    zero_bytes,
)
from kingdomino.rl.terrain_scores import terrain_points

# row slots
HALF_FEATURES = NUM_TERRAINS + 2 + NUM_RESOURCES
NO_CHIEF = 2 + 2 * HALF_FEATURES
PLACED = NO_CHIEF + 1
ACTING = PLACED + 1
SLOT_FEATURES = ACTING + 1

PLAYER_FEATURES = 13
NUM_PHASES = len(PHASE_NAMES)

# global
G_ROUND = NUM_PHASES
G_LEFT = G_ROUND + 1
G_CHANCE = G_LEFT + 1
G_TERMINAL = G_CHANCE + 1
G_MODE = G_TERMINAL + 1
G_OPTIONS = G_MODE + len(MODES)
G_SUPPLY = G_OPTIONS + 4
G_PENDING = G_SUPPLY + MAX_MARKER
G_ERUPTING = G_PENDING + 1
G_TOTEM = G_ERUPTING + MAX_MARKER
G_RECRUIT = G_TOTEM + NUM_RESOURCES
G_PAY_LEFT = G_RECRUIT + NUM_CAVEMEN_KINDS
G_PAID = G_PAY_LEFT + 1
G_STACK = G_PAID + NUM_RESOURCES
GLOBAL_FEATURES = G_STACK + 1

SCORE_SCALE = 100.0
DISCARD_SCALE = 12.0
FIRE_SCALE = 50.0
COST_SCALE = 4.0
TOTAL_CAVEMEN = sum(c.copies for c in CAVEMEN)
CACHE_SIZE = 4096

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
#: A territory's bounding box, which its reach depends on alone (watched by the compiled kernel).
_BOX_NAMES = ("row_lo", "row_hi", "col_lo", "col_hi")
_BOX = tuple((name, compiled_kernels.LAZY) for name in _BOX_NAMES)
#: The layers of the fire symbols regions score (printed fires and markers).
_FIRE_LAYERS = (*range(_L_PRINTED, _L_CRATERS), *range(_L_MARKERS, _L_RESOURCES))


def _half_features(half: Half) -> list[float]:
    values = [0.0] * HALF_FEATURES
    values[half.terrain] = 1.0
    values[NUM_TERRAINS] = half.fires / MAX_PRINTED_FIRES
    values[NUM_TERRAINS + 1] = half.craters / MAX_MARKER
    if half.resource >= 0:
        values[NUM_TERRAINS + 2 + half.resource] = 1.0
    return values


def _domino_table() -> FloatArray:
    """Row ``n``: slot features ``0..NO_CHIEF - 1`` of domino ``n`` (row 0 unused)."""
    table = np.zeros((NUM_DOMINOES + 1, NO_CHIEF), dtype=np.float32)
    for number, domino in DOMINOES.items():
        table[number, 0] = 1.0
        table[number, 1] = number / NUM_DOMINOES
        table[number, 2 : 2 + HALF_FEATURES] = _half_features(domino.first)
        table[number, 2 + HALF_FEATURES : NO_CHIEF] = _half_features(domino.second)
    return table


#: ``_DOMINO_BYTES[n]``: the float32 bytes of slot features ``0..NO_CHIEF - 1`` of domino ``n``.
_DOMINO_BYTES = [row.tobytes() for row in _domino_table()]
_PHASE_BYTES = one_hot_table(NUM_PHASES)
#: ``_CAVE_BYTES[kind]`` (``-1``: an empty slot): one face-up cave slot.
_CAVE_BYTES = [one_hot_bytes(NUM_CAVEMEN_KINDS + 1, k) for k in range(NUM_CAVEMEN_KINDS + 1)]
_CAVE_BYTES[-1] = _CAVE_BYTES[NUM_CAVEMEN_KINDS]
_HALF = float_bytes([0.5])
_ONE = float_bytes([1.0])
_ONE_FLOAT = struct.Struct("f")
_FOUR_FLOATS = struct.Struct("4f")


class _KingdomFacts:
    """What one territory's squares determine: its layers, planes and the numbers of ``players``."""

    __slots__ = ("kinds", "layers", "planes", "points", "summary", "terrain_points")

    def __init__(
        self,
        layers: tuple[int, ...],
        planes: bytes,
        terrain_points: tuple[int, ...],
        points: int,
        summary: bytes,
        kinds: int,
    ) -> None:
        self.layers = layers
        self.planes = planes
        #: Region points per scoring terrain (reused for the terrains a change leaves alone).
        self.terrain_points = terrain_points
        #: Score without the totems (they depend on the other territories).
        self.points = points
        #: ``players`` features 5-11: largest region, fires, resources, cavemen (float32 bytes).
        self.summary = summary
        #: Different resource kinds held (what a recruit costs).
        self.kinds = kinds


def _sources(kingdom: Kingdom) -> Sources:
    """What a territory's facts follow from, as the engine holds it."""
    return (
        kingdom.terrain,
        kingdom.printed,
        kingdom.craters,
        kingdom.markers,
        kingdom.resources,
        kingdom.cavemen,
        kingdom.discards,
    )


class OriginsEncoder(KernelEncoding):
    """Kingdomino Origins (every mode and option) as a flat vector; layout in the module text.

    Sections are built as float32 bytes and joined (:mod:`kingdomino.rl.pieces`); territory
    planes and facts are cached by the territory's bitboards and patched from the seat's
    previous territory.
    """

    score_scale = SCORE_SCALE
    #: Entries are fractions and flags, except scores / 100 (far below 64).
    bounds = (0.0, 64.0)

    def __init__(self, game: Game, compiled: bool | None = None) -> None:
        if not isinstance(game, OriginsGame):
            raise GameError(f"the Origins encoder needs a Kingdomino Origins game, got {game.name!r}")
        self.game: OriginsGame = game
        players = game.num_players
        self.players = players
        geometry = game.geometry
        self.side = geometry.side
        self.slots = game.row_size
        self.slot_width = SLOT_FEATURES + players
        self.planes = PlaneBytes(geometry.side, geometry.side, geometry.grid.stride)
        printed_weights = [
            float(w) for w in np.arange(1, MAX_PRINTED_FIRES + 1, dtype=np.float32) / MAX_PRINTED_FIRES
        ]
        marker_weights = [float(w) for w in np.arange(1, MAX_MARKER + 1, dtype=np.float32) / MAX_MARKER]
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
        self.erupting_channel = len(channels) - 1
        self.block = LayerBlock(self.planes, [channel for _, channel in channels])
        self.layout, size = build_layout(
            [
                ("kingdoms", (players, len(channels), self.side, self.side)),
                ("row", (self.slots, self.slot_width)),
                ("next_row", (self.slots, self.slot_width)),
                ("pool", (2, NUM_DOMINOES)),
                ("players", (players, PLAYER_FEATURES)),
                ("totems", (NUM_RESOURCES, players + 1)),
                ("cave", (CAVE_FACE_UP, NUM_CAVEMEN_KINDS + 1)),
                ("global", (GLOBAL_FEATURES + players,)),
            ]
        )
        self.shape: tuple[int, ...] = (size,)
        # Draws and reveals, setup chiefs, then per domino at most: place, 2 fires,
        # 4 totem choices, claim, recruit, 4 payments, caveman; with room to spare.
        self.max_game_length = NUM_DOMINOES * 16 + TOTAL_CAVEMEN + 4 * players + 64
        self.cells = self.side * self.side
        #: Per absolute seat, its territory's facts; territories only change on placements, fire,
        #: recruits.
        self.kingdoms: BoardFollower[_KingdomFacts] = BoardFollower(players, CACHE_SIZE)
        self.orders = [tuple((seat + r) % players for r in range(players)) for seat in range(players)]
        resource_scale = np.array([r.supply for r in RESOURCES], dtype=np.float32)
        #: ``_resource_counts[r][n]``: ``n`` squares of resource ``r`` / its supply (numpy float32).
        self._resource_counts = [
            [(np.float32(n) / resource_scale[r]).tobytes() for n in range(self.side * self.side + 1)]
            for r in range(NUM_RESOURCES)
        ]
        self._largest: dict[int, int] = {}
        self.supply_scale = np.array([m.copies for m in MARKERS], dtype=np.float32)
        self.rows = RowPieces(
            players,
            self.slots,
            self.slot_width,
            _DOMINO_BYTES,
            SLOT_FEATURES - NO_CHIEF,
            PLACED - NO_CHIEF,
            ACTING - NO_CHIEF,
        )
        self._pool = SnapshotMemo()
        self._supply: dict[tuple[int, ...], bytes] = {}
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
        self._paid_bytes = [
            float_bytes([(paid >> k) & 1 for k in range(NUM_RESOURCES)]) for paid in range(1 << NUM_RESOURCES)
        ]
        self._one_hot = {size: one_hot_table(size) for size in (MAX_MARKER, NUM_RESOURCES, NUM_CAVEMEN_KINDS)}
        self.use_kernel(compiled, "OriginsKernel", self._kernel_spec)

    def _kernel_spec(self) -> SimpleNamespace:
        """Everything the compiled kernel needs to write what :meth:`encode_python` writes.

        A territory's points without the totems are its scoring terrains' points (each found
        again when the terrain or the fires on it changed) plus its bonuses (on every change, in
        the modes and options that award them); its largest region, fires and resource kinds
        are found again when the layers they read changed. Each is the engine's scoring terms,
        which the kernel evaluates itself (the bonuses with the Fire Kingdom or Homo Habilis
        option have none, so it asks ``state.kingdom_bonus``). The kernel counts each
        resource's squares and the cavemen itself.
        """
        game = self.game
        terrain_facts = [
            Fact(
                "terrain_points",
                arg=t,
                mask_layer=_L_TERRAIN + t,
                depends=_FIRE_LAYERS,
                terms=terrain_points_terms(t),
            )
            for t in SCORING_TERRAINS
        ]
        # kingdom_bonus counts resources (Totem), cavemen (Tribe), Fire Kingdom and Homo Habilis.
        bonus = game.totems_on or game.tribe_on or game.fire_kingdom or game.homo_habilis
        bonus_terms = game.new_initial_state().kingdom_bonus_terms()
        points = [
            *terrain_facts,
            *([Fact("kingdom_bonus", on_state=True, terms=bonus_terms)] if bonus else []),
        ]
        facts = [
            *points,
            Fact(
                "largest_region",
                depends=tuple(_L_TERRAIN + t for t in TIE_BREAK_TERRAINS),
                terms=LARGEST_REGION_TERMS,
            ),
            Fact("total_fires", depends=_FIRE_LAYERS, terms=TOTAL_FIRES_TERMS),
            Fact(
                "resource_kinds", depends=tuple(range(_L_RESOURCES, _L_CAVEMEN)), terms=RESOURCE_KINDS_TERMS
            ),
        ]
        resource_supply = np.array([r.supply for r in RESOURCES], dtype=np.float32)
        return compiled_kernels.board_spec(
            self.layout,
            self.block,
            [
                ("terrain", NUM_TERRAINS),
                ("printed", MAX_PRINTED_FIRES),
                ("craters", MAX_MARKER),
                ("markers", MAX_MARKER),
                ("resources", NUM_RESOURCES),
                ("cavemen", NUM_CAVEMEN_KINDS),
                ("occupied", 0),
                ("discards", -1),
                *_BOX,
            ],
            ("reach", _BOX_NAMES),
            facts,
            self.players,
            points=list(range(len(points))),
            largest_fact=len(points),
            fires_fact=len(points) + 1,
            kinds_fact=len(points) + 2,
            resource_layer=_L_RESOURCES,
            caveman_layer=_L_CAVEMEN,
            frame_squares=float(game.frame**2),
            fire_scale=FIRE_SCALE,
            resource_supply=resource_supply.tobytes(),
            players=self.players,
            slots=self.slots,
            slot_width=self.slot_width,
            num_phases=NUM_PHASES,
            num_resources=NUM_RESOURCES,
            num_markers=MAX_MARKER,
            num_cavemen=NUM_CAVEMEN_KINDS,
            cave_slots=CAVE_FACE_UP,
            summary_floats=PLAYER_FEATURES - 6,
            erupting_channel=self.erupting_channel,
            phase_place=PLACE,
            phase_fire=FIRE,
            phase_totem=TOTEM,
            phase_pay=PAY,
            paying_phases=sum(1 << phase for phase in _PAYING_PHASES),
            nobody=NOBODY,
            totems_on=int(game.totems_on),
            tribe_on=int(game.tribe_on),
            cost_face_up=COST_FACE_UP,
            cost_stack=COST_STACK,
            rounds=float(game.rounds),
            deck_size=float(game.deck_size),
            chiefs=float(game.chiefs_per_player),
            score_scale=SCORE_SCALE,
            discard_scale=DISCARD_SCALE,
            cost_scale=COST_SCALE,
            total_cavemen=float(TOTAL_CAVEMEN),
            totem_values=[r.totem for r in RESOURCES],
            supply_copies=self.supply_scale.tobytes(),
            options=self._options,
            noptions=len(self._options) // FLOAT_BYTES,
            **self.rows.kernel_tables(),
        )

    def encode_python(self, state: State, seat: int) -> FloatArray:
        assert isinstance(state, OriginsState)
        players = self.players
        if not 0 <= seat < players:
            raise GameError(f"seat must be 0..{players - 1}, got {seat}")
        order = self.orders[seat]
        facts = [self._kingdom(state, p) for p in order]
        parts: list[bytes] = [found.planes for found in facts]
        if state.volcanoes and state.player >= 0:
            r = (state.player - seat) % players
            parts[r] = self._with_volcanoes(state, parts[r])
        self._rows(parts, state, seat)
        parts.append(self._pool_bytes(state))
        self._players(parts, state, seat, order, facts)
        parts.append(self._totems(state, seat) if self.game.totems_on else self._no_totems)
        parts.append(self._cave(state) if self.game.tribe_on else self._no_cave)
        self._global(parts, state, seat)
        return vector_from(parts)

    # --- sections -------------------------------------------------------------------------------

    def _kingdom(self, state: OriginsState, player: int) -> _KingdomFacts:
        """The facts of a territory (followed per seat, cached by its bitboards)."""
        kingdom = state.kingdoms[player]
        sources = _sources(kingdom)
        found = self.kingdoms.get(player, sources)
        if found is None:
            found = self.kingdoms.put(player, sources, self._kingdom_facts(state, kingdom, player))
        return found

    def _kingdom_facts(self, state: OriginsState, kingdom: Kingdom, player: int) -> _KingdomFacts:
        """Planes (patched from the seat's previous territory when there is one) and facts."""
        occupied = kingdom.occupied
        layers = (
            *kingdom.terrain,
            *kingdom.printed,
            *kingdom.craters,
            *kingdom.markers,
            *kingdom.resources,
            *kingdom.cavemen,
            occupied,
            kingdom.reach(),
        )
        previous = self.kingdoms.previous(player)
        planes = self.block.build_from(layers, previous)
        by_terrain = terrain_points(SCORING_TERRAINS, kingdom.terrain_points, layers, _FIRE_LAYERS, previous)
        # The engine's own scoring, without the totems (added per state: they depend on everybody).
        points = sum(by_terrain) + state.kingdom_bonus(kingdom)
        return _KingdomFacts(
            layers, planes, by_terrain, points, self._summary(kingdom), kingdom.resource_kinds()
        )

    def _summary(self, kingdom: Kingdom) -> bytes:
        """``players`` features 5-11 of a territory: largest region, fires, resources, cavemen."""
        counts = self._resource_counts
        return b"".join(
            [
                float_bytes(
                    [self._largest_region(kingdom) / self.game.frame**2, kingdom.total_fires() / FIRE_SCALE]
                ),
                *[counts[r][layer.bit_count()] for r, layer in enumerate(kingdom.resources)],
                float_bytes([sum(layer.bit_count() for layer in kingdom.cavemen) / TOTAL_CAVEMEN]),
            ]
        )

    def _largest_region(self, kingdom: Kingdom) -> int:
        """``kingdom.largest_region()`` (the largest region of a terrain of the engine's
        ``TIE_BREAK_TERRAINS``), remembered per terrain mask: a placement changes one or two
        terrains."""
        regions = self.game.geometry.grid.regions
        memo = self._largest
        best = 0
        for t in TIE_BREAK_TERRAINS:
            mask = kingdom.terrain[t]
            size = memo.get(mask)
            if size is None:
                size = max((region.bit_count() for region in regions(mask)), default=0)
                if len(memo) >= CACHE_SIZE:
                    memo.clear()
                memo[mask] = size
            best = max(best, size)
        return best

    def _with_volcanoes(self, state: OriginsState, planes: bytes) -> bytes:
        """A territory's planes with the volcanoes still to erupt (the last channel) marked."""
        block = bytearray(planes)
        base = self.erupting_channel * self.cells * FLOAT_BYTES
        offset_of = self.block.offset_of
        fire = state.phase == FIRE
        for i, (index, _) in enumerate(state.volcanoes):
            at = base + offset_of[index + 1]
            block[at : at + FLOAT_BYTES] = _ONE if i == 0 and fire else _HALF
        return bytes(block)

    def _rows(self, parts: list[bytes], state: OriginsState, seat: int) -> None:
        """Append ``row`` (the row being placed) and ``next_row`` (the row being claimed)."""
        phase = state.phase
        paying = phase in _PAYING_PHASES
        placing = bool(state.row) and (phase == PLACE or paying)
        placed = (state.slot + paying) if placing else 0
        self.rows.append(parts, state, seat, placed, state.slot if placing else -1)

    def _pool_bytes(self, state: OriginsState) -> bytes:
        """Undrawn, then discarded dominoes (they change only on draws and discards: memoised)."""
        sources = (state.pool, state.discarded)
        found = self._pool.get(sources)
        if found is not None:
            return found
        values = np.zeros(2 * NUM_DOMINOES, dtype=np.float32)
        if state.pool:
            values[np.asarray(state.pool, dtype=np.intp) - 1] = 1.0
        if state.discarded:
            values[NUM_DOMINOES - 1 + np.asarray(state.discarded, dtype=np.intp)] = 1.0
        return self._pool.put(sources, values.tobytes())

    def _players(
        self,
        parts: list[bytes],
        state: OriginsState,
        seat: int,
        order: tuple[int, ...],
        facts: list[_KingdomFacts],
    ) -> None:
        game = self.game
        players = self.players
        points = [found.points for found in facts]
        if game.totems_on:
            for resource, holder in enumerate(state.holders):
                if holder != NOBODY:
                    points[(holder - seat) % players] += RESOURCES[resource].totem
        best = max(points)
        # state.can_recruit(p) for every seat at once: the cave and stack are shared.
        face_up = game.tribe_on and any(k >= 0 for k in state.cave)
        stacked = game.tribe_on and any(state.stack)
        head, kingdoms, unordered, player = self._player_head, state.kingdoms, state.unordered, state.player
        chiefs = game.chiefs_per_player
        for r, p in enumerate(order):
            found = facts[r]
            parts.append(
                head.pack(
                    points[r] / SCORE_SCALE,
                    kingdoms[p].discards / DISCARD_SCALE,
                    p == player,
                    unordered[p] / chiefs,
                    points[r] == best,
                )
            )
            parts.append(found.summary)
            kinds = found.kinds
            parts.append(
                _ONE
                if (face_up and kinds >= COST_FACE_UP) or (stacked and kinds >= COST_STACK)
                else b"\0\0\0\0"
            )

    def _totems(self, state: OriginsState, seat: int) -> bytes:
        rows = self._totem_rows[seat]
        return b"".join([rows[holder] for holder in state.holders])

    def _cave(self, state: OriginsState) -> bytes:
        return b"".join([_CAVE_BYTES[kind] for kind in state.cave])

    def _global(self, parts: list[bytes], state: OriginsState, seat: int) -> None:
        game = self.game
        phase = state.phase
        player = state.player
        one_hot = self._one_hot
        volcanoes = state.volcanoes
        erupting = volcanoes[0][1] - 1 if phase == FIRE and volcanoes else -1
        totem = state.totem_next if phase == TOTEM and state.totem_next < NUM_RESOURCES else -1
        parts += (
            _PHASE_BYTES[phase],
            _FOUR_FLOATS.pack(
                state.round_number / game.rounds,
                (game.deck_size - state.drawn) / game.deck_size,
                player == CHANCE,
                player == TERMINAL,
            ),
            self._options,
            self._supply_bytes(state.supply),
            _ONE_FLOAT.pack(len(volcanoes) / 2),
            one_hot[MAX_MARKER][erupting],
            one_hot[NUM_RESOURCES][totem],
            one_hot[NUM_CAVEMEN_KINDS][state.recruit_kind],
            _ONE_FLOAT.pack(state.pay_left / COST_SCALE if phase == PAY else 0.0),
            self._paid_bytes[state.paid & ((1 << NUM_RESOURCES) - 1)],
            _ONE_FLOAT.pack(state.stack_size() / TOTAL_CAVEMEN if game.tribe_on else 0.0),
            self._seat_bytes[seat],
        )

    def _supply_bytes(self, supply: list[int]) -> bytes:
        """Fire markers left / their copies (float32 division, as numpy does it)."""
        key = tuple(supply)
        found = self._supply.get(key)
        if found is None:
            found = (np.asarray(supply, dtype=np.float32) / self.supply_scale).tobytes()
            self._supply[key] = found
        return found
