"""Paired comparison of two tournaments that differ in one agent: the same deals, game by game.

Two tournaments with the same game, seats, options and seed deal the same dominoes (dice,
cavemen) in game ``i`` and seat the agents in the same rotation. When they differ only in
the agent at one position of the agent list (two settings of a search, say), game ``i`` of
one and game ``i`` of the other put the two agents in the same seat against the same
opponents on the same deal. The per-game differences of score and of win share then carry
much less noise than the two tournaments' separate means: their interval is the honest one
for "is the second agent better".

>>> from kingdomino.arena.tournament import GameOutcome, TournamentConfig
>>> first = TournamentConfig("kingdomino", 2, {}, ["mce:iterations=200", "greedy"], 2, 1)
>>> second = TournamentConfig("kingdomino", 2, {}, ["mce:iterations=800", "greedy"], 2, 1)
>>> def game(index, spec, scores):
...     seats = [spec, "greedy"] if index % 2 == 0 else ["greedy", spec]
...     winners = [scores.index(max(scores))]
...     return GameOutcome(index, 1, seats, scores, winners, 90, 1.0)
>>> result = compare(
...     first, [game(0, "mce:iterations=200", [50, 40]), game(1, "mce:iterations=200", [45, 44])],
...     second, [game(0, "mce:iterations=800", [56, 40]), game(1, "mce:iterations=800", [41, 40])],
... )
>>> result.games, result.score_difference, result.second_better, result.second_worse
(2, 1.0, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kingdomino.arena.stats import clustered_mean_interval
from kingdomino.arena.tournament import GameOutcome, TournamentConfig, agent_spec
from kingdomino.core.game import GameError


@dataclass(frozen=True)
class PairedComparison:
    """The agent at ``position`` of the first tournament (``first``) against the second's."""

    position: int
    first: str
    second: str
    #: Games played in both tournaments (the pairs).
    games: int
    first_mean: float
    second_mean: float
    #: Mean of (second's score - first's score) over the pairs, and its 95 % half-width (deals as
    #: the independent draws, Student's t; 0 with a single deal: no spread to measure).
    score_difference: float
    score_half_width: float
    #: Win shares (1/k of a win shared by k seats), and the mean paired difference.
    first_win_rate: float
    second_win_rate: float
    win_difference: float
    win_half_width: float
    #: Pairs where the second agent scored more, less.
    second_better: int
    second_worse: int
    #: Distinct deals among the pairs (the intervals' draws: with one, the intervals are 0).
    deals: int = 0
    #: Pairs where the two agents' win shares were the same (all of them, with no pair scored
    #: apart either: the same result in every game, whose intervals are 0 for want of any spread).
    same_wins: int = 0

    @property
    def same_in_every_game(self) -> bool:
        """Whether every pair gave both agents the same score and the same win share."""
        return self.second_better == self.second_worse == 0 and self.same_wins == self.games


def compare(
    first: TournamentConfig,
    first_outcomes: Sequence[GameOutcome],
    second: TournamentConfig,
    second_outcomes: Sequence[GameOutcome],
    position: int | None = None,
) -> PairedComparison:
    """Pair the games both tournaments played; ``position``: which agent of the list to compare
    (default: the only position whose agent differs). Refuses tournaments on other deals, and a
    changed agent whose opponents changed too."""
    for field in ("game", "players", "seed"):
        if getattr(first, field) != getattr(second, field):
            raise GameError(
                f"{field}: the tournaments differ ({getattr(first, field)!r} and "
                f"{getattr(second, field)!r}); only the same deals can be paired"
            )
    if dict(first.options) != dict(second.options):
        raise GameError(f"options: the tournaments differ ({dict(first.options)} and {dict(second.options)})")
    position = _position(first.agents, second.agents, position)
    by_index = {o.index: o for o in second_outcomes}
    pairs = [(o, by_index[o.index]) for o in first_outcomes if o.index in by_index]
    if not pairs:
        raise GameError("the tournaments have no game index in common: nothing to pair")
    players = first.players
    scores: tuple[list[float], list[float]] = ([], [])
    shares: tuple[list[float], list[float]] = ([], [])
    for pair in pairs:
        seat = (position - pair[0].index) % players
        for side, outcome, config in zip((0, 1), pair, (first, second)):
            spec = config.agents[position]
            if outcome.seats[seat] != spec:
                raise GameError(
                    f"game {outcome.index}: seat {seat} holds {outcome.seats[seat]!r}, "
                    f"expected {spec!r} (not a rotated tournament of these agents)"
                )
            scores[side].append(float(outcome.scores[seat]))
            shares[side].append(1.0 / len(outcome.winners) if seat in outcome.winners else 0.0)
    # the rotations of one deal are not independent draws: the intervals count deals
    deals = [pair[0].seed for pair in pairs]
    score_difference, score_half = clustered_mean_interval([b - a for a, b in zip(*scores)], deals)
    win_difference, win_half = clustered_mean_interval([b - a for a, b in zip(*shares)], deals)
    count = len(pairs)
    return PairedComparison(
        position,
        first.agents[position],
        second.agents[position],
        count,
        sum(scores[0]) / count,
        sum(scores[1]) / count,
        score_difference,
        score_half,
        sum(shares[0]) / count,
        sum(shares[1]) / count,
        win_difference,
        win_half,
        sum(1 for a, b in zip(*scores) if b > a),
        sum(1 for a, b in zip(*scores) if b < a),
        len(set(deals)),
        sum(1 for a, b in zip(*shares) if a == b),
    )


def _position(first: Sequence[str], second: Sequence[str], position: int | None) -> int:
    """The agent-list position to compare: ``position`` if given, else the only one that differs.

    A position whose agent differs while others differ too is refused: its difference would mix
    the agent's change with its opponents'. A position whose agent is the same in both is fine:
    it measures what the changed opponents do to that agent."""
    if len(first) != len(second):
        raise GameError(f"agents: the tournaments seat {len(first)} and {len(second)} agents")
    if position is not None and not 0 <= position < len(first):
        raise GameError(f"position: expected 0..{len(first) - 1}, got {position}", field="position")
    # a copy (greedy#2, :func:`.tournament.entrants`) plays the same agent as the one it copies
    differing = [p for p, (a, b) in enumerate(zip(first, second)) if agent_spec(a) != agent_spec(b)]
    if position is None and len(differing) == 1:
        return differing[0]
    if position is None:
        found = "no position" if not differing else f"positions {', '.join(map(str, differing))}"
        raise GameError(
            f"position: the agent lists differ at {found}; name the position to compare", field="position"
        )
    if position in differing and len(differing) > 1:
        others = ", ".join(str(p) for p in differing if p != position)
        raise GameError(
            f"position: the agent at {position} differs, and so do the opponents at {others}: "
            "its paired difference would mix the two changes; compare tournaments that differ in "
            "one agent, or name a position whose agent is the same in both",
            field="position",
        )
    return position
