"""A Swiss club tournament played at tables of three or four (``table_size``): who sits at which
table each round, each player's points by place, and the standings. Pure, the standard library
alone, deterministic (the same players and games give the same tables and standings).

**Tables** (:func:`table_sizes`): ``count`` players sit at tables of ``size``, some of them one
smaller when the count does not divide (10 at tables of 4: 4 + 3 + 3; 5 at tables of 3: 3 + 2),
the smaller tables last. A count that cannot be seated so leaves the fewest players out, each with
a bye: at tables of 4, 5 players are 4 + a bye, 2 are two byes (no table: the tournament is
over); at tables of 3 every count from 2 seats everyone.

**A round** (:func:`table_round`): the players ranked by points, then their starting order, are
cut into tables in that order, top players together as a Swiss score group keeps them; the byes
go first to the lowest-ranked of those who had the fewest. Among the cuts, the one with the fewest
repeated meetings (for each table, the times each two of its players sat at one table before) is
taken; of equal ones, the nearest to the ranking (the search tries each table's players in rank
order and keeps the first of the fewest). The search is complete up to ``SEARCH_BOUND`` tables
tried, which covers every seating of up to 12 players; past the bound the best found so far is
taken, or a greedy cut (each table's players added one at a time, the one who met its players
least first) if it has fewer repeats. A cut with no repeat ends the search at once.

**Seats** (:func:`seat_order`): at each table the player who had the first seat (the first move)
least often takes it, then those who sat later on average, then the ranking.

**Points by place** (:func:`place_points`): a player's share of their opponents at the table that
they beat: 1 for the first, 0 for the last, linear between (1, 2/3, 1/3, 0 at four; 1, 1/2, 0 at
three; 1, 0 at two), a shared place sharing (each opponent tied counts half). One game is worth the
same at a table of three as of four: a table's points always average 1/2 a player, so neither the
size of the table nor its deal weighs, and it is a game of two's win, draw and loss. A seat
forfeited (a no-show, a resignation, a clock run out, a withdrawal) ranks below every seat played
and scores 0; a bye scores 1/2, an average game's points (neither a reward nor a loss for the
player the count left out).

**Standings** (:func:`table_standings`): points, then the opponents' points (each game counts the
mean of the final points of the players who sat with them: a Buchholz that weighs a table of three
as one of four; byes count none), then the kingdom margin (in each game played to its end, their
kingdom points less the mean of those of the others who played it to its end), then the name.
Players equal on all but the name share their rank.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: A bye's points: the mean points of a player at any table.
TABLE_BYE = 0.5
#: How many tables the search of a round's seating tries at most (see the module's rules).
SEARCH_BOUND = 40_000


@dataclass(frozen=True)
class TablePlayed:
    """A game of a round as it ended: its players in seat order (one alone: a bye), each one's
    points, kingdom points and whether their seat was forfeited (its kingdom points count none)."""

    round: int
    players: tuple[int, ...]
    points: tuple[float, ...]
    scores: tuple[int, ...] = ()
    forfeits: tuple[bool, ...] = ()


@dataclass
class TableStanding:
    """A player's line of a tournament by tables' standings."""

    player: int
    name: str
    points: float = 0.0
    opponents: float = 0.0
    kingdom_margin: float = 0.0
    played: int = 0
    rank: int = 0


def table_sizes(count: int, size: int) -> list[int]:
    """The tables of a round of ``count`` players at tables of ``size`` (the module's rules),
    the largest first; the players they leave out have byes.

    >>> table_sizes(10, 4), table_sizes(5, 4), table_sizes(5, 3), table_sizes(2, 4)
    ([4, 3, 3], [4], [3, 2], [])
    """
    for seated in range(count, 1, -1):
        tables = -(-seated // size)
        smaller = tables * size - seated
        if smaller <= tables:
            return [size] * (tables - smaller) + [size - 1] * smaller
    return []


def place_points(places: Sequence[int], forfeited: Sequence[bool]) -> list[float]:
    """Each seat's points of a game whose seats have these ``places`` (1 best, a shared place
    shared) and ``forfeited`` seats (the module's rules).

    >>> place_points([1, 2, 3, 4], [False] * 4)
    [1.0, 0.6666666666666666, 0.3333333333333333, 0.0]
    >>> place_points([1, 1, 3], [False] * 3), place_points([2, 1, 3], [False, False, True])
    ([0.75, 0.75, 0.0], [0.5, 1.0, 0.0])
    """
    others = len(places) - 1
    if others < 1:
        return [TABLE_BYE] * len(places)
    points = []
    for seat, place in enumerate(places):
        if forfeited[seat]:
            points.append(0.0)
            continue
        beaten = 0.0
        for other, their in enumerate(places):
            if other != seat:
                beaten += 1.0 if forfeited[other] or their > place else 0.5 if their == place else 0.0
        points.append(beaten / others)
    return points


def _totals(games: Sequence[TablePlayed]) -> dict[int, float]:
    points: dict[int, float] = {}
    for game in games:
        for player, won in zip(game.players, game.points, strict=True):
            points[player] = points.get(player, 0.0) + won
    return points


def _meetings(games: Sequence[TablePlayed]) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for game in games:
        for a, b in itertools.combinations(game.players, 2):
            met[frozenset((a, b))] += 1
    return met


def table_round(
    players: Sequence[int], games: Sequence[TablePlayed], size: int, bound: int = SEARCH_BOUND
) -> list[tuple[int, ...]]:
    """The next round of ``players`` (those still playing, in starting order) at tables of
    ``size`` after ``games`` (every game so far, withdrawn players' too): each table's players in
    seat order, then each bye as a table of one (the module's rules)."""
    points = _totals(games)
    start = {player: index for index, player in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points.get(p, 0.0), start[p]))
    sizes = table_sizes(len(ranked), size)
    byes_had = Counter(game.players[0] for game in games if len(game.players) == 1)
    left_out = len(ranked) - sum(sizes)
    by_need = sorted(reversed(ranked), key=lambda p: byes_had[p])
    byes = set(by_need[:left_out])
    seated = [p for p in ranked if p not in byes]
    tables = best_cut(seated, sizes, _meetings(games), bound)
    rank = {player: index for index, player in enumerate(ranked)}
    ordered = [seat_order(table, games, rank) for table in tables]
    return ordered + [(p,) for p in ranked if p in byes]


def repeats(tables: Sequence[Sequence[int]], met: Mapping[frozenset[int], int]) -> int:
    """The repeated meetings of ``tables``: for each table, the earlier games each two of its
    players sat at together."""
    return sum(met.get(frozenset(pair), 0) for table in tables for pair in itertools.combinations(table, 2))


def best_cut(
    ranked: Sequence[int], sizes: Sequence[int], met: Mapping[frozenset[int], int], bound: int = SEARCH_BOUND
) -> list[tuple[int, ...]]:
    """``ranked`` (best first) cut into tables of ``sizes`` with the fewest repeated meetings,
    each table led by the best-ranked player not yet seated, its others and its size tried in rank
    order and largest first; a branch that cannot do better than the best found is cut off, and
    the search stops after ``bound`` tables tried (the best found so far stands)."""
    best: list[tuple[int, ...]] = [
        tuple(ranked[sum(sizes[:i]) : sum(sizes[: i + 1])]) for i in range(len(sizes))
    ]
    least = repeats(best, met)
    tried = 0

    def search(left: list[int], sizes_left: list[int], cut: list[tuple[int, ...]], so_far: int) -> None:
        nonlocal best, least, tried
        if not left:
            if so_far < least:
                best, least = list(cut), so_far
            return
        top, others = left[0], left[1:]
        for table_size in sorted(set(sizes_left), reverse=True):
            rest = list(sizes_left)
            rest.remove(table_size)
            for companions in itertools.combinations(others, table_size - 1):
                if least == 0 or tried >= bound:
                    return
                tried += 1
                table = (top, *companions)
                cost = so_far + repeats([table], met)
                if cost < least:
                    chosen = set(companions)
                    search([p for p in others if p not in chosen], rest, [*cut, table], cost)

    if least:
        search(list(ranked), list(sizes), [], 0)
    if tried >= bound:
        greedy = _greedy_cut(ranked, sizes, met)
        if repeats(greedy, met) < least:
            return greedy
    return best


def _greedy_cut(
    ranked: Sequence[int], sizes: Sequence[int], met: Mapping[frozenset[int], int]
) -> list[tuple[int, ...]]:
    """A cut of ``ranked`` into tables of ``sizes`` built a player at a time: each table led by
    the best-ranked player left, then the player left who met its players least, the best-ranked of
    equals (what a search cut short may not reach, on many players)."""
    left = list(ranked)
    cut = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            chosen = min(left, key=lambda p: sum(met.get(frozenset((p, q)), 0) for q in table))
            left.remove(chosen)
            table.append(chosen)
        cut.append(tuple(table))
    return cut


def seat_order(
    table: Sequence[int], games: Sequence[TablePlayed], rank: Mapping[int, int]
) -> tuple[int, ...]:
    """``table``'s players in their seats: who had the first seat least often first, then who sat
    later on average (each past seat as its share of its table, 0 first to 1 last), then rank."""
    firsts: Counter[int] = Counter()
    later: dict[int, float] = {}
    for game in games:
        if len(game.players) < 2:
            continue
        for seat, player in enumerate(game.players):
            firsts[player] += seat == 0
            later[player] = later.get(player, 0.0) + seat / (len(game.players) - 1)
    return tuple(sorted(table, key=lambda p: (firsts[p], -later.get(p, 0.0), rank[p])))


def table_standings(names: Mapping[int, str], games: Sequence[TablePlayed]) -> list[TableStanding]:
    """The standings of the players ``names`` (every one who played, withdrawn ones too) after
    ``games``, best first, ranked by the module's tie-breaks."""
    lines = {player: TableStanding(player, name) for player, name in names.items()}
    totals = _totals(games)
    for game in games:
        forfeits = game.forfeits or (False,) * len(game.players)
        scores = game.scores or (0,) * len(game.players)
        for seat, player in enumerate(game.players):
            line = lines[player]
            line.points += game.points[seat]
            if len(game.players) < 2:
                continue
            line.played += 1
            others = [p for p in game.players if p != player]
            line.opponents += sum(totals.get(p, 0.0) for p in others) / len(others)
            kept = [scores[s] for s in range(len(game.players)) if s != seat and not forfeits[s]]
            if not forfeits[seat] and kept:
                line.kingdom_margin += scores[seat] - sum(kept) / len(kept)
    ordered = sorted(lines.values(), key=lambda s: (*_merit(s), s.name.casefold(), s.player))
    for index, line in enumerate(ordered):
        shared = index and _merit(ordered[index - 1]) == _merit(line)
        line.rank = ordered[index - 1].rank if shared else index + 1
    return ordered


def _merit(line: TableStanding) -> tuple[float, float, float]:
    """What ranks a line, best first (negated for an ascending sort), rounded so that shares of
    a third summed in another order are equal."""
    return (-round(line.points, 9), -round(line.opponents, 9), -round(line.kingdom_margin, 9))
