"""Building Kingdomino Origins positions for tests, and a slow reference scorer."""

from __future__ import annotations

import random
from collections.abc import Callable

from kingdomino import CHANCE, make_game
from kingdomino.games.origins.components import BONUSES, CAVEMEN, DOMINOES, RESOURCES, VOLCANO
from kingdomino.games.origins.game import OriginsGame
from kingdomino.games.origins.kingdom import Kingdom
from kingdomino.games.origins.state import PLACE, OriginsState
from kingdomino.games.origins.text import parse_kingdom

STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def game_of(players: int = 4, **options: bool | str) -> OriginsGame:
    game = make_game("origins", players, options)
    assert isinstance(game, OriginsGame)
    return game


def position(
    game: OriginsGame,
    kingdoms: list[str] | None = None,
    row: list[int] | None = None,
    next_row: list[int] | None = None,
) -> OriginsState:
    """Seat 0 (then 1, 2, ...) about to place the dominoes of ``row``; territories read from text."""
    state = game.new_initial_state()
    texts = kingdoms or []
    for seat in range(game.num_players):
        if seat < len(texts):
            state.kingdoms[seat] = parse_kingdom(texts[seat], game.frame)
    row = row or [1]
    next_row = [4, 5, 6, 7] if next_row is None else next_row
    state.row = list(row)
    state.row_owner = [i % game.num_players for i in range(len(row))]
    state.next_row = list(next_row)
    state.next_owner = [-1] * len(next_row)
    state.pool = [n for n in state.pool if n not in row and n not in next_row]
    state.drawn = 48 - len(state.pool)
    state.unordered = [0] * game.num_players
    state.phase = PLACE
    state.slot = 0
    state.player = 0
    if game.tribe_on:
        state.cave = [0, 1, 2, 3]
        for kind in state.cave:
            state.stack[kind] -= 1
    return state


def play_random(
    state: OriginsState, rng: random.Random, until: Callable[[OriginsState], bool] = lambda s: False
) -> OriginsState:
    """Uniformly random legal actions (chance included), checked, until the end or ``until``."""
    while not state.is_terminal() and not until(state):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return state


def code(state: OriginsState, text: str) -> int:
    return state.parse_action(text)


def texts(state: OriginsState) -> list[str]:
    return [state.action_text(a) for a in state.legal_actions()]


def reference_score(kingdom: Kingdom, mode: str, totems: int = 0) -> int:
    """Score recomputed square by square (BFS regions, explicit neighbourhoods), no bitboards."""
    reach = kingdom.geometry.centre
    squares = {}
    for row in range(-reach, reach + 1):
        for col in range(-reach, reach + 1):
            found = kingdom.square(row, col)
            if found is not None and found["terrain"] >= 0:
                squares[row, col] = found
    seen: set[tuple[int, int]] = set()
    total = 0
    for start, first in squares.items():
        if start in seen or first["terrain"] == VOLCANO:
            continue
        region, frontier = [start], [start]
        seen.add(start)
        while frontier:
            r, c = frontier.pop()
            for dr, dc in STEPS:
                nxt = (r + dr, c + dc)
                if nxt not in seen and nxt in squares and squares[nxt]["terrain"] == first["terrain"]:
                    seen.add(nxt)
                    region.append(nxt)
                    frontier.append(nxt)
        total += len(region) * sum(squares[s]["fires"] + squares[s]["marker"] for s in region)
    if mode == "totem":
        total += sum(1 for s in squares.values() if s["resource"] >= 0) * BONUSES["resource"] + totems
    if mode == "tribe":
        warriors = {s: CAVEMEN[v["caveman"]].strength for s, v in squares.items() if v["caveman"] >= 0}
        warriors = {s: k for s, k in warriors.items() if k}
        for (r, c), v in squares.items():
            kind = v["caveman"]
            if kind < 0 or CAVEMEN[kind].strength:
                continue
            ring = [squares.get((r + dr, c + dc)) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
            around = [s for s in ring if s is not None]
            per = CAVEMEN[kind].per
            if per == "resource":
                count = sum(1 for s in around if s["resource"] >= 0)
            elif per == "fire":
                count = sum(s["fires"] + s["marker"] for s in around)
            elif per == "caveman":
                count = sum(1 for s in around if s["caveman"] >= 0)
            else:
                count = sum(1 for s in around if s["resource"] >= 0 and RESOURCES[s["resource"]].id == per)
            total += CAVEMEN[kind].points * count
        done: set[tuple[int, int]] = set()
        for start in warriors:
            if start in done:
                continue
            horde, frontier = [start], [start]
            done.add(start)
            while frontier:
                r, c = frontier.pop()
                for dr, dc in STEPS:
                    nxt = (r + dr, c + dc)
                    if nxt in warriors and nxt not in done:
                        done.add(nxt)
                        horde.append(nxt)
                        frontier.append(nxt)
            total += len(horde) * sum(warriors[s] for s in horde)
    return total


__all__ = ["DOMINOES"]
