"""A tournament's results by seat: each agent's win rate and mean score from each seat it played.

A tournament rotates the agents through the seats (:func:`.tournament.seating`), so its table
mixes every seat; this splits each agent's row by seat, to show what a seat gives or costs (a
seat's place in the first round, a kingdom built against neighbours of another strength). The
intervals are the table's: Wilson's for the win rate (a win shared by k seats counts 1/k), and
for the mean score each deal as one draw (:func:`.stats.clustered_mean_interval`).

>>> from kingdomino.arena.tournament import AgentResults, GameOutcome
>>> games = [GameOutcome(0, 1, ["a", "b"], [30, 20], [0], 90, 1.0),
...          GameOutcome(1, 1, ["b", "a"], [25, 25], [0, 1], 90, 1.0)]
>>> [(row.agent, row.seat, row.wins, row.mean_score) for row in by_seat(games)]
[('a', 0, 1.0, 30.0), ('a', 1, 0.5, 25.0), ('b', 0, 0.5, 25.0), ('b', 1, 0.0, 20.0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kingdomino.arena.stats import clustered_mean_interval, wilson_interval
from kingdomino.arena.tournament import AgentResults, GameOutcome


@dataclass
class SeatRow(AgentResults):
    """One agent's results from one seat (0 the first, as in a results file's ``seats``)."""

    seat: int


def by_seat(outcomes: Iterable[GameOutcome]) -> list[SeatRow]:
    """Each agent's row for each seat it played, by agent and then seat; the games are read in
    index order, so the same games give the same rows whatever order they finished in."""
    played: dict[tuple[str, int], tuple[list[float], list[float], list[int]]] = {}
    for outcome in sorted(outcomes, key=lambda o: o.index):
        for seat, agent in enumerate(outcome.seats):
            scores, shares, deals = played.setdefault((agent, seat), ([], [], []))
            scores.append(float(outcome.scores[seat]))
            shares.append(1.0 / len(outcome.winners) if seat in outcome.winners else 0.0)
            deals.append(outcome.seed)
    rows = []
    for (agent, seat), (scores, shares, deals) in sorted(played.items()):
        wins = sum(shares)
        mean, half = clustered_mean_interval(scores, deals)
        rows.append(SeatRow(agent, len(scores), wins, *wilson_interval(wins, len(scores)), mean, half, seat))
    return rows
