"""Many games between fixed seats: wins (shared wins split fairly) and mean scores.

>>> from kingdomino import make_game
>>> summary = simulate(make_game("kingdomino", 2), ["greedy", "random"], games=4, seed=1)
>>> round(sum(summary.wins), 6)
4.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kingdomino.arena.match import play_actions, seat_agents
from kingdomino.core.game import Game, ranked_winners


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
    """Play ``games`` games; game ``i`` uses seed ``seed + i`` (for chance and the agents)."""
    summary = Summary(list(agents))
    for index in range(games):
        game_seed = seed + index
        state, _ = play_actions(game, seat_agents(agents, game_seed), game_seed)
        scores = state.scores()
        result = GameResult(index, game_seed, scores, ranked_winners(scores, state.tie_break))
        summary.results.append(result)
        if on_result is not None:
            on_result(result)
    return summary
