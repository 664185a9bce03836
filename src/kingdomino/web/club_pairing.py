"""Pairing a club tournament of people, round robin or Swiss, and its standings: pure, the standard
library alone, deterministic (the same players and games give the same rounds and table).

Players are ids (accounts') in their starting order (``tournaments``: by rating, then joining).
A game of a round is a :class:`Pairing`: ``first`` takes the first seat (moves first), ``second``
the other; ``second`` None is a bye.

**Round robin** (:func:`round_robin`): Berger tables (the circle method), everyone meets everyone
once in ``n - 1`` rounds (``n`` rounded up to even: with an odd count, whom the missing player
meets has the bye), each player's first seats and second seats differing by at most one.

**Swiss** (:func:`swiss_round`): the players ranked by points, then starting order, are paired in
score groups, the top half of a group against its bottom half; a player who cannot be paired in
the group (everyone there met them, or the group is odd) floats down to the next. Nobody meets the
same opponent twice while a pairing of everyone without a rematch exists (the search is complete
within ``MAX_STEPS`` steps for a round; only when none exists, or none was found within them, are
rematches allowed, as few as the same search finds first). With an odd
count the bye goes to the lowest-ranked player who has had none and whose bye leaves the others
pairable without a rematch. Of two paired players the first seat goes to the one who had it less
often, then to the one who had the second seat in their last game, then to the higher-ranked on
the first, third... board and to the lower-ranked on the others (a first round alternates them).

**Standings** (:func:`standings`): a win 1 point, a draw 1/2 (a game ending with a shared first
place), a bye 1, a loss 0 (a forfeit too; a game both players forfeited is a loss for both).
Ties are broken in this order: Buchholz (the sum of the opponents' points, byes counting none),
Sonneborn-Berger (the points of the opponents beaten, and half those of the opponents drawn),
the difference of kingdom points over the games played (a forfeit counts none), then the name.
Players equal on all but the name share their rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

#: Points of a win, a draw and a bye (a loss scores none).
WIN, DRAW, BYE = 1.0, 0.5, 1.0
#: The steps (players' sets tried) a round's search for a pairing without a rematch may take:
#: a few hundredths of a second.
MAX_STEPS = 2_000


@dataclass(frozen=True)
class Pairing:
    """A game of a round: ``first`` takes the first seat; ``second`` None is ``first``'s bye."""

    first: int
    second: int | None


@dataclass(frozen=True)
class Played:
    """A game of a round as it ended: each player's points (a bye's ``second`` is None) and
    kingdom points (``forfeit``: the game was not played to its end, its kingdom points count none)."""

    round: int
    first: int
    second: int | None
    first_points: float
    second_points: float
    first_score: int = 0
    second_score: int = 0
    forfeit: bool = False


@dataclass
class Standing:
    """A player's line of the standings table."""

    player: int
    name: str
    points: float = 0.0
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    kingdom_diff: int = 0
    played: int = 0
    rank: int = 0
    opponents: list[int] = field(default_factory=list)


