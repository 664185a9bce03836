"""The Kingdomino observation encoder, as it was before the encoders were optimised: plain numpy,
every section computed from the state at each call (no cache, no memo). The tests compare the
package's encoders with it, bit for bit."""

from __future__ import annotations

import numpy as np

from kingdomino.core.game import CHANCE, TERMINAL, Game, GameError, State
from kingdomino.games.classic.components import DOMINOES, MAX_CROWNS, NUM_DOMINOES, TERRAINS
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.state import CLAIM, FREE, PLACE, ClassicState

from .planes import BitboardPlanes, FloatArray, build_layout

NUM_TERRAINS = len(TERRAINS)
KINGDOM_CHANNELS = NUM_TERRAINS + 4
SLOT_FEATURES = 20
PLAYER_FEATURES = 5
GLOBAL_FEATURES = 17
NUM_PHASES = 5
SCORE_SCALE = 100.0
DISCARD_SCALE = 12.0


def _domino_table() -> FloatArray:
    """Row ``n``: slot features 0-15 of domino ``n`` (row 0 unused)."""
    table = np.zeros((NUM_DOMINOES + 1, 16), dtype=np.float32)
    for number, domino in DOMINOES.items():
        table[number, 0] = 1.0
        table[number, 1] = number / NUM_DOMINOES
        table[number, 2 + domino.first.terrain] = 1.0
        table[number, 8] = domino.first.crowns / MAX_CROWNS
        table[number, 9 + domino.second.terrain] = 1.0
        table[number, 15] = domino.second.crowns / MAX_CROWNS
    return table


_DOMINO_TABLE = _domino_table()


class ReferenceClassicEncoder:
    """Kingdomino (every variant) as a flat vector: kingdom planes, rows, pool, players, phase."""

    score_scale = SCORE_SCALE
    #: Entries are fractions and flags, except scores / 100 (far below 64 even over a Dynasty).
    bounds = (0.0, 64.0)

    def __init__(self, game: Game) -> None:
        if not isinstance(game, ClassicGame):
            raise GameError(f"the Kingdomino encoder needs a Kingdomino game, got {game.name!r}")
        self.game: ClassicGame = game
        players = game.num_players
        geometry = game.geometry
        self.side = geometry.side
        self.slots = game.row_size
        self.slot_width = SLOT_FEATURES + players
        self.planes = BitboardPlanes(geometry.side, geometry.side, geometry.grid.stride)
        self.layout, size = build_layout(
            [
                ("kingdoms", (players, KINGDOM_CHANNELS, self.side, self.side)),
                ("row", (self.slots, self.slot_width)),
                ("next_row", (self.slots, self.slot_width)),
                ("pool", (NUM_DOMINOES,)),
                ("players", (players, PLAYER_FEATURES)),
                ("global", (GLOBAL_FEATURES + players,)),
            ]
        )
        self.shape: tuple[int, ...] = (size,)
        # Per game: draws + kings + (place + claim) per domino, with room to spare.
        self.max_game_length = game.games_in_match * (NUM_DOMINOES + 4 * game.deck_size + 2 * players + 8)
        self.kingdom_block_size = KINGDOM_CHANNELS * self.side * self.side
        self.crown_weights = np.arange(1, MAX_CROWNS + 1, dtype=np.float32) / MAX_CROWNS
        self.options = np.array(
            [game.dynasty, game.middle_kingdom, game.harmony, game.mighty_duel], dtype=np.float32
        )

    def encode(self, state: State, seat: int) -> FloatArray:
        assert isinstance(state, ClassicState)
        game = self.game
        players = game.num_players
        if not 0 <= seat < players:
            raise GameError(f"seat must be 0..{players - 1}, got {seat}")
        out = np.zeros(self.shape, dtype=np.float32)
        layout = self.layout
        order = [(seat + r) % players for r in range(players)]

        # kingdoms (and their points, which only change when they do)
        offset, _ = layout["kingdoms"]
        block_size = self.kingdom_block_size
        points = []
        for r, p in enumerate(order):
            planes, kingdom_points = self._kingdom(state, p)
            out[offset + r * block_size : offset + (r + 1) * block_size] = planes
            points.append(kingdom_points)

        # rows
        placing = bool(state.row) and state.phase in (PLACE, CLAIM)
        placed = (state.slot + (state.phase == CLAIM)) if placing else 0
        acting_row = state.slot if placing else -1
        self._row(out, "row", state.row, state.row_owner, seat, placed, acting_row)
        self._row(out, "next_row", state.next_row, state.next_owner, seat, 0, -1)

        # pool
        offset, _ = layout["pool"]
        if state.pool:
            out[offset + np.asarray(state.pool, dtype=np.intp) - 1] = 1.0

        # players
        offset, _ = layout["players"]
        block = out[offset : offset + players * PLAYER_FEATURES].reshape(players, PLAYER_FEATURES)
        for past in state.past_scores:
            for r, p in enumerate(order):
                points[r] += past[p]
        best = max(points)
        for r, p in enumerate(order):
            block[r, 0] = points[r] / SCORE_SCALE
            block[r, 1] = state.kingdoms[p].discards / DISCARD_SCALE
            block[r, 2] = p == state.player
            block[r, 3] = state.unordered[p] / game.kings_per_player
            block[r, 4] = points[r] == best

        # global
        offset, _ = layout["global"]
        out[offset + state.phase] = 1.0
        out[offset + 5] = state.round_number / game.rounds
        out[offset + 6] = (state.game_index + 1) / game.games_in_match
        out[offset + 7] = (game.deck_size - state.drawn) / game.deck_size
        out[offset + 8] = state.player == CHANCE
        out[offset + 9] = state.player == TERMINAL
        out[offset + 10 : offset + 14] = self.options
        out[offset + GLOBAL_FEATURES + seat] = 1.0
        return out

    def _kingdom(self, state: ClassicState, player: int) -> tuple[FloatArray, int]:
        """The planes of a kingdom (flat) and its points this game."""
        kingdom = state.kingdoms[player]
        geometry = self.game.geometry
        masks = [
            *kingdom.terrain,
            geometry.castle,
            *kingdom.crowns,
            geometry.grid.valid & ~kingdom.occupied,
            kingdom.free(),
        ]
        bits = self.planes.planes(masks).astype(np.float32)
        cells = self.side * self.side
        planes = np.empty((KINGDOM_CHANNELS, cells), dtype=np.float32)
        planes[: NUM_TERRAINS + 1] = bits[: NUM_TERRAINS + 1]
        planes[NUM_TERRAINS + 1] = self.crown_weights @ bits[NUM_TERRAINS + 1 : NUM_TERRAINS + 1 + MAX_CROWNS]
        planes[NUM_TERRAINS + 2 :] = bits[NUM_TERRAINS + 1 + MAX_CROWNS :]
        # The engine's own scoring: region points plus this configuration's bonuses.
        kingdom_points = kingdom.region_points() + state.kingdom_bonus(kingdom)
        return planes.reshape(-1), kingdom_points

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
        block[:count, :16] = _DOMINO_TABLE[numbers]
        for i, owner in enumerate(owners):
            if owner == FREE:
                block[i, 16] = 1.0
            else:
                block[i, SLOT_FEATURES + (owner - seat) % players] = 1.0
        block[:placed, 17] = 1.0
        if 0 <= acting < count:
            block[acting, 18] = 1.0
