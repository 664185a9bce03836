"""The pairing of club tournaments (``web.club_pairing``): round robin and Swiss rounds, and the
standings with their tie-breaks, checked as properties over many player counts and results."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino.web.club_pairing import Pairing, Played, round_robin, standings, swiss_round


def _rematch_free_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    """Whether ``players`` (an even count) pair without a rematch: every pairing tried."""
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(
        frozenset((top, other)) not in met and _rematch_free_exists([p for p in rest if p != other], met)
        for other in rest
    )


def _played(round_: int, pairing: Pairing, outcome: int) -> Played:
    """``pairing``'s game of ``round_`` ended by ``outcome``: 0 first wins, 1 a draw, 2 second wins."""
    if pairing.second is None:
        return Played(round_, pairing.first, None, 1.0, 0.0)
    first, second = ((1.0, 0.0), (0.5, 0.5), (0.0, 1.0))[outcome]
    return Played(round_, pairing.first, pairing.second, first, second, 10 + outcome, 12 - outcome)


@given(st.integers(min_value=2, max_value=21))
def test_a_round_robin_pairs_everyone_with_everyone_once(count: int) -> None:
    players = list(range(100, 100 + count))
    rounds = round_robin(players)
    assert len(rounds) == count - 1 + count % 2
    meetings = [frozenset((g.first, g.second)) for games in rounds for g in games if g.second is not None]
    assert sorted(meetings, key=sorted) == sorted(
        (frozenset(pair) for pair in combinations(players, 2)), key=sorted
    )
    for games in rounds:
        seated = [p for g in games for p in (g.first, g.second) if p is not None]
        assert sorted(seated) == players
        assert sum(g.second is None for g in games) == count % 2
    firsts = {p: sum(g.first == p for games in rounds for g in games if g.second) for p in players}
    seconds = {p: sum(g.second == p for games in rounds for g in games) for p in players}
    assert all(abs(firsts[p] - seconds[p]) <= 1 for p in players)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=2, max_value=11),
    st.integers(min_value=1, max_value=8),
    st.lists(st.integers(min_value=0, max_value=2), min_size=60, max_size=60),
)
def test_swiss_rounds_pair_everyone_once_without_rematches_while_they_can(
    count: int, rounds: int, outcomes: list[int]
) -> None:
    players = list(range(1, count + 1))
    games: list[Played] = []
    outcome = iter(outcomes * 4)
    for round_ in range(1, min(rounds, count) + 1):
        pairings = swiss_round(players, games)
        seated = [p for g in pairings for p in (g.first, g.second) if p is not None]
        assert sorted(seated) == players, "everyone once a round"
        byes = [g.first for g in pairings if g.second is None]
        assert len(byes) == count % 2
        met = {frozenset((g.first, g.second)) for g in games if g.second is not None}
        rematches = [g for g in pairings if g.second is not None and frozenset((g.first, g.second)) in met]
        if rematches:
            rest = [p for p in players if p not in byes]
            assert not _rematch_free_exists(rest, met) or any(
                _rematch_free_exists([p for p in players if p != bye], met) is False for bye in byes
            )
        had_bye = {g.first for g in games if g.second is None}
        if byes and byes[0] in had_bye:
            assert had_bye >= set(players) or any(
                _rematch_free_exists([p for p in players if p != other], met) is False
                for other in players
                if other not in had_bye
            )
        games += [_played(round_, pairing, next(outcome)) for pairing in pairings]


def test_the_swiss_bye_goes_to_the_lowest_ranked_who_had_none() -> None:
    players = [1, 2, 3, 4, 5]
    first = swiss_round(players, [])
    assert first[-1] == Pairing(5, None)
    assert first[:2] == [Pairing(1, 3), Pairing(4, 2)]
    games = [_played(1, pairing, 0) for pairing in first]
    second = swiss_round(players, games)
    assert second[-1].second is None and second[-1].first != 5
    assert second[-1].first == 3, "3 and 2 lost, and 3 started below 2"


def test_the_top_half_of_a_score_group_meets_its_bottom_half() -> None:
    assert swiss_round(list(range(1, 9)), []) == [Pairing(1, 5), Pairing(6, 2), Pairing(3, 7), Pairing(8, 4)]


def test_standings_count_points_then_buchholz_sonneborn_berger_kingdom_points_and_name() -> None:
    names = {1: "Anna", 2: "Bela", 3: "Cili", 4: "Dora"}
    games = [
        Played(1, 1, 2, 1.0, 0.0, 40, 30),
        Played(1, 3, 4, 1.0, 0.0, 35, 34),
        Played(2, 1, 3, 0.5, 0.5, 20, 20),
        Played(2, 2, 4, 0.0, 1.0, 0, 0, forfeit=True),
    ]
    table = standings(names, games)
    assert [(s.name, s.points, s.buchholz, s.sonneborn_berger, s.kingdom_diff, s.rank) for s in table] == [
        ("Cili", 1.5, 2.5, 1.75, 1, 1),
        ("Anna", 1.5, 1.5, 0.75, 10, 2),
        ("Dora", 1.0, 1.5, 0.0, -1, 3),
        ("Bela", 0.0, 2.5, 0.0, -10, 4),
    ]


def test_players_equal_but_for_the_name_share_their_rank_listed_by_name() -> None:
    table = standings({1: "bo", 2: "Al"}, [Played(1, 1, 2, 0.5, 0.5, 20, 20)])
    assert [(s.name, s.rank) for s in table] == [("Al", 1), ("bo", 1)]
    assert standings({7: "Zed"}, [Played(1, 7, None, 1.0, 0.0)])[0].points == 1.0
