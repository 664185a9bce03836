"""Building Kingdomino positions for tests, and slow reference rules to check the fast ones."""

from __future__ import annotations

import random
from collections.abc import Callable

from kingdomino import CHANCE, make_game
from kingdomino.games.classic.components import DOMINOES, Domino
from kingdomino.games.classic.game import ClassicGame
from kingdomino.games.classic.kingdom import Kingdom
from kingdomino.games.classic.state import PLACE, ClassicState

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def new_state(players: int = 4, **options: bool) -> ClassicState:
    state = ClassicGame(players, **options).new_initial_state()
    assert isinstance(state, ClassicState)
    return state


def play_random(
    state: ClassicState, rng: random.Random, until: Callable[[ClassicState], bool] = lambda s: False
) -> ClassicState:
    """Play uniformly random actions (chance included) until the end or ``until(state)``."""
    while not state.is_terminal() and not until(state):
        legal = state.legal_actions()
        state.apply(
            legal[int(rng.random() * len(legal))]
            if state.current_player != CHANCE
            else state.sample_chance(rng)
        )
    return state


def at_placement(players: int, seed: int, placements: int) -> ClassicState:
    """A random game stopped at its ``placements``-th placement decision."""
    seen = [0]

    def stop(state: ClassicState) -> bool:
        if state.phase == PLACE:
            seen[0] += 1
            return seen[0] > placements
        return False

    return play_random(new_state(players), random.Random(seed), stop)


def reference_placements(kingdom: Kingdom, domino: Domino) -> set[int]:
    """Legal placement codes computed square by square, the obvious way."""
    geometry = kingdom.geometry
    reach = geometry.centre
    frame = geometry.frame
    squares = {}
    for row in range(-reach, reach + 1):
        for col in range(-reach, reach + 1):
            found = kingdom.square(row, col)
            if found is not None:
                squares[row, col] = found
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    codes = set()
    halves = (domino.first, domino.second)
    for row in range(-reach, reach + 1):
        for col in range(-reach, reach + 1):
            for direction, (dr, dc) in enumerate(STEPS):
                cells = ((row, col), (row + dr, col + dc))
                if any(not (-reach <= r <= reach and -reach <= c <= reach) for r, c in cells):
                    continue
                if any(cell in squares for cell in cells):
                    continue
                all_rows = rows + [r for r, _ in cells]
                all_cols = cols + [c for _, c in cells]
                if max(all_rows) - min(all_rows) >= frame or max(all_cols) - min(all_cols) >= frame:
                    continue
                connected = False
                for (r, c), half in zip(cells, halves):
                    for sr, sc in STEPS:
                        other = squares.get((r + sr, c + sc))
                        if other is not None and (other[0] < 0 or other[0] == half.terrain):
                            connected = True
                if not connected:
                    continue
                if domino.first == domino.second and direction >= 2:
                    (r2, c2) = cells[1]
                    codes.add(geometry.placement_code(r2, c2, direction - 2))
                else:
                    codes.add(geometry.placement_code(row, col, direction))
    return codes


def reference_score(kingdom: Kingdom) -> int:
    """Squares x crowns per region, by breadth-first search over squares."""
    reach = kingdom.geometry.centre
    squares = {}
    for row in range(-reach, reach + 1):
        for col in range(-reach, reach + 1):
            found = kingdom.square(row, col)
            if found is not None and found[0] >= 0:
                squares[row, col] = found
    seen: set[tuple[int, int]] = set()
    total = 0
    for start, (terrain, _) in squares.items():
        if start in seen:
            continue
        region, frontier = [start], [start]
        seen.add(start)
        while frontier:
            r, c = frontier.pop()
            for dr, dc in STEPS:
                nxt = (r + dr, c + dc)
                if nxt not in seen and nxt in squares and squares[nxt][0] == terrain:
                    seen.add(nxt)
                    region.append(nxt)
                    frontier.append(nxt)
        total += len(region) * sum(squares[cell][1] for cell in region)
    return total


def game_of(players: int, **options: bool) -> ClassicGame:
    game = make_game("kingdomino", players, options)
    assert isinstance(game, ClassicGame)
    return game


__all__ = ["DOMINOES"]
