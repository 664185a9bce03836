"""Elo from games: each game's pairwise results, a Bradley-Terry fit, bootstrap intervals over deals.

What the ladder (:mod:`.ladder`) rates its agents with, and the tournament's table
(:func:`.tournament.summarise`) too, so the two commands' Elo and intervals mean the same.
The model and its intervals are described in :mod:`.ladder`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kingdomino.arena.stats import ALIKE_MEANS, bradley_terry, clustered_mean_interval, mean_text
from kingdomino.core.game import GameError

if TYPE_CHECKING:
    from kingdomino.arena.tournament import GameOutcome

#: The agent rated 0.
ANCHOR = "random"
#: Elo points per factor of 10 in the odds.
ELO_SCALE = 400.0


def pairwise(outcome: GameOutcome) -> list[tuple[str, str, float]]:
    """``(a, b, score of a)`` for every two seats of a game held by different agents."""
    results = []
    seats = outcome.seats
    for a in range(len(seats)):
        for b in range(a + 1, len(seats)):
            if seats[a] == seats[b]:
                continue
            key_a = (a in outcome.winners, outcome.scores[a])
            key_b = (b in outcome.winners, outcome.scores[b])
            result = 1.0 if key_a > key_b else 0.0 if key_a < key_b else 0.5
            results.append((seats[a], seats[b], result))
    return results


def to_elo(strengths: Mapping[str, float], anchor: str | None = ANCHOR) -> dict[str, float]:
    """Natural-log strengths as Elo points, ``anchor`` at 0 (the mean at 0 without it)."""
    factor = ELO_SCALE / math.log(10.0)
    if anchor is not None and anchor in strengths:
        zero = strengths[anchor]
    else:
        zero = sum(strengths.values()) / len(strengths) if strengths else 0.0
    return {name: factor * (value - zero) for name, value in strengths.items()}


class PairwiseRecord:
    """The pairwise results the fit takes, counted, of an agent's row (a ladder's :class:`Rating`,
    a tournament's ``AgentRow``): against each other agent of a game, ranked above it (``won``),
    level with it (``drawn``), below it (``lost``); with 2 seats, the games won, drawn, lost.

    A base of dataclasses that declare the three counts as their last fields: a dataclass base
    would put its fields first, and move them in the JSON the rows are written to (``asdict``)."""

    won: int
    drawn: int
    lost: int

    @property
    def record(self) -> str:
        """Won-drawn-lost, as a table shows it."""
        return f"{self.won}-{self.drawn}-{self.lost}"


@dataclass(frozen=True)
class Rating(PairwiseRecord):
    agent: str
    elo: float
    low: float
    high: float
    #: Seats played, wins (a win shared by k seats counts 1/k), mean score and its 95 % half-width.
    seats: int
    wins: float
    mean_score: float
    score_half_width: float
    won: int = 0
    drawn: int = 0
    lost: int = 0


@dataclass
class LadderFit:
    """A ladder's ratings, best first, and what they were fitted on."""

    ratings: list[Rating]
    games: int
    anchor: str | None
    bootstrap: int
    prior: float
    #: Pairwise score of row against column (share of the pairwise results), by agent.
    matrix: dict[str, dict[str, float]] = field(default_factory=dict)
    #: The bootstrap drew deals (else games).
    by_deal: bool = True
    #: How many deals (or games) the bootstrap and the mean scores' intervals drew from.
    units: int = 2
    #: Every resample gave every agent the rating of the full fit: each deal (or game) ended alike
    #: (a clean sweep in every deal, say), so the bootstrap saw no spread at all.
    resamples_alike: bool = False

    @property
    def unit(self) -> str:
        return "deal" if self.by_deal else "game"

    @property
    def score_intervals(self) -> bool:
        """Whether the mean scores have intervals: one deal (or game) has no spread to measure."""
        return self.units > 1

    @property
    def elo_intervals(self) -> bool:
        """Whether the ratings have intervals: a bootstrap was asked for, over two units or more
        (resampling a single deal gives it back every time: a zero-width interval that would
        read as a rating known exactly); nor when every resample gave the same ratings (every
        deal ended alike: the same zero-width interval, however few the deals)."""
        return self.bootstrap > 0 and self.score_intervals and not self.resamples_alike

    def interval_text(self, rating: Rating) -> str:
        """A rating's 95 % interval as a table shows it, ``-`` when there is none."""
        return f"[{rating.low:.0f}, {rating.high:.0f}]" if self.elo_intervals else "-"

    def score_text(self, rating: Rating) -> str:
        """A mean score with its 95 % half-width when it has one (none from one deal, or from deals
        that all gave it the same score: ``alike_scores`` says why)."""
        return mean_text(rating.mean_score, rating.score_half_width, self.units)

    def alike_scores(self) -> str | None:
        """Why some mean score has no ± though others may: it was the same in every deal (or game)."""
        if self.score_intervals and any(r.score_half_width == 0 for r in self.ratings):
            return ALIKE_MEANS.format(unit=self.unit)
        return None

    def missing_intervals(self, players: int) -> str | None:
        """Why a table lacks intervals, and how to get them (``None`` when it has them all)."""
        if not self.score_intervals:
            more = f"--games {2 * players} or more plays two deals" if self.by_deal else "play more games"
            return f"One {self.unit} only: no 95 % intervals, Elo or mean score; {more}."
        if self.bootstrap == 0:
            return "--bootstrap 0: no Elo intervals."
        if not self.elo_intervals:
            return alike_note(self.unit)
        return None


