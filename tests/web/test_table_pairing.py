"""A Swiss club tournament at tables of three or four (``web.table_pairing``): every player seated
once a round or given a bye, the tables of the sizes promised, repeated meetings as few as a
brute force over every seating finds, points by place, seats and standings, checked as
properties over many counts and results."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino.web.table_pairing import (
    TABLE_BYE,
    TablePlayed,
    place_points,
    repeats,
    table_round,
    table_sizes,
    table_standings,
)


def _cuts(players: list[int], sizes: list[int]) -> list[list[tuple[int, ...]]]:
    """Every way of seating ``players`` at tables of ``sizes`` (a multiset): brute force."""
    if not players:
        return [[]]
    top, rest = players[0], players[1:]
    found = []
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for companions in combinations(rest, size - 1):
            others = [p for p in rest if p not in companions]
            found += [[(top, *companions), *cut] for cut in _cuts(others, left)]
    return found


def _met(games: list[TablePlayed]) -> Counter[frozenset[int]]:
    return Counter(frozenset(pair) for game in games for pair in combinations(game.players, 2))


def _played(round_: int, table: tuple[int, ...], order: list[int]) -> TablePlayed:
    """``table``'s game of ``round_``, its seats placed as ``order`` ranks them (a bye alone)."""
    if len(table) == 1:
        return TablePlayed(round_, table, (TABLE_BYE,))
    places = [1 + sorted(order[: len(table)]).index(order[seat]) for seat in range(len(table))]
    forfeits = tuple(False for _ in table)
    return TablePlayed(
        round_, table, tuple(place_points(places, forfeits)), tuple(order[: len(table)]), forfeits
    )


@given(st.integers(min_value=2, max_value=70), st.sampled_from([3, 4]))
def test_the_tables_seat_the_most_players_at_tables_of_the_size_or_one_fewer(count: int, size: int) -> None:
    sizes = table_sizes(count, size)
    assert all(s in (size, size - 1) for s in sizes)
    assert sizes == sorted(sizes, reverse=True), "the smaller tables last"
    seatable = {a * size + b * (size - 1) for a in range(count + 1) for b in range(count + 1)}
    assert sum(sizes) == max((n for n in range(2, count + 1) if n in seatable), default=0)
    assert len(sizes) == -(-sum(sizes) // size), "as few tables as the count allows"


@settings(max_examples=120, deadline=None)
@given(
    st.integers(min_value=3, max_value=11),
    st.sampled_from([3, 4]),
    st.integers(min_value=1, max_value=5),
    st.randoms(use_true_random=False),
)
def test_every_player_sits_once_a_round_or_has_a_bye_and_byes_go_round(
    count: int, size: int, rounds: int, chance: random.Random
) -> None:
    players = list(range(10, 10 + count))
    games: list[TablePlayed] = []
    byes: Counter[int] = Counter()
    for round_ in range(1, rounds + 1):
        tables = table_round(players, games, size)
        seated = [p for table in tables for p in table]
        assert sorted(seated) == players, "each player once"
        assert sorted((len(t) for t in tables if len(t) > 1), reverse=True) == table_sizes(count, size)
        for table in tables:
            if len(table) == 1:
                byes[table[0]] += 1
            order = list(range(len(table)))
            chance.shuffle(order)
            games.append(_played(round_, table, order))
        assert max(byes.values(), default=0) - min(byes[p] for p in players) <= 1, "byes spread"


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=3, max_value=8),
    st.sampled_from([3, 4]),
    st.lists(st.lists(st.integers(min_value=0, max_value=7), min_size=2, max_size=4), max_size=6),
)
def test_the_tables_repeat_as_few_meetings_as_any_seating_would(
    count: int, size: int, earlier: list[list[int]]
) -> None:
    """Past tables drawn at random (the players' meetings so far); the round's repeats are the
    fewest of every seating of its tables, found by brute force."""
    players = list(range(count))
    games = [
        TablePlayed(1, tuple(dict.fromkeys(p for p in table if p < count)), ())
        for table in earlier
        if len({p for p in table if p < count}) > 1
    ]
    games = [TablePlayed(g.round, g.players, (0.5,) * len(g.players)) for g in games]
    tables = [t for t in table_round(players, games, size) if len(t) > 1]
    seated = sorted(p for t in tables for p in t)
    fewest = min(repeats(cut, _met(games)) for cut in _cuts(seated, [len(t) for t in tables]))
    assert repeats(tables, _met(games)) == fewest


