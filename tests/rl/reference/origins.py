"""The Kingdomino Origins observation encoder, as it was before the encoders were optimised: plain
numpy, every section computed from the state at each call (no cache, no memo). The tests compare
the package's encoders with it, bit for bit."""

from __future__ import annotations

import numpy as np

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
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
    Half,
)
from kingdomino.games.origins.game import MODES, OriginsGame
from kingdomino.games.origins.state import (
    CAVEMAN,
    CLAIM,
    FIRE,
    FREE,
    NOBODY,
    PAY,
    PHASE_NAMES,
    PLACE,
    RECRUIT,
    TOTEM,
    OriginsState,
)

from .planes import BitboardPlanes, FloatArray, build_layout

#: The phase one-hot's order, by phase name (the engine's phase numbers may change).
_PHASE_PLANES = (
    "draw",
    "chief",
    "first_claim",
    "claim",
    "place",
    "fire",
    "totem",
    "recruit",
    "pay",
    "caveman",
    "reveal",
    "over",
)

# kingdoms channels (resource planes in Totem and Tribe, caveman planes in Tribe)
HUT = NUM_TERRAINS
PRINTED = HUT + 1
CRATERS = PRINTED + 1
MARKER = CRATERS + 1
RESOURCE = MARKER + 1

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

_PAYING_PHASES = (FIRE, TOTEM, CLAIM, RECRUIT, PAY, CAVEMAN)


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


_DOMINO_TABLE = _domino_table()


class _KingdomFacts:
    """What one territory's squares determine: planes and the numbers of ``players``."""

    __slots__ = ("fires", "largest", "people", "planes", "points", "resources")

    def __init__(
        self,
        planes: FloatArray,
        points: int,
        largest: int,
        fires: int,
        resources: list[int],
        people: int,
    ) -> None:
        self.planes = planes
        #: Score without the totems (they depend on the other territories).
        self.points = points
        self.largest = largest
        self.fires = fires
        self.resources = resources
        self.people = people