def alike_note(unit: str = "deal") -> str:
    """Why a table whose resamples all gave the same ratings shows no Elo intervals."""
    return (
        f"No Elo intervals: every {unit} ended alike (the same pairwise results, a clean sweep say), "
        "so every bootstrap resample gave the same ratings, an interval of zero width that would "
        "read as a rating known exactly; the win rates' Wilson intervals say how sure they are."
    )


def fit(
    outcomes: Sequence[GameOutcome],
    anchor: str | None = ANCHOR,
    bootstrap: int = 200,
    seed: int = 0,
    prior: float = 0.5,
    by_deal: bool = True,
) -> LadderFit:
    """Fit the ratings of the agents of ``outcomes``, with bootstrap intervals over deals (the
    games of one deal, ``GameOutcome.seed``, drawn together), or over games when not ``by_deal``
    (a ladder whose tables share their few deals)."""
    games = list(outcomes)
    if not games:
        raise GameError("no games to rate")
    # The unit of the bootstrap and of the mean scores' intervals: a deal, or a game.
    units = [outcome.seed if by_deal else number for number, outcome in enumerate(games)]
    per_unit: dict[int, list[tuple[str, str, float]]] = {}
    for unit, outcome in zip(units, games):
        per_unit.setdefault(unit, []).extend(pairwise(outcome))
    drawable = list(per_unit.values())
    names = sorted({agent for outcome in games for agent in outcome.seats})
    used_anchor = anchor if anchor in names else None
    elo = to_elo(bradley_terry([r for pairs in drawable for r in pairs], prior), used_anchor)
    elo.update({name: 0.0 for name in names if name not in elo})  # an agent that met no other
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(bootstrap):
        drawn = [drawable[int(rng.random() * len(drawable))] for _ in drawable]
        refit = to_elo(bradley_terry([r for pairs in drawn for r in pairs], prior), used_anchor)
        for name in names:
            # an agent absent from a resample keeps the full fit's rating in it
            samples[name].append(refit.get(name, elo[name]))
    seats: dict[str, int] = dict.fromkeys(names, 0)
    wins: dict[str, float] = dict.fromkeys(names, 0.0)
    scores: dict[str, list[float]] = {name: [] for name in names}
    # An agent's seats in one unit (the rotations of a deal; the seats of a list cycled to fill a
    # table) are one draw of its mean score.
    played_in: dict[str, list[int]] = {name: [] for name in names}
    for unit, outcome in zip(units, games):
        for seat, agent in enumerate(outcome.seats):
            seats[agent] += 1
            scores[agent].append(float(outcome.scores[seat]))
            played_in[agent].append(unit)
            if seat in outcome.winners:
                wins[agent] += 1.0 / len(outcome.winners)
    record = {name: [0, 0, 0] for name in names}
    for pairs in drawable:
        for a, b, score in pairs:
            result = 0 if score > 0.5 else 1 if score == 0.5 else 2  # a won, drew, lost
            record[a][result] += 1
            record[b][2 - result] += 1
    alike = bootstrap > 0 and all(max(drawn) - min(drawn) < 1e-6 for drawn in samples.values())
    ratings = []
    for name in names:
        low, high = _percentiles(samples[name]) if bootstrap else (elo[name], elo[name])
        mean, half = clustered_mean_interval(scores[name], played_in[name])
        ratings.append(Rating(name, elo[name], low, high, seats[name], wins[name], mean, half, *record[name]))
    ratings.sort(key=lambda rating: -rating.elo)
    totals: dict[str, dict[str, list[float]]] = {a: {} for a in names}
    for pairs in drawable:
        for a, b, score in pairs:
            totals[a].setdefault(b, [0.0, 0.0])
            totals[b].setdefault(a, [0.0, 0.0])
            totals[a][b][0] += score
            totals[a][b][1] += 1.0
            totals[b][a][0] += 1.0 - score
            totals[b][a][1] += 1.0
    matrix = {a: {b: s / n for b, (s, n) in row.items()} for a, row in totals.items()}
    return LadderFit(
        ratings, len(games), used_anchor, bootstrap, prior, matrix, by_deal, len(drawable), alike
    )


def _percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1

    def at(share: float) -> float:
        position = share * last
        lower = math.floor(position)
        upper = min(lower + 1, last)
        return ordered[lower] + (ordered[upper] - ordered[lower]) * (position - lower)

    return at(0.025), at(0.975)