@settings(max_examples=8, deadline=None)
@given(
    st.integers(min_value=10, max_value=12),
    st.sampled_from([3, 4]),
    st.lists(
        st.lists(st.integers(min_value=0, max_value=11), min_size=2, max_size=4), min_size=8, max_size=20
    ),
)
def test_the_search_is_complete_up_to_twelve_players(count: int, size: int, earlier: list[list[int]]) -> None:
    """The search's bound covers every seating of up to 12 players: its repeats are a brute force's."""
    players = list(range(count))
    kept = [tuple(dict.fromkeys(p for p in table if p < count)) for table in earlier]
    games = [TablePlayed(1, table, (0.5,) * len(table)) for table in kept if len(table) > 1]
    tables = [t for t in table_round(players, games, size) if len(t) > 1]
    seated = sorted(p for t in tables for p in t)
    fewest = min(repeats(cut, _met(games)) for cut in _cuts(seated, [len(t) for t in tables]))
    assert repeats(tables, _met(games)) == fewest


def test_without_history_the_tables_follow_the_ranking_top_players_together() -> None:
    games = [TablePlayed(1, (p,), (1.0 if p < 4 else 0.0,)) for p in range(10)]
    tables = table_round(list(range(10)), games, 4)
    assert [sorted(t) for t in tables] == [[0, 1, 2, 3], [4, 5, 6], [7, 8, 9]]


def test_the_first_seat_goes_to_who_had_it_least_often() -> None:
    players = [1, 2, 3, 4]
    games: list[TablePlayed] = []
    for round_ in range(1, 9):
        (table,) = table_round(players, games, 4)
        games.append(_played(round_, table, [0, 1, 2, 3]))
    firsts = Counter(game.players[0] for game in games)
    assert sorted(firsts.values()) == [2, 2, 2, 2]


@given(st.lists(st.integers(min_value=1, max_value=4), min_size=2, max_size=4))
def test_points_by_place_are_the_share_of_opponents_beaten(places: list[int]) -> None:
    points = place_points(places, [False] * len(places))
    assert abs(sum(points) - len(places) / 2) < 1e-9, "a table's points average a half"
    for mine, place in zip(points, places, strict=True):
        beaten = sum(other > place for other in places) + sum(other == place for other in places) / 2 - 0.5
        assert abs(mine - beaten / (len(places) - 1)) < 1e-9


def test_points_by_place_at_four_three_and_two_and_a_forfeit_scores_none() -> None:
    assert place_points([1, 2, 3, 4], [False] * 4) == [1.0, 2 / 3, 1 / 3, 0.0]
    assert place_points([3, 1, 2], [False] * 3) == [0.0, 1.0, 0.5]
    assert place_points([2, 1], [False, False]) == [0.0, 1.0]
    assert place_points([1, 2, 4, 4], [False, False, True, True]) == [1.0, 2 / 3, 0.0, 0.0]


def test_standings_rank_by_points_then_opponents_then_kingdom_margin_then_name() -> None:
    names = {1: "Anna", 2: "Boris", 3: "Kira", 4: "Lena", 5: "Dan"}
    games = [
        TablePlayed(1, (1, 2, 3), (1.0, 0.5, 0.0), (40, 30, 20), (False, False, False)),
        TablePlayed(1, (4,), (TABLE_BYE,)),
        TablePlayed(1, (5,), (TABLE_BYE,)),
    ]
    lines = table_standings(names, games)
    assert [(line.name, line.points, line.rank) for line in lines] == [
        ("Anna", 1.0, 1),
        ("Boris", 0.5, 2),
        ("Dan", 0.5, 3),
        ("Lena", 0.5, 3),
        ("Kira", 0.0, 5),
    ]
    boris = lines[1]
    assert (boris.opponents, boris.kingdom_margin, boris.played) == (0.5, 0.0, 1)
    assert lines[0].kingdom_margin == 15.0