def round_robin(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin of ``players`` (Berger tables, the module's rules): each
    round's games, the bye last in a round of an odd count."""
    seats: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    n = len(seats)
    rounds = []
    for r in range(n - 1):
        pairs = [(seats[n - 1], seats[r]) if r % 2 else (seats[r], seats[n - 1])]
        for i in range(1, n // 2):
            a, b = seats[(r + i) % (n - 1)], seats[(r - i) % (n - 1)]
            pairs.append((a, b) if i % 2 else (b, a))
        games = [Pairing(a, b) for a, b in pairs if a is not None and b is not None]
        byes = [
            Pairing(player, None) for pair in pairs if None in pair for player in pair if player is not None
        ]
        rounds.append(games + byes)
    return rounds


def _points(games: Iterable[Played]) -> dict[int, float]:
    points: dict[int, float] = {}
    for game in games:
        points[game.first] = points.get(game.first, 0.0) + game.first_points
        if game.second is not None:
            points[game.second] = points.get(game.second, 0.0) + game.second_points
    return points


def _seat_history(games: Sequence[Played]) -> dict[int, list[int]]:
    """Each player's seats in their games played in order of the rounds: +1 first, -1 second."""
    history: dict[int, list[int]] = {}
    for game in sorted(games, key=lambda g: g.round):
        if game.second is not None:
            history.setdefault(game.first, []).append(1)
            history.setdefault(game.second, []).append(-1)
    return history


def swiss_round(players: Sequence[int], games: Sequence[Played]) -> list[Pairing]:
    """The next Swiss round of ``players`` (those still playing, in starting order) after
    ``games`` (every game so far, withdrawn players' too): the module's rules."""
    points = _points(games)
    start = {player: index for index, player in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points.get(p, 0.0), start[p]))
    met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
    byes = {g.first for g in games if g.second is None}
    history = _seat_history(games)
    bye: int | None = None
    paired: list[tuple[int, int]] | None = None
    steps = [MAX_STEPS]
    if len(ranked) % 2:
        candidates = [p for p in reversed(ranked) if p not in byes] or list(reversed(ranked))
        for candidate in candidates:
            paired = _pair([p for p in ranked if p != candidate], points, met, rematches=False, steps=steps)
            if paired is not None:
                bye = candidate
                break
        else:
            bye = candidates[0]
    rest = [p for p in ranked if p != bye]
    if paired is None:
        paired = _pair(rest, points, met, rematches=False, steps=steps)
        paired = paired or _pair(rest, points, met, rematches=True, steps=[MAX_STEPS])
    assert paired is not None  # with rematches allowed every even list pairs
    pairings = [_seated(a, b, history, board % 2 == 0) for board, (a, b) in enumerate(paired)]
    return pairings + ([Pairing(bye, None)] if bye is not None else [])


def _pair(
    ranked: list[int],
    points: Mapping[int, float],
    met: set[frozenset[int]],
    *,
    rematches: bool,
    steps: list[int] | None = None,
) -> list[tuple[int, int]] | None:
    """``ranked`` (an even count, best first) in pairs, each player's partners tried in the
    order of the module's rules; None if no pairing without a rematch exists (``rematches`` False)
    or none was found within ``steps`` (a one-item list, the search's steps left, shared by the
    searches of one round). A set of players left that cannot be paired is remembered, so no set
    is searched twice; still, proving that none pairs takes time exponential in the players (28
    players whose games split them in two odd groups took 3 to 6 s of a core, with every
    tournament's changes waiting on the lock, each two more about three times as long): beyond
    ``MAX_STEPS`` a rematch is allowed instead."""
    failed: set[frozenset[int]] = set()
    left_steps = steps if steps is not None else [MAX_STEPS]

    def search(left: list[int]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        key = frozenset(left)
        if key in failed or left_steps[0] <= 0:
            return None
        left_steps[0] -= 1
        top, others = left[0], left[1:]
        for partner in _partners(top, left, points):
            if not rematches and frozenset((top, partner)) in met:
                continue
            found = search([p for p in others if p != partner])
            if found is not None:
                return [(top, partner), *found]
        failed.add(key)
        return None

    return search(ranked)


def _partners(top: int, left: list[int], points: Mapping[int, float]) -> list[int]:
    """Whom ``top`` (the best-ranked of ``left``) is paired with, in order: its score group's
    bottom half from the middle down (top half against bottom half), then the rest of the group,
    then the players below, best first (``top`` floats down)."""
    group = [p for p in left if points.get(p, 0.0) == points.get(top, 0.0)]
    below = [p for p in left if p not in group]
    half = len(group) // 2
    preferred = group[half:] if half else []
    others = [p for p in group[1:half]][::-1]
    return [p for p in preferred if p != top] + others + below


def _seated(a: int, b: int, history: Mapping[int, list[int]], a_first: bool) -> Pairing:
    """``a`` (the higher-ranked) and ``b`` in their seats: the one who had the first seat less
    often first, then the one who had the second seat last, then ``a`` on every other board
    (``a_first``), as a first round alternates its boards."""
    ha, hb = history.get(a, []), history.get(b, [])
    if sum(ha) != sum(hb):
        return Pairing(a, b) if sum(ha) < sum(hb) else Pairing(b, a)
    last_a, last_b = (ha[-1] if ha else 0), (hb[-1] if hb else 0)
    if last_a != last_b:
        return Pairing(a, b) if last_a < last_b else Pairing(b, a)
    return Pairing(a, b) if a_first else Pairing(b, a)


def standings(names: Mapping[int, str], games: Sequence[Played]) -> list[Standing]:
    """The standings of the players ``names`` (every one who played, withdrawn ones too) after
    ``games``, best first, ranked by the module's tie-breaks."""
    lines = {player: Standing(player, name) for player, name in names.items()}
    points = _points(games)
    for game in games:
        first = lines[game.first]
        first.points += game.first_points
        if game.second is None:
            continue
        second = lines[game.second]
        second.points += game.second_points
        first.opponents.append(game.second)
        second.opponents.append(game.first)
        first.played += 1
        second.played += 1
        if not game.forfeit:
            first.kingdom_diff += game.first_score - game.second_score
            second.kingdom_diff += game.second_score - game.first_score
    for game in games:
        if game.second is None:
            continue
        for me, other, mine in (
            (game.first, game.second, game.first_points),
            (game.second, game.first, game.second_points),
        ):
            lines[me].buchholz += points.get(other, 0.0)
            if mine == WIN:
                lines[me].sonneborn_berger += points.get(other, 0.0)
            elif mine == DRAW:
                lines[me].sonneborn_berger += points.get(other, 0.0) / 2
    ordered = sorted(lines.values(), key=lambda s: (*_merit(s), s.name.casefold(), s.player))
    for index, line in enumerate(ordered):
        shared = index and _merit(ordered[index - 1]) == _merit(line)
        line.rank = ordered[index - 1].rank if shared else index + 1
    return ordered


def _merit(line: Standing) -> tuple[float, float, float, int]:
    """What ranks a line, best first (negated for an ascending sort): points, then the tie-breaks."""
    return (-line.points, -line.buchholz, -line.sonneborn_berger, -line.kingdom_diff)