class ReferenceOriginsEncoder:
    """Kingdomino Origins (every mode and option) as a flat vector; layout in the module text."""

    score_scale = SCORE_SCALE
    #: Entries are fractions and flags, except scores / 100 (far below 64).
    bounds = (0.0, 64.0)

    def __init__(self, game: Game) -> None:
        if not isinstance(game, OriginsGame):
            raise GameError(f"the Origins encoder needs a Kingdomino Origins game, got {game.name!r}")
        self.game: OriginsGame = game
        players = game.num_players
        geometry = game.geometry
        self.side = geometry.side
        self.stride = geometry.grid.stride
        self.slots = game.row_size
        self.slot_width = SLOT_FEATURES + players
        self.planes = BitboardPlanes(geometry.side, geometry.side, geometry.grid.stride)
        self.resource_planes = NUM_RESOURCES if game.totems_on or game.tribe_on else 0
        self.caveman_planes = NUM_CAVEMEN_KINDS if game.tribe_on else 0
        self.erupting = RESOURCE + self.resource_planes + self.caveman_planes + 2
        self.channels = self.erupting + 1
        self.layout, size = build_layout(
            [
                ("kingdoms", (players, self.channels, self.side, self.side)),
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
        self.kingdom_block_size = self.channels * self.cells
        self.printed_weights = np.arange(1, MAX_PRINTED_FIRES + 1, dtype=np.float32) / MAX_PRINTED_FIRES
        self.marker_weights = np.arange(1, MAX_MARKER + 1, dtype=np.float32) / MAX_MARKER
        self.supply_scale = np.array([m.copies for m in MARKERS], dtype=np.float32)
        self.resource_scale = np.array([r.supply for r in RESOURCES], dtype=np.float32)
        self.options = np.zeros(G_SUPPLY - G_MODE, dtype=np.float32)
        self.options[MODES.index(game.mode)] = 1.0
        self.options[len(MODES) :] = [
            game.fire_kingdom,
            game.homo_habilis,
            game.totem_tie == "choose",
            game.final_recruit,
        ]

    def encode(self, state: State, seat: int) -> FloatArray:
        assert isinstance(state, OriginsState)
        game = self.game
        players = game.num_players
        if not 0 <= seat < players:
            raise GameError(f"seat must be 0..{players - 1}, got {seat}")
        out = np.zeros(self.shape, dtype=np.float32)
        layout = self.layout
        order = [(seat + r) % players for r in range(players)]
        phase = state.phase

        # kingdoms
        offset, _ = layout["kingdoms"]
        block_size = self.kingdom_block_size
        facts = []
        for r, p in enumerate(order):
            found = self._kingdom(state, p)
            out[offset + r * block_size : offset + (r + 1) * block_size] = found.planes
            facts.append(found)
        if state.volcanoes and state.player >= 0:
            r = (state.player - seat) % players
            base = offset + r * block_size + self.erupting * self.cells
            for i, (index, _) in enumerate(state.volcanoes):
                row, col = divmod(index, self.stride)
                out[base + row * self.side + col] = 1.0 if i == 0 and phase == FIRE else 0.5

        # rows
        placing = bool(state.row) and (phase == PLACE or phase in _PAYING_PHASES)
        placed = (state.slot + (phase in _PAYING_PHASES)) if placing else 0
        acting_row = state.slot if placing else -1
        self._row(out, "row", state.row, state.row_owner, seat, placed, acting_row)
        self._row(out, "next_row", state.next_row, state.next_owner, seat, 0, -1)

        # pool
        offset, _ = layout["pool"]
        if state.pool:
            out[offset + np.asarray(state.pool, dtype=np.intp) - 1] = 1.0
        if state.discarded:
            out[offset + NUM_DOMINOES - 1 + np.asarray(state.discarded, dtype=np.intp)] = 1.0

        # players
        offset, _ = layout["players"]
        block = out[offset : offset + players * PLAYER_FEATURES].reshape(players, PLAYER_FEATURES)
        points = [f.points for f in facts]
        if game.totems_on:
            for resource, holder in enumerate(state.holders):
                if holder != NOBODY:
                    points[(holder - seat) % players] += RESOURCES[resource].totem
        best = max(points)
        for r, p in enumerate(order):
            found = facts[r]
            block[r, 0] = points[r] / SCORE_SCALE
            block[r, 1] = state.kingdoms[p].discards / DISCARD_SCALE
            block[r, 2] = p == state.player
            block[r, 3] = state.unordered[p] / game.chiefs_per_player
            block[r, 4] = points[r] == best
            block[r, 5] = found.largest / game.frame**2
            block[r, 6] = found.fires / FIRE_SCALE
            block[r, 7 : 7 + NUM_RESOURCES] = (
                np.asarray(found.resources, dtype=np.float32) / self.resource_scale
            )
            block[r, 11] = found.people / TOTAL_CAVEMEN
            block[r, 12] = state.can_recruit(p)

        # totems
        if game.totems_on:
            offset, _ = layout["totems"]
            width = players + 1
            for resource, holder in enumerate(state.holders):
                column = players if holder == NOBODY else (holder - seat) % players
                out[offset + resource * width + column] = 1.0

        # cave
        if game.tribe_on:
            offset, _ = layout["cave"]
            width = NUM_CAVEMEN_KINDS + 1
            for slot, kind in enumerate(state.cave):
                out[offset + slot * width + (kind if kind >= 0 else NUM_CAVEMEN_KINDS)] = 1.0

        # global
        offset, _ = layout["global"]
        out[offset + _PHASE_PLANES.index(state.phase_name)] = 1.0
        out[offset + G_ROUND] = state.round_number / game.rounds
        out[offset + G_LEFT] = (game.deck_size - state.drawn) / game.deck_size
        out[offset + G_CHANCE] = state.player == CHANCE
        out[offset + G_TERMINAL] = state.player == TERMINAL
        out[offset + G_MODE : offset + G_SUPPLY] = self.options
        out[offset + G_SUPPLY : offset + G_PENDING] = (
            np.asarray(state.supply, dtype=np.float32) / self.supply_scale
        )
        out[offset + G_PENDING] = len(state.volcanoes) / 2
        if phase == FIRE and state.volcanoes:
            out[offset + G_ERUPTING + state.volcanoes[0][1] - 1] = 1.0
        if phase == TOTEM and state.totem_next < NUM_RESOURCES:
            out[offset + G_TOTEM + state.totem_next] = 1.0
        if state.recruit_kind >= 0:
            out[offset + G_RECRUIT + state.recruit_kind] = 1.0
        if phase == PAY:
            out[offset + G_PAY_LEFT] = state.pay_left / COST_SCALE
        for k in range(NUM_RESOURCES):
            if state.paid >> k & 1:
                out[offset + G_PAID + k] = 1.0
        if game.tribe_on:
            out[offset + G_STACK] = state.stack_size() / TOTAL_CAVEMEN
        out[offset + GLOBAL_FEATURES + seat] = 1.0
        return out

    def _kingdom(self, state: OriginsState, player: int) -> _KingdomFacts:
        """The facts of a territory."""
        kingdom = state.kingdoms[player]
        geometry = self.game.geometry
        masks = [
            *kingdom.terrain,
            geometry.castle,
            *kingdom.printed,
            *kingdom.craters,
            *kingdom.markers,
            *kingdom.resources[: self.resource_planes],
            *kingdom.cavemen[: self.caveman_planes],
            geometry.grid.valid & ~kingdom.occupied,
            kingdom.free(),
        ]
        bits = self.planes.planes(masks).astype(np.float32)
        planes = np.zeros((self.channels, self.cells), dtype=np.float32)
        planes[: NUM_TERRAINS + 1] = bits[: NUM_TERRAINS + 1]
        i = NUM_TERRAINS + 1
        planes[PRINTED] = self.printed_weights @ bits[i : i + MAX_PRINTED_FIRES]
        i += MAX_PRINTED_FIRES
        planes[CRATERS] = self.marker_weights @ bits[i : i + MAX_MARKER]
        i += MAX_MARKER
        planes[MARKER] = self.marker_weights @ bits[i : i + MAX_MARKER]
        i += MAX_MARKER
        planes[RESOURCE : self.erupting] = bits[i:]
        # The engine's own scoring, without the totems (added per state: they depend on everybody).
        totems = 0
        if self.game.totems_on:
            totems = sum(RESOURCES[r].totem for r, holder in enumerate(state.holders) if holder == player)
        result = _KingdomFacts(
            planes.reshape(-1),
            state.kingdom_score(player) - totems,
            kingdom.largest_region(),
            kingdom.total_fires(),
            [layer.bit_count() for layer in kingdom.resources],
            sum(layer.bit_count() for layer in kingdom.cavemen),
        )
        return result

    def _row(
        self,
        out: FloatArray,
        name: str,
        numbers: list[int],
        owners: list[int],
        seat: int,
        placed: int,
        acting: int,
    ) -> None:
        if not numbers:
            return
        offset, _ = self.layout[name]
        players = self.game.num_players
        block = out[offset : offset + self.slots * self.slot_width].reshape(self.slots, self.slot_width)
        count = len(numbers)
        block[:count, :NO_CHIEF] = _DOMINO_TABLE[numbers]
        for i, owner in enumerate(owners):
            if owner == FREE:
                block[i, NO_CHIEF] = 1.0
            else:
                block[i, SLOT_FEATURES + (owner - seat) % players] = 1.0
        block[:placed, PLACED] = 1.0
        if 0 <= acting < count:
            block[acting, ACTING] = 1.0
