"""Many games between fixed seats: wins (shared wins split fairly) and mean scores.

>>> from kingdomino import make_game
>>> summary = simulate(make_game("kingdomino", 2), ["greedy", "random"], games=4, seed=1)
>>> round(sum(summary.wins), 6)
4.0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdomino.agents import Agent
from kingdomino.arena.match import play_actions, reseat_agents
from kingdomino.core.game import Game, ranked_winners
from kingdomino.core.seeds import DerivedSeeds


@dataclass
class GameResult:
    index: int
    seed: int
    scores: list[int]
    winners: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"game": self.index, "seed": self.seed, "scores": self.scores, "winners": self.winners}


@dataclass
class Summary:
    agents: list[str]
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> list[float]:
        """Per seat: 1 per outright win, 1/k per win shared by k seats."""
        totals = [0.0] * len(self.agents)
        for result in self.results:
            for seat in result.winners:
                totals[seat] += 1.0 / len(result.winners)
        return totals

    @property
    def mean_scores(self) -> list[float]:
        if not self.results:
            return [0.0] * len(self.agents)
        return [sum(r.scores[seat] for r in self.results) / self.games for seat in range(len(self.agents))]


def simulate(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int,
    on_result: Callable[[GameResult], None] | None = None,
) -> Summary:
    """Play ``games`` games; game ``i`` uses seed ``seed + i`` (for chance and the agents).

    Each game plays as :func:`play_actions` with :func:`~kingdomino.arena.match.seat_agents` of its
    seed would; the generators (chance's and reseedable agents') are re-seeded from game to game,
    not made anew.
    """
    summary = Summary(list(agents))
    seated: list[Agent] = []
    chance = random.Random()
    for index in range(games):
        game_seed = seed + index
        seeds = DerivedSeeds(game_seed)
        seated = reseat_agents(agents, seeds, seated)
        chance.seed(seeds.derive("chance"))
        state, _ = play_actions(game, seated, game_seed, chance=chance, names=agents)
        scores = state.scores()
        result = GameResult(index, game_seed, scores, ranked_winners(scores, state.tie_break))
        summary.results.append(result)
        if on_result is not None:
            on_result(result)
    return summary
