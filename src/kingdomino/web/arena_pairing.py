"""An arena's pairing and scoring, pure (no server, no database): who plays whom among the players
free now, and what each player's games are worth.

Pairing (:func:`pair`): the free players are taken in their order in the arena (most arena points
first, then the higher rating) and each is given the free player nearest to them in points, then
in rating, whom they did not meet in their last few games (``recent``: nor has them among theirs)
when such a player is free, else who is not their last opponent; a recent opponent the greedy pass
left is undone by swapping partners with another pair when that makes two fresh games (two or
three friends who come free together would otherwise meet again and again by taking turns).
In a team battle a player meets one of their own club (``Free.team``) only when nobody of another
club is free (lichess's team battles pair across teams). Two players who just met meet again only
when both have waited ``rematch_after`` seconds and nobody else came free meanwhile: at a game's
end its two players are the only free ones, and would otherwise be paired together at once, again
and again. A player left out waits for the next pairing.

Scoring (:func:`scored`): a win is worth 2, a draw 1, a loss 0. After two wins in a row a player is
"on fire": each win is worth 4 and each draw 2, until a game they do not win (that game still
counts double when it is a draw). The standings (:func:`standings`) rank by points, then by the
points a game (a player who scored as much in fewer games ranks first), then by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: A game's worth by its outcome, and the factor while on fire.
WIN, DRAW, LOSS = 2, 1, 0
FIRE = 2
#: The wins in a row that set a player on fire.
STREAK = 2
#: The outcomes a game of an arena has for one of its players.
OUTCOMES = {"win": WIN, "draw": DRAW, "loss": LOSS}


@dataclass(frozen=True)
class Free:
    """A player free to play now: their account, arena points, rating and last opponent (if any)."""

    player: int
    points: int
    rating: float
    last: int | None = None
    #: How long they have been free (seconds).
    waited: float = float("inf")
    #: The opponents of their last few games (``last`` among them).
    recent: frozenset[int] = frozenset()
    #: Their club in a team battle (``team_battle``; None: an arena of players alone).
    team: int | None = None


def _rematch(a: Free, b: Free) -> bool:
    return a.last == b.player or b.last == a.player


def _met(a: Free, b: Free) -> bool:
    return _rematch(a, b) or b.player in a.recent or a.player in b.recent


def _mates(a: Free, b: Free) -> bool:
    return a.team is not None and a.team == b.team


def pair(free: Sequence[Free], rematch_after: float = 0.0) -> tuple[list[tuple[int, int]], list[int]]:
    """The games to make among ``free`` (each: the two accounts, the higher placed first) and the
    players left to wait.

    >>> pair([Free(1, 4, 1500.0), Free(2, 0, 1500.0), Free(3, 4, 1400.0)])
    ([(1, 3)], [2])
    >>> pair([Free(1, 4, 1500.0, team=7), Free(2, 4, 1500.0, team=7), Free(3, 0, 1400.0, team=8)])
    ([(1, 3)], [2])
    """
    left = sorted(free, key=lambda f: (-f.points, -f.rating, f.player))
    games: list[tuple[Free, Free]] = []
    waiting: list[Free] = []
    while left:
        first = left.pop(0)
        rivals = [other for other in left if not _mates(first, other)] or left
        fresh = [other for other in rivals if not _met(first, other)]
        not_last = [other for other in rivals if not _rematch(first, other)]
        patient = [o for o in rivals if min(first.waited, o.waited) >= rematch_after]
        choice = fresh or not_last or patient
        if not choice:
            waiting.append(first)
            continue
        second = min(choice, key=lambda o: (abs(o.points - first.points), abs(o.rating - first.rating)))
        left.remove(second)
        games.append((first, second))
    _undo_rematches(games)
    return [(a.player, b.player) for a, b in games], [f.player for f in waiting]


def _undo_rematches(games: list[tuple[Free, Free]]) -> None:
    """Swap partners between a game of recent opponents and another game where both new games are
    fresh."""
    for n, (a, b) in enumerate(games):
        if not _met(a, b):
            continue
        for m, (c, d) in enumerate(games):
            if m == n:
                continue
            for one, other in (((a, c), (b, d)), ((a, d), (b, c))):
                mates = _mates(*one) or _mates(*other)
                if not _met(*one) and not _met(*other) and not (mates and not _mates(a, b)):
                    games[n], games[m] = one, other
                    break
            else:
                continue
            break


def scored(outcomes: Sequence[str]) -> list[int]:
    """The points of each of a player's games, in the order played (``outcomes``: ``win``,
    ``draw`` or ``loss`` each).

    >>> scored(["win", "win", "win", "draw", "loss", "win"])
    [2, 2, 4, 2, 0, 2]
    """
    points = []
    streak = 0
    for outcome in outcomes:
        points.append(OUTCOMES[outcome] * (FIRE if streak >= STREAK else 1))
        streak = streak + 1 if outcome == "win" else 0
    return points


def on_fire(outcomes: Sequence[str]) -> bool:
    """Whether a player whose games went ``outcomes`` (in order) is on fire now."""
    streak = 0
    for outcome in reversed(outcomes):
        if outcome != "win":
            break
        streak += 1
    return streak >= STREAK


@dataclass(frozen=True)
class Line:
    """A line of an arena's standings."""

    rank: int
    player: int
    name: str
    points: int
    sequence: list[int]
    fire: bool
    played: int


def standings(names: Mapping[int, str], outcomes: Mapping[int, Sequence[str]]) -> list[Line]:
    """Every player of ``names`` ranked (the module's order); ``outcomes``: each player's games'
    outcomes in the order played (a player who has none yet is at 0). Equal players share a rank."""
    lines = []
    for player, name in names.items():
        mine = list(outcomes.get(player, ()))
        worth = scored(mine)
        lines.append((player, name, sum(worth), worth, on_fire(mine)))

    def key(line: tuple[int, str, int, list[int], bool]) -> tuple[float, float, str]:
        played = len(line[3])
        return (-line[2], -(line[2] / played if played else 0.0), line[1].casefold())

    lines.sort(key=key)
    ranked: list[Line] = []
    for n, (player, name, points, sequence, fire) in enumerate(lines):
        same = ranked and key(lines[n - 1])[:2] == key(lines[n])[:2]
        rank = ranked[-1].rank if same else n + 1
        ranked.append(Line(rank, player, name, points, sequence, fire, len(sequence)))
    return ranked


def outcome_of(points: float | None, other: float | None) -> str | None:
    """A game's outcome for a player from the tournament's points of its two sides (1, ½, 0;
    None: not over)."""
    if points is None or other is None:
        return None
    return "win" if points > other else "draw" if points == other and points > 0 else "loss"
